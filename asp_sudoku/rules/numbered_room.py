"""Numbered rooms: a clue outside the grid is the digit that stands in the N-th cell seen from it
along its row or column, where N is the first of those digits (counting cells from 1, also in a
grid of digits from 0: a first digit 0 points at no cell)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from asp_sudoku.core.model import Clue, Grid, Puzzle
from asp_sudoku.rules.base import ClueContext, Outside, examples
from asp_sudoku.rules.shapes.outside import outside_kind


@dataclass(frozen=True)
class NumberedRoom(Outside):
    """A numbered-room clue: where it stands, the cells it looks along (nearest first) and the
    digit."""

    kind = "numbered-room"


def bounds(ctx: ClueContext) -> tuple[int, int]:
    """The clue is a digit of the grid."""
    return ctx.digits


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """The N-th digit seen from the clue is its digit, N the first of them."""
    assert isinstance(clue, NumberedRoom)
    values = [grid.value(c) for c in clue.cells]
    first = values[0]
    if not 1 <= first <= len(values) or values[first - 1] != clue.number:
        yield f"{clue.describe()}: the first digit is {first}, the digit in that place is not {clue.number}"


EXAMPLES = examples(('Three numbered rooms', 'size = 4\nnumbered-room = [{clue = "r0c1", digit = 4}, {clue = "r2c0", digit = 1}, {clue = "r5c3", digit = 2}]', '2143432132141432 2143432134121234 3241142343122134 3421123443122143 3421213442131342 3421213443121243'), ('A first digit 1 points at itself, so the clue must be 1', 'size = 4\ngivens = "1...\\n....\\n....\\n...."\nnumbered-room = [{clue = "r1c0", digit = 2}]', ''), ('Digits 0-3: the first digit N still points at the N-th cell', 'size = 4\nvalues = "0-3"\nnumbered-room = [{clue = "r0c1", digit = 3}, {clue = "r1c0", digit = 0}]', '2013310202311320 2013310203211230 2013310212300321 2013310213200231 2013312002311302 2013312013020231 2031310202131320 2031310213200213 2031312002131302 2031312003121203 2031312012030312 2031312013020213'), ('No solution: a first digit 0 points at no cell', 'size = 4\nvalues = "0-3"\ngivens = "0...\\n....\\n....\\n...."\nnumbered-room = [{clue = "r1c0", digit = 1}]', ''))


RULE = outside_kind(NumberedRoom, "digit", bounds, ("numberedRoomCell", "numberedRoomDigit"), ":{}:", check, EXAMPLES)
