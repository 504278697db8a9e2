"""Windoku: the four 3x3 windows at rows 2-4 and 6-8 and columns 2-4 and 6-8 (shaded) hold
each digit once, like the boxes (9x9 only)."""

from __future__ import annotations

from collections.abc import Iterator

from asp_sudoku.core.model import Cell, Grid, Puzzle, cell_name
from asp_sudoku.rules.base import GlobalRule, examples
from asp_sudoku.rules.draw import Canvas

CORNERS: tuple[Cell, ...] = ((2, 2), (2, 6), (6, 2), (6, 6))
"""The top-left cells of the four windows."""


def check(puzzle: Puzzle, grid: Grid) -> Iterator[str]:
    """Every digit a window holds twice."""
    for top, left in CORNERS:
        cells = [(r, c) for r in range(top, top + 3) for c in range(left, left + 3)]
        for v in grid.repeats(cells):
            yield f"windoku: the window at {cell_name((top, left))} holds {v} twice"


def draw(cv: Canvas, puzzle: Puzzle) -> None:
    """The four windows, shaded."""
    for top, left in CORNERS:
        cv.add("under", f'<rect x="{cv.x(left)}" y="{cv.y(top)}" width="{3 * cv.cell}" height="{3 * cv.cell}" fill="#d8e8f8"/>')


EXAMPLES = examples(('A 9x9 windoku', 'size = 9\nrules = ["windoku"]\ngivens = "..134.529\\n4.25.7...\\n56.....37\\n3..4...96\\n12..79...\\n95...3174\\n.187549.3\\n.43962.5.\\n6..83..4."', '871346529432597618569128437387415296124679385956283174218754963743962851695831742'), ('r2c2 and r4c4 are in the same window: they cannot both hold 1', 'size = 9\nrules = ["windoku"]\ngivens = "539.8...2\\n612...3.8\\n8.4....59\\n.26153..4\\n..182.6.3\\n....4952.\\n..39.8..5\\n..8..29.6\\n1953642.7"', ''))


RULE = GlobalRule("windoku", "windoku.lp.j2", check, draw, EXAMPLES)
