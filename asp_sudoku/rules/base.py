"""What every rule module shares: the registry records `GlobalRule` and `ClueKind` (everything
about one rule, hung off one object), `Example` (a small puzzle of the rule with all its
solutions), and `ClueContext`, which turns the raw values of one clue table into validated
integers or a `PuzzleFormatError` naming the file, the line and the clue."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.core.model import CELL_RE, EXTRA_CELL_RE, Cell, Clue, Grid, Puzzle, cell_name
from asp_sudoku.rules.facts import MAX_FACT_INT as MAX_FACT_INT  # re-exported
from asp_sudoku.rules.facts import _show
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
    example puzzles.  The module's docstring is its entry in the rule reference.
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
class ClueContext:
    """Where a clue was read from, and the grid it must fit; validates raw values.

    `size` is the number of rows, `cols` the number of columns (0: as many as rows, a square)."""

    path: str
    line: int
    kind: str
    index: int  # 1-based position among the clues of its kind
    size: int
    digits: tuple[int, int]
    cols: int = 0
    extra: Mapping[str, Cell] = field(default_factory=dict)
    extra_ok: bool = False

    def __post_init__(self) -> None:
        if self.cols == 0:
            object.__setattr__(self, "cols", self.size)

    def is_extra(self, cell: Cell) -> bool:
        """True for the place of an extra cell (outside the grid, see `ExtraGroup`)."""
        return bool(self.extra) and not (1 <= cell[0] <= self.size + 1 and 1 <= cell[1] <= self.cols + 1)

    def _extra_cell(self, value: str) -> Cell:
        """The place of an extra cell named `value`, or the error saying why it cannot be one."""
        if value in self.extra:
            if not self.extra_ok:
                from asp_sudoku.rules import EXTRA_OK

                raise self.error(
                    f"extra cell {value!r} cannot be used in a {self.kind} clue (clues that may name extra cells: "
                    f"{', '.join(sorted(EXTRA_OK))})"
                )
            return self.extra[value]
        known = ", ".join(list(self.extra)[:12]) + (", ..." if len(self.extra) > 12 else "")
        declared = f"its extra cells are {known}" if self.extra else "it declares none ([[extra]])"
        raise self.error(f"{_show(value)} is neither a cell name like 'r1c1' nor one of the puzzle's extra cells ({declared})")

    def error(self, message: str) -> PuzzleFormatError:
        """An error naming this clue."""
        return PuzzleFormatError(self.path, self.line, f"{self.kind} #{self.index}: {message}")

    def check_keys(
        self, table: Mapping[str, Any], required: Iterable[str], optional: Iterable[str] = ()
    ) -> None:
        """Reject missing and unknown keys."""
        required = tuple(required)
        allowed = set(required) | set(optional)
        for key in table:
            if key not in allowed:
                raise self.error(f"unknown key {key!r} (allowed: {', '.join(sorted(allowed))})")
        for key in required:
            if key not in table:
                raise self.error(f"missing key {key!r}")

    def integer(self, value: Any, what: str, low: int | None = None, high: int | None = None) -> int:
        """A whole number, optionally within [low, high]."""
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(f"{what} must be a whole number, not {_show(value)}")
        if (low is not None and value < low) or (high is not None and value > high):
            raise self.error(f"{what} {_show(value)} is outside {low}..{high}")
        return value

    def cell(self, value: Any, outside: bool = False) -> Cell:
        """A cell named ``rRcC`` inside the grid (or one step outside it, when allowed), or an
        extra cell by its name (``VA1``) for a kind that may use them."""
        if not isinstance(value, str):
            raise self.error(f"a cell must be a string like 'r1c1', not {_show(value)}")
        match = CELL_RE.match(value.strip())
        if match is None and EXTRA_CELL_RE.match(value):
            return self._extra_cell(value)
        if match is None:
            raise self.error(f"{_show(value)} is not a cell name like 'r1c1'")
        row, col = int(match.group(1)), int(match.group(2))
        edge = 1 if outside else 0
        if not (1 - edge <= row <= self.size + edge and 1 - edge <= col <= self.cols + edge):
            raise self.error(f"cell {_show(value)} is outside the {self.size}x{self.cols} grid")
        return row, col

    def cells(self, value: Any, what: str = "cells", minimum: int = 1) -> tuple[Cell, ...]:
        """A list of distinct cells inside the grid."""
        if not isinstance(value, list):
            raise self.error(f"{what} must be a list of cell names, not {_show(value)}")
        if len(value) > self.size * self.cols + len(self.extra):
            raise self.error(f"{what} lists {len(value)} cells, more than the grid has")
        result = tuple(self.cell(v) for v in value)
        if len(result) < minimum:
            raise self.error(f"{what} needs at least {minimum} cell(s), got {len(result)}")
        seen: set[Cell] = set()
        for c in result:
            if c in seen:
                raise self.error(f"{what} lists r{c[0]}c{c[1]} twice")
            seen.add(c)
        return result

    @property
    def digit_count(self) -> int:
        """How many digits the grid has (9 for 1-9)."""
        return self.digits[1] - self.digits[0] + 1

    def only_cells(
        self, table: Mapping[str, Any], minimum: int = 1, most: int | None = None, too_many: str = ""
    ) -> tuple[Cell, ...]:
        """The cells of a clue whose only key is ``cells``: distinct cells inside the grid, at
        least `minimum`; more than `most` is the error `too_many` (with ``{count}`` and
        ``{most}`` in it)."""
        self.check_keys(table, ["cells"])
        cells = self.cells(table["cells"], minimum=minimum)
        if most is not None and len(cells) > most:
            raise self.error(too_many.format(count=len(cells), most=most))
        return cells

    def require_connected_line(self, cells: Sequence[Cell], what: str) -> None:
        """Consecutive cells of a line must touch (orthogonally or diagonally); an extra cell,
        outside the grid, may follow or precede any cell."""
        for (r1, c1), (r2, c2) in zip(cells, cells[1:]):
            if self.is_extra((r1, c1)) or self.is_extra((r2, c2)):
                continue  # an extra cell lies outside the grid: it touches no cell
            if max(abs(r1 - r2), abs(c1 - c2)) != 1:
                raise self.error(
                    f"{what}: r{r1}c{c1} and r{r2}c{c2} are consecutive on the line "
                    "but do not touch"
                )


@dataclass(frozen=True)
class Speedup:
    """A template that only helps the solver: it neither adds nor removes solutions.

    `facts` returns the fact lines it needs for a puzzle; an empty list means the template is
    not used for that puzzle.
    """

    name: str
    template: str
    facts: Callable[[Puzzle], list[str]]
