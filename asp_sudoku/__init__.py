"""asp-sudoku: solve, count and analyse Sudoku variants with answer set programming."""

from __future__ import annotations

__version__ = "0.1.0"

from .check import is_solution, violations  # noqa: E402
from .errors import AspSudokuError, PuzzleFormatError  # noqa: E402
from .formats import load  # noqa: E402
from .model import Grid, Puzzle  # noqa: E402
from .render import render  # noqa: E402
from .setter.candidates import candidates  # noqa: E402
from .setter.explain import explain  # noqa: E402
from .setter.generate import generate  # noqa: E402
from .setter.minimize import minimize  # noqa: E402
from .solve import Result, count, solve  # noqa: E402

__all__ = [
    "AspSudokuError",
    "Grid",
    "Puzzle",
    "PuzzleFormatError",
    "Result",
    "candidates",
    "count",
    "explain",
    "generate",
    "is_solution",
    "load",
    "minimize",
    "render",
    "solve",
    "violations",
]
