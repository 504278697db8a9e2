"""Why a puzzle has no solution, or several.

No solution: every given, clue and global rule gets a switch; clingo's unsatisfiable core under
assumptions names switches that already conflict, and deletion-based minimisation (drop one item;
if the rest still has no solution, keep it dropped and shrink to the new core) leaves a set in
which dropping any one item makes the puzzle solvable.  The sudoku grid itself (rows, columns,
boxes) is always on.

Several solutions: the cells where solutions differ (the cells with more than one true
candidate) and the fewest extra givens that leave one solution: proved smallest when all
solutions can be listed (at most `limit`), else minimal (no added given can be dropped).
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from asp_sudoku.core.errors import InternalCheckError, TimeLimitReached
from asp_sudoku.core.model import Cell, Grid, Puzzle
from asp_sudoku.core.result import MULTIPLE, UNSATISFIABLE
from asp_sudoku.program.board import Item, all_on, make_board, without
from asp_sudoku.setter.candidates import candidates
from asp_sudoku.setter.grid_only import refuse_extra_cells
from asp_sudoku.solving.setter import fewest_givens
from asp_sudoku.solving.single import solve
from asp_sudoku.solving.switches import SwitchedProgram

Given = tuple[int, int, int]


@dataclass(frozen=True)
class Explanation:
    """The answer of `explain`.

    `status`: unique, multiple or unsatisfiable.  Unsatisfiable: `conflict` holds the items that
    have no solution together, minimal (dropping any one leaves a solvable puzzle); `culprits`
    are those of them whose removal alone makes the whole puzzle solvable (every conflicting
    set holds them; often none, when the puzzle has several independent conflicts).  Multiple:
    `differing` the cells where solutions differ; `count` solutions found (`exhausted`: all of
    them); `extra_givens` single out `solution`; `extra_optimal` says they are proved the fewest
    (else: minimal, none can be dropped).  `solves` counts the solver calls made.  `needs`:
    pairs (i, j) of places in `conflict` where item i cannot be without item j (a chaos clue and
    the rule chaos-construction, a cage comparison and its cages): dropping j drops i too.
    """

    puzzle: Puzzle
    status: str
    seconds: float = dataclasses.field(compare=False)  # the same answer found twice is equal
    conflict: tuple[Item, ...] = ()
    culprits: tuple[Item, ...] = ()
    differing: tuple[Cell, ...] = ()
    count: int = 0
    exhausted: bool = True
    extra_givens: tuple[Given, ...] = ()
    extra_optimal: bool = False
    solution: Grid | None = None
    solves: int = 0
    needs: tuple[tuple[int, int], ...] = ()


def minimal_conflict(
    core: Callable[[list[int]], list[int] | None],
    on: Sequence[int],
    drop: Callable[[list[int], int], list[int]] = without,
) -> list[int]:
    """A subset of `on` that `core` finds conflicting, from which no element can be dropped.

    `core(switches)` returns None when the switches have a solution, else a conflicting subset.
    `drop(switches, i)` is the switches without i (`Board.without`: and without what needs i).
    Items tried first are the first to be dropped.  Raises ValueError when `on` has a solution.
    """
    current = core(list(on))
    if current is None:
        raise ValueError("the items have a solution")
    i = 0
    while i < len(current):
        trial = drop(current, current[i])
        found = core(trial)
        if found is None:
            i += 1  # needed: every conflicting subset of `current` holds it
        else:
            current = found  # a conflicting subset of `trial`; it keeps the needed items before i
    return current


def explain(puzzle: Puzzle, *, limit: int = 500, time_limit: float | None = None) -> Explanation:
    """Explain a puzzle with no solution (a minimal conflicting set of givens, clues and global
    rules) or with several (differing cells and the fewest givens that make it unique).
    `limit` bounds the solutions listed for the proved-smallest set of extra givens.  Raises
    AspSudokuError for a puzzle with extra cells."""
    refuse_extra_cells(puzzle, "explain")
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    first = solve(puzzle, limit=2, keep=2, time_limit=time_limit).unless_interrupted()
    if first.timed_out:
        raise TimeLimitReached("the time limit stopped the search before it decided")
    if first.status == UNSATISFIABLE:
        return _explain_none(puzzle, start, deadline)
    if first.status == MULTIPLE:
        return _explain_many(puzzle, limit, start, deadline)
    return Explanation(
        puzzle, first.status, time.perf_counter() - start, count=1, solution=first.solutions[0]
    )


def _left(deadline: float | None) -> float | None:
    return None if deadline is None else max(0.001, deadline - time.perf_counter())


def _explain_none(puzzle: Puzzle, start: float, deadline: float | None) -> Explanation:
    board = make_board(puzzle, givens=True, clues=True, rules=True)
    program = SwitchedProgram(board, deadline=deadline)
    everything = all_on(board)
    chosen = minimal_conflict(program.core, everything, board.without)
    conflict = tuple(board.items[i] for i in chosen)
    place = {i: k for k, i in enumerate(chosen)}
    needs = tuple((place[i], place[j]) for i in chosen for j in sorted(board.needs[i]) if j in place)
    culprits = tuple(board.items[i] for i in chosen if program.core(board.without(everything, i)) is None)
    check = solve(board.subpuzzle(chosen), limit=1, time_limit=_left(deadline)).unless_interrupted()
    if check.count:
        raise InternalCheckError("internal error: the conflicting set found has a solution")
    return Explanation(
        puzzle,
        UNSATISFIABLE,
        time.perf_counter() - start,
        conflict=conflict,
        culprits=culprits,
        solves=program.calls + 1,
        needs=needs,
    )


def _explain_many(puzzle: Puzzle, limit: int, start: float, deadline: float | None) -> Explanation:
    cands = candidates(puzzle, time_limit=_left(deadline))
    differing = tuple(cands.open_cells())
    listed = solve(puzzle, limit=limit + 1, keep=None, time_limit=_left(deadline)).unless_interrupted()
    if listed.timed_out:
        raise TimeLimitReached("the time limit stopped the search before it decided")
    solves = 3
    if listed.exhausted:
        allowed = [(r, c, v) for r, c in differing for v in cands.candidates[r - 1][c - 1]]
        found = fewest_givens(listed.solutions, allowed, deadline=deadline)
        if found is None:
            raise InternalCheckError("internal error: no givens single out one of the solutions")
        extra, optimal = found
        solves += 1
    else:
        extra, program = _fewer_givens(puzzle, listed.solutions[0], differing, deadline)
        optimal = False
        solves += program.calls
    final = solve(
        dataclasses.replace(puzzle, givens=tuple(sorted(puzzle.givens + extra))),
        time_limit=_left(deadline),
    ).unless_interrupted()
    if not final.unique:
        raise InternalCheckError(
            "internal error: the extra givens found do not make the puzzle unique"
        )
    return Explanation(
        puzzle,
        MULTIPLE,
        time.perf_counter() - start,
        differing=differing,
        count=listed.count,
        exhausted=listed.exhausted,
        extra_givens=extra,
        extra_optimal=optimal,
        solution=final.solutions[0],
        solves=solves + 1,
    )


def _fewer_givens(
    puzzle: Puzzle, target: Grid, cells: Sequence[Cell], deadline: float | None
) -> tuple[tuple[Given, ...], SwitchedProgram]:
    """Givens from `target` in `cells` that make the puzzle unique, none of them droppable."""
    extra = [(r, c, target.value((r, c))) for r, c in cells]
    board = make_board(puzzle, givens=False, clues=False, rules=False, extra_givens=extra)
    program = SwitchedProgram(board, deadline=deadline)
    current = all_on(board)
    for i in list(current):
        trial = board.without(current, i)
        if program.unique(trial):
            current = trial
    return tuple(board.items[i].given for i in current if board.items[i].given), program  # type: ignore[misc]
