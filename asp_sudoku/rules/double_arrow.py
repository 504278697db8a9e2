"""Double arrows: the digits inside the line (all but its two ends) add up to the sum of the
digits in the two circles at its ends; digits may repeat where sudoku allows."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from asp_sudoku.core.model import Clue, Puzzle
from asp_sudoku.rules.base import ClueKind, OnCells, cells_of, examples
from asp_sudoku.rules.shapes.cells import cells_parser, line_facts, values_check

if TYPE_CHECKING:
    from asp_sudoku.rules.draw import Canvas


@dataclass(frozen=True)
class DoubleArrow(OnCells):
    """A double arrow: a line with a circle at each end."""

    kind = "double-arrow"
    shown = "double arrow {first}-{last}"


def wrong(puzzle: Puzzle, values: list[int]) -> Iterable[str]:
    """Inside digits whose sum is not that of the two ends."""
    ends, inside = values[0] + values[-1], sum(values[1:-1])
    if ends != inside:
        yield f": the ends add up to {ends}, the digits inside to {inside}"


def draw(cv: Canvas, clue: Clue) -> None:
    """A grey line with a circle at each end."""
    cells = cells_of(clue)
    cv.polyline("lines", cells, "#b0b0b0", cv.cell * 0.08)
    for cell in (cells[0], cells[-1]):
        x, y = cv.centre(cell)
        cv.add("lines", f'<circle cx="{x}" cy="{y}" r="{round(cv.cell * 0.36, 2)}" fill="white" stroke="#b0b0b0" stroke-width="2"/>')


EXAMPLES = examples(('Two double arrows: a row and a diagonal', 'size = 4\ndouble-arrow = [{cells = ["r1c1", "r1c2", "r1c3", "r1c4"]}, {cells = ["r2c1", "r3c2", "r4c3"]}]', '3142243113244213 3412123423414123 4231314214232314 4321124334122134'), ('A 1 inside cannot be the sum of two ends', 'size = 4\ngivens = ".1..\\n....\\n....\\n...."\ndouble-arrow = [{cells = ["r1c1", "r1c2", "r2c2"]}]', ''))


RULE = ClueKind.of(
    DoubleArrow, cells_parser(DoubleArrow, 3, shape="line"), line_facts("doubleArrowCell", "doubleArrowLength"),
    check=values_check(DoubleArrow, wrong), draw=draw, examples=EXAMPLES,
)
