"""All dots shown (kropki-negative): two orthogonal neighbours joined by no Kropki dot (white
or black) are neither consecutive nor in a 1:2 ratio, nor in the ratio of any black dot the
puzzle shows (as Rangsk's solvers read f-puzzles' negative ratio).  A dot with another
difference or ratio still marks its pair as dotted; a white dot's other difference is not
locked out (f-puzzles' negative difference is its nonconsecutive)."""

from __future__ import annotations

from collections.abc import Iterator

from asp_sudoku.core.model import Grid, Puzzle
from asp_sudoku.rules.base import GlobalRule, examples
from asp_sudoku.rules.draw import caption
from asp_sudoku.rules.kropki_black_negative import in_ratio, ratios
from asp_sudoku.rules.shapes.globals import unmarked_pairs

KINDS = ("kropki-white", "kropki-black")


def check(puzzle: Puzzle, grid: Grid) -> Iterator[str]:
    """Every undotted pair of neighbours that is consecutive, or in a 1:2 ratio or a black dot's."""
    yield from unmarked_pairs(puzzle, grid, "kropki-negative", KINDS, lambda a, b: abs(a - b) == 1, "consecutive")
    for q in ratios(puzzle):
        yield from unmarked_pairs(
            puzzle, grid, "kropki-negative", KINDS, in_ratio(q), f"ratio 1:{q}"
        )


draw = caption("kropki-negative: all dots are shown")


EXAMPLES = examples(('A 4x4 with all dots shown', 'size = 4\nrules = ["kropki-negative"]\n"kropki-white" = [{cells = ["r1c2", "r1c3"], difference = 1}, {cells = ["r1c2", "r2c2"], difference = 1}, {cells = ["r1c3", "r2c3"], difference = 1}, {cells = ["r2c2", "r2c3"], difference = 1}, {cells = ["r3c1", "r4c1"], difference = 1}, {cells = ["r3c4", "r4c4"], difference = 1}]\n"kropki-black" = [{cells = ["r1c3", "r1c4"], ratio = 2}, {cells = ["r2c1", "r2c2"], ratio = 2}, {cells = ["r2c1", "r3c1"], ratio = 2}, {cells = ["r2c2", "r3c2"], ratio = 2}, {cells = ["r3c1", "r3c2"], ratio = 2}, {cells = ["r4c3", "r4c4"], ratio = 2}]', '1324423124133142'), ('Without dots no 4x4 grid fits: some neighbours are always consecutive or 1:2', 'size = 4\nrules = ["kropki-negative"]', ''))


RULE = GlobalRule("kropki-negative", "kropki_negative.lp.j2", check, draw, EXAMPLES)
