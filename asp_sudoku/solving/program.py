"""The program of a puzzle as clingo will see it: `render`'s text, with the puzzle's rules files
checked by clingo's parser first (`asp_sudoku.solving.user_rules`; imported only for a puzzle
that has rules files, start-up time)."""

from __future__ import annotations

from asp_sudoku.core.model import Puzzle
from asp_sudoku.program.render import render


def program_text(puzzle: Puzzle) -> str:
    """The program text of a puzzle, its user rules files verified."""
    if puzzle.user_rules:
        from asp_sudoku.solving.user_rules import verify

        verify(puzzle)
    return render(puzzle).text
