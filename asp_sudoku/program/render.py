"""Puzzle -> ASP program text.

The program is the templates of the rules the puzzle uses (rendered with sizes only) followed by
the puzzle's data as sorted facts built from validated integers.  It is deterministic: the same
puzzle always renders to the same bytes, and `clingo program.lp 0` solves exactly it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING

from asp_sudoku.core.model import Puzzle
from asp_sudoku.core.safe_text import one_line
from asp_sudoku.core.version import __version__
from asp_sudoku.program.guard import check_program_text
from asp_sudoku.program.options import search_options
from asp_sudoku.program.templates import encodings_dir, environment, render_template
from asp_sudoku.rules import CLUE_KINDS, GLOBAL_RULES, regions, speedups
from asp_sudoku.rules.facts import fact

if TYPE_CHECKING:
    from asp_sudoku.rules.base import Speedup

@dataclass(frozen=True)
class Program:
    """A rendered program: the rule text (templates) and the data facts, kept apart so that a
    collection of puzzles of one shape can ground the rules once."""

    header: str
    rules: str
    facts: str
    templates: tuple[str, ...]

    @property
    def text(self) -> str:
        """The complete program, exactly what is solved."""
        return self.header + self.rules + self.facts


def comment_text(text: str) -> str:
    """Free text made safe for one ASP line comment: line breaks and control characters escaped."""
    return one_line(text.strip(), 200)


def grid_templates(puzzle: Puzzle) -> list[str]:
    """The templates of the grid itself: the base, and the jigsaw regions when there are any."""
    return ["base.lp.j2"] + (["regions.lp.j2"] if puzzle.regions is not None else [])


def template_names(
    puzzle: Puzzle, plain: bool = False, speedup_facts: SpeedupFacts | None = None
) -> tuple[str, ...]:
    """The templates a puzzle needs, in program order (`plain`: without the speed-only ones;
    `speedup_facts`: `_speedup_facts(puzzle)` when the caller has it already)."""
    names = grid_templates(puzzle)
    names += [GLOBAL_RULES[rule] for rule in GLOBAL_RULES if rule in puzzle.rules]
    names += [CLUE_KINDS[name].template for name in CLUE_KINDS if puzzle.clues_of(name)]
    if not plain:
        if speedup_facts is None:
            speedup_facts = _speedup_facts(puzzle)
        names += [speedup.template for speedup, _ in speedup_facts]
    return tuple(names)


SpeedupFacts = list[tuple["Speedup", list[str]]]


def _speedup_facts(puzzle: Puzzle) -> SpeedupFacts:
    """The speed-only templates a puzzle uses, each with its (non-empty) facts."""
    kinds = {clue.kind for clue in puzzle.clues}
    found = [(speedup, speedup.facts(puzzle)) for speedup in speedups(kinds)]
    return [(speedup, facts) for speedup, facts in found if facts]


def size_context(puzzle: Puzzle) -> dict[str, int | bool]:
    """The only values templates see: sizes.  `size` is the side of a square grid; `rows` and
    `cols` are the sides of any grid (a non-square one reaches only the templates of the rules in
    `asp_sudoku.rules.RECTANGULAR`, which use `rows` and `cols`, never `size`)."""
    box_rows, box_cols = puzzle.box if puzzle.box else (0, 0)
    count = puzzle.digits[1] - puzzle.digits[0] + 1
    return {
        "size": puzzle.size,
        "rows": puzzle.size,
        "cols": puzzle.cols,
        "low": puzzle.digits[0],
        "high": puzzle.digits[1],
        "box": puzzle.box is not None,
        "regions": puzzle.regions is not None,
        "latin": puzzle.latin,
        "box_rows": box_rows,
        "box_cols": box_cols,
        "boxes_across": puzzle.cols // box_cols if box_cols else 0,
        # Houses with as many cells as there are digits hold each digit; others only differ.
        # `full_lines`: every row and every column (a square grid holding 1..N); on a non-square
        # grid only the longer lines can be full: `full_rows`, `full_cols`.
        "full_lines": count == puzzle.size == puzzle.cols,
        "full_rows": count == puzzle.cols,
        "full_cols": count == puzzle.size,
        "full_boxes": count == box_rows * box_cols,
        "digit_count": count,
        "extra": bool(puzzle.extra),
    }


def render_rules(
    puzzle: Puzzle, plain: bool = False, speedup_facts: SpeedupFacts | None = None
) -> tuple[str, tuple[str, ...]]:
    """The rule part of the program and the template names it used."""
    names = template_names(puzzle, plain, speedup_facts)
    context = size_context(puzzle)
    parts = [render_template(name, context) for name in names]
    inner_names, inner_texts = alternative_texts(puzzle, context)
    return "\n".join(parts + inner_texts), names + tuple(inner_names)


def alternative_texts(puzzle: Puzzle, context: dict[str, int | bool]) -> tuple[list[str], list[str]]:
    """The rewritten templates of the clues inside any-of alternatives (none without any-of)."""
    if not puzzle.clues_of("any-of"):
        return [], []
    from asp_sudoku.program.alternatives import alternative_rules  # only for any-of puzzles

    return alternative_rules(puzzle, context)


def data_facts(
    puzzle: Puzzle, plain: bool = False, speedup_facts: SpeedupFacts | None = None
) -> list[str]:
    """The puzzle's data as fact lines: givens first, then each clue kind's facts, sorted, then
    the facts of the speed-only templates (left out when `plain`)."""
    lines = []
    if puzzle.givens:
        lines.append("% Givens: numberAt(R,C,P) places digit P in row R, column C.")
        lines += [fact("numberAt", r, c, v) for r, c, v in puzzle.givens]
    if puzzle.extra:
        lines.append("% Extra cells: extraCell(R,C) is a cell outside the grid, named (in order) " + comment_text(" ".join(puzzle.extra_cells())) + ".")
        lines += [fact("extraCell", r, c) for r, c in puzzle.extra_cells().values()]
    if puzzle.regions is not None:
        lines.append("% Regions: regionOf(R,C,G) puts cell (R,C) in region G.")
        lines += regions.facts(puzzle)
    for name in CLUE_KINDS:
        clues = puzzle.clues_of(name)
        if clues:
            lines.append(f"% Clues: {name}")
            lines += sorted(CLUE_KINDS[name].facts(puzzle, clues), key=_fact_key)
    if not plain:
        for speedup, facts in _speedup_facts(puzzle) if speedup_facts is None else speedup_facts:
            lines.append(f"% Speed-up: {speedup.name}")
            lines += sorted(facts, key=_fact_key)
    return lines


def _fact_key(line: str) -> tuple[str, tuple[int, ...]]:
    """Sort facts by predicate, then numerically by arguments."""
    name, _, args = line.partition("(")
    args = args[:-2]  # the arguments without ")."
    return name, tuple(map(int, args.split(","))) if args else ()


def user_rules_text(puzzle: Puzzle) -> str:
    """The user's rules files, verbatim, each under a comment naming it (file name only)."""
    parts = []
    for rules in puzzle.user_rules:
        text = rules.text if rules.text.endswith("\n") else rules.text + "\n"
        parts.append(
            f"\n% User rules from {comment_text(os.path.basename(rules.name))} (verbatim; checked by asp-sudoku: "
            "only rules and constraints, defining user_ predicates)\n" + text
        )
    return "".join(parts)


def _options_line(puzzle: Puzzle) -> list[str]:
    """The header line naming the search settings asp-sudoku uses for this puzzle, if any."""
    options = search_options(puzzle)
    if not options:
        return []
    if "--project" in options:
        return [f"% asp-sudoku searches it with: {' '.join(options)} (one answer per grid of digits)"]
    return [f"% asp-sudoku searches it with: {' '.join(options)} (the same answer sets, found faster)"]


def _known_rules(puzzle: Puzzle) -> None:
    """AspSudokuError for a rule or clue kind the registry lacks (a Puzzle built in code, not
    read: `load` expands aliases such as "miracle" and refuses unknown names itself)."""
    from asp_sudoku.core.errors import AspSudokuError

    unknown = [rule for rule in puzzle.rules if rule not in GLOBAL_RULES]
    unknown += [clue.kind for clue in puzzle.clues if clue.kind not in CLUE_KINDS]
    if unknown:
        raise AspSudokuError(
            f"unknown rule {unknown[0]!r} (a Puzzle names global rules by their own names, such as "
            f"{', '.join(list(GLOBAL_RULES)[:3])}; load() expands aliases such as miracle)"
        )


def render(puzzle: Puzzle, plain: bool = False) -> Program:
    """Render the complete program for a puzzle.

    `plain` leaves out the speed-only templates and their facts (`encode --plain`): the program
    then states just the rules, and has exactly the same answer sets."""
    _known_rules(puzzle)
    speedup_facts = None if plain else _speedup_facts(puzzle)  # computed once, used twice
    rules, names = render_rules(puzzle, plain, speedup_facts)
    rules += user_rules_text(puzzle)
    header = "\n".join(
        [
            f"% asp-sudoku {__version__}: the complete program for one puzzle.",
            f"% Puzzle: {comment_text(puzzle.title) or '(untitled)'}",
            f"% Templates: {', '.join(names)}",
            *[f"% User rules: {comment_text(os.path.basename(r.name))}" for r in puzzle.user_rules],
            "% Solve all answer sets with: clingo <this file> 0",
            *_options_line(puzzle),
            "",
            "",
        ]
    )
    facts = "\n% Puzzle data\n" + "\n".join(data_facts(puzzle, plain, speedup_facts)) + "\n"
    program = Program(header=header, rules=rules, facts=facts, templates=names)
    check_program_text(program.text, f"the program rendered for {one_line(puzzle.path, 200)}")
    return program


__all__ = [
    "Program", "alternative_texts", "comment_text", "data_facts", "encodings_dir", "environment", "grid_templates",
    "render", "render_rules", "size_context", "template_names", "user_rules_text",
]
