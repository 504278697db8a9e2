"""Sandwich: a number outside the grid is the sum of the digits that lie between the smallest
and the largest digit (1 and 9 in a 9x9) in its row or column; 0 when those two are neighbours,
or when the line lacks one of them (a grid of more digits than a row has cells, or one whose rows
and columns may repeat digits: there the sum runs from the first of those cells to the last)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from asp_sudoku.core.model import Clue, Grid, Puzzle
from asp_sudoku.rules.base import ClueContext, Outside, examples
from asp_sudoku.rules.shapes.outside import outside_kind


@dataclass(frozen=True)
class Sandwich(Outside):
    """A sandwich clue: where it stands (above or left of the grid), the cells of its line and the sum."""

    kind = "sandwich"


def bounds(ctx: ClueContext) -> tuple[int, int]:
    """A sandwich sum is 0 (the smallest and largest digit touch) up to all the other digits;
    where rows and columns may repeat digits (`latin = false`), up to the largest digit in
    every cell but the two ends."""
    low, high = ctx.digits
    if not ctx.latin:
        return 0, high * max(0, max(ctx.size, ctx.cols) - 2)
    return 0, sum(range(low + 1, high))


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """The digits between the smallest and the largest digit of the line add up to the sum (a
    line without one of them, in a grid of more digits than a row has cells, has no filling:
    its sum is 0)."""
    assert isinstance(clue, Sandwich)
    values = [grid.value(c) for c in clue.cells]
    low, high = puzzle.digits
    crusts = [i for i, v in enumerate(values) if v in (low, high)]
    got = sum(values[crusts[0] + 1 : crusts[-1]]) if low in values and high in values else 0
    if got != clue.number:
        yield f"{clue.describe()}: the digits between {low} and {high} add up to {got}"


EXAMPLES = examples(('Three sandwich sums: twelve solutions', 'size = 4\nsandwich = [{clue = "r1c0", sum = 5}, {clue = "r0c1", sum = 5}, {clue = "r3c0", sum = 0}]', '1234341221434321 1234341223414123 1234342121434312 1324241331424231 1324241332414132 1324243131424213 4231312424131342 4231314223141423 4231314224131324 4321213434121243 4321214332141432 4321214334121234'), ('No solution: between 1 and 4 lie nothing, 2, 3 or both, so the sum is 0, 2, 3 or 5', 'size = 4\nsandwich = [{clue = "r1c0", sum = 4}]', ''))


RULE = outside_kind(Sandwich, "sum", bounds, ("sandwichCell", "sandwichSum"), "{}", check, EXAMPLES, turn=True)
