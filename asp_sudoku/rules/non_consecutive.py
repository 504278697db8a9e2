"""Non-consecutive: orthogonally adjacent cells never hold consecutive digits (digits that
differ by 1)."""

from __future__ import annotations

from collections.abc import Iterator

from asp_sudoku.core.model import Grid, Puzzle, cell_name
from asp_sudoku.rules.base import GlobalRule, examples
from asp_sudoku.rules.draw import caption
from asp_sudoku.rules.shapes.pairs import neighbour_pairs


def check(puzzle: Puzzle, grid: Grid) -> Iterator[str]:
    """Every two orthogonal neighbours that hold consecutive digits."""
    for first, second in neighbour_pairs(grid.size, grid.cols):
        if abs(grid.value(first) - grid.value(second)) == 1:
            yield f"non-consecutive: {cell_name(first)} and {cell_name(second)} are consecutive"


draw = caption("non-consecutive: orthogonal neighbours never hold consecutive digits")


EXAMPLES = examples(('A 6x6 non-consecutive puzzle', 'size = 6\nrules = ["non-consecutive"]\ngivens = "...4..\\n.....3\\n..2...\\n....6.\\n..3...\\n.....5"', '351426624153462531135264513642246315 531426264153642531315264153642426315'), ('No 4x4 grid is non-consecutive', 'size = 4\nrules = ["non-consecutive"]', ''))


RULE = GlobalRule("non-consecutive", "non_consecutive.lp.j2", check, draw, EXAMPLES)
