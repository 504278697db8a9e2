"""What every rule module shares: the registry records `GlobalRule` and `ClueKind` (everything
about one rule, hung off one object), `Example` (a small puzzle of the rule with all its
solutions), the shared clue records (`OnCells` and its kinds), and `ClueContext` (in
`rules/context.py`, re-exported here), which turns the raw values of one clue table into validated
integers or a `PuzzleFormatError` naming the file, the line and the clue."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.core.model import Cell, Clue, Grid, Puzzle, cell_name
from asp_sudoku.rules.context import ClueContext as ClueContext  # re-exported for the rule modules
from asp_sudoku.rules.facts import MAX_FACT_INT as MAX_FACT_INT  # re-exported
from asp_sudoku.rules.facts import fact as fact  # re-exported: the rule modules import it from here

if TYPE_CHECKING:
    from asp_sudoku.rules.draw import Canvas

ClueCheck = Callable[[Puzzle, Grid, Clue], Iterable[str]]
"""What a clue's checker is: every way the grid breaks the clue, in words (pure Python, written
from the rule as a puzzle states it; it reads the record and the grid, never a fact or a
template)."""

ClueDraw = Callable[["Canvas", Clue], None]
"""What a clue's drawer is: it adds the clue's marks to the picture."""

RuleCheck = Callable[[Puzzle, Grid], Iterable[str]]
"""What a global rule's checker is."""

RuleDraw = Callable[["Canvas", Puzzle], None]
"""What a global rule's drawer is."""


@dataclass(frozen=True)
class Example:
    """A small puzzle of one rule and every solution it has, each as its digits row by row.

    The tests solve it and compare the exact set of solutions with `solutions` and with a brute
    force filtered by the checker; `docs/rules.md` shows the first example of each rule.  An
    example with no solution shows what the rule forbids."""

    title: str
    toml: str
    solutions: tuple[str, ...]


def examples(*given: tuple[str, str, str]) -> tuple[Example, ...]:
    """Examples from compact text, one ``(title, toml, solutions)`` each: the TOML on one line
    (``\\n`` between its lines, clue tables inline: ``killer = [{cells = [...], sum = 3}]``) and
    the solutions as their digits, separated by spaces ("" for none)."""
    return tuple(Example(title, toml, tuple(solutions.split())) for title, toml, solutions in given)


@dataclass(frozen=True)
class OnCells(Clue):
    """A clue on a list of cells: a line in drawing order, a cage, a region, marked cells.

    A subclass sets `kind` and `shown`, how `describe` names the clue in messages: a format
    string with ``{cells}`` (every cell), ``{first}``, ``{last}`` and ``{self.<field>}``."""

    cells: tuple[Cell, ...] = ()
    shown: ClassVar[str] = "{kind} {cells}"

    def describe(self) -> str:
        return self.shown.format(
            kind=self.kind, self=self, cells=" ".join(cell_name(c) for c in self.cells),
            first=cell_name(self.cells[0]), last=cell_name(self.cells[-1]),
        )


@dataclass(frozen=True)
class OnPair(OnCells):
    """A mark on two cells with a number (a Kropki dot and its difference or ratio, an X or a
    V and its total); a subclass sets the number's default."""

    number: int = 0


@dataclass(frozen=True)
class Outside(OnCells):
    """A clue outside the grid (sandwich, x-sum, skyscraper): where it stands, the cells it looks
    along (nearest first) and its number."""

    clue: Cell = (0, 0)
    number: int = 0

    def describe(self) -> str:
        return f"{self.kind} {self.number} at {cell_name(self.clue)}"


@dataclass(frozen=True)
class WithDigits(OnCells):
    """A clue on cells with a list of digits (a quadruple's, a cell's pencil marks), named in
    messages by its first cell and its digits."""

    digits: tuple[int, ...] = ()

    def describe(self) -> str:
        return f"{self.kind} at {cell_name(self.cells[0])} ({' '.join(str(d) for d in self.digits)})"


def cells_of(clue: Clue) -> tuple[Cell, ...]:
    """The cells of a clue on cells (every record of the shared shapes is one)."""
    if not isinstance(clue, OnCells):
        raise TypeError(f"{type(clue).__name__} is not a clue on cells")
    return clue.cells


@dataclass(frozen=True)
class GlobalRule:
    """A rule named in ``rules = [...]`` that holds for the whole grid (anti-king, windoku...).

    `template` is its file in `encodings/` (named after its module); `check` and `draw` are its
    checker and drawer; `examples` its example puzzles.  The module's docstring is its entry in
    the rule reference.
    """

    name: str
    template: str
    check: RuleCheck
    draw: RuleDraw
    examples: tuple[Example, ...] = ()


@dataclass(frozen=True)
class ClueKind:
    """A clue list a puzzle file may hold, e.g. ``[[killer]]``: everything about the rule.

    `template` is the file in `encodings/` holding the rule (named after its module); `parse`
    turns one TOML table into a record; `facts` turns all records of this kind (in file order)
    into ASP fact lines; `finish` (optional) validates the records of this kind against each
    other and the puzzle; `to_table` turns a record back into its TOML table (default: each
    record field is a key of the same name, cells as ``rRcC`` names, ``total`` as ``sum``, None
    left out); `check` is the independent checker and `draw` the drawer of one clue;
    `speedups` names the modules beside it (each with a `SPEEDUP`) of the speed-only
    templates that may help a puzzle with such clues; `examples` its
    example puzzles; `needs` (optional) the other clues of the puzzle whose facts a clue's
    template reads (a cage-compare: the two cages it compares), which a check of that clue on
    its own must include; `rule` (optional) the global rule its clues cannot be without (a
    chaos clue: ``chaos-construction``, which chooses the regions it reads): `validate` refuses
    such clues in a puzzle without it, and the setter's tools never switch it off while such a
    clue is on (`program.board`).  The module's docstring is its entry in the rule reference.
    """

    name: str
    template: str
    record: type[Clue]
    parse: Callable[[ClueContext, Mapping[str, Any]], Clue]
    facts: Callable[[Puzzle, Sequence[Clue]], list[str]]
    finish: Callable[[Puzzle, Sequence[Clue]], None] | None = None
    to_table: Callable[[Clue], dict[str, Any]] | None = None
    check: ClueCheck = field(kw_only=True)
    draw: ClueDraw = field(kw_only=True)
    speedups: tuple[str, ...] = ()
    examples: tuple[Example, ...] = ()
    needs: Callable[[Puzzle, Clue], tuple[Clue, ...]] | None = None
    rule: str | None = None

    @classmethod
    def of(
        cls,
        record: type[Clue],
        parse: Callable[[ClueContext, Mapping[str, Any]], Clue],
        facts: Callable[[Puzzle, Sequence[Clue]], list[str]],
        **more: Any,
    ) -> ClueKind:
        """The clue kind of a record, named after its `kind`, with the template of that name
        (``slow-thermo`` -> ``slow_thermo.lp.j2``); `more` are the other fields."""
        return cls(record.kind, f"{record.kind.replace('-', '_')}.lp.j2", record, parse, facts, **more)

    def validate(self, puzzle: Puzzle, clues: Sequence[Clue]) -> None:
        """Refuse the puzzle's clues of this kind (PuzzleFormatError) when it lacks the global
        rule they need (`rule`) or `finish` finds them wrong."""
        if clues and self.rule is not None and self.rule not in puzzle.rules:
            raise PuzzleFormatError(puzzle.path, clues[0].line, f'{self.name} needs rules = ["{self.rule}"]')
        if self.finish is not None:
            self.finish(puzzle, clues)

    def table(self, clue: Clue) -> dict[str, Any]:
        """The TOML table of one clue record of this kind."""
        return self.to_table(clue) if self.to_table is not None else fields_table(clue)


def _is_cell(value: Any) -> bool:
    return (
        isinstance(value, tuple)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )


def plain(value: Any) -> Any:
    """A record field as a TOML value: cells become ``rRcC`` names, tuples lists."""
    if _is_cell(value):
        return f"r{value[0]}c{value[1]}"
    if isinstance(value, tuple):
        return [plain(v) for v in value]
    return value


def fields_table(clue: Clue) -> dict[str, Any]:
    """The default TOML table of a record: each field a key of the same name (``total`` is
    written ``sum``), cells as names, None left out."""
    table: dict[str, Any] = {}
    for f in dataclasses.fields(clue):
        if f.name == "line":
            continue
        value = getattr(clue, f.name)
        if value is None:
            continue
        if isinstance(value, tuple) and "Cell" not in str(f.type):
            value = list(value)  # numbers (weights, digits), never cells
        table["sum" if f.name == "total" else f.name] = plain(value)
    return table


@dataclass(frozen=True)
class Speedup:
    """A template that only helps the solver: it neither adds nor removes solutions.

    `facts` returns the fact lines it needs for a puzzle; an empty list means the template is
    not used for that puzzle.  `clue_facts`, when given, returns its facts for a check of some
    of the puzzle's clues on their own (the logical path's clue logic, `setter/logic`): only a
    speed-up that follows from those clues alone has it (a cage's digit combinations follow from
    its sum and its different digits; the 45 rule's sums need whole houses, so they have none).
    """

    name: str
    template: str
    facts: Callable[[Puzzle], list[str]]
    clue_facts: Callable[[Puzzle, Sequence[Clue]], list[str]] | None = None


def clue_switches(kind: str, switch: str) -> Callable[[Puzzle], list[str]]:
    """The facts of a speed-up that applies to every clue of `kind`: ``switch(K)`` for clue K,
    numbered as the kind's own facts number them (the puzzle's clues of that kind, in order)."""

    of_clues = checked_clue_switches(kind, switch)

    def facts(puzzle: Puzzle) -> list[str]:
        return of_clues(puzzle, puzzle.clues_of(kind))

    facts.__doc__ = f"``{switch}(K)`` for every {kind} clue K."
    return facts


def checked_clue_switches(kind: str, switch: str) -> Callable[[Puzzle, Sequence[Clue]], list[str]]:
    """`Speedup.clue_facts` for a speed-up made by `clue_switches` whose template follows from
    each clue alone: ``switch(K)`` for the clues of `kind` in a check, numbered as the kind's
    facts number them there (in the check's order, from 1)."""

    def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
        return [fact(switch, k) for k in range(1, sum(clue.kind == kind for clue in clues) + 1)]

    facts.__doc__ = f"``{switch}(K)`` for every {kind} clue K of a check."
    return facts
