"""Tools that work on the grid alone refuse a puzzle with extra cells (cells outside the grid):
`minimize` and `explain` here, `steps` and `rate` on the command line.  One check, one message."""

from __future__ import annotations

from asp_sudoku.core.errors import AspSudokuError
from asp_sudoku.core.model import Puzzle


def refuse_extra_cells(puzzle: Puzzle, tool: str) -> None:
    """Raise AspSudokuError naming `tool` and one of the puzzle's extra cells, when it has any."""
    if puzzle.extra:
        example = next(iter(puzzle.extra_cells()))
        raise AspSudokuError(f"{tool} does not handle extra cells (cells outside the grid, like {example}) yet")
