"""asp-sudoku: solve, count and analyse Sudoku variants with answer set programming."""

from __future__ import annotations

import sys
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:
    from .check import is_solution, violations
    from .errors import AspSudokuError, PuzzleFormatError
    from .formats import load
    from .model import Grid, Puzzle
    from .render import render
    from .setter.candidates import candidates
    from .setter.explain import explain
    from .setter.generate import generate
    from .setter.minimize import minimize
    from .solve import Result, count, solve

# Every name is imported on first use (PEP 562): `import asp_sudoku` costs next to nothing, and
# a command imports only what it needs (start-up time; the setter's tools, the formats, Jinja2
# and clingo are each imported when first used).
_LAZY = {
    "AspSudokuError": "errors",
    "PuzzleFormatError": "errors",
    "Grid": "model",
    "Puzzle": "model",
    "Result": "solve",
    "candidates": "setter.candidates",
    "count": "solve",
    "explain": "setter.explain",
    "generate": "setter.generate",
    "is_solution": "check",
    "load": "formats",
    "minimize": "setter.minimize",
    "render": "render",
    "solve": "solve",
    "violations": "check",
}


def __getattr__(name: str) -> Any:
    """Import a lazily exported name on first use."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


class _Package(ModuleType):
    """The package's module type: importing the submodules `solve` and `render` must not hide
    the functions of the same names (Python sets a package attribute for each submodule it
    imports; before the names were lazy, the eager imports above overwrote those)."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name in _LAZY and isinstance(value, ModuleType):
            return  # `asp_sudoku.solve` stays the function; the module is in sys.modules
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package

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
