"""Clue logic from the rules' own templates.

For one clue: the clue's template and facts, after the frame ``encodings/logic/clue.lp.j2`` that
fills only the clue's cells from their candidates with different digits where two of them share
a house; the brave consequences are the candidates some filling supports, the others go.  A new
rule gets its logic for free.  For the global rules (anti-king, non-consecutive...): their
templates after ``encodings/logic/global.lp.j2``, which fills the whole grid from the candidates
with no house rule (a relaxation of the puzzle, so what no filling supports is in no solution).
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from functools import cache

from asp_sudoku.core.model import Clue, Puzzle
from asp_sudoku.program.render import size_context
from asp_sudoku.program.templates import render_template
from asp_sudoku.rules import CLUE_KINDS, GLOBAL_RULES, speedups
from asp_sudoku.rules.base import Speedup
from asp_sudoku.setter.logic.disjoint import (
    disjoint_as_all_different,
    disjoint_supported,
    groups_of,
)
from asp_sudoku.setter.logic.grid import Cell, House, Mark, Marks
from asp_sudoku.setter.logic.techniques import Step
from asp_sudoku.solving.logic import Input, Reused, brave, cells_read

CLUE_LEVEL = 2.0
"""Clue logic and global-rule logic sit between hidden and naked singles on the scale."""
PAIR_LEVEL = 2.7
"""Two clues that share a cell, checked together."""
HOUSE_LEVEL = 2.9
"""A house with every clue that touches it, checked together."""


class Contradiction(Exception):
    """A clue has no filling left (raised only while a trial propagates)."""


def clue_cells(clue: Clue, puzzle: Puzzle) -> tuple[Cell, ...]:
    """Every cell a clue's record names (its cells, its circle, a second cage...; an extra cell
    too), sorted."""
    extra = set(puzzle.extra_cells().values())
    return tuple(sorted(cell for cell in clue.named_cells() if puzzle.in_grid(cell) or cell in extra))


def with_needs(puzzle: Puzzle, clues: Sequence[Clue]) -> list[Clue]:
    """The clues and the other clues their templates read (`ClueKind.needs`: a cage-compare's
    two cages), each once, in the puzzle's order after the given ones."""
    found = list(clues)
    seen = {id(clue) for clue in found}
    for clue in clues:
        needs = CLUE_KINDS[clue.kind].needs
        for other in needs(puzzle, clue) if needs is not None else ():
            if id(other) not in seen:
                seen.add(id(other))
                found.append(other)
    return found


def clue_scope(puzzle: Puzzle, clue: Clue) -> tuple[Cell, ...]:
    """The cells a check of one clue fills: those its record names and those of the clues it
    needs (`with_needs`), sorted."""
    return tuple(sorted({cell for other in with_needs(puzzle, [clue]) for cell in clue_cells(other, puzzle)}))


@cache
def _frame(name: str, puzzle_sizes: tuple[tuple[str, int | bool], ...], local: bool = False) -> str:
    return render_template(f"logic/{name}", {**dict(puzzle_sizes), "local": local})


def _sizes(puzzle: Puzzle) -> tuple[tuple[str, int | bool], ...]:
    return tuple(sorted(size_context(puzzle).items()))


def _clue_parts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """Each clue kind's template once, with the facts of these clues of that kind (and of the
    clues they need: `with_needs`), and the kind's speed-up templates that follow from the clues
    alone (`Speedup.clue_facts`: a cage's digit combinations, a line's running sums, a renban
    line's run), which change no answer of the check but can make it far quicker (a row with two
    six-cell cages: 14.6 s -> 0.05 s).  An any-of clue brings the rewritten templates of the
    clues inside its alternatives, as the puzzle's program does (without them no alternative
    could ever be broken, and the check would remove nothing)."""
    clues = with_needs(puzzle, clues)
    parts = []
    if any(clue.kind == "any-of" for clue in clues):  # the rules of the clues inside its alternatives
        from asp_sudoku.program.alternatives import alternative_rules  # only for any-of clues

        parts += alternative_rules(puzzle, size_context(puzzle), clues)[1]
    # a speed-up serving several kinds (running sums: little killers, arrows, weighted sums) gets
    # their clues together, once: its facts number its lines from 1, and a check of a little
    # killer with a weighted sum had two lines 1, whose targets clashed (a QA pass: "no filling
    # left" on a puzzle with one solution)
    served: dict[str, tuple[Speedup, list[Clue]]] = {}
    for name in CLUE_KINDS:
        mine = [clue for clue in clues if clue.kind == name]
        if mine:
            kind = CLUE_KINDS[name]
            parts.append(render_template(kind.template, size_context(puzzle)))
            parts += kind.facts(puzzle, mine)
            for speedup in speedups({name}):
                served.setdefault(speedup.name, (speedup, []))[1].extend(mine)
    for speedup, theirs in served.values():
        extra = speedup.clue_facts(puzzle, theirs) if speedup.clue_facts is not None else []
        if extra:
            parts.append(render_template(speedup.template, size_context(puzzle)))
            parts += extra
    return parts


def is_local(puzzle: Puzzle, clue: Clue) -> bool:
    """Whether the clue's template, grounded with its facts, reads the digits of no cell but
    the ones its record names: then a check of it needs to fill only those cells."""
    n, m, low, high = puzzle.size, puzzle.cols, puzzle.digits[0], puzzle.digits[1]
    probe = [_frame("clue.lp.j2", _sizes(puzzle), True), *_clue_parts(puzzle, [clue])]
    probe.append(f"#external numberAt(R,C,P) : R = 1..{n}, C = 1..{m}, P = {low}..{high}.")
    return cells_read("\n".join(probe) + "\n") <= set(clue_scope(puzzle, clue))


Groups = dict[tuple[tuple[Clue, ...], tuple[Cell, ...], bool], tuple[Reused, tuple[Cell, ...], frozenset[Input]]]
"""Checks grounded once (`group_removals`), by their clues, extra cells and locality."""
GROUPS_MOST = 400
"""The most checks a solver keeps grounded; past it, a check is grounded afresh each time."""


def group_program(
    puzzle: Puzzle, clues: Sequence[Clue], extra: Sequence[Cell], all_houses: tuple[House, ...], local: bool = False
) -> tuple[str, tuple[Cell, ...]]:
    """The program of a check over some clues (and extra cells, such as a house's) without its
    candidates, and the cells it fills: each clue kind's template once, with the facts of the
    clues of that kind.  `local`: no clue's template reads a cell outside them, so only they
    are filled."""
    scope = tuple(sorted({cell for clue in clues for cell in clue_scope(puzzle, clue)} | set(extra)))
    inside = set(scope)
    parts = [_frame("clue.lp.j2", _sizes(puzzle), local), *_clue_parts(puzzle, clues)]
    parts += [f"scope({r},{c})." for r, c in scope]
    if not local:  # a check of every cell fills the extra cells too (`clue.lp.j2`)
        parts += [f"extraCell({r},{c})." for r, c in puzzle.extra_cells().values()]
    for h, house in enumerate(all_houses, start=1):
        parts += [f"houseCell({h},{r},{c})." for r, c in house.cells if (r, c) in inside]
    return "\n".join(parts) + "\n", scope


def group_removals(
    puzzle: Puzzle,
    clues: Sequence[Clue],
    marks: Marks,
    all_houses: tuple[House, ...],
    extra: Sequence[Cell] = (),
    local: bool = False,
    groups: Groups | None = None,
    house: str | None = None,
) -> list[Mark]:
    """The candidates of the cells of these clues (and `extra`) that no filling of them
    supports; raises Contradiction when there is no filling at all (`house`: the name of the
    house whose cells `extra` are, for its words).  `local`: every clue here
    `is_local`.  `groups`: where the solver keeps local checks grounded once, the candidates
    as externals (a path asks the same check again and again as candidates go); the
    candidates a check reads must be among those it was grounded with, else it is grounded
    afresh.  A check that fills the whole grid is always grounded afresh: with every cell's
    candidates as externals, its answer took twice as long as grounding it from facts."""
    key = (tuple(clues), tuple(extra), local)
    if groups is not None and local and key not in groups and len(groups) < GROUPS_MOST:
        text, scope = group_program(puzzle, clues, extra, all_houses, local)
        inputs: frozenset[Input] = frozenset(
            ("candidate", (r, c, p))
            for r, c in scope
            for p in set(puzzle.digit_range) | marks.cands[(r, c)]
        )
        # every cell's digits shown: the frame's conditional #show shows nothing once reused (`Reused`)
        text += "#show numberAt/3.\n"
        groups[key] = (Reused(text, sorted(inputs), brave=True), scope, inputs)
    found = groups.get(key) if groups is not None else None
    fresh = True
    if found is not None:
        program, scope, inputs = found
        true: set[Input] = {("candidate", (r, c, p)) for r, c in scope for p in marks.cands[(r, c)]}
        if true <= inputs:
            atoms, fresh = program.answer(true), False
    if fresh:
        text, scope = group_program(puzzle, clues, extra, all_houses, local)
        cells = scope if local else sorted(marks.cands)  # a local check reads only its own cells
        facts = [f"candidate({r},{c},{p})." for r, c in cells for p in sorted(marks.cands[(r, c)])]
        atoms = brave(text + "\n".join(facts) + "\n")
    if atoms is None:
        verb = "has" if len(clues) == 1 else "have"
        names = listed([clue.describe() for clue in clues])
        raise Contradiction(f"{names}{'' if house is None else f' with {house}'} {verb} no filling left")
    kept = {tuple(args) for name, args in atoms if name == "numberAt"}
    return [(r, c, p) for r, c in scope for p in sorted(marks.cands[(r, c)]) if (r, c, p) not in kept]


def clue_removals(
    puzzle: Puzzle, clue: Clue, marks: Marks, all_houses: tuple[House, ...], local: bool = False,
    groups: Groups | None = None,
) -> list[Mark]:
    """The candidates of the clue's cells that no filling of them supports; raises Contradiction
    when there is no filling at all."""
    return group_removals(puzzle, [clue], marks, all_houses, local=local, groups=groups)


def global_removals(puzzle: Puzzle, marks: Marks, houses_text: str) -> list[Mark]:
    """The open candidates that no filling of the grid from the candidates supports under the
    global rules alone; raises Contradiction when there is no such filling."""
    rules = [rule for rule in GLOBAL_RULES if rule in puzzle.rules]
    if not rules:
        return []
    kept: AbstractSet[tuple[object, ...]] | None
    if rules == ["disjoint-groups"] and disjoint_as_all_different(puzzle):  # the same in Python, 40x sooner
        kept = disjoint_supported(groups_of(puzzle), marks)
    else:
        kept = brave_kept(puzzle, rules, marks, houses_text)
    if kept is None:
        raise Contradiction(f"no filling of the candidates keeps {listed(rules)}")
    return [
        (r, c, p)
        for (r, c), ds in sorted(marks.cands.items())
        if (r, c) not in marks.solved and puzzle.in_grid((r, c))  # the frame fills the grid only
        for p in sorted(ds)
        if (r, c, p) not in kept
    ]


def brave_kept(puzzle: Puzzle, rules: list[str], marks: Marks, houses_text: str) -> set[tuple[object, ...]] | None:
    """The candidates (R, C, P) that some filling of the grid from the candidates keeping these
    global rules has (clingo's brave consequences); None when there is no such filling."""
    parts = [_frame("global.lp.j2", _sizes(puzzle))]
    parts += [render_template(GLOBAL_RULES[rule], size_context(puzzle)) for rule in rules]
    for name in CLUE_KINDS:  # a negative rule (no dot: no ratio) reads where the clues are
        if puzzle.clues_of(name):
            parts += CLUE_KINDS[name].facts(puzzle, puzzle.clues_of(name))
    parts.append(houses_text)
    parts += marks.facts()
    atoms = brave("\n".join(parts) + "\n")
    return None if atoms is None else {tuple(args) for name, args in atoms if name == "numberAt"}


def _list(marks: Sequence[Mark]) -> str:
    return ", ".join(f"r{r}c{c}<>{p}" for r, c, p in marks)


def listed(items: Sequence[str], word: str = "and") -> str:
    """Items as a person lists them: "a", "a and b", "a, b and c" (`word`: "or" for "a, b or c")."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {word} {items[-1]}"


def placed_nowhere(removed: Sequence[Mark]) -> str:
    """Removed candidates as the digits nothing puts in their cells: each digit with its cells,
    digits with the same cells together, smallest digit first: "1 or 2 in r1c3 or r2c4, nor 5 in
    r2c3" (what follows "no filling ... puts", or "no")."""
    cells: dict[int, list[str]] = {}
    for r, c, p in sorted(removed):
        cells.setdefault(p, []).append(f"r{r}c{c}")
    digits: dict[tuple[str, ...], list[str]] = {}
    for p in sorted(cells):
        digits.setdefault(tuple(cells[p]), []).append(str(p))
    return ", nor ".join(f"{listed(ds, 'or')} in {listed(where, 'or')}" for where, ds in digits.items())


def clue_step(clue: Clue, removed: list[Mark]) -> Step:
    """The step of a clue's removals, with the reason the check computed: no filling of the
    clue's cells from the candidates puts those digits there."""
    text = f"{clue.describe()}: no filling of its cells with the candidates left puts {placed_nowhere(removed)}: {_list(removed)}"
    return Step("clue logic", CLUE_LEVEL, (), tuple(removed), (clue.describe(),), text)


def group_step(
    technique: str, level: float, clues: Sequence[Clue], removed: list[Mark], house: str | None = None
) -> Step:
    """The step of removals by several clues together ("A with B", and the clues they read, such
    as a cage compare's cages: "A with B and C"), or by clues with a house ("A, B and C with
    row 4"), with the reason the check computed."""
    names = tuple(clue.describe() for clue in clues)
    if house is None:
        text = f"{names[0]} with {listed(names[1:])}: no filling of their cells"
    else:
        text = f"{listed(names)} with {house}: no filling of their cells and {house}'s"
    text += f" with the candidates left puts {placed_nowhere(removed)}: {_list(removed)}"
    return Step(technique, level, (), tuple(removed), names, text)


def global_step(puzzle: Puzzle, removed: list[Mark]) -> Step:
    """The step of the global rules' removals, with the reason the check computed: no filling
    of the grid from the candidates that keeps them puts those digits there."""
    rules = [rule for rule in GLOBAL_RULES if rule in puzzle.rules]
    keeps = "it" if len(rules) == 1 else "them"
    text = f"{listed(rules)}: no filling of the grid with the candidates left that keeps {keeps} puts {placed_nowhere(removed)}: {_list(removed)}"
    return Step("rule logic", CLUE_LEVEL, (), tuple(removed), tuple(rules), text)
