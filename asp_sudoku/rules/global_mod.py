"""Global mod 3: every 2x2 square of the grid holds a digit of each remainder modulo 3 (on 1-9:
one of 1, 4, 7, one of 2, 5, 8 and one of 3, 6, 9)."""

from __future__ import annotations

from asp_sudoku.core.model import Puzzle
from asp_sudoku.rules.base import examples
from asp_sudoku.rules.shapes.globals import square_groups_rule


def remainder(puzzle: Puzzle, digit: int) -> int:
    """A digit's group: its remainder modulo 3."""
    return digit % 3


EXAMPLES = examples(('A 6x6 global mod 3 puzzle', 'size = 6\nrules = ["global-mod"]\ngivens = "2.5...\\n......\\n....6.\\n.6....\\n......\\n...5.1"', '215436436215154362362154541623623541 215436436215354162162354521643643521 215436643215354162162354521643436521'), ('No 4x4 grid: 2 and 3 are alone in their remainders, and every 2x2 square would need both', 'size = 4\nrules = ["global-mod"]', ''))


RULE = square_groups_rule("global-mod", remainder, "the three remainders modulo 3", EXAMPLES)
