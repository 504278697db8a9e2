"""Solve it like a person: a logical path of steps from pattern techniques (singles, locked
candidates, subsets, fish, wings), clue logic from each rule's own template, killer techniques,
chains, and trial as the last resort; the rating is the hardest step the path needed.
Techniques are ASP templates in ``encodings/logic/``; clingo runs them through
`asp_sudoku.solving.logic`.
"""

from __future__ import annotations

from asp_sudoku.setter.logic.path import Path, Solver, solve_path
from asp_sudoku.setter.logic.techniques import TECHNIQUES, Step

__all__ = ["TECHNIQUES", "Path", "Solver", "Step", "solve_path"]
