"""asp-sudoku: solve, count and analyse Sudoku variants with answer set programming.

The public API (the package facade, the top layer: see README "How it is built"):
`load` a puzzle, `solve` or `count` it, `render` its ASP program, check a grid with
`violations` / `is_solution`, and the setter's `candidates`, `explain`, `minimize` and `generate`.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from asp_sudoku.core.version import __version__

if TYPE_CHECKING:
    from asp_sudoku.checker import is_solution, violations
    from asp_sudoku.core.errors import AspSudokuError, PuzzleFormatError
    from asp_sudoku.core.model import Grid, Puzzle
    from asp_sudoku.core.model import Puzzle as _Puzzle
    from asp_sudoku.core.result import Result
    from asp_sudoku.program.render import render
    from asp_sudoku.setter.candidates import candidates
    from asp_sudoku.setter.explain import explain
    from asp_sudoku.setter.generate import generate
    from asp_sudoku.setter.minimize import minimize
    from asp_sudoku.solving.single import count, solve

# Every name is imported on first use (PEP 562): `import asp_sudoku` costs next to nothing, and
# a command imports only what it needs (start-up time; the setter's tools, the formats, Jinja2
# and clingo are each imported when first used).  No package below has a module named like one
# of these functions, so importing a package never hides a function here.
_LAZY = {
    "AspSudokuError": "asp_sudoku.core.errors",
    "PuzzleFormatError": "asp_sudoku.core.errors",
    "Grid": "asp_sudoku.core.model",
    "Puzzle": "asp_sudoku.core.model",
    "Result": "asp_sudoku.core.result",
    "candidates": "asp_sudoku.setter.candidates",
    "count": "asp_sudoku.solving.single",
    "explain": "asp_sudoku.setter.explain",
    "generate": "asp_sudoku.setter.generate",
    "is_solution": "asp_sudoku.checker",
    "minimize": "asp_sudoku.setter.minimize",
    "render": "asp_sudoku.program.render",
    "solve": "asp_sudoku.solving.single",
    "violations": "asp_sudoku.checker",
}


def load(path_or_text: str, fmt: str | None = None) -> _Puzzle:
    """One puzzle from a file path or from the puzzle's own text (TOML, a grid, a link...).

    A puzzle that names a rules file has it checked by clingo's parser here (the readers only
    scan its text), so that a bad rules file is reported at once; any other puzzle is read
    without importing clingo."""
    from asp_sudoku.formats import load as read

    puzzle = read(path_or_text, fmt)
    if puzzle.user_rules:
        from asp_sudoku.solving.user_rules import verify

        verify(puzzle)
    return puzzle


def __getattr__(name: str) -> Any:
    """Import a lazily exported name on first use."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


__all__ = [
    "AspSudokuError",
    "Grid",
    "Puzzle",
    "PuzzleFormatError",
    "Result",
    "__version__",
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
