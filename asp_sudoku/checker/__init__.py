"""The independent checker: does a filled grid satisfy a puzzle?

Pure Python, written from the rules as a puzzle states them.  This frame checks the grid itself
(its digits, the givens, rows, columns, boxes and regions) and asks each rule of the puzzle for
its own checker (`RULE.check` in the rule's module), which reads the rule's record and the grid,
never a fact emitter or a template (tests/rules checks this; the import contracts keep the
program and clingo out of this package).  Every grid the library returns has passed
`violations(puzzle, grid) == []`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from operator import itemgetter
from typing import Any

from asp_sudoku.core.model import Cell, Grid, Puzzle, cell_name
from asp_sudoku.rules import CLUE_KINDS, global_rule


def _units(puzzle: Puzzle) -> list[tuple[str, list[Cell]]]:
    return puzzle.houses()


@cache
def _unit_getters(puzzle: Puzzle) -> tuple[tuple[Callable[[Sequence[int]], Any], int], ...]:
    """For each unit of the puzzle's shape: a function picking its values out of the row-major
    list of a grid, and how many cells it has.  Cached per shape (the key ignores givens)."""
    m = puzzle.cols
    return tuple(
        (itemgetter(*[(r - 1) * m + c - 1 for r, c in cells]), len(cells))
        for _, cells in _units(puzzle)
        if len(cells) > 1
    )


def _basic_holds(puzzle: Puzzle, grid: Grid) -> bool:
    """Fast check that the grid fits: digits, givens, no repeat in a unit (no messages)."""
    n, m = puzzle.size, puzzle.cols
    if grid.size != n or any(len(row) != m for row in grid.rows):
        return False
    flat = [v for row in grid.rows for v in row]
    low, high = puzzle.digits
    if min(flat) < low or max(flat) > high:
        return False
    if any(flat[(r - 1) * m + c - 1] != v for r, c, v in puzzle.givens):
        return False
    getters = _shape_getters(n, puzzle.box, puzzle.digits, puzzle.regions, m, puzzle.latin)
    return all(len(set(get(flat))) == length for get, length in getters)


@cache
def _shape_getters(
    n: int, box: tuple[int, int] | None, digits: tuple[int, int], regions: tuple[tuple[int, ...], ...] | None,
    m: int,
    latin: bool = True,
) -> tuple[tuple[Callable[[Sequence[int]], Any], int], ...]:
    """`_unit_getters` of a shape (`n` rows, `m` columns), cached by the shape's plain fields (no
    Puzzle to build)."""
    return _unit_getters(Puzzle(size=n, cols=m, box=box, digits=digits, regions=regions, latin=latin))


def _basic(puzzle: Puzzle, grid: Grid) -> Iterable[str]:
    n, m = puzzle.size, puzzle.cols
    if _basic_holds(puzzle, grid):
        return
    if grid.size != n or any(len(row) != m for row in grid.rows):
        yield f"grid is not {n}x{m}"
        return
    allowed = set(puzzle.digit_range)
    for r in range(1, n + 1):
        for c in range(1, m + 1):
            if grid.value((r, c)) not in allowed:
                yield f"{cell_name((r, c))} holds {grid.value((r, c))}, not a digit of this grid"
    for r, c, v in puzzle.givens:
        if grid.value((r, c)) != v:
            yield f"{cell_name((r, c))} is given as {v} but holds {grid.value((r, c))}"
    for unit, cells in _units(puzzle):
        for v in grid.repeats(cells):
            yield f"{unit} holds {v} more than once"


def violations(puzzle: Puzzle, grid: Grid) -> list[str]:
    """Every rule the grid breaks, in words; empty when the grid is a solution."""
    found = list(_basic(puzzle, grid))
    if found and (grid.size != puzzle.size or grid.cols != puzzle.cols):
        return found
    for rule in puzzle.rules:
        found += global_rule(rule).check(puzzle, grid)
    places = puzzle.extra_cells()
    if places:
        # Extra cells (outside the grid): each holds one of the digits; messages name them.
        held = dict(grid.extra)
        low, high = puzzle.digits
        missing = [
            f"the extra cell {name} holds no digit {low}-{high}"
            for name, place in places.items()
            if not low <= held.get(place, low - 1) <= high
        ]
        if missing:  # the clues naming them cannot be checked
            return found + missing
    for clue in puzzle.clues:
        found += CLUE_KINDS[clue.kind].check(puzzle, grid, clue)
    if places:
        names = {f"r{r}c{c}": name for name, (r, c) in places.items()}
        found = [re.sub(r"\br\d+c\d+\b", lambda m: names.get(m.group(0), m.group(0)), message) for message in found]
    return found


def is_solution(puzzle: Puzzle, grid: Grid) -> bool:
    """True when the grid satisfies every rule and clue of the puzzle."""
    return not violations(puzzle, grid)
