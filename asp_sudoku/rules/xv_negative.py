"""All X and V shown (xv-negative): two orthogonal neighbours joined by no X or V do not add
up to 10 or to 5."""

from __future__ import annotations

from collections.abc import Iterator

from asp_sudoku.core.model import Grid, Puzzle
from asp_sudoku.rules.base import GlobalRule, examples
from asp_sudoku.rules.draw import caption
from asp_sudoku.rules.shapes.globals import unmarked_pairs


def check(puzzle: Puzzle, grid: Grid) -> Iterator[str]:
    """Every pair of neighbours without an X or V that adds up to 10 or 5."""
    yield from unmarked_pairs(puzzle, grid, "xv-negative", ("xv",), lambda a, b: a + b == 10, "sum 10")
    yield from unmarked_pairs(puzzle, grid, "xv-negative", ("xv",), lambda a, b: a + b == 5, "sum 5")


draw = caption("xv-negative: all X and V are shown")


EXAMPLES = examples(('A 4x4 with all X and V shown', 'size = 4\nrules = ["xv-negative"]\nxv = [{cells = ["r1c2", "r1c3"], value = "V"}, {cells = ["r2c2", "r2c3"], value = "V"}, {cells = ["r3c2", "r3c3"], value = "V"}, {cells = ["r4c2", "r4c3"], value = "V"}]', '1234341243212143 1324241342313142 2143432134121234 2413132431424231 3142423124131324 3412123421434321 4231314213242413 4321214312343412'), ('r1c1 and r1c2 add up to 5 but no V joins them', 'size = 4\nrules = ["xv-negative"]\ngivens = "14..\\n....\\n....\\n...."', ''))


RULE = GlobalRule("xv-negative", "xv_negative.lp.j2", check, draw, EXAMPLES)
