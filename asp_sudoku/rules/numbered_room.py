"""Numbered rooms: a clue outside the grid is the digit that stands in the N-th cell seen from it
along its row or column, where N is the first of those digits."""

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


EXAMPLES = examples(('Three numbered rooms', 'size = 4\nnumbered-room = [{clue = "r0c1", digit = 4}, {clue = "r2c0", digit = 1}, {clue = "r5c3", digit = 2}]', '2143432132141432 2143432134121234 3241142343122134 3421123443122143 3421213442131342 3421213443121243'), ('A first digit 1 points at itself, so the clue must be 1', 'size = 4\ngivens = "1...\\n....\\n....\\n...."\nnumbered-room = [{clue = "r1c0", digit = 2}]', ''))


RULE = outside_kind(NumberedRoom, "digit", bounds, ("numberedRoomCell", "numberedRoomDigit"), ":{}:", check, EXAMPLES)
