"""Diagonal+: the anti-diagonal, from the bottom-left corner to the top-right one (r9c1 to
r1c9 on a 9x9), holds each digit once."""

from __future__ import annotations

from asp_sudoku.rules.base import examples
from asp_sudoku.rules.shapes.globals import diagonal_rule

EXAMPLES = examples(('A 4x4 with the anti-diagonal', 'size = 4\nrules = ["diagonal+"]\ngivens = ".2..\\n....\\n....\\n.3.."', '1243342121344312 3214143241232341 3241413214232314 4213312424311342'), ('r4c1 and r1c4 are on the anti-diagonal: they cannot both hold 2', 'size = 4\nrules = ["diagonal+"]\ngivens = "...2\\n....\\n....\\n2..."', ''))


RULE = diagonal_rule("diagonal+", True, EXAMPLES)
