"""Redundant givens and clues, and a minimal version of a unique puzzle.

An item (a given, a clue, optionally a global rule) is redundant when the puzzle stays unique
without it.  Dropping items only removes constraints, so an item that is needed in the whole
puzzle is needed in every part of it: the minimal puzzle is found by trying to drop the
redundant items one after another (givens, then clues in the puzzle's order: by kind, each
kind's in file order, then global rules), keeping each drop that leaves the puzzle unique.  No item of the result can be dropped.
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass

from asp_sudoku.core.errors import InternalCheckError
from asp_sudoku.core.model import Puzzle
from asp_sudoku.program.board import RULE, Item, all_on, make_board
from asp_sudoku.setter.grid_only import refuse_extra_cells
from asp_sudoku.solving.single import solve
from asp_sudoku.solving.switches import SwitchedProgram


@dataclass(frozen=True)
class Minimized:
    """The answer of `minimize`.

    `status` is the puzzle's status (only a unique puzzle is minimised).  `redundant`: the items
    that can each be dropped alone; `removed`: those dropped to reach `minimal`, a puzzle from
    which nothing more can be dropped (None unless unique).  `solves` counts solver calls.
    `count` and `exhausted`: what the first search (for two solutions) found, as `check` says
    it (a puzzle with several: 2, not exhausted).
    """

    puzzle: Puzzle
    status: str
    seconds: float = dataclasses.field(compare=False)  # the same answer found twice is equal
    items: tuple[Item, ...] = ()
    redundant: tuple[Item, ...] = ()
    removed: tuple[Item, ...] = ()
    minimal: Puzzle | None = None
    solves: int = 0
    count: int = 0
    exhausted: bool = True


def minimize(puzzle: Puzzle, *, rules: bool = False, time_limit: float | None = None) -> Minimized:
    """Which givens and clues (and, with `rules`, global rules) are redundant, and a minimal
    puzzle.  Raises TimeLimitReached at the time limit, AspSudokuError for a puzzle with extra
    cells."""
    refuse_extra_cells(puzzle, "minimize")
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    board = make_board(puzzle, givens=True, clues=True, rules=rules)
    program = SwitchedProgram(board, deadline=deadline)
    everything = all_on(board)
    first = program.solve(everything)
    if not first.unique:
        return Minimized(
            puzzle, first.status, time.perf_counter() - start, solves=program.calls,
            count=first.count, exhausted=first.exhausted,
        )
    redundant = [i for i in everything if program.unique(board.without(everything, i))]
    current = list(everything)
    rules_last = sorted(redundant, key=lambda i: board.items[i].kind == RULE)
    for i in rules_last:
        trial = board.without(current, i)
        if program.unique(trial):
            current = trial
    minimal = dataclasses.replace(board.subpuzzle(current), row_lines=(), rules_line=0)
    final = solve(minimal, limit=2).unless_interrupted()
    if not final.unique or final.solutions[0] != first.solutions[0]:
        raise InternalCheckError("internal error: the minimal puzzle found is not unique")
    return Minimized(
        puzzle,
        first.status,
        time.perf_counter() - start,
        items=board.items,
        redundant=tuple(board.items[i] for i in redundant),
        removed=tuple(board.items[i] for i in everything if i not in current),
        minimal=minimal,
        solves=program.calls + 1,
        count=first.count,
        exhausted=first.exhausted,
    )
