"""`ClueContext`: where a clue was read from and the grid it must fit; it turns the raw values of
one clue table into validated integers (cells, digits, extra cells) or a `PuzzleFormatError`
naming the file, the line and the clue."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.core.model import CELL_RE, EXTRA_CELL_RE, Cell
from asp_sudoku.rules.facts import _show


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
    latin: bool = True  # False: rows and columns may repeat digits (a line's sums are not bounded by distinct digits)

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
                    f"extra cell {value!r}: a {self.kind.rsplit(': ', 1)[-1]} clue cannot name extra cells (clues that may: "
                    f"{', '.join(sorted(EXTRA_OK))}, also inside any-of)"
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

    def require_connected_line(self, cells: Sequence[Cell], what: str = "") -> None:
        """Consecutive cells of a line must touch (orthogonally or diagonally); an extra cell,
        outside the grid, may follow or precede any cell.  `what`: the part of the clue the line
        is ("arrow shaft"), when it is not the whole clue (which the error names already)."""
        for (r1, c1), (r2, c2) in zip(cells, cells[1:]):
            if self.is_extra((r1, c1)) or self.is_extra((r2, c2)):
                continue  # an extra cell lies outside the grid: it touches no cell
            if max(abs(r1 - r2), abs(c1 - c2)) != 1:
                raise self.error(
                    f"{what + ': ' if what else ''}r{r1}c{c1} and r{r2}c{c2} are consecutive on the line "
                    "but do not touch"
                )
