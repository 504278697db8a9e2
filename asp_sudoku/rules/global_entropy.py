"""Global entropy: every 2x2 square of the grid holds a low, a middle and a high digit, the
digits being split in thirds (1-3, 4-6, 7-9 on 1-9; 1-2, 3-4, 5-6 on 1-6), so the grid's number
of digits must be divisible by 3."""

from __future__ import annotations

from asp_sudoku.core.model import Puzzle
from asp_sudoku.rules.base import examples
from asp_sudoku.rules.shapes.globals import square_groups_rule


def third(puzzle: Puzzle, digit: int) -> int:
    """A digit's group: 0 low, 1 middle, 2 high."""
    low, high = puzzle.digits
    return (digit - low) // ((high - low + 1) // 3)


EXAMPLES = examples(('A 6x6 global entropy puzzle', 'size = 6\nrules = ["global-entropy"]\ngivens = "13....\\n......\\n..1...\\n....5.\\n......\\n5....."', '135264624531351426246153462315513642 135462624135351624246351462513513246'), ('The puzzle above with a 6 given in r1c3 (both its solutions have a 5 there): no solution', 'size = 6\nrules = ["global-entropy"]\ngivens = "136...\\n......\\n..1...\\n....5.\\n......\\n5....."', ''))


RULE = square_groups_rule("global-entropy", third, "the low, middle and high thirds of the digits", EXAMPLES)
