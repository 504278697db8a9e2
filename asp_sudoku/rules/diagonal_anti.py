"""Diagonal+: the anti-diagonal, from the bottom-left corner to the top-right one (r9c1 to
r1c9 on a 9x9), holds each digit once."""

from __future__ import annotations

from collections.abc import Iterator

from asp_sudoku.core.model import Grid, Puzzle
from asp_sudoku.rules.base import GlobalRule, examples
from asp_sudoku.rules.draw import Canvas


def check(puzzle: Puzzle, grid: Grid) -> Iterator[str]:
    """Every digit the anti-diagonal holds twice."""
    n = puzzle.size
    for v in grid.repeats([(i, n + 1 - i) for i in range(1, n + 1)]):
        yield f"diagonal+: the anti-diagonal holds {v} twice"


def draw(cv: Canvas, puzzle: Puzzle) -> None:
    """A thin blue line from the bottom-left corner to the top-right one."""
    n = puzzle.size
    cv.add("lines", f'<line x1="{cv.x(1)}" y1="{cv.y(n + 1)}" x2="{cv.x(n + 1)}" y2="{cv.y(1)}" stroke="#5b9bd5" stroke-width="1.5"/>')


EXAMPLES = examples(
    ('A 4x4 with the anti-diagonal', 'size = 4\nrules = ["diagonal+"]\ngivens = ".2..\\n....\\n....\\n.3.."', '1243342121344312 3214143241232341 3241413214232314 4213312424311342'),
    ('r4c1 and r1c4 are on the anti-diagonal: they cannot both hold 2', 'size = 4\nrules = ["diagonal+"]\ngivens = "...2\\n....\\n....\\n2..."', ''),
)


RULE = GlobalRule("diagonal+", "diagonal_anti.lp.j2", check, draw, EXAMPLES)
