"""All white dots shown (kropki-white-negative): two orthogonal neighbours joined by no Kropki dot
are not consecutive.  A dot of either colour marks its pair (a black dot may join a 1-2 pair), as
f-puzzles' `negative: ["difference"]` means it (Rangsk's solver: a dot of the other colour
overrides the negative); a white dot with another difference marks its pair too."""

from __future__ import annotations

from collections.abc import Iterator

from asp_sudoku.core.model import Grid, Puzzle
from asp_sudoku.rules.base import GlobalRule, examples
from asp_sudoku.rules.draw import caption
from asp_sudoku.rules.shapes.globals import unmarked_pairs

DOTS = ("kropki-white", "kropki-black")
"""A dot of either colour marks its pair."""


def check(puzzle: Puzzle, grid: Grid) -> Iterator[str]:
    """Every pair of neighbours without a dot that is consecutive."""
    yield from unmarked_pairs(
        puzzle, grid, "kropki-white-negative", DOTS, lambda a, b: abs(a - b) == 1, "consecutive"
    )


draw = caption("kropki-white-negative: all white dots are shown")


EXAMPLES = examples(('A 4x4 with all white dots shown', 'size = 4\nrules = ["kropki-white-negative"]\n"kropki-white" = [{cells = ["r1c2", "r1c3"], difference = 1}, {cells = ["r1c2", "r2c2"], difference = 1}, {cells = ["r1c3", "r2c3"], difference = 1}, {cells = ["r2c2", "r2c3"], difference = 1}, {cells = ["r3c1", "r4c1"], difference = 1}, {cells = ["r3c4", "r4c4"], difference = 1}]', '1324423124133142 4231132431422413'), ('Without white dots no 4x4 grid fits: some neighbours are always consecutive', 'size = 4\nrules = ["kropki-white-negative"]', ''), ('A black dot marks its pair too: r1c1 and r1c2 hold 1 and 2, consecutive, under a black dot', 'size = 4\nrules = ["kropki-white-negative"]\n"kropki-white" = [{cells = ["r1c2", "r1c3"], difference = 1}, {cells = ["r1c3", "r1c4"], difference = 1}, {cells = ["r2c1", "r2c2"], difference = 1}, {cells = ["r2c3", "r2c4"], difference = 1}, {cells = ["r3c1", "r3c2"], difference = 1}, {cells = ["r3c3", "r3c4"], difference = 1}, {cells = ["r4c1", "r4c2"], difference = 1}, {cells = ["r4c2", "r4c3"], difference = 1}, {cells = ["r4c3", "r4c4"], difference = 1}, {cells = ["r2c1", "r3c1"], difference = 1}, {cells = ["r2c4", "r3c4"], difference = 1}]\n"kropki-black" = [{cells = ["r1c1", "r1c2"], ratio = 2}]', '1234341221434321'))


RULE = GlobalRule("kropki-white-negative", "kropki_white_negative.lp.j2", check, draw, EXAMPLES)
