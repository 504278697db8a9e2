"""Maximum cells: a marked cell holds a digit greater than each of its orthogonal neighbours."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from asp_sudoku.core.model import Cell, Grid, Puzzle, cell_name
from asp_sudoku.rules.base import examples
from asp_sudoku.rules.draw import extremum
from asp_sudoku.rules.shapes.cells import CellMark, cell_mark_kind, orthogonal_neighbours


@dataclass(frozen=True)
class Maximum(CellMark):
    """Cells greater than all their orthogonal neighbours."""

    kind = "maximum"


def wrong(puzzle: Puzzle, grid: Grid, cell: Cell) -> Iterable[str]:
    """A neighbour not smaller than the marked cell."""
    for other in orthogonal_neighbours(cell, puzzle.size, puzzle.cols):
        if grid.value(other) >= grid.value(cell):
            yield f"{cell_name(cell)} is marked maximum but its neighbour {cell_name(other)} holds {grid.value(other)}"


EXAMPLES = examples(('Five maximum cells: six solutions', 'size = 4\nmaximum = [{cells = ["r1c1", "r2c2", "r3c3", "r1c4", "r4c1"]}]', '3124241313424231 3124243112434312 3124243113424213 3214142323414132 3214143221434321 3214143223414123'), ('No solution: of two neighbours, both cannot be the greater', 'size = 4\nmaximum = [{cells = ["r2c2", "r3c2"]}]', ''))


# Facts: ``maximumCell(R,C)``: cell (R,C) is greater than its orthogonal neighbours.
RULE = cell_mark_kind(Maximum, "maximumCell", wrong, extremum("\u2191"), EXAMPLES)
