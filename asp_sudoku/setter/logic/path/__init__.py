"""The logical path (`solver.Solver`: the easiest step first, trial as the last resort) and
the trials it ends with (`trial.Trials`: assume a candidate, propagate, find a contradiction;
`memory.Memory`: what earlier trials left; `workers`: trials of depth 1 shared out over
processes)."""

from __future__ import annotations

from asp_sudoku.setter.logic.grid import Cell, Mark
from asp_sudoku.setter.logic.outcome import Finish, Path, trial_level
from asp_sudoku.setter.logic.path.solver import Solver, solve_path
from asp_sudoku.setter.logic.techniques import apply

__all__ = ["Cell", "Finish", "Mark", "Path", "Solver", "apply", "solve_path", "trial_level"]
