"""Windoku: the four 3x3 windows at rows 2-4 and 6-8 and columns 2-4 and 6-8 (shaded) hold
each digit once, like the boxes (9x9 only)."""

from __future__ import annotations

from collections.abc import Iterator

from asp_sudoku.core.model import Cell, Grid, Puzzle, cell_name
from asp_sudoku.rules.base import Example, GlobalRule
from asp_sudoku.rules.draw import Canvas
from asp_sudoku.rules.shapes import repeats

CORNERS: tuple[Cell, ...] = ((2, 2), (2, 6), (6, 2), (6, 6))
"""The top-left cells of the four windows."""


def check(puzzle: Puzzle, grid: Grid) -> Iterator[str]:
    """Every digit a window holds twice."""
    for top, left in CORNERS:
        cells = [(r, c) for r in range(top, top + 3) for c in range(left, left + 3)]
        for v in repeats(grid, cells):
            yield f"windoku: the window at {cell_name((top, left))} holds {v} twice"


def draw(cv: Canvas, puzzle: Puzzle) -> None:
    """The four windows, shaded."""
    for top, left in CORNERS:
        cv.add("under", f'<rect x="{cv.x(left)}" y="{cv.y(top)}" width="{3 * cv.cell}" height="{3 * cv.cell}" fill="#d8e8f8"/>')


EXAMPLES: tuple[Example, ...] = (
    Example(
        'A 9x9 windoku',
        '''\
size = 9
rules = ["windoku"]
givens = """
. . 1 3 4 . 5 2 9
4 . 2 5 . 7 . . .
5 6 . . . . . 3 7
3 . . 4 . . . 9 6
1 2 . . 7 9 . . .
9 5 . . . 3 1 7 4
. 1 8 7 5 4 9 . 3
. 4 3 9 6 2 . 5 .
6 . . 8 3 . . 4 .
"""
''',
        (
            "871346529432597618569128437387415296124679385956283174218754963743962851695831742",
        ),
    ),
    Example(
        'r2c2 and r4c4 are in the same window: they cannot both hold 1',
        '''\
size = 9
rules = ["windoku"]
givens = """
5 3 9 . 8 . . . 2
6 1 2 . . . 3 . 8
8 . 4 . . . . 5 9
. 2 6 1 5 3 . . 4
. . 1 8 2 . 6 . 3
. . . . 4 9 5 2 .
. . 3 9 . 8 . . 5
. . 8 . . 2 9 . 6
1 9 5 3 6 4 2 . 7
"""
''',
        (),
    ),
)

RULE = GlobalRule("windoku", "windoku.lp.j2", check, draw, EXAMPLES)
