"""asp-sudoku: solve, count and analyse Sudoku variants with answer set programming."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

from .check import is_solution, violations  # noqa: E402
from .errors import AspSudokuError, PuzzleFormatError  # noqa: E402
from .formats import load  # noqa: E402
from .model import Grid, Puzzle  # noqa: E402
from .render import render  # noqa: E402
from .solve import Result, count, solve  # noqa: E402

if TYPE_CHECKING:
    from .setter.candidates import candidates
    from .setter.explain import explain
    from .setter.generate import generate
    from .setter.minimize import minimize

# The setter's tools are imported on first use (PEP 562): `import asp_sudoku` and the solving
# commands do not pay for them.
_LAZY = {
    "candidates": "setter.candidates",
    "explain": "setter.explain",
    "generate": "setter.generate",
    "minimize": "setter.minimize",
}


def __getattr__(name: str) -> Any:
    """Import a lazily exported name on first use."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value

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
