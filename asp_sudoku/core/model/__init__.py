"""The domain: cells, grids, puzzles and the base class of every clue record.

Everything here is a frozen dataclass holding validated integers.  A `Puzzle` is what every
input format produces and what rendering, solving and checking consume.  Rule-specific clue
records (killer cages, thermometers, ...) live in `asp_sudoku.rules`, one module per rule, and
derive from `Clue`.
"""

from asp_sudoku.core.model.cells import (
    CELL_RE,
    DEFAULT_BOXES,
    EXTRA_CELL_RE,
    EXTRA_NAME_RE,
    MAX_CLUES,
    MAX_EXTRA,
    MAX_SIZE,
    Cell,
    ExtraGroup,
    cell_name,
    extra_cells,
)
from asp_sudoku.core.model.grid import Grid
from asp_sudoku.core.model.puzzle import Clue, Puzzle

__all__ = [
    "CELL_RE",
    "DEFAULT_BOXES",
    "EXTRA_CELL_RE",
    "EXTRA_NAME_RE",
    "MAX_CLUES",
    "MAX_EXTRA",
    "MAX_SIZE",
    "Cell",
    "Clue",
    "ExtraGroup",
    "Grid",
    "Puzzle",
    "cell_name",
    "extra_cells",
]
