"""Windoku: extra windows, each the size of a box, hold each digit once like the boxes.  The
windows stand one cell in from the top-left corner with one row (column) between them, as
many as fit before the last row (column): on a 9x9 the four 3x3 windows at rows 2-4 and 6-8 and
columns 2-4 and 6-8 (shaded); on a 16x16 nine 4x4 windows; on a 4x4 one 2x2 window in the
middle.  Needs boxes."""

from __future__ import annotations

from collections.abc import Iterator

from asp_sudoku.core.model import Cell, Grid, Puzzle, cell_name
from asp_sudoku.rules.base import GlobalRule, examples
from asp_sudoku.rules.draw import Canvas


def windows(size: int, box: tuple[int, int]) -> list[tuple[Cell, ...]]:
    """The windows of a `size` grid with boxes of (rows, columns) `box`, each as its cells row
    by row, in reading order of their top-left cells (as ISS places them)."""
    h, w = box
    return [
        tuple((r, c) for r in range(top, top + h) for c in range(left, left + w))
        for top in range(2, size - h + 1, h + 1)
        for left in range(2, size - w + 1, w + 1)
    ]


def check(puzzle: Puzzle, grid: Grid) -> Iterator[str]:
    """Every digit a window holds twice."""
    for cells in windows(puzzle.size, puzzle.box or (puzzle.size, puzzle.size)):
        for v in grid.repeats(cells):
            yield f"windoku: the window at {cell_name(cells[0])} holds {v} twice"


def draw(cv: Canvas, puzzle: Puzzle) -> None:
    """The windows, shaded."""
    h, w = puzzle.box or (puzzle.size, puzzle.size)
    for cells in windows(puzzle.size, (h, w)):
        top, left = cells[0]
        cv.add("under", f'<rect x="{cv.x(left)}" y="{cv.y(top)}" width="{w * cv.cell}" height="{h * cv.cell}" fill="#d8e8f8"/>')


EXAMPLES = examples(('A 9x9 windoku', 'size = 9\nrules = ["windoku"]\ngivens = "..134.529\\n4.25.7...\\n56.....37\\n3..4...96\\n12..79...\\n95...3174\\n.187549.3\\n.43962.5.\\n6..83..4."', '871346529432597618569128437387415296124679385956283174218754963743962851695831742'), ('r2c2 and r4c4 are in the same window: they cannot both hold 1', 'size = 9\nrules = ["windoku"]\ngivens = "539.8...2\\n612...3.8\\n8.4....59\\n.26153..4\\n..182.6.3\\n....4952.\\n..39.8..5\\n..8..29.6\\n1953642.7"', ''), ('The one window of a 4x4 (r2c2-r3c3)', 'size = 4\nrules = ["windoku"]\ngivens = "1...\\n..3.\\n....\\n...."', '1324243142133142 1324423121433412 1324423124133142 1324423131422413 1324423134122143 1342243131244213 1342243132144123 1342243141233214 1342243142133124 1342423124133124'), ('r2c2 and r3c3 share the 4x4 window: they cannot both hold 1', 'size = 4\nrules = ["windoku"]\ngivens = "....\\n.1..\\n..1.\\n...."', ''))


RULE = GlobalRule("windoku", "windoku.lp.j2", check, draw, EXAMPLES)
