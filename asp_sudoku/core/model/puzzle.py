"""A puzzle (`Puzzle`: the grid's shape, digits, givens, global rules and clues) and the base class
of every clue record (`Clue`)."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, ClassVar

from asp_sudoku.core.model.cells import MAX_SIZE, Cell, ExtraGroup, cell_name, extra_cells

if TYPE_CHECKING:
    from asp_sudoku.core.user_rules import UserRules


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

    def named_cells(self) -> tuple[Cell, ...]:
        """Every cell the record names, in any of its fields (its cells, an arrow's circle, a
        second cage...), each once, in field order."""
        found: dict[Cell, None] = {}
        for spec in fields(self):  # the fields typed with Cell (digits (1, 2) are no cell r1c2)
            if "Cell" in str(spec.type) or "Clue" in str(spec.type):
                _cells_in(getattr(self, spec.name), found)
        return tuple(found)


def _cells_in(value: object, found: dict[Cell, None]) -> None:
    if isinstance(value, Clue):  # a clue inside another (any-of's alternatives)
        found.update(dict.fromkeys(value.named_cells()))
    elif isinstance(value, tuple):
        if len(value) == 2 and all(type(v) is int for v in value):
            found[value] = None
            return
        for item in value:
            _cells_in(item, found)


def _is_given(value: object) -> bool:
    """Whether a given is a (row, column, digit) tuple of ints (written out: a collection builds
    thousands of puzzles, and a generator a given took 1.5 us)."""
    return (
        type(value) is tuple and len(value) == 3
        and type(value[0]) is int and type(value[1]) is int and type(value[2]) is int
    )


@dataclass(frozen=True)
class Puzzle:
    """A validated puzzle: grid shape, digits, givens, global rules and clues.

    `digits` is the inclusive range of values (1..9, or 0..15 for a hex 16x16).  `box` is
    (rows, columns) of a box, or None when the grid has no boxes.  `givens` is a sorted tuple
    of (row, column, digit).  `rules` holds the global rule names, expanded (``miracle``
    becomes its three parts) and sorted.  `clues` holds the clue records by kind (in the order
    the rules are registered, `asp_sudoku.rules.CLUE_KINDS`), each kind's in file order.
    `regions` (jigsaw puzzles, with `box` None) gives each cell's region id, 1-based, as rows.
    `user_rules` holds checked user-written rules files added to the program.
    `latin` is False for a grid whose rows and columns may repeat digits (ISS's ``Raw`` grids:
    only the clues, and any boxes, constrain the digits).
    `extra` holds the groups of extra cells (`ExtraGroup`): cells outside the grid that clues may
    name; each lies at a place outside the grid (`extra_cells`), where clue records hold it.
    `row_lines[r-1]` is the file line holding row r of the givens and `rules_line` the line of
    ``rules = [...]`` (0 when unknown); like the title, they take no part in equality.
    `region_names[g-1]` is the id the file gave region g (``"0"``, ``"A"``), how a path names
    the region; empty when the format gives none (the regions are then called 1, 2, ...): no
    part of equality either.

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
    region_names: tuple[str, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        if self.cols == 0:
            object.__setattr__(self, "cols", self.size)
        why = self._malformed() or self._invalid()
        if why is not None:  # a Puzzle built in code (the readers check all this with file lines)
            from asp_sudoku.core.errors import AspSudokuError

            raise AspSudokuError(f"invalid Puzzle: {why}")

    def _malformed(self) -> str | None:
        """Which field holds a value of the wrong kind (a Puzzle built in code: the readers make
        only the right kinds), or None; sorts the givens, which are a sorted tuple."""
        def ints(value: object, count: int) -> bool:
            return isinstance(value, tuple) and len(value) == count and all(type(v) is int for v in value)

        for name in ("size", "cols"):
            value = getattr(self, name)
            if type(value) is not int or not 1 <= value <= MAX_SIZE:
                return f"{name} must be a whole number 1-{MAX_SIZE}, not {value!r:.40}"
        if self.box is not None and not ints(self.box, 2):
            return f"box must be (rows, columns) or None, not {self.box!r:.40}"
        if not ints(self.digits, 2):
            return f"digits must be (lowest, highest), not {self.digits!r:.40}"
        if not isinstance(self.givens, tuple) or not all(map(_is_given, self.givens)):
            return f"givens must be a tuple of (row, column, digit), not {self.givens!r:.60}"
        if not isinstance(self.rules, tuple) or not all(isinstance(r, str) for r in self.rules):
            return f"rules must be a tuple of rule names, not {self.rules!r:.60}"
        if not isinstance(self.clues, tuple) or not all(isinstance(c, Clue) for c in self.clues):
            return f"clues must be a tuple of clue records, not {self.clues!r:.60}"
        for clue in self.clues:
            try:
                hash(clue)
            except TypeError:  # a list where the record needs a tuple: the solver keys clues by value
                return f"a {clue.kind} clue must hold tuples, not lists: {clue!r:.60}"
        if type(self.latin) is not bool:
            return f"latin must be True or False, not {self.latin!r:.40}"
        if self.region_names and (
            self.regions is None
            or len(self.region_names) != len({g for row in self.regions for g in row})
            or not all(isinstance(name, str) for name in self.region_names)
        ):
            return f"region_names must name each region once, not {self.region_names!r:.60}"
        ordered = tuple(sorted(self.givens))
        if ordered != self.givens:
            object.__setattr__(self, "givens", ordered)
        twice = next(((a, b) for a, b in zip(ordered, ordered[1:]) if a[:2] == b[:2]), None)
        if twice:
            return f"givens {twice[0]} and {twice[1]} are for one cell"
        return None

    def _invalid(self) -> str | None:
        """Why the grid's shape, digits, boxes, regions or givens cannot go together, or None."""
        size, cols, (low, high) = self.size, self.cols, self.digits
        if not low <= high:
            return f"digits run from low to high, not {low}-{high}"
        if self.box is not None:
            h, w = self.box
            if h < 1 or w < 1 or size % h or cols % w:
                return f"box {h}x{w} does not tile a {size}x{cols} grid"
        if self.regions is not None and (len(self.regions) != size or any(len(row) != cols for row in self.regions)):
            return f"regions must give every cell of the {size}x{cols} grid a region"
        if self.regions is not None and self.box is not None:  # a file says so too (`box = "none"`)
            return "regions replace the boxes: give box=None with regions"
        for r, c, v in self.givens:
            if not (1 <= r <= size and 1 <= c <= cols):
                return f"given ({r}, {c}, {v}) lies outside the {size}x{cols} grid"
            if not low <= v <= high:
                return f"given ({r}, {c}, {v}) is not a digit {low}-{high}"
        return None

    def extra_cells(self) -> dict[str, Cell]:
        """Each extra cell's name and its place outside the grid, in order (empty: none)."""
        return extra_cells(self.size, self.cols, self.extra) if self.extra else {}

    def region_name(self, g: int) -> str:
        """What the puzzle calls region `g` (1-based, as in `regions`): the file's id, or `g`."""
        return self.region_names[g - 1] if 0 < g <= len(self.region_names) else str(g)

    def in_grid(self, cell: Cell) -> bool:
        """True for a cell of the grid (not an extra cell's place outside it)."""
        return 1 <= cell[0] <= self.size and 1 <= cell[1] <= self.cols

    def cell_label(self, cell: Cell) -> str:
        """A cell's name in messages: ``r3c4``, or an extra cell's own name (``VA1``)."""
        if self.extra and not self.in_grid(cell):
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
                found.append((f"region {self.region_name(g)} (at {cell_name(cells[0])})", cells))
        return found

    def clues_of(self, kind: str) -> tuple[Clue, ...]:
        """The clues of one rule kind, in file order."""
        return tuple(c for c in self.clues if c.kind == kind)

    def _repr_svg_(self) -> str:
        """Jupyter shows a puzzle as its picture."""
        from asp_sudoku.picture.svg import render_svg

        return render_svg(self)
