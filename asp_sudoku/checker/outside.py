"""Independent checks (part of `check.py`) for clues outside the grid: sandwich, X-sum and
skyscraper.  Pure Python from the rules as stated; reads only the validated records."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from asp_sudoku.core.model import Clue, Grid, Puzzle
from asp_sudoku.rules.sandwich import Sandwich
from asp_sudoku.rules.skyscraper import Skyscraper
from asp_sudoku.rules.x_sum import XSum

ClueChecker = Callable[[Puzzle, Grid, Clue], Iterable[str]]


def _seen(grid: Grid, clue: Sandwich | XSum | Skyscraper) -> list[int]:
    """The digits along the clue's line, nearest the clue first."""
    return [grid.value(c) for c in clue.cells]


def _sandwich(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    assert isinstance(clue, Sandwich)
    values = _seen(grid, clue)
    low, high = puzzle.digits
    a, b = sorted((values.index(low), values.index(high)))
    got = sum(values[a + 1 : b])
    if got != clue.total:
        yield f"{clue.describe()}: the digits between {low} and {high} add up to {got}"


def _x_sum(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    assert isinstance(clue, XSum)
    values = _seen(grid, clue)
    got = sum(values[: values[0]])
    if got != clue.total:
        yield f"{clue.describe()}: the first {values[0]} digits add up to {got}"


def _skyscraper(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    assert isinstance(clue, Skyscraper)
    tallest = None
    seen = 0
    for v in _seen(grid, clue):
        if tallest is None or v > tallest:
            seen += 1
            tallest = v
    if seen != clue.count:
        yield f"{clue.describe()}: {seen} buildings are seen"


CLUE_CHECKS: dict[str, ClueChecker] = {
    "sandwich": _sandwich,
    "x-sum": _x_sum,
    "skyscraper": _skyscraper,
}
