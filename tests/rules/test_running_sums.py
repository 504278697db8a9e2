"""The bounds the running-sums speed-up cuts totals with (asp_sudoku/rules/running_sums.py) are met
by every grid, and houses make them tight on long lines."""

from __future__ import annotations

import random

import pytest
from grid_enum import grids
from helpers import ROOT

from asp_sudoku.core.model import Puzzle
from asp_sudoku.formats import load
from asp_sudoku.rules.running_sums import _unit_of, digit_bounds, lines, rest_bounds

GRIDS = list(grids(4, (2, 2)))  # every 4x4 sudoku grid (288), by brute force


@pytest.mark.parametrize("seed", range(40))
def test_every_grid_meets_the_bounds(seed: int) -> None:
    rng = random.Random(seed)
    puzzle = Puzzle(size=4, box=(2, 2), digits=(1, 4))
    cells = rng.sample([(r, c) for r in range(1, 5) for c in range(1, 5)], rng.randint(1, 16))
    weights = [rng.choice((1, 1, 1, -1, 10)) for _ in cells]
    line = list(zip(cells, weights))
    least, most = rest_bounds(line, 1, 4, _unit_of(puzzle))
    totals = [sum(w * grid[r - 1][c - 1] for (r, c), w in line) for grid in GRIDS]
    assert len(GRIDS) == 288
    assert least <= min(totals) and max(totals) <= most


def test_whole_houses_are_exact() -> None:
    """A whole row, or a whole box, adds exactly 1+2+3+4: the bounds say so."""
    units = _unit_of(Puzzle(size=4, box=(2, 2), digits=(1, 4)))
    row = [((2, c), 1) for c in range(1, 5)]
    box = [((r, c), 1) for r in (3, 4) for c in (1, 2)]
    assert rest_bounds(row, 1, 4, units) == (10, 10)
    assert rest_bounds(box, 1, 4, units) == (10, 10)
    assert rest_bounds(row + box, 1, 4, units) == (20, 20)


def test_long_sums_shaft_is_split_by_houses() -> None:
    """ISS's "Long sums 3": a 32-cell shaft whose cells, grouped by box, add at least 98 (the
    line's own order, grouping each cell with the cells before it, gave 80)."""
    puzzle = load(str(ROOT / "bench" / "data" / "versus-iss" / "EXAMPLE_LONG_SUMS" / "142.iss"), "iss")
    [(line, target)] = lines(puzzle)
    shaft = [(cell, w) for cell, w in line if w == 1]
    assert len(shaft) == 32 and target == 0
    assert rest_bounds(shaft, 1, 9, _unit_of(puzzle))[0] == 98


@pytest.mark.parametrize("seed", range(60))
def test_every_grid_on_target_keeps_its_digits_within_the_digit_bounds(seed: int) -> None:
    """Each cell's digits left by the line's target (`digit_bounds`) hold every grid whose line
    adds up to the target; the target is taken from a grid, so some grid meets it."""
    rng = random.Random(seed)
    puzzle = Puzzle(size=4, box=(2, 2), digits=(1, 4))
    cells = rng.sample([(r, c) for r in range(1, 5) for c in range(1, 5)], rng.randint(1, 10))
    weights = [rng.choice((1, 1, 1, -1, 10, -10)) for _ in cells]
    line = list(zip(cells, weights))
    total = lambda grid: sum(w * grid[r - 1][c - 1] for (r, c), w in line)  # noqa: E731
    target = total(rng.choice(GRIDS))
    bounds = digit_bounds(line, target, 1, 4, _unit_of(puzzle))
    on_target = [grid for grid in GRIDS if total(grid) == target]
    for (r, c), (lo, hi) in bounds.items():
        assert all(lo <= grid[r - 1][c - 1] <= hi for grid in on_target), ((r, c), lo, hi, line, target)


def test_long_sums_pill_and_shaft_are_pinned() -> None:
    """ISS's "Long sums 1": the pill's two digits make at most 98 and the shaft adds at least 98,
    so the pill is 98 and every group of k shaft cells (by house) holds 1..k."""
    puzzle = load(str(ROOT / "bench" / "data" / "versus-iss" / "EXAMPLE_LONG_SUMS" / "140.iss"), "iss")
    [(line, target)] = lines(puzzle)
    bounds = digit_bounds(line, target, 1, 9, _unit_of(puzzle))
    circle = [cell for cell, w in line if w < 0]
    assert [bounds[cell] for cell in circle] == [(9, 9), (8, 8)]
    shaft = [bounds[cell] for cell, w in line if w == 1]
    assert len(shaft) == 32 and all(lo == 1 for lo, _ in shaft)
    assert sorted(hi for _, hi in shaft).count(1) == 1 and max(hi for _, hi in shaft) == 8


@pytest.mark.parametrize("seed", range(30))
def test_two_arrows_difference_holds_where_both_arrows_hold(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """`shared_shafts`: on every 4x4 grid where two arrows sharing shaft cells both hold, their
    difference line adds up to its target (random circles of one or two cells, random shafts)."""
    from asp_sudoku.rules import running_sums
    from asp_sudoku.rules.arrow import Arrow

    monkeypatch.setattr(running_sums, "SHARED", 1)
    rng = random.Random(seed)
    cells = [(r, c) for r in range(1, 5) for c in range(1, 5)]
    picked = rng.sample(cells, 12)
    common = picked[:3]
    a = Arrow(cells=tuple(common + picked[3:5]), circle=tuple(picked[5 : 5 + rng.randint(1, 2)]))
    b = Arrow(cells=tuple(picked[7:9] + common), circle=tuple(picked[9 : 9 + rng.randint(1, 2)]))
    puzzle = Puzzle(size=4, box=(2, 2), digits=(1, 4), clues=(a, b))
    [(line, target)] = running_sums.shared_shafts(puzzle)

    def holds(arrow: Arrow, grid: tuple[tuple[int, ...], ...]) -> bool:
        circle = int("".join(str(grid[r - 1][c - 1]) for r, c in arrow.circle))
        return circle == sum(grid[r - 1][c - 1] for r, c in arrow.cells)

    both = [grid for grid in GRIDS if holds(a, grid) and holds(b, grid)]
    assert all(sum(w * grid[r - 1][c - 1] for (r, c), w in line) == target for grid in both)
    assert {cell for cell, _ in line} == set(a.circle + b.circle + a.cells + b.cells) - set(common)

