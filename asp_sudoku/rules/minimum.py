"""Minimum cells: a marked cell holds a digit smaller than each of its orthogonal neighbours."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from asp_sudoku.core.model import Cell, Grid, Puzzle, cell_name
from asp_sudoku.rules.base import examples
from asp_sudoku.rules.draw import extremum
from asp_sudoku.rules.shapes.cells import CellMark, cell_mark_kind, orthogonal_neighbours


@dataclass(frozen=True)
class Minimum(CellMark):
    """Cells smaller than all their orthogonal neighbours."""

    kind = "minimum"


def wrong(puzzle: Puzzle, grid: Grid, cell: Cell) -> Iterable[str]:
    """A neighbour not greater than the marked cell."""
    for other in orthogonal_neighbours(cell, puzzle.size, puzzle.cols):
        if grid.value(other) <= grid.value(cell):
            yield f"{cell_name(cell)} is marked minimum but its neighbour {cell_name(other)} holds {grid.value(other)}"


EXAMPLES = examples(('Five minimum cells: six solutions', 'size = 4\nminimum = [{cells = ["r1c1", "r2c2", "r3c3", "r1c4", "r4c1"]}]', '2341412332141432 2341412334121234 2341413232141423 2431312442131342 2431312443121243 2431314242131324'), ('No solution: of two neighbours, both cannot be the smaller', 'size = 4\nminimum = [{cells = ["r2c2", "r2c3"]}]', ''))


# Facts: ``minimumCell(R,C)``: cell (R,C) is smaller than its orthogonal neighbours.
RULE = cell_mark_kind(Minimum, "minimumCell", wrong, extremum("\u2193"), EXAMPLES)
