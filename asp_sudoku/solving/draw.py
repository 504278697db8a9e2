"""A solution drawn at random, uniformly where that can be proved, for `solve --random --seed N`.

Three ways, tried in turn; the answer says which one gave the grid and whether it is uniform:

1. ``enumerated``: the solutions are listed (at most `limit`, 100,000 by default) and one is
   kept by reservoir sampling with ``random.Random(seed)``: model i replaces the kept one with
   probability 1/i, so each of the n solutions is kept with probability exactly 1/n, and only
   the few grids that are kept are decoded.
2. ``conditioned``: more than `limit` solutions.  The first open cell is split on its digits,
   and each branch's solutions are counted exactly (splitting again where a branch has more than
   `limit`); a digit is drawn with probability (its branch's count) / (the total), and so on down
   to a branch of at most `limit` solutions, drawn as in 1.  Exactly uniform; it enumerates
   every solution once, so it runs only while the models listed stay under `budget`.
3. ``randomized search``: beyond that, clingo's randomised search (random decisions and signs
   for the seed, as `generate` uses) finds one solution.  Reproducible for the seed, but NOT
   uniform: `uniform` is False, and the command line says so.  The listing of 1 and 2 also
   stops, for this, after `conflicts` conflicts in all (clingo's ``--solve-limit``, a
   deterministic budget): some puzzles have few solutions that are each hard to find (an empty
   non-consecutive 9x9 takes some 400 conflicts a solution), and listing 100,000 of them took
   longer than any time limit.

Everything is deterministic for a seed: clingo's enumeration order with one thread is fixed.
"""

from __future__ import annotations

import dataclasses
import random
import time
from dataclasses import dataclass

import clingo

from asp_sudoku.core.errors import AspSudokuError, InternalCheckError, TimeLimitReached
from asp_sudoku.core.model import Grid, Puzzle
from asp_sudoku.program.guard import check_program_text
from asp_sudoku.program.options import search_options
from asp_sudoku.solving.ground import ground_in_worker
from asp_sudoku.solving.program import program_text
from asp_sudoku.solving.progress import meter
from asp_sudoku.solving.setter import random_solution
from asp_sudoku.solving.shape import KeyDecoder, shown_keys
from asp_sudoku.solving.sigint import wait_for
from asp_sudoku.solving.verify import checked

EXACT_LIMIT = 100_000  # solutions listed to draw among them (per branch when conditioning)
BUDGET = 300_000  # models listed in all while conditioning, before giving up on uniformity
CONFLICTS = 200_000  # conflicts of the listing searches in all (a few seconds), likewise

Given = tuple[int, int, int]


@dataclass(frozen=True)
class Drawn:
    """A drawn solution (`grid`, None when there is none).  `count`: the exact number of
    solutions when it was found (None: more than could be counted); `uniform`: every solution
    had the same chance; `method`: enumerated, conditioned, randomized search or none."""

    grid: Grid | None
    seed: int
    uniform: bool
    count: int | None
    method: str
    seconds: float
    searches: int
    at_least: int = 0  # when `count` is None: how many solutions the listing found before it stopped


class _Budget(Exception):
    """Conditioning would list more models than the budget allows, or the listing's searches
    ran out of conflicts."""


@dataclass
class _Branch:
    count: int  # exact when `exhausted`, else more than the limit
    exhausted: bool
    kept: list[object] | None  # one model's shown keys, drawn uniformly among `count` (when exhausted)


class _Drawer:
    def __init__(
        self, puzzle: Puzzle, rng: random.Random, limit: int, budget: int, conflicts: int, deadline: float | None
    ) -> None:
        self.puzzle = puzzle
        self.rng = rng
        self.limit = limit
        self.budget = budget
        self.conflicts = conflicts  # left for the listing searches
        self.deadline = deadline
        self.listed = 0
        self.first_found = 0  # models the first listing found (all of them, unless it stopped)
        self.searches = 0
        self.branches: dict[tuple[Given, ...], _Branch] = {}
        self.totals: dict[tuple[Given, ...], int] = {}

    def branch(self, extra: tuple[Given, ...]) -> _Branch:
        """The solutions with the extra givens: counted up to the limit, one kept at random."""
        found = self.branches.get(extra)
        if found is None:
            if self.listed > self.budget or self.conflicts <= 0:
                raise _Budget
            found = self.branches[extra] = self._list(extra)
            self.listed += found.count
        return found

    def _list(self, extra: tuple[Given, ...]) -> _Branch:
        puzzle = self.puzzle
        if extra:
            puzzle = dataclasses.replace(puzzle, givens=tuple(sorted(set(puzzle.givens) | set(extra))))
        text = program_text(puzzle)
        check_program_text(text)
        options = [f"--models={self.limit + 1}", f"--solve-limit={self.conflicts}", "--warn=none", *search_options(puzzle)]
        ctl = clingo.Control(options, logger=lambda code, msg: None)
        try:
            ground_in_worker(ctl, text)
        except RuntimeError as exc:
            raise AspSudokuError(f"the program could not be grounded: {exc}") from None
        self.searches += 1
        count = 0
        kept: list[object] | None = None
        rng = self.rng

        def on_model(model: clingo.Model) -> None:
            nonlocal count, kept
            count += 1
            if rng.randrange(count) == 0:  # reservoir sampling: kept with probability 1/count
                kept = list(shown_keys(model))

        gauge = meter()
        tick = None if gauge is None else (lambda: gauge.update(count))
        try:
            with ctl.solve(on_model=on_model, async_=True) as handle:
                timed_out, interrupted = wait_for(handle, self.deadline, None, tick)
                outcome = handle.get()
        finally:
            if gauge is not None:
                gauge.done(count)
        if interrupted:
            raise KeyboardInterrupt
        if timed_out:
            raise TimeLimitReached("the time limit stopped the draw before it was made")
        self.conflicts -= int(ctl.statistics["solving"]["solvers"]["conflicts"])
        if not extra:
            self.first_found = count
        if not outcome.exhausted and count <= self.limit:  # the conflicts ran out, not the models
            raise _Budget
        exhausted = bool(outcome.exhausted) and count <= self.limit
        return _Branch(count, exhausted, kept if exhausted else None)

    def total(self, extra: tuple[Given, ...]) -> int:
        """The exact number of solutions with the extra givens (splitting cells as needed)."""
        if extra in self.totals:
            return self.totals[extra]
        found = self.branch(extra)
        if found.exhausted:
            total = found.count
        else:
            total = sum(self.total(extra + (g,)) for g in self._split(extra))
        self.totals[extra] = total
        return total

    def _split(self, extra: tuple[Given, ...]) -> list[Given]:
        """The first cell neither given nor fixed by `extra`, with each of its digits."""
        taken = {(r, c) for r, c, _ in self.puzzle.givens} | {(r, c) for r, c, _ in extra}
        low, high = self.puzzle.digits
        cell = next(cell for cell in self.puzzle.all_cells() if cell not in taken)
        return [(cell[0], cell[1], v) for v in range(low, high + 1)]

    def draw(self, extra: tuple[Given, ...] = ()) -> list[object]:
        """A uniformly drawn model among the solutions with the extra givens (at least one)."""
        while True:
            found = self.branch(extra)
            if found.exhausted:
                assert found.kept is not None
                return found.kept
            options = self._split(extra)
            weights = [self.total(extra + (g,)) for g in options]
            pick = self.rng.randrange(sum(weights))
            for given, weight in zip(options, weights):
                if pick < weight:
                    extra = extra + (given,)
                    break
                pick -= weight


def draw_solution(
    puzzle: Puzzle,
    seed: int,
    *,
    limit: int = EXACT_LIMIT,
    budget: int = BUDGET,
    conflicts: int | None = None,
    time_limit: float | None = None,
) -> Drawn:
    """A solution of the puzzle drawn for `seed`: uniformly among all of them when they can be
    counted (see the module docstring), else by a randomised search (`uniform` False; `at_least`
    says how many solutions the listing found).  `conflicts`: the listing's budget (None:
    `CONFLICTS`).  Raises TimeLimitReached at the time limit."""
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    drawer = _Drawer(puzzle, random.Random(seed), limit, budget, CONFLICTS if conflicts is None else conflicts, deadline)
    try:
        first = drawer.branch(())
        if first.count == 0:
            return Drawn(None, seed, True, 0, "none", time.perf_counter() - start, drawer.searches)
        method = "enumerated" if first.exhausted else "conditioned"
        keys = drawer.draw()
        count: int | None = drawer.total(())
        grid = KeyDecoder(puzzle.size, puzzle.cols).grid_of(keys)
        uniform = True
    except _Budget:
        grid_or_none = random_solution(puzzle, seed, deadline=deadline)
        drawer.searches += 1
        if grid_or_none is None:
            if drawer.first_found:
                raise InternalCheckError("internal error: the randomized search found no solution") from None
            return Drawn(None, seed, True, 0, "none", time.perf_counter() - start, drawer.searches)
        grid, count, uniform, method = grid_or_none, None, False, "randomized search"
    checked(puzzle, grid)
    at_least = 0 if count is not None else max(drawer.first_found, 1)
    return Drawn(grid, seed, uniform, count, method, time.perf_counter() - start, drawer.searches, at_least)


__all__ = ["BUDGET", "CONFLICTS", "EXACT_LIMIT", "Drawn", "draw_solution"]
