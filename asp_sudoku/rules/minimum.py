"""Minimum cells: a marked cell holds a digit smaller than each of its orthogonal neighbours."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from asp_sudoku.core.model import Clue, Grid, Puzzle, cell_name
from asp_sudoku.rules.draw import extremum
from asp_sudoku.rules.shapes import CellMark, cell_mark_kind, orthogonal_neighbours


@dataclass(frozen=True)
class Minimum(CellMark):
    """Cells smaller than all their orthogonal neighbours."""

    kind = "minimum"


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """Each marked cell is smaller than every orthogonal neighbour."""
    assert isinstance(clue, Minimum)
    for cell in clue.cells:
        for other in orthogonal_neighbours(cell, puzzle.size):
            if grid.value(other) <= grid.value(cell):
                yield f"{cell_name(cell)} is marked minimum but its neighbour {cell_name(other)} holds {grid.value(other)}"


EXAMPLES = ()

# Facts: ``minimumCell(R,C)``: cell (R,C) is smaller than its orthogonal neighbours.
RULE = cell_mark_kind(Minimum, "minimum.lp.j2", "minimumCell", check, extremum("\u2193"), EXAMPLES)
