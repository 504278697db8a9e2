"""Counting circles: a digit in a circle says how many circles (of its set) hold that digit; each
set of circles counts on its own."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from asp_sudoku.core.model import Puzzle
from asp_sudoku.rules.base import ClueKind, OnCells, examples
from asp_sudoku.rules.draw import cell_mark
from asp_sudoku.rules.shapes.cells import cells_parser, member_facts, values_check


@dataclass(frozen=True)
class CountingCircles(OnCells):
    """A set of counting circles (the order of the cells does not matter)."""

    kind = "counting-circles"
    shown = "counting circles {cells}"


def wrong(puzzle: Puzzle, values: list[int]) -> Iterable[str]:
    """A digit in the circles that does not appear as many times as it says."""
    for digit, times in sorted(Counter(values).items()):
        if digit != times:
            yield f" hold {digit} {times} time(s)"


# Any cells, one at least.
parse = cells_parser(CountingCircles, 1)


EXAMPLES = examples(('Five circles: two hold 2 and three hold 3', 'size = 4\ncounting-circles = [{cells = ["r1c1", "r2c2", "r3c3", "r4c4", "r1c4"]}]', '2143432112343412 2413132442313142'), ('Two circles in one row hold different digits: one of them is not 1 and appears once', 'size = 4\ncounting-circles = [{cells = ["r1c1", "r1c2"]}]', ''))


RULE = ClueKind.of(
    CountingCircles, parse, member_facts("countingCircle"),
    check=values_check(CountingCircles, wrong), draw=cell_mark("circle"), examples=EXAMPLES,
    speedups=("counting_totals",),
)
