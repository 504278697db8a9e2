"""A filled grid (`Grid`): its rows of values and the values of the puzzle's extra cells."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from asp_sudoku.core.model.cells import DEFAULT_BOXES, Cell, cell_name


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
        from asp_sudoku.core.model.puzzle import Puzzle
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
        """Cells where two grids of one shape differ, row-major (ValueError for grids of two
        shapes: no cell-by-cell answer says how they differ)."""
        if (self.size, self.cols) != (other.size, other.cols):
            raise ValueError(f"grids of two shapes ({self.size}x{self.cols} and {other.size}x{other.cols}) have no cell-by-cell difference")
        return [
            (r + 1, c + 1)
            for r in range(self.size)
            for c in range(self.cols)
            if self.rows[r][c] != other.rows[r][c]
        ]
