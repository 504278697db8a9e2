"""Anti-knight: cells a chess knight's move apart hold different digits."""

from __future__ import annotations

from collections.abc import Iterable

from asp_sudoku.core.model import Grid, Puzzle
from asp_sudoku.rules.base import GlobalRule, examples
from asp_sudoku.rules.draw import caption
from asp_sudoku.rules.shapes.globals import pairs_differ


def check(puzzle: Puzzle, grid: Grid) -> Iterable[str]:
    """Every two cells a knight's move apart that hold the same digit."""
    return pairs_differ(grid, [(1, 2), (1, -2), (2, 1), (2, -1)], "anti-knight")


draw = caption("anti-knight: cells a knight's move apart hold different digits")


EXAMPLES = examples(('A 4x4 anti-knight puzzle', 'size = 4\nrules = ["anti-knight"]\ngivens = "....\\n...3\\n...4\\n4..."', '3412214312344321 3421124321344312'), ("r1c1 and r2c3 are a knight's move apart: they cannot both hold 1", 'size = 4\nrules = ["anti-knight"]\ngivens = "1...\\n..1.\\n....\\n...."', ''))


RULE = GlobalRule("anti-knight", "anti_knight.lp.j2", check, draw, EXAMPLES)
