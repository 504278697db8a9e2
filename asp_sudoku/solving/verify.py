"""Every grid the solver hands out is first checked by the independent checker (`checker/`)."""

from __future__ import annotations

from asp_sudoku.checker import violations
from asp_sudoku.core.errors import InternalCheckError
from asp_sudoku.core.model import Grid, Puzzle

BROKEN = (
    "internal error: the solver's grid breaks the rules ({}); please report this with the puzzle file"
)


def checked(puzzle: Puzzle, grid: Grid) -> Grid:
    """`grid`, once the checker finds that it keeps every rule and clue of `puzzle`; otherwise
    `InternalCheckError` naming the first rule it breaks (a template that allows too much)."""
    bad = violations(puzzle, grid)
    if bad:
        raise InternalCheckError(BROKEN.format(bad[0]))
    return grid
