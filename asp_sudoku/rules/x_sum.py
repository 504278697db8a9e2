"""X-sum: a clue outside the grid gives the sum of the first X digits seen from it along its row
or column, where X is the first of those digits; the line must have X cells (a first digit past
its length, as a 7 in a column of six cells in a 6x8 grid holding 1-8, breaks the clue, as in ISS)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from asp_sudoku.core.model import Clue, Grid, Puzzle
from asp_sudoku.rules.base import ClueContext, Outside, examples
from asp_sudoku.rules.shapes.outside import outside_kind


@dataclass(frozen=True)
class XSum(Outside):
    """An X-sum clue: where it stands, the cells it looks along (nearest first) and the sum."""

    kind = "x-sum"


def bounds(ctx: ClueContext) -> tuple[int, int]:
    """An X-sum is at most every digit together; where rows and columns may repeat digits
    (`latin = false`), at most X digits of the largest, X no more than a line's cells."""
    low, high = ctx.digits
    if not ctx.latin:
        return 0, high * min(high, max(ctx.size, ctx.cols))
    return 0, sum(range(low, high + 1))


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """The first X digits seen from the clue add up to the sum, X the first of them."""
    assert isinstance(clue, XSum)
    values = [grid.value(c) for c in clue.cells]
    if values[0] > len(values):
        yield f"{clue.describe()}: the first digit {values[0]} is more than the {len(values)} cells it counts"
        return
    got = sum(values[: values[0]])
    if got != clue.number:
        yield f"{clue.describe()}: the first {values[0]} digits add up to {got}"


EXAMPLES = examples(('Three X-sums: two solutions', 'size = 4\n"x-sum" = [{clue = "r0c2", sum = 3}, {clue = "r1c0", sum = 10}, {clue = "r4c5", sum = 6}]', '4213312424311342 4231312424131342'), ('No solution: a first digit 1 gives 1, a first digit 2 at least 3', 'size = 4\n"x-sum" = [{clue = "r0c1", sum = 2}]', ''))


RULE = outside_kind(XSum, "sum", bounds, ("xsumCell", "xsumSum"), "\u27e8{}\u27e9", check, EXAMPLES)
