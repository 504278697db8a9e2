"""Puzzles from a random grid: clues made and refined until they alone are unique (or nothing
refines them), then givens and clues dropped while the puzzle stays unique, every search within
a budget of conflicts."""

from __future__ import annotations

import dataclasses
import random
import time

from asp_sudoku.core.errors import AspSudokuError, TimeLimitReached
from asp_sudoku.core.model import Clue, Grid, Puzzle
from asp_sudoku.program.board import make_board
from asp_sudoku.setter.clue_makers import CLUE_MAKERS
from asp_sudoku.setter.generate.shape import Made, cells_of, no_grid
from asp_sudoku.solving.setter import random_solution
from asp_sudoku.solving.single import solve
from asp_sudoku.solving.switches import SwitchedProgram

CHECK_CONFLICTS = 100_000
"""The conflicts one search may take while clues are refined and givens and clues dropped (a
deterministic budget, as for listing grids).  A search it stops counts as "not unique": the
given or clue stays, and the puzzle is not called minimal.  Clues that leave the search hard
(little killers with few givens, the hardest kind for clingo) would otherwise stall it."""


def _refine(
    base: Puzzle,
    clues: tuple[Clue, ...],
    grid: Grid,
    kinds: tuple[str, ...],
    rng: random.Random,
    deadline: float | None,
) -> tuple[tuple[Clue, ...], int]:
    """Make the clues tell more (split a cage, add a thermometer where two solutions differ)
    until they alone leave one solution, or no maker can refine them."""
    solves = 0
    for _ in range(base.size * base.size if kinds else 0):
        left = None if deadline is None else max(0.001, deadline - time.perf_counter())
        found = solve(
            dataclasses.replace(base, clues=clues), limit=2, time_limit=left, conflicts=CHECK_CONFLICTS
        ).unless_interrupted()
        solves += 1
        if found.timed_out:
            raise TimeLimitReached("the time limit stopped the search before it decided")
        if found.count < 2:  # unique, or the budget stopped the search: the givens go on from here
            break
        differ = found.solutions[0].diff(found.solutions[1])
        for kind in rng.sample(kinds, len(kinds)):
            refined = CLUE_MAKERS[kind].refine(clues, grid, base, differ, rng)
            if refined is not None:
                clues = refined
                break
        else:
            break
    return clues, solves


def by_dropping(
    base: Puzzle,
    kinds: tuple[str, ...],
    rng: random.Random,
    target: int | None,
    attempts: int,
    deadline: float | None,
) -> Made:
    best: Made | None = None
    solves = 0
    for _ in range(max(1, attempts)):
        grid = random_solution(base, rng.randrange(2**31), deadline=deadline)
        solves += 1
        if grid is None:
            raise AspSudokuError(no_grid(base))
        clues = tuple(c for kind in kinds for c in CLUE_MAKERS[kind].make(grid, base, rng))
        clues, tries = _refine(base, clues, grid, kinds, rng, deadline)
        solves += tries
        cells = cells_of(grid)
        rng.shuffle(cells)
        board = make_board(
            dataclasses.replace(base, clues=clues), givens=False, clues=True, extra_givens=cells
        )
        program = SwitchedProgram(board, deadline=deadline, conflicts=CHECK_CONFLICTS)
        clue_on = board.indices("clue")
        given_on = [i for i in range(len(board.items)) if i not in clue_on]
        stopped = False
        if clues and program.unique(clue_on):
            on = list(clue_on)  # the clues alone suffice: no givens to drop
        else:
            on = clue_on + given_on
            for i in given_on:
                if target is not None and sum(1 for j in on if j in given_on) <= target:
                    stopped = True
                    break
                trial = board.without(on, i)
                if program.unique(trial):
                    on = trial
        order = list(clue_on)
        rng.shuffle(order)
        for i in order:
            trial = board.without(on, i)
            if program.unique(trial):
                on = trial
        if target is not None and sum(1 for j in on if j in given_on) < target:
            spare = [j for j in given_on if j not in on]  # already in random order
            on += spare[: target - sum(1 for j in on if j in given_on)]
            stopped = True
        solves += program.calls
        puzzle = board.subpuzzle(on)
        method = (
            "random grid"
            + (f" with {', '.join(kinds)} clues" if kinds else "")
            + ", then dropped while unique"
        )
        made: Made = (puzzle, grid, method, not stopped and not program.undecided, False, solves, program.undecided)
        if best is None or len(puzzle.givens) < len(best[0].givens):
            best = made
        if target is None or len(puzzle.givens) <= target:
            break
    assert best is not None
    return best
