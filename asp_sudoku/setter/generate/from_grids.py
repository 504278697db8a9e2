"""Puzzles from every solution grid (the rules allow at most `EXACT_GRIDS`): one grid picked, and
the fewest givens that single it out, found by an optimising ASP program."""

from __future__ import annotations

import dataclasses
import random

from asp_sudoku.core.errors import AspSudokuError
from asp_sudoku.core.model import Grid, Puzzle
from asp_sudoku.setter.generate.shape import Given, Made, cells_of, no_grid
from asp_sudoku.solving.setter import fewest_givens


def from_all_grids(
    base: Puzzle,
    grids: tuple[Grid, ...],
    rng: random.Random,
    target: int | None,
    attempts: int,
    deadline: float | None,
) -> Made:
    if not grids:
        raise AspSudokuError(no_grid(base))
    order = list(range(len(grids)))
    rng.shuffle(order)
    best: tuple[tuple[Given, ...], Grid, bool] | None = None
    tries = 0
    for k in order[: max(1, attempts)]:
        tries += 1
        found = fewest_givens(grids, cells_of(grids[k]), deadline=deadline)
        assert found is not None  # the grid's own cells always single it out
        picks, optimal = found
        if best is None or len(picks) < len(best[0]):
            best = (picks, grids[k], optimal)
        if target is None or len(picks) <= target:
            break
    assert best is not None
    picks, grid, optimal = best
    minimal = True
    if target is not None and len(picks) < target:
        rest = [g for g in cells_of(grid) if g not in picks]
        picks = tuple(sorted(picks + tuple(rng.sample(rest, min(len(rest), target - len(picks))))))
        minimal = False
    method = "the fewest givens for a grid picked from all grids" + (
        "" if optimal else " (not proved: time limit)"
    ) + ("" if minimal else f" ({len(best[0])}), then givens added at random up to the asked number")
    return (
        dataclasses.replace(base, givens=tuple(sorted(picks))),
        grid,
        method,
        minimal,
        optimal and minimal,
        1 + tries,
        0,
    )
