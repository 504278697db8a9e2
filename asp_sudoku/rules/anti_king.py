"""Anti-king: cells a king's move apart (diagonal touches included) hold different digits."""

from __future__ import annotations

from collections.abc import Iterable

from asp_sudoku.core.model import Grid, Puzzle
from asp_sudoku.rules.base import GlobalRule, examples
from asp_sudoku.rules.draw import caption
from asp_sudoku.rules.shapes.globals import pairs_differ


def check(puzzle: Puzzle, grid: Grid) -> Iterable[str]:
    """Every two cells a king's move apart that hold the same digit."""
    return pairs_differ(grid, [(0, 1), (1, -1), (1, 0), (1, 1)], "anti-king")


draw = caption("anti-king: cells a king's move apart hold different digits")


EXAMPLES = examples(('A 6x6 anti-king puzzle', 'size = 6\nrules = ["anti-king"]\ngivens = "..5...\\n......\\n......\\n.3..5.\\n...1..\\n4...2."', '125463346215651342234651562134413526 145362326415651234234651562143413526 145362362415251634634251526143413526 145632362415251364634251526143413526'), ('No 4x4 grid is anti-king', 'size = 4\nrules = ["anti-king"]', ''))


RULE = GlobalRule("anti-king", "anti_king.lp.j2", check, draw, EXAMPLES)
