"""Disjoint groups: cells in the same position of each box (the top-left cells of all boxes,
and so on) hold different digits.  The grid must have boxes."""

from __future__ import annotations

from collections.abc import Iterator

from asp_sudoku.core.model import Grid, Puzzle
from asp_sudoku.rules.base import GlobalRule, examples
from asp_sudoku.rules.draw import caption


def check(puzzle: Puzzle, grid: Grid) -> Iterator[str]:
    """Every digit a group (one position in every box) holds twice."""
    assert puzzle.box is not None
    h, w = puzzle.box
    for i in range(h):
        for j in range(w):
            cells = [(r, c) for r in range(1 + i, puzzle.size + 1, h) for c in range(1 + j, puzzle.cols + 1, w)]
            for v in grid.repeats(cells):
                yield f"disjoint-groups: position {i + 1},{j + 1} of the boxes holds {v} twice"


draw = caption("disjoint-groups: cells in the same position of each box hold different digits")


EXAMPLES = examples(('A 4x4 disjoint-groups puzzle', 'size = 4\nrules = ["disjoint-groups"]\ngivens = "....\\n.3..\\n.43.\\n3..."', '1243431224313124 2143432114323214 4123231414323241 4123234114323214 4213132424313142 4213134224313124'), ('r1c1 and r3c3 are the top-left cells of their boxes: they cannot both hold 1', 'size = 4\nrules = ["disjoint-groups"]\ngivens = "1...\\n....\\n..1.\\n...."', ''))


RULE = GlobalRule("disjoint-groups", "disjoint_groups.lp.j2", check, draw, EXAMPLES)
