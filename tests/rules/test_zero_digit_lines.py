"""Sum lines on grids whose digits start at 0 (``values = "0-3"``): a run of zeros adds nothing,
so a line of zeros makes no segment.  The rule is restated here from docs/rules.md and every grid
is enumerated, sharing nothing with the template or the checker; the solver's set of solutions
must be that set exactly.  Found by a brute-force QA pass: a line whose cells were all 0 passed
for any sum (36 solutions instead of 18 on the first case below), in the template and the checker
alike."""

from __future__ import annotations

import pytest
from grid_enum import grids
from helpers import puzzle_from_toml

from asp_sudoku import checker as check
from asp_sudoku.core.model import Grid
from asp_sudoku.solving.single import solve

Rows = tuple[tuple[int, ...], ...]
Cell = tuple[int, int]


def _splits(values: list[int], total: int) -> bool:
    """Whether the values split, in order, into one or more runs of consecutive values that each
    add up to `total` (every value in exactly one run)."""
    if not values:
        return False
    return any(sum(values[:i]) == total and (i == len(values) or _splits(values[i:], total)) for i in range(1, len(values) + 1))


def _holds(cells: list[Cell], total: int, loop: bool) -> object:
    def holds(rows: Rows) -> bool:
        values = [rows[r - 1][c - 1] for r, c in cells]
        turns = range(len(values)) if loop else range(1)
        return any(_splits(values[i:] + values[:i], total) for i in turns)
    return holds


CASES = [
    (["r2c2", "r3c3"], 6, False),
    (["r1c1", "r1c2", "r1c3"], 3, False),
    (["r1c1", "r2c1", "r2c2"], 1, False),
    (["r1c1", "r1c2", "r2c2", "r2c1"], 3, True),
    (["r3c3", "r3c4", "r4c4"], 2, True),
    (["r2c2", "r3c3"], 3, True),
    (["r2c3", "r3c2"], 5, True),
]


@pytest.mark.parametrize(("cells", "total", "loop"), CASES)
def test_sum_lines_with_zeros(cells: list[str], total: int, loop: bool) -> None:
    quoted = ", ".join(f'"{c}"' for c in cells)
    text = f'size = 4\nbox = "2x2"\nvalues = "0-3"\n[[sum-line]]\ncells = [{quoted}]\nsum = {total}\nloop = {str(loop).lower()}\n'
    puzzle = puzzle_from_toml(text)
    at = [(int(c[1]), int(c[3])) for c in cells]
    expected = {g for g in grids(4, (2, 2), low=0, high=3) if _holds(at, total, loop)(g)}  # type: ignore[operator]
    result = solve(puzzle, limit=None, keep=None)
    assert result.exhausted and {g.rows for g in result.solutions} == expected
    for rows in grids(4, (2, 2), low=0, high=3):  # the checker agrees on every grid
        assert (check.violations(puzzle, Grid(rows)) == []) == (rows in expected)


@pytest.mark.parametrize(("cells", "total"), [(["r1c1", "r1c2"], 0), (["r1c1", "r2c2", "r3c3"], 0), (["r1c1", "r1c2"], 3)])
def test_rellik_cages_of_digits_from_0(cells: list[str], total: int) -> None:
    """No one or more of a rellik cage's digits make its number: a number of 0 keeps 0 out of the
    cage (it was refused as "outside 1..6": a QA pass), and taking nothing never counts."""
    from itertools import combinations

    quoted = ", ".join(f'"{c}"' for c in cells)
    text = f'size = 4\nbox = "2x2"\nvalues = "0-3"\n[[rellik-cage]]\ncells = [{quoted}]\nsum = {total}\n'
    puzzle = puzzle_from_toml(text)
    at = [(int(c[1]), int(c[3])) for c in cells]

    def holds(rows: Rows) -> bool:
        values = [rows[r - 1][c - 1] for r, c in at]
        picks = (chosen for k in range(1, len(values) + 1) for chosen in combinations(values, k))
        return len(set(values)) == len(values) and all(sum(chosen) != total for chosen in picks)

    expected = {g for g in grids(4, (2, 2), low=0, high=3) if holds(g)}
    result = solve(puzzle, limit=None, keep=None)
    assert expected and result.exhausted and {g.rows for g in result.solutions} == expected
    for rows in grids(4, (2, 2), low=0, high=3):  # the checker agrees on every grid
        assert (check.violations(puzzle, Grid(rows)) == []) == (rows in expected)
