"""Hidden skyscraper: a digit outside the grid is the first hidden skyscraper seen from it along
its row or column, where each digit is a building of that height and a building is hidden when
a taller one stands before it (so the buildings before it rise, and it is lower than the last
of them).  Where 0 is a digit, a 0 is a building of height 0, hidden behind any taller one (unlike
a skyscraper clue's count, where a 0 is never seen)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from asp_sudoku.core.model import Clue, Grid, Puzzle
from asp_sudoku.rules.base import ClueContext, Outside, examples
from asp_sudoku.rules.shapes.outside import outside_kind


@dataclass(frozen=True)
class HiddenSkyscraper(Outside):
    """A hidden-skyscraper clue: where it stands, the cells it looks along (nearest first), and
    the digit of the first hidden building."""

    kind = "hidden-skyscraper"


def bounds(ctx: ClueContext) -> tuple[int, int]:
    """Any digit of the grid."""
    return ctx.digits


def first_hidden(values: list[int]) -> int | None:
    """The first value lower than some value before it, or None."""
    tallest = values[0]
    for v in values[1:]:
        if v < tallest:
            return v
        tallest = v
    return None


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """The first building lower than one before it is the clue's digit."""
    assert isinstance(clue, HiddenSkyscraper)
    hidden = first_hidden([grid.value(c) for c in clue.cells])
    if hidden != clue.number:
        yield f"{clue.describe()}: the first hidden building is {hidden if hidden is not None else 'none'}"


EXAMPLES = examples(('Three hidden skyscrapers: eight solutions', 'size = 4\n"hidden-skyscraper" = [{clue = "r0c1", digit = 2}, {clue = "r1c0", digit = 1}, {clue = "r5c4", digit = 3}]', '3142241312344321 3142241313244231 3142243142131324 3142423124131324 3412214312344321 3412214313244231 4123231414323241 4132234114233214'), ('No solution: the tallest building, 4, is never hidden', 'size = 4\n"hidden-skyscraper" = [{clue = "r1c0", digit = 4}]', ''))  # fmt: skip


RULE = outside_kind(
    HiddenSkyscraper,
    "digit",
    bounds,
    ("hiddenSkyscraperCell", "hiddenSkyscraperDigit"),
    "|{}|",
    check,
    EXAMPLES,
)
