"""Cells and the grid's bounds: a cell as (row, column), cell names, the default box shapes, the
size limits, and the extra cells outside the grid (`ExtraGroup`)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

Cell = tuple[int, int]
"""A cell as (row, column), both 1-based."""

CELL_RE = re.compile(r"^[rR](-?[0-9]{1,9})[cC](-?[0-9]{1,9})$")

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
