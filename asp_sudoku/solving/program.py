"""The program of a puzzle as clingo will see it: `render`'s text, with the puzzle's rules files
checked by clingo's parser first (`asp_sudoku.solving.user_rules`; imported only for a puzzle
that has rules files, start-up time)."""

from __future__ import annotations

from asp_sudoku.core.model import Puzzle
from asp_sudoku.program.render import render, user_rules_text


def program_text(puzzle: Puzzle) -> str:
    """The program text of a puzzle, its user rules files verified (a warning names a predicate
    they use that the rest of the program never names)."""
    if not puzzle.user_rules:
        return render(puzzle).text
    from asp_sudoku.solving.user_rules import verify, warn_unknown_predicates

    verify(puzzle)
    program = render(puzzle)
    own = user_rules_text(puzzle)
    warn_unknown_predicates(puzzle, program.rules.removesuffix(own) + program.facts)
    return program.text
