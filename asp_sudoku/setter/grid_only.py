"""Tools that work on the grid alone refuse a puzzle with extra cells (cells outside the grid):
`minimize` and `explain` here, `steps` and `rate` on the command line.  One check, one message."""

from __future__ import annotations

from asp_sudoku.core.errors import PuzzleRefusedError
from asp_sudoku.core.model import Puzzle


def refuse_extra_cells(puzzle: Puzzle, tool: str) -> None:
    """Raise PuzzleRefusedError naming the puzzle's file (when it has one), `tool` and one of its
    extra cells, when it has any."""
    if puzzle.extra:
        example = next(iter(puzzle.extra_cells()))
        where = f"{puzzle.label}: " if puzzle.label else ""
        raise PuzzleRefusedError(f"{where}{tool} does not handle extra cells (cells outside the grid, like {example}) yet")
