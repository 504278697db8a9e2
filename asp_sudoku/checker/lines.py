"""Independent checks (part of `check.py`) for line clues and weighted sums: German whispers,
renban, palindrome, between, region-sum, entropic, slow thermometer, zipper, weighted sum.

Pure Python from the rules as stated; reads only the validated records (and, for region-sum
lines, the puzzle's boxes or regions)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from asp_sudoku.core.model import Cell, Clue, Grid, Puzzle
from asp_sudoku.rules.between import Between
from asp_sudoku.rules.entropic import Entropic
from asp_sudoku.rules.palindrome import Palindrome
from asp_sudoku.rules.region_sum import RegionSum
from asp_sudoku.rules.renban import Renban
from asp_sudoku.rules.slow_thermo import SlowThermo
from asp_sudoku.rules.weighted_sum import WeightedSum
from asp_sudoku.rules.whispers import Whispers
from asp_sudoku.rules.zipper import Zipper

Lined = Whispers | Renban | Palindrome | Between | RegionSum | Entropic | SlowThermo | Zipper | WeightedSum

ClueChecker = Callable[[Puzzle, Grid, Clue], Iterable[str]]


def _values(grid: Grid, clue: Lined) -> list[int]:
    return [grid.value(c) for c in clue.cells]


def _whispers(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    assert isinstance(clue, Whispers)
    values = _values(grid, clue)
    least = clue.difference
    for a, b in zip(values, values[1:]):
        if abs(a - b) < least:
            yield f"{clue.describe()}: neighbours {a} and {b} differ by less than {least}"


def _renban(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    assert isinstance(clue, Renban)
    values = sorted(_values(grid, clue))
    if values != list(range(values[0], values[0] + len(values))):
        yield f"{clue.describe()} holds {values}, not a run of different consecutive digits"


def _palindrome(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    assert isinstance(clue, Palindrome)
    values = _values(grid, clue)
    if values != values[::-1]:
        yield f"{clue.describe()} reads {values}"


def _between(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    assert isinstance(clue, Between)
    values = _values(grid, clue)
    low, high = sorted((values[0], values[-1]))
    for v in values[1:-1]:
        if not low < v < high:
            yield f"{clue.describe()}: {v} is not strictly between {low} and {high}"


def _region(puzzle: Puzzle, cell: Cell) -> tuple[int, int]:
    r, c = cell
    if puzzle.regions is not None:
        return (puzzle.regions[r - 1][c - 1], 0)
    assert puzzle.box is not None
    return ((r - 1) // puzzle.box[0], (c - 1) // puzzle.box[1])


def _region_sum(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    assert isinstance(clue, RegionSum)
    cells = clue.cells
    totals: list[int] = []
    previous = None
    for cell in cells:
        region = _region(puzzle, cell)
        if region != previous:
            totals.append(0)
            previous = region
        totals[-1] += grid.value(cell)
    if len(set(totals)) > 1:
        yield f"{clue.describe()}: its parts in the regions add up to {totals}"


def _entropic(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    assert isinstance(clue, Entropic)
    low, high = puzzle.digits
    third = (high - low + 1) // 3
    values = _values(grid, clue)
    for i in range(len(values) - 2):
        window = values[i : i + 3]
        if len({(v - low) // third for v in window}) != 3:
            yield f"{clue.describe()}: {window} is not one low, one middle and one high digit"


def _slow_thermo(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    assert isinstance(clue, SlowThermo)
    values = _values(grid, clue)
    if any(b < a for a, b in zip(values, values[1:])):
        yield f"{clue.describe()} reads {values}, which decreases"


def _zipper(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    assert isinstance(clue, Zipper)
    values = _values(grid, clue)
    n = len(values)
    sums = {values[i] + values[n - 1 - i] for i in range(n // 2)}
    if n % 2:
        sums.add(values[n // 2])
    if len(sums) > 1:
        yield f"{clue.describe()} reads {values}: the pairs around the middle do not share one total"


def _weighted_sum(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    assert isinstance(clue, WeightedSum)
    values = _values(grid, clue)
    got = sum(w * v for w, v in zip(clue.weights, values))
    if got != clue.total:
        yield f"{clue.describe()}: the weighted digits add up to {got}"
    if clue.distinct and len(set(values)) != len(values):
        yield f"{clue.describe()}: a digit repeats in {values}"


CLUE_CHECKS: dict[str, ClueChecker] = {
    "whispers": _whispers,
    "renban": _renban,
    "palindrome": _palindrome,
    "between": _between,
    "region-sum": _region_sum,
    "entropic": _entropic,
    "slow-thermo": _slow_thermo,
    "zipper": _zipper,
    "weighted-sum": _weighted_sum,
}
