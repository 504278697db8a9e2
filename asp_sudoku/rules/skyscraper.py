"""Skyscraper: a clue outside the grid counts the digits visible from it along its row or
column, where each digit is a building of that height and taller buildings hide shorter ones
(on a grid whose rows may repeat digits, `latin = false`, one as tall hides it too).
A 0 (in a grid of digits from 0) is no building: it is never seen, as in ISS."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from asp_sudoku.core.model import Clue, Grid, Puzzle
from asp_sudoku.rules.base import ClueContext, Outside, examples
from asp_sudoku.rules.shapes.outside import outside_kind


@dataclass(frozen=True)
class Skyscraper(Outside):
    """A skyscraper clue: where it stands, the cells it looks along (nearest first), the count."""

    kind = "skyscraper"
    number: int = 1


def bounds(ctx: ClueContext) -> tuple[int, int]:
    """From 1 building seen (the tallest first) to all of them (from shortest to tallest): at most
    the longer side of the grid.  None is seen only from a line of 0s, which a line of one cell
    or a grid whose rows may repeat digits can hold."""
    none = ctx.digits[0] == 0 and (not ctx.latin or min(ctx.size, ctx.cols) == 1)
    return 0 if none else 1, max(ctx.size, ctx.cols)


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """As many digits are seen from the clue as it says, each taller than all before it (and
    than no building at all: a 0 is never seen)."""
    assert isinstance(clue, Skyscraper)
    tallest = 0
    seen = 0
    for v in (grid.value(c) for c in clue.cells):
        if v > tallest:
            seen += 1
            tallest = v
    if seen != clue.number:
        yield f"{clue.describe()}: {seen} buildings are seen"


EXAMPLES = examples(('Three skyscraper clues: three solutions', 'size = 4\nskyscraper = [{clue = "r0c1", count = 4}, {clue = "r0c4", count = 1}, {clue = "r3c5", count = 2}]', '1324241331424231 1324241332414132 1324243131424213'), ('No solution: four buildings seen from the left means 1 2 3 4, which shows one from the right', 'size = 4\nskyscraper = [{clue = "r1c0", count = 4}, {clue = "r1c5", count = 2}]', ''), ('Digits 0-3: a 0 is no building, so row 1 starts 0 3 to show one building', 'size = 4\nvalues = "0-3"\nskyscraper = [{clue = "r0c1", count = 3}, {clue = "r1c0", count = 1}]', '0312120320313120 0312120321303021 0312123021033021 0321120321303012 0321123020133102 0321123021033012'), ('No solution: with digits 0-3 at most three buildings are seen', 'size = 4\nvalues = "0-3"\nskyscraper = [{clue = "r0c2", count = 4}]', ''))


RULE = outside_kind(Skyscraper, "count", bounds, ("skyscraperCell", "skyscraperCount"), "[{}]", check, EXAMPLES)
