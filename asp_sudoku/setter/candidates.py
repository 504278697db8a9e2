"""True candidates: the digits each cell takes in at least one solution, the cells fixed in all.

Computed as clingo's brave and cautious consequences (one enumeration mode each, no solution
listed), cross-checked against each other, and optionally `counts`: how many solutions have
each digit in each cell, from enumerating (at most `limit`) solutions that each pass the checker.
"""

from __future__ import annotations

import time

from asp_sudoku.core.errors import InternalCheckError, TimeLimitReached
from asp_sudoku.core.model import Grid, Puzzle
from asp_sudoku.core.result import Candidates as Candidates  # re-exported
from asp_sudoku.core.result import Cells, Result, counted_to, past
from asp_sudoku.solving.setter import consequences
from asp_sudoku.solving.single import solve


def candidates(
    puzzle: Puzzle,
    *,
    counts: bool = False,
    limit: int | None = None,
    time_limit: float | None = None,
) -> Candidates:
    """The true candidates of every cell; with `counts`, the number of solutions per digit
    and cell (over at most `limit` solutions).  Raises TimeLimitReached at the time limit."""
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    found = consequences(puzzle, deadline=deadline)
    status_result = solve(puzzle, limit=2, keep=2, time_limit=_left(deadline)).unless_interrupted()
    if status_result.timed_out:
        raise TimeLimitReached("the time limit stopped the search before it decided")
    cells = tuple(tuple(tuple(sorted(s)) for s in row) for row in found.brave)
    fixed = tuple(
        tuple(next(iter(s)) if len(s) == 1 else None for s in row) for row in found.cautious
    )
    _cross_check(found.satisfiable, cells, fixed, status_result)
    extra = tuple((name, tuple(sorted(digits))) for name, digits in found.extra_brave)
    _cross_check_extra(puzzle, extra, found.extra_cautious, status_result)
    tally = None
    extra_tally: tuple[tuple[str, tuple[int, ...]], ...] = ()
    counted, exhausted = 0, True
    if counts and found.satisfiable:
        tally, extra_tally, counted, exhausted = _count(puzzle, cells, limit, deadline)
    return Candidates(
        puzzle=puzzle,
        status=status_result.status,
        candidates=cells,
        fixed=fixed,
        seconds=time.perf_counter() - start,
        counted=counted,
        exhausted=exhausted,
        counts=tally,
        search=status_result,
        extra=extra,
        extra_counts=extra_tally,
    )


def _left(deadline: float | None) -> float | None:
    return None if deadline is None else max(0.001, deadline - time.perf_counter())


def _cross_check(
    sat: bool, cells: Cells, fixed: tuple[tuple[int | None, ...], ...], result: Result
) -> None:
    """Brave, cautious and a plain search must agree; a disagreement is a bug, never output."""
    problems = []
    if sat != (result.count > 0):
        problems.append("consequences and search disagree on whether there is a solution")
    for grid in result.solutions:
        for r, row in enumerate(grid.rows):
            for c, v in enumerate(row):
                if v not in cells[r][c] or fixed[r][c] not in (None, v):
                    problems.append(f"r{r + 1}c{c + 1} = {v} in a solution")
    for r, cell_row in enumerate(cells):
        for c, digits in enumerate(cell_row):
            one = digits[0] if len(digits) == 1 else None
            if sat and one != fixed[r][c]:
                problems.append(f"brave and cautious disagree at r{r + 1}c{c + 1}")
    if result.status == "unique" and any(len(d) != 1 for row in cells for d in row):
        problems.append("a unique puzzle with an open cell")
    if problems:
        raise InternalCheckError(f"internal error: candidates inconsistent ({problems[0]})")


def _cross_check_extra(
    puzzle: Puzzle, extra: tuple[tuple[str, tuple[int, ...]], ...], cautious: tuple[tuple[str, frozenset[int]], ...], result: Result
) -> None:
    """The extra cells' brave and cautious consequences and the solutions found must agree."""
    places = puzzle.extra_cells()
    for (name, digits), (_, fixed) in zip(extra, cautious):
        if result.count and (len(digits) == 1) != (fixed == frozenset(digits)):
            raise InternalCheckError(f"internal error: candidates inconsistent (brave and cautious disagree at {name})")
        for grid in result.solutions:
            if grid.value(places[name]) not in digits:
                raise InternalCheckError(f"internal error: candidates inconsistent ({name} = {grid.value(places[name])} in a solution)")


def _count(
    puzzle: Puzzle, cells: Cells, limit: int | None, deadline: float | None
) -> tuple[tuple[tuple[tuple[int, ...], ...], ...], tuple[tuple[str, tuple[int, ...]], ...], int, bool]:
    """How many solutions hold each digit in each cell and in each extra cell (by name), over
    at most `limit` solutions, with how many were counted and whether that was all."""
    low = puzzle.digits[0]
    n_digits = puzzle.digits[1] - low + 1
    tally = [[[0] * n_digits for _ in range(puzzle.cols)] for _ in range(puzzle.size)]
    places = puzzle.extra_cells()
    extra = {name: [0] * n_digits for name in places}

    seen = [0]

    def add(grid: Grid) -> None:
        seen[0] += 1
        if limit is not None and seen[0] > limit:  # the one past the limit only says there are more
            return
        for r, row in enumerate(grid.rows):
            for c, v in enumerate(row):
                if v not in cells[r][c]:
                    raise InternalCheckError(
                        f"internal error: a solution holds {v} at r{r + 1}c{c + 1}, not a candidate"
                    )
                tally[r][c][v - low] += 1
        for name, place in places.items():
            extra[name][grid.value(place) - low] += 1

    searched = solve(puzzle, limit=past(limit), keep=0, time_limit=_left(deadline), on_solution=add).unless_interrupted()
    result = counted_to(searched, limit)  # exactly `limit` solutions: counted, all of them
    frozen = tuple(tuple(tuple(cell) for cell in row) for row in tally)
    return frozen, tuple((name, tuple(n)) for name, n in extra.items()), result.count, result.exhausted
