"""Diagonal-: the main diagonal, from the top-left corner to the bottom-right one (r1c1 to
r9c9 on a 9x9), holds each digit once."""

from __future__ import annotations

from collections.abc import Iterator

from asp_sudoku.core.model import Grid, Puzzle
from asp_sudoku.rules.base import GlobalRule, examples
from asp_sudoku.rules.draw import Canvas


def check(puzzle: Puzzle, grid: Grid) -> Iterator[str]:
    """Every digit the main diagonal holds twice."""
    for v in grid.repeats([(i, i) for i in range(1, puzzle.size + 1)]):
        yield f"diagonal-: the main diagonal holds {v} twice"


def draw(cv: Canvas, puzzle: Puzzle) -> None:
    """A thin blue line from the top-left corner to the bottom-right one."""
    n = puzzle.size
    cv.add("lines", f'<line x1="{cv.x(1)}" y1="{cv.y(1)}" x2="{cv.x(n + 1)}" y2="{cv.y(n + 1)}" stroke="#5b9bd5" stroke-width="1.5"/>')


EXAMPLES = examples(
    ('A 4x4 with the main diagonal', 'size = 4\nrules = ["diagonal-"]\ngivens = "..12\\n....\\n....\\n...."', '3412123421434321 3412214343211234 4312124321343421 4312213434211243'),
    ('r1c1 and r4c4 are on the main diagonal: they cannot both hold 1', 'size = 4\nrules = ["diagonal-"]\ngivens = "1...\\n....\\n....\\n...1"', ''),
)


RULE = GlobalRule("diagonal-", "diagonal_main.lp.j2", check, draw, EXAMPLES)
