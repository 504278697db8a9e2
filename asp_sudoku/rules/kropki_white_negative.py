"""All white dots shown (kropki-white-negative): two orthogonal neighbours joined by no white
Kropki dot are not consecutive.  A white dot with another difference still marks its pair."""

from __future__ import annotations

from collections.abc import Iterator

from asp_sudoku.core.model import Grid, Puzzle
from asp_sudoku.rules.base import GlobalRule, examples
from asp_sudoku.rules.draw import caption
from asp_sudoku.rules.shapes.globals import unmarked_pairs


def check(puzzle: Puzzle, grid: Grid) -> Iterator[str]:
    """Every pair of neighbours without a white dot that is consecutive."""
    yield from unmarked_pairs(
        puzzle, grid, "kropki-white-negative", ("kropki-white",), lambda a, b: abs(a - b) == 1, "consecutive"
    )


draw = caption("kropki-white-negative: all white dots are shown")


EXAMPLES = examples(('A 4x4 with all white dots shown', 'size = 4\nrules = ["kropki-white-negative"]\n"kropki-white" = [{cells = ["r1c2", "r1c3"], difference = 1}, {cells = ["r1c2", "r2c2"], difference = 1}, {cells = ["r1c3", "r2c3"], difference = 1}, {cells = ["r2c2", "r2c3"], difference = 1}, {cells = ["r3c1", "r4c1"], difference = 1}, {cells = ["r3c4", "r4c4"], difference = 1}]', '1324423124133142 4231132431422413'), ('Without white dots no 4x4 grid fits: some neighbours are always consecutive', 'size = 4\nrules = ["kropki-white-negative"]', ''))


RULE = GlobalRule("kropki-white-negative", "kropki_white_negative.lp.j2", check, draw, EXAMPLES)
