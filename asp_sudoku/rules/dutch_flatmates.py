"""Dutch flatmates: every middle digit (5 on 1-9, 3 on 1-6, 2 on 1-4: the
(N+1)/2-th smallest of the grid's N digits, rounded down)
has the smallest digit (1) directly above it or the largest digit (9) directly below it, or
both."""

from __future__ import annotations

from collections.abc import Iterable

from asp_sudoku.core.model import Grid, Puzzle, cell_name
from asp_sudoku.rules.base import GlobalRule, examples
from asp_sudoku.rules.draw import caption


def middle(puzzle: Puzzle) -> int:
    """The middle digit: the (N+1)/2-th smallest of the N digits, rounded down."""
    return puzzle.digits[0] + (len(puzzle.digit_range) + 1) // 2 - 1


def check(puzzle: Puzzle, grid: Grid) -> Iterable[str]:
    """Every middle digit with neither the smallest digit above it nor the largest below it."""
    low, high = puzzle.digits
    mid, n = middle(puzzle), puzzle.size
    for r in range(1, n + 1):
        for c in range(1, puzzle.cols + 1):
            if grid.value((r, c)) != mid:
                continue
            above = r > 1 and grid.value((r - 1, c)) == low
            below = r < n and grid.value((r + 1, c)) == high
            if not (above or below):
                yield f"dutch-flatmates: the {mid} in {cell_name((r, c))} has no {low} above it and no {high} below it"


draw = caption("dutch-flatmates: every middle digit has the smallest digit above it or the largest below it")


EXAMPLES = examples(('Dutch flatmates on 1-4: every 2 has a 1 above it or a 4 below it', 'size = 4\nrules = ["dutch-flatmates"]\ngivens = "1...\\n....\\n....\\n...."', '1423234141323214 1432231441233241'), ('No solution: the 2 in the top row has nothing above it and a 3 below it', 'size = 4\nrules = ["dutch-flatmates"]\ngivens = ".2..\\n.3..\\n....\\n...."', ''))


RULE = GlobalRule("dutch-flatmates", "dutch_flatmates.lp.j2", check, draw, EXAMPLES)
