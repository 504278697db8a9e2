"""Diagonal-: the main diagonal, from the top-left corner to the bottom-right one (r1c1 to
r9c9 on a 9x9), holds each digit once."""

from __future__ import annotations

from asp_sudoku.rules.base import examples
from asp_sudoku.rules.shapes.globals import diagonal_rule

EXAMPLES = examples(('A 4x4 with the main diagonal', 'size = 4\nrules = ["diagonal-"]\ngivens = "..12\\n....\\n....\\n...."', '3412123421434321 3412214343211234 4312124321343421 4312213434211243'), ('r1c1 and r4c4 are on the main diagonal: they cannot both hold 1', 'size = 4\nrules = ["diagonal-"]\ngivens = "1...\\n....\\n....\\n...1"', ''))


RULE = diagonal_rule("diagonal-", False, EXAMPLES)
