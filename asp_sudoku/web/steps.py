"""`POST /api/steps`: the logical path of `steps --json` for the page (`path_answer`), and for a
puzzle with extra cells (cells outside the grid, which the path fills too) their candidates
before each step and after the last (`"extra_candidates"`), by name as `candidates --json` gives
them, so that the page can show them under each step's picture.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from asp_sudoku.core.model import Puzzle

if TYPE_CHECKING:
    from asp_sudoku.setter.logic.outcome import Path


def steps_answer(puzzle: Puzzle, depth: int, limit: float) -> dict[str, Any]:
    """The path's answer (`path_answer`), with "extra_candidates" for a puzzle with extra cells
    and the seconds it took."""
    from asp_sudoku.setter.logic import Solver
    from asp_sudoku.setter.logic.answers import path_answer, search_status

    started = time.perf_counter()
    solver = Solver(puzzle, depth, time_limit=limit)  # refuses what it cannot solve
    searched = search_status(puzzle, limit, solver)  # as `steps --json`: several solutions: only stuck
    solver.finish_time = 0.0 if searched == "multiple" else min(10.0, limit / 4)  # how deep a trial must go to finish
    path = solver.path()
    out = path_answer(puzzle, path, searched)
    if puzzle.extra:
        out["extra_candidates"] = extra_before_steps(path)
    return {**out, "seconds": round(time.perf_counter() - started, 6)}


def extra_before_steps(path: Path) -> list[dict[str, list[int]]]:
    """The candidates of each extra cell, by name, before each step and after the last one:
    replayed from the givens on the solver's own `Marks`, as `candidates_before_steps` replays
    the grid's (a step gives an extra cell at its place outside the grid)."""
    from asp_sudoku.setter.logic.answers import replayed

    places = path.puzzle.extra_cells()
    return replayed(path, lambda marks: {name: sorted(marks.cands[place]) for name, place in places.items()})
