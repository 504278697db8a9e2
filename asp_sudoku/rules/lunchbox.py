"""Lunchboxes: the digits in a lunchbox are all different, and those sandwiched between its
smallest and its largest digit (in the order of its cells) add up to its sum."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from asp_sudoku.core.model import Clue, Grid, Puzzle
from asp_sudoku.rules.base import ClueKind, examples
from asp_sudoku.rules.shapes.cells import (
    SumCells,
    corner_number,
    distinct_sum_parser,
    sum_cells_facts,
)

if TYPE_CHECKING:
    from asp_sudoku.rules.draw import Canvas


@dataclass(frozen=True)
class Lunchbox(SumCells):
    """A lunchbox: its cells in order and the sum between its smallest and largest digit."""

    kind = "lunchbox"
    shown = "lunchbox from {first}"


# At least 2 cells, different digits; the sum at most that of the digits between the smallest and the largest.
parse = distinct_sum_parser(Lunchbox, 2, lambda d: (0, sum(range(d[0] + 1, d[1]))), "lunchbox")


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """A digit twice in the lunchbox, or a sandwiched sum other than its own."""
    assert isinstance(clue, Lunchbox)
    values = [grid.value(c) for c in clue.cells]
    for v in grid.repeats(clue.cells):
        yield f"{clue.describe()} holds {v} twice"
    a, b = sorted((values.index(min(values)), values.index(max(values))))
    got = sum(values[a + 1 : b])
    if got != clue.total:
        yield f"{clue.describe()} reads {values}: between its smallest and largest digit is {got}, not {clue.total}"


def draw(cv: Canvas, clue: Clue) -> None:
    """The cells shaded grey, the sum in the first cell's corner."""
    assert isinstance(clue, Lunchbox)
    for r, c in clue.cells:
        cv.add("under", f'<rect x="{cv.x(c)}" y="{cv.y(r)}" width="{cv.cell}" height="{cv.cell}" fill="#e2e2e2"/>')
    corner_number(cv, clue.cells[0], str(clue.total))


EXAMPLES = examples(('Three lunchboxes: 3 between the ends, and two whose ends touch', 'size = 4\ngivens = "....\\n..1.\\n....\\n...."\nlunchbox = [{cells = ["r1c1", "r1c2", "r2c2"], sum = 3}, {cells = ["r4c1", "r4c2", "r4c3"], sum = 0}, {cells = ["r3c4", "r2c4"], sum = 0}]', '1324241331424231 1324241332414132 1324241341323241 1324241342313142 1342241331244231 1342241342313124'), ('Three cells cannot put 1 between their smallest and largest digit', 'size = 4\nlunchbox = [{cells = ["r1c1", "r1c2", "r2c2"], sum = 1}]', ''))


RULE = ClueKind.of(Lunchbox, parse, sum_cells_facts("lunchboxCell", "lunchboxSum"), check=check, draw=draw, examples=EXAMPLES)
