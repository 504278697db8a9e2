"""The domain: cells, grids, puzzles and the base class of every clue record.

Everything here is a frozen dataclass holding validated integers.  A `Puzzle` is what every
input format produces and what rendering, solving and checking consume.  Rule-specific clue
records (killer cages, thermometers, ...) live in `asp_sudoku.rules`, one module per rule, and
derive from `Clue`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from asp_sudoku.core.user_rules import UserRules

Cell = tuple[int, int]
"""A cell as (row, column), both 1-based."""

CELL_RE = re.compile(r"^[rR](-?\d{1,9})[cC](-?\d{1,9})$")

# Default box shape (rows x columns) for each grid side.
DEFAULT_BOXES: dict[int, tuple[int, int]] = {
    4: (2, 2),
    6: (2, 3),
    8: (2, 4),
    9: (3, 3),
    10: (2, 5),
    12: (3, 4),
    15: (3, 5),
    16: (4, 4),
    20: (4, 5),
    25: (5, 5),
}

MAX_SIZE = 25

MAX_EXTRA = 200
"""Most extra cells (cells outside the grid) a puzzle may have."""

EXTRA_NAME_RE = re.compile(r"^[A-Z]{1,10}$")
"""The name of a group of extra cells: capital letters (``VA``, ``DGR``)."""

EXTRA_CELL_RE = re.compile(r"^[A-Z]{1,10}[0-9]{0,3}$")
"""The name of an extra cell: its group's name, then its number unless the group has one cell."""

MAX_CLUES = 10_000
"""Most clues a puzzle may have (every kind together).  Real puzzles have at most a few
thousand (dots between all pairs of a 25x25 grid: 1200); the bound keeps grounding small."""


def cell_name(cell: Cell) -> str:
    """Return the `rRcC` name of a cell."""
    return f"r{cell[0]}c{cell[1]}"


@dataclass(frozen=True)
class ExtraGroup:
    """A group of extra cells: cells outside the grid, in no row, column, box or region, holding
    one of the grid's digits each, that only the clues naming them constrain (Interactive Sudoku
    Solver's ``Var`` cells, a Doppelganger's missing digits).  A group named ``VA`` of `count` 3
    has the cells ``VA1``, ``VA2``, ``VA3``; a group of one cell is just ``VA``.  `label` is a
    free-text note (ISS shows it), taking no part in the puzzle."""

    name: str
    count: int = 1
    label: str = field(default="", compare=False)

    def names(self) -> list[str]:
        """The names of the group's cells, in order."""
        return [self.name] if self.count == 1 else [f"{self.name}{i}" for i in range(1, self.count + 1)]


def extra_cells(size: int, cols: int, groups: Iterable[ExtraGroup]) -> dict[str, Cell]:
    """Each extra cell's name and where it lies, in order: the j-th extra cell of a grid of `size`
    rows and `cols` columns at row ``size+1+j``, column ``cols+1+j``, two steps or more beyond the
    grid (and beyond the outside clues one step around it), each in its own row and column."""
    names = [name for group in groups for name in group.names()]
    return {name: (size + 1 + j, cols + 1 + j) for j, name in enumerate(names, start=1)}


@dataclass(frozen=True)
class Clue:
    """Base of every clue record (a cage, a line, a dot...).

    `kind` names the rule (the TOML table name, e.g. ``"killer"``); `line` is the line of the
    puzzle file the clue was read from (0 when unknown) and takes no part in equality.
    """

    kind: ClassVar[str] = ""
    line: int = field(default=0, compare=False, kw_only=True)

    def describe(self) -> str:
        """A short human description of the clue, used in messages."""
        return self.kind


@dataclass(frozen=True)
class Puzzle:
    """A validated puzzle: grid shape, digits, givens, global rules and clues.

    `digits` is the inclusive range of values (1..9, or 0..15 for a hex 16x16).  `box` is
    (rows, columns) of a box, or None when the grid has no boxes.  `givens` is a sorted tuple
    of (row, column, digit).  `rules` holds the global rule names, expanded (``miracle``
    becomes its three parts) and sorted.  `clues` holds the clue records in file order.
    `regions` (jigsaw puzzles, with `box` None) gives each cell's region id, 1-based, as rows.
    `user_rules` holds checked user-written rules files added to the program.
    `latin` is False for a grid whose rows and columns may repeat digits (ISS's ``Raw`` grids:
    only the clues, and any boxes, constrain the digits).
    `extra` holds the groups of extra cells (`ExtraGroup`): cells outside the grid that clues may
    name; each lies at a place outside the grid (`extra_cells`), where clue records hold it.
    `row_lines[r-1]` is the file line holding row r of the givens and `rules_line` the line of
    ``rules = [...]`` (0 when unknown); like the title, they take no part in equality.

    Shape: `size` is the number of rows and `cols` the number of columns.  A square grid (the
    usual case) has ``cols == size`` and may leave `cols` out (0 means "as many as rows").  A
    non-square grid (``6x8``: 6 rows of 8 cells, as Interactive Sudoku Solver's ``Shape~6x8``)
    has as many digits as its longer side at least: every row and column holds different
    digits, and a row or column holds every digit only when it has as many cells as there are
    digits (houses are full exactly when their cell count equals the digit count).  Rules that
    only make sense on a square grid refuse a non-square one when the puzzle is read.
    """

    size: int
    box: tuple[int, int] | None
    digits: tuple[int, int]
    givens: tuple[tuple[int, int, int], ...] = ()
    rules: tuple[str, ...] = ()
    clues: tuple[Clue, ...] = ()
    regions: tuple[tuple[int, ...], ...] | None = None
    user_rules: tuple[UserRules, ...] = ()
    latin: bool = True
    title: str = field(default="", compare=False)
    author: str = field(default="", compare=False)
    source: str = field(default="", compare=False)
    path: str = field(default="", compare=False)
    row_lines: tuple[int, ...] = field(default=(), compare=False)
    rules_line: int = field(default=0, compare=False)
    entry: str = field(default="", compare=False)
    cols: int = 0
    extra: tuple[ExtraGroup, ...] = ()

    def __post_init__(self) -> None:
        if self.cols == 0:
            object.__setattr__(self, "cols", self.size)

    def extra_cells(self) -> dict[str, Cell]:
        """Each extra cell's name and its place outside the grid, in order (empty: none)."""
        return extra_cells(self.size, self.cols, self.extra) if self.extra else {}

    def cell_label(self, cell: Cell) -> str:
        """A cell's name in messages: ``r3c4``, or an extra cell's own name (``VA1``)."""
        if self.extra and not (1 <= cell[0] <= self.size and 1 <= cell[1] <= self.cols):
            for name, place in self.extra_cells().items():
                if place == cell:
                    return name
        return cell_name(cell)

    @property
    def square(self) -> bool:
        """True for an N x N grid."""
        return self.cols == self.size

    @property
    def shape_name(self) -> str:
        """``9x9``, ``6x8``: rows x columns, as messages and ISS name a grid."""
        return f"{self.size}x{self.cols}"

    def all_cells(self) -> list[Cell]:
        """Every cell of the grid, row by row."""
        return [(r, c) for r in range(1, self.size + 1) for c in range(1, self.cols + 1)]

    @property
    def label(self) -> str:
        """Where the puzzle came from: its file, and its line or id inside a collection."""
        return f"{self.path}:{self.entry}" if self.entry else self.path

    @property
    def digit_range(self) -> range:
        """All values a cell may hold."""
        return range(self.digits[0], self.digits[1] + 1)

    def given_grid(self) -> list[list[int | None]]:
        """The givens as rows of values, None for an empty cell."""
        rows: list[list[int | None]] = [[None] * self.cols for _ in range(self.size)]
        for r, c, v in self.givens:
            rows[r - 1][c - 1] = v
        return rows

    def given_line(self, row: int) -> int:
        """The file line of a row of givens (0 when unknown)."""
        return self.row_lines[row - 1] if 0 < row <= len(self.row_lines) else 0

    def houses(self) -> list[tuple[str, list[Cell]]]:
        """Every row, column, box and jigsaw region, named (``row 3``, ``box at r4c1``...), with
        its cells: the groups whose digits differ (no rows and columns when not `latin`)."""
        n, m = self.size, self.cols
        found = [(f"row {r}", [(r, c) for c in range(1, m + 1)]) for r in range(1, n + 1)] if self.latin else []
        found += [(f"column {c}", [(r, c) for r in range(1, n + 1)]) for c in range(1, m + 1)] if self.latin else []
        if self.box:
            h, w = self.box
            for top in range(1, n + 1, h):
                for left in range(1, m + 1, w):
                    cells = [(r, c) for r in range(top, top + h) for c in range(left, left + w)]
                    found.append((f"box at {cell_name((top, left))}", cells))
        if self.regions is not None:
            for g in sorted({g for row in self.regions for g in row}):
                cells = [(r + 1, c + 1) for r in range(n) for c in range(m) if self.regions[r][c] == g]
                found.append((f"region {g} (at {cell_name(cells[0])})", cells))
        return found

    def clues_of(self, kind: str) -> tuple[Clue, ...]:
        """The clues of one rule kind, in file order."""
        return tuple(c for c in self.clues if c.kind == kind)

    def _repr_svg_(self) -> str:
        """Jupyter shows a puzzle as its picture."""
        from asp_sudoku.picture.svg import render_svg

        return render_svg(self)


@dataclass(frozen=True)
class Grid:
    """A filled grid: `rows[r][c]` is the value of cell (r+1, c+1); `extra` holds the values of
    the puzzle's extra cells (cells outside the grid, see `ExtraGroup`), as (place, value) in
    the order of their places (empty for a puzzle without any)."""

    rows: tuple[tuple[int, ...], ...]
    extra: tuple[tuple[Cell, int], ...] = ()

    def __repr__(self) -> str:
        """``Grid(rows=...)``, with ``extra=...`` only when there are extra cells."""
        return f"Grid(rows={self.rows!r}" + (f", extra={self.extra!r})" if self.extra else ")")

    @property
    def size(self) -> int:
        """The number of rows (the side of a square grid)."""
        return len(self.rows)

    @property
    def cols(self) -> int:
        """The number of columns."""
        return len(self.rows[0]) if self.rows else 0

    def value(self, cell: Cell) -> int:
        """The value in a cell given as (row, column), 1-based (or an extra cell's place)."""
        if self.extra and not (1 <= cell[0] <= len(self.rows) and 1 <= cell[1] <= len(self.rows[0])):
            for place, value in self.extra:
                if place == cell:
                    return value
            raise IndexError(f"no value for {cell_name(cell)}")
        return self.rows[cell[0] - 1][cell[1] - 1]

    def extra_text(self, names: dict[str, Cell]) -> str:
        """The extra cells' values as ``VA1=3 VA2=5`` (`names`: `Puzzle.extra_cells`)."""
        return " ".join(f"{name}={self.value(place)}" for name, place in names.items())

    def as_lists(self) -> list[list[int]]:
        """Rows as plain lists (for JSON)."""
        return [list(r) for r in self.rows]

    def as_string(self) -> str:
        """Row-major digits as one string (only meaningful for values 0-9)."""
        return "".join(str(v) for row in self.rows for v in row)

    def __str__(self) -> str:
        """The rows as text with box separators, as the CLI prints a grid (a grid knows only its
        rows: the default boxes for its size; `print(grid)`).  `repr` stays the dataclass's."""
        return self.text(DEFAULT_BOXES.get(self.size) if self.size == self.cols else None)

    def text(self, box: tuple[int, int] | None) -> str:
        """The rows as text, with separators between boxes of (rows, columns) `box` (None: none).
        A 16x16 prints one character a cell (0-9, A-G), as the CLI does."""
        n, m = self.size, self.cols
        hexa = n == m == 16 and all(0 <= v <= 16 for row in self.rows for v in row)
        cells = [["0123456789ABCDEFG"[v] if hexa else str(v) for v in row] for row in self.rows]
        width = max((len(c) for row in cells for c in row), default=1)
        box_rows, box_cols = box if box and n % box[0] == 0 and m % box[1] == 0 else (n or 1, m or 1)
        lines = []
        for r, row in enumerate(cells):
            if r and r % box_rows == 0:
                lines.append("-+-".join("-" * ((width + 1) * box_cols - 1) for _ in range(m // box_cols)))
            padded = [c.rjust(width) for c in row]
            lines.append(" | ".join(" ".join(padded[i : i + box_cols]) for i in range(0, m, box_cols)))
        return "\n".join(lines)

    def _repr_svg_(self) -> str:
        """Jupyter shows a grid as a picture (default boxes for its size)."""
        from asp_sudoku.picture.svg import render_svg

        low = min(min(row) for row in self.rows)
        n, m = self.size, self.cols
        box = DEFAULT_BOXES.get(n) if n == m else None
        puzzle = Puzzle(size=n, cols=m, box=box, digits=(low, low + max(n, m) - 1))
        return render_svg(puzzle, self)

    def repeats(self, cells: Iterable[Cell]) -> list[int]:
        """The values that occur more than once among the cells, sorted (for checkers)."""
        seen: set[int] = set()
        twice: set[int] = set()
        for cell in cells:
            v = self.value(cell)
            (twice if v in seen else seen).add(v)
        return sorted(twice)

    def diff(self, other: Grid) -> list[Cell]:
        """Cells where two grids differ, row-major."""
        return [
            (r + 1, c + 1)
            for r in range(self.size)
            for c in range(self.cols)
            if self.rows[r][c] != other.rows[r][c]
        ]
