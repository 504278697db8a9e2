"""Even cells: a grey square marks a cell that holds an even digit (0 counts as even)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from asp_sudoku.core.model import Cell, Grid, Puzzle, cell_name
from asp_sudoku.rules.base import examples
from asp_sudoku.rules.draw import cell_mark
from asp_sudoku.rules.shapes.cells import CellMark, cell_mark_kind


@dataclass(frozen=True)
class Even(CellMark):
    """Cells that hold even digits."""

    kind = "even"


def wrong(puzzle: Puzzle, grid: Grid, cell: Cell) -> Iterable[str]:
    """A marked cell holding an odd digit."""
    if grid.value(cell) % 2:
        yield f"{cell_name(cell)} is marked even but holds {grid.value(cell)}"


EXAMPLES = examples(('Six even cells: four solutions', 'size = 4\neven = [{cells = ["r1c1", "r1c2", "r2c3", "r3c2", "r3c4", "r4c1"]}]', '2413314212344321 2431134232144123 4213312414322341 4231132434122143'), ('No solution: a row of 1 to 4 has only two even digits', 'size = 4\neven = [{cells = ["r1c1", "r1c2", "r1c3"]}]', ''))


# Facts: ``evenCell(R,C)``: cell (R,C) holds an even digit.
RULE = cell_mark_kind(Even, "evenCell", wrong, cell_mark("square"), EXAMPLES)
