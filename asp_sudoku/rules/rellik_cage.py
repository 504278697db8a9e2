"""Rellik cages: the digits in a rellik cage are all different, and no one or more of them add up
to its number (a "reverse killer").  With digits from 0, a number of 0 keeps 0 out of the cage."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

from asp_sudoku.core.model import Clue, Grid, Puzzle
from asp_sudoku.rules.base import ClueKind, examples
from asp_sudoku.rules.draw import cage_outline
from asp_sudoku.rules.shapes.cells import SumCells, distinct_sum_parser, sum_cells_facts

if TYPE_CHECKING:
    from asp_sudoku.rules.draw import Canvas


@dataclass(frozen=True)
class RellikCage(SumCells):
    """A rellik cage: its cells and the sum none of its digits may make."""

    kind = "rellik-cage"
    shown = "rellik cage {cells}"


# At least 1 cell(s), different digits; the sum from 1 to that of all the digits (from 0 where 0
# is a digit: no 0 in the cage).
parse = distinct_sum_parser(RellikCage, 1, lambda d: (min(d[0], 1), sum(range(d[0], d[1] + 1))), "rellik cage")


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """A digit twice in the cage, or some of its digits that make its sum."""
    assert isinstance(clue, RellikCage)
    values = [grid.value(c) for c in clue.cells]
    for v in grid.repeats(clue.cells):
        yield f"{clue.describe()} holds {v} twice"
    for k in range(1, len(values) + 1):
        for chosen in combinations(values, k):
            if sum(chosen) == clue.total:
                yield f"{clue.describe()}: {' + '.join(map(str, chosen))} makes {clue.total}"
                return


def draw(cv: Canvas, clue: Clue) -> None:
    """A dashed outline, its forbidden sum as ``≠S`` in the corner."""
    assert isinstance(clue, RellikCage)
    cage_outline(cv, clue.cells, f"\u2260{clue.total}")


EXAMPLES = examples(('Three rellik cages: nothing in them makes 7, 5 or 3', 'size = 4\nrellik-cage = [{cells = ["r1c1", "r1c2", "r2c1"], sum = 7}, {cells = ["r3c3", "r3c4"], sum = 5}, {cells = ["r4c1", "r4c2"], sum = 3}]', '1324241331424231 1324243131424213 1342241331244231 1342243131244213 2134342113424213 2143341213244231 2314142331424231 2341143231244213 3124241313424231 3124243113424213 3142241313244231 3142243113244213'), ('Three digits of a row without 3 hold 1 and 2, which make 3', 'size = 4\nrellik-cage = [{cells = ["r1c1", "r1c2", "r1c3"], sum = 3}]', ''))


RULE = ClueKind.of(
    RellikCage, parse, sum_cells_facts("rellikCell", "rellikSum", "rellikLength"), check=check, draw=draw,
    examples=EXAMPLES,
)
