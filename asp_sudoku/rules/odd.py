"""Odd cells: a grey circle marks a cell that holds an odd digit."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from asp_sudoku.core.model import Cell, Grid, Puzzle, cell_name
from asp_sudoku.rules.base import examples
from asp_sudoku.rules.draw import cell_mark
from asp_sudoku.rules.shapes.cells import CellMark, cell_mark_kind


@dataclass(frozen=True)
class Odd(CellMark):
    """Cells that hold odd digits."""

    kind = "odd"


def wrong(puzzle: Puzzle, grid: Grid, cell: Cell) -> Iterable[str]:
    """A marked cell holding an even digit."""
    if grid.value(cell) % 2 == 0:
        yield f"{cell_name(cell)} is marked odd but holds {grid.value(cell)}"


EXAMPLES = examples(('Six odd cells: four solutions', 'size = 4\nodd = [{cells = ["r1c1", "r1c2", "r2c3", "r3c2", "r3c4", "r4c1"]}]', '1324423121433412 1342243141233214 3124421323411432 3142241343211234'), ('No solution: a box of 1 to 4 has only two odd digits', 'size = 4\nodd = [{cells = ["r1c1", "r1c2", "r2c1"]}]', ''))


# Facts: ``oddCell(R,C)``: cell (R,C) holds an odd digit.
RULE = cell_mark_kind(Odd, "oddCell", wrong, cell_mark("circle"), EXAMPLES)
