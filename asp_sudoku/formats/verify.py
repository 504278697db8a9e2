"""The check of a `Puzzle` built in code: read back as a file is read, so that what a reader
refuses (a cage on a cell outside the grid, a rule that needs a square grid, an unknown rule,
a region of the wrong size) is refused before any search or logical path."""

from __future__ import annotations

import dataclasses

from asp_sudoku.core.errors import AspSudokuError
from asp_sudoku.core.errors import PuzzleFormatError as FormatError
from asp_sudoku.core.model import Puzzle


def verify_built(puzzle: Puzzle) -> None:
    """An AspSudokuError "invalid Puzzle: ..." for a Puzzle built in code that its TOML, read
    back, does not give (a cage outside a 4x4 was answered "unsatisfiable" by the solver, and a
    KeyError deep inside by the logical path)."""
    from asp_sudoku.formats import parse_one
    from asp_sudoku.formats.toml.writer import to_toml

    try:
        parse_one(to_toml(dataclasses.replace(puzzle, user_rules=())), "<Puzzle>", "toml")
    except FormatError as exc:
        raise AspSudokuError(f"invalid Puzzle: {exc.message}") from None
    except AspSudokuError as exc:
        raise AspSudokuError(f"invalid Puzzle: {exc}") from None
