"""How deep a trial must go to finish a stuck path: the path goes on from where it stopped
with trials one level deeper at a time (up to `FINISH_DEPTH`), within the solver's
`finish_time` (and the path's own time limit); the first depth that fills the grid (or shows there is no solution) is the answer.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from asp_sudoku.setter.logic.clue_logic import Contradiction
from asp_sudoku.setter.logic.grid import Marks
from asp_sudoku.setter.logic.outcome import Finish
from asp_sudoku.setter.logic.techniques import apply
from asp_sudoku.solving.logic import SearchStopped

if TYPE_CHECKING:
    from asp_sudoku.setter.logic.path import Solver

FINISH_DEPTH = 6
"""The deepest trial `finish` tries."""


def finish(solver: Solver, marks: Marks) -> Finish:
    """How deep a trial must go to finish from these stuck candidates (left unchanged)."""
    started = time.perf_counter()
    saved = solver.deadline
    # within the finish time, and never past the path's own time limit (`--time-limit T` is the
    # whole run's: before, the finish search ran its 10 s after it)
    own = started + solver.finish_time
    solver.deadline = own if saved is None else min(saved, own)
    solver.finishing = True  # (the progress line says so)
    trial, more, tried, depth = marks.copy(), 0, solver.max_depth, solver.max_depth

    def found(no_solution: bool) -> Finish:
        return Finish(depth, more, tried, time.perf_counter() - started, False, no_solution)

    try:
        for depth in range(solver.max_depth + 1, FINISH_DEPTH + 1):
            while not trial.done():
                step = solver.next_step(trial, depth, quick=False)
                if step is None:
                    break
                apply(trial, step)
                more += 1
                if trial.contradiction() is not None:
                    return found(True)
            if trial.done():
                return found(trial.broken() is not None)
            tried = depth
    except SearchStopped:  # the time limit, between steps (TimeUp) or inside a check
        return Finish(None, more, tried, time.perf_counter() - started, True)
    except Contradiction:
        return found(True)
    finally:
        solver.deadline = saved
        solver.finishing = False
    return Finish(None, more, tried, time.perf_counter() - started, False)
