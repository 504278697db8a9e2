"""asp-sudoku: solve, count and analyse Sudoku variants with answer set programming.

The public API (the package facade, the top layer: see README "How it is built"):
`load` a puzzle, `solve`, `count` or `check` it, `render` its ASP program, check a grid with
`violations` / `is_solution`, and the setter's `candidates`, `explain`, `minimize` (each takes a
Puzzle, a file path or a puzzle's text) and `generate`.  Options out of range are a TypeError or
ValueError before any search; bad puzzle input is a `PuzzleFormatError` naming file and line.
"""

from __future__ import annotations

import os
from importlib import import_module

import asp_sudoku.core  # noqa: F401  the package's first module: `dataclasses` then loads without `inspect`

# Importing the package imports nothing else (not even `typing`, with `re` 10 ms): the command
# line's entry point (`__main__.run`) imports the rest, and a Ctrl-C there says "interrupted"
# instead of showing Python's traceback (mypy reads a name TYPE_CHECKING as True).
TYPE_CHECKING = False

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any

    from asp_sudoku.core.errors import AspSudokuError, PuzzleFormatError, TimeLimitReached
    from asp_sudoku.core.model import Grid, Puzzle
    from asp_sudoku.core.model import Puzzle as _Puzzle
    from asp_sudoku.core.result import Candidates, Result
    from asp_sudoku.program.render import Program
    from asp_sudoku.setter.explain import Explanation
    from asp_sudoku.setter.generate import Generated, generate
    from asp_sudoku.setter.minimize import Minimized

# Every name is imported on first use (PEP 562): `import asp_sudoku` costs next to nothing, and
# a command imports only what it needs (start-up time; the setter's tools, the formats, Jinja2
# and clingo are each imported when first used).  No package below has a module named like one
# of these functions, so importing a package never hides a function here.
_LAZY = {
    "__version__": "asp_sudoku.core.version",
    "AspSudokuError": "asp_sudoku.core.errors",
    "PuzzleFormatError": "asp_sudoku.core.errors",
    "Grid": "asp_sudoku.core.model",
    "Puzzle": "asp_sudoku.core.model",
    "Result": "asp_sudoku.core.result",
    "Candidates": "asp_sudoku.core.result",
    "TimeLimitReached": "asp_sudoku.core.errors",
    "Explanation": "asp_sudoku.setter.explain",
    "Minimized": "asp_sudoku.setter.minimize",
    "Generated": "asp_sudoku.setter.generate",
    "generate": "asp_sudoku.setter.generate",
}


if TYPE_CHECKING:
    _Source = str | os.PathLike[str]
    """What `load` reads: a file path (a str or a pathlib.Path) or the puzzle's own text."""


def _check_options(**options: object) -> None:
    """The library's option checks (`core.limits.check_options`), imported on first use."""
    from asp_sudoku.core.limits import check_options

    check_options(**options)

_FILE_SUFFIXES = (".toml", ".txt", ".json")


def load(source: _Source, fmt: str | None = None) -> _Puzzle:
    """One puzzle from a file path or from the puzzle's own text (TOML, a grid, a link...).

    `source` is taken as a file when it is an os.PathLike (a pathlib.Path) or a str naming an
    existing file; else as the puzzle's text, unless it looks like a file name: a str ending in
    .toml, .txt or .json, or one line that is no puzzle text (not a link, payload, ISS string or
    a line of grid digits).  A file name that does not exist raises PuzzleFormatError
    "FILE: no such file".

    A puzzle that names a rules file has it checked by clingo's parser here (the readers only
    scan its text), so that a bad rules file is reported at once; any other puzzle is read
    without importing clingo."""
    from asp_sudoku.formats import load as read

    puzzle = read(_file_or_text(source), fmt)
    if puzzle.user_rules:
        from asp_sudoku.solving.user_rules import verify

        verify(puzzle)
    return puzzle


def _file_or_text(source: _Source) -> str:
    """The str the formats' `load` takes (an existing file's path, or puzzle text), or the
    PuzzleFormatError of a missing file (see `load`)."""
    from asp_sudoku.core.errors import PuzzleFormatError

    if isinstance(source, os.PathLike):
        path = os.fsdecode(source)
        _existing_file(path)
        return path
    if not isinstance(source, str):
        raise TypeError(f"expected a file path or a puzzle's text, not {type(source).__name__}")
    if not source.strip():
        raise PuzzleFormatError("<input>", 0, "the puzzle text is empty (give a file path or a puzzle's text)")
    if "\n" in source or "\r" in source:
        return source  # text: a file name holds no line break
    if source.strip().lower().endswith(_FILE_SUFFIXES):
        _existing_file(source)
        return source
    try:
        if os.path.exists(source):
            _existing_file(source)  # a directory is refused
            return source
    except (OSError, ValueError):  # a name too long or holding a NUL byte: no file
        pass
    if _one_line_puzzle(source):
        return source
    raise PuzzleFormatError(source, 0, "no such file")


def _existing_file(path: str) -> None:
    """Nothing when `path` names something to read; else the PuzzleFormatError saying why not."""
    from asp_sudoku.core.errors import PuzzleFormatError

    try:
        if os.path.isdir(path):
            raise PuzzleFormatError(path, 0, "is a directory, not a puzzle file")
        if os.path.exists(path):
            return
    except (OSError, ValueError):  # a name too long or holding a NUL byte: no file
        pass
    raise PuzzleFormatError(path, 0, "no such file")


def _one_line_puzzle(text: str) -> bool:
    """True when a line is a puzzle's text: a link, payload or ISS string, or grid digits."""
    import re

    from asp_sudoku.formats import pasted

    return pasted(text) or re.fullmatch(r"[0-9.\s]+", text) is not None


def _puzzle(puzzle: _Puzzle | _Source) -> _Puzzle:
    from asp_sudoku.core.model import Puzzle as PuzzleType

    if not isinstance(puzzle, PuzzleType):
        return load(puzzle)
    if not puzzle.path:  # built in code (every reader gives a path): checked as a file is
        from asp_sudoku.formats.verify import verify_built

        verify_built(puzzle)
    return puzzle


def solve(
    puzzle: _Puzzle | _Source,
    *,
    limit: int | None = 2,
    keep: int | None = None,
    time_limit: float | None = None,
    threads: int = 1,
    on_solution: Callable[[Grid], None] | None = None,
) -> Result:
    """Solve a puzzle: a Puzzle, or a file path or puzzle text, read as `load` reads it.  By
    default looks for two solutions, which decides uniqueness; `limit` None finds them all,
    `keep` solutions are kept (None: all found)."""
    from asp_sudoku.solving.single import solve as search

    _check_options(limit=limit, keep=keep, time_limit=time_limit, threads=threads, on_solution=on_solution)
    return search(_puzzle(puzzle), limit=limit, keep=keep, time_limit=time_limit, threads=threads, on_solution=on_solution)


def count(puzzle: _Puzzle | _Source, *, limit: int | None = None, time_limit: float | None = None, threads: int = 1) -> Result:
    """Count the solutions of a puzzle (a Puzzle, or a path or text as `load` reads it) without
    decoding them: all of them, or up to `limit`."""
    from asp_sudoku.solving.single import count as counting

    _check_options(limit=limit, time_limit=time_limit, threads=threads)
    return counting(_puzzle(puzzle), limit=limit, time_limit=time_limit, threads=threads)


def check(puzzle: _Puzzle | _Source, *, time_limit: float | None = None, threads: int = 1) -> Result:
    """What `asp-sudoku check` decides: a search for two solutions.  `status` is unique,
    multiple (both solutions kept, `Grid.diff` says where they differ) or unsatisfiable (or
    unknown / satisfiable when `time_limit` stopped it).  `puzzle`: a Puzzle, or a path or
    text as `load` reads it."""
    return solve(puzzle, limit=2, keep=2, time_limit=time_limit, threads=threads)


def render(puzzle: _Puzzle | _Source, plain: bool = False) -> Program:
    """The ASP program of a puzzle (a Puzzle, or a path or text as `load` reads it): what is
    solved, and what `clingo program.lp 0` solves alike."""
    from asp_sudoku.program.render import render as rendering

    return rendering(_puzzle(puzzle), plain)


def candidates(
    puzzle: _Puzzle | _Source, *, counts: bool = False, limit: int | None = None, time_limit: float | None = None
) -> Candidates:
    """The digits each cell holds in some solution (`asp_sudoku.setter.candidates`); `puzzle`
    as `solve` takes it."""
    from asp_sudoku.setter.candidates import candidates as finding

    _check_options(counts=counts, limit=limit, time_limit=time_limit)
    return finding(_puzzle(puzzle), counts=counts, limit=limit, time_limit=time_limit)


def explain(puzzle: _Puzzle | _Source, *, limit: int = 500, time_limit: float | None = None) -> Explanation:
    """Why a puzzle has no solution, or several (`asp_sudoku.setter.explain`); `puzzle` as
    `solve` takes it."""
    from asp_sudoku.setter.explain import explain as explaining

    _check_options(explain_limit=limit, time_limit=time_limit)
    return explaining(_puzzle(puzzle), limit=limit, time_limit=time_limit)


def minimize(puzzle: _Puzzle | _Source, *, rules: bool = False, time_limit: float | None = None) -> Minimized:
    """The redundant givens and clues and a minimal puzzle (`asp_sudoku.setter.minimize`);
    `puzzle` as `solve` takes it."""
    from asp_sudoku.setter.minimize import minimize as minimizing

    _check_options(rules=rules, time_limit=time_limit)
    return minimizing(_puzzle(puzzle), rules=rules, time_limit=time_limit)


def violations(puzzle: _Puzzle | _Source, grid: Grid | Sequence[Sequence[int]]) -> list[str]:
    """What a filled grid breaks, in words, from the independent checker (empty: a
    solution); `puzzle` as `solve` takes it, `grid` a Grid or its rows."""
    from asp_sudoku.checker import violations as breaking
    from asp_sudoku.core.model import Grid as GridType

    if not isinstance(grid, GridType):
        rows = tuple(tuple(row) for row in grid)
        odd = [v for row in rows for v in row if type(v) is not int][:1]
        if odd:  # ("1234" rows, "1" or None cells: a TypeError from deep in the checker)
            raise TypeError(f"grid rows must hold whole numbers, not {type(odd[0]).__name__} {odd[0]!r:.20}")
        grid = GridType(rows)
    return breaking(_puzzle(puzzle), grid)


def is_solution(puzzle: _Puzzle | _Source, grid: Grid | Sequence[Sequence[int]]) -> bool:
    """Whether a filled grid keeps every rule and clue (`violations` finds nothing)."""
    return not violations(puzzle, grid)


def __getattr__(name: str) -> Any:
    """Import a lazily exported name on first use."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The public API (`__all__`, the lazy names included), as `dir(asp_sudoku)` and completion show it."""
    return sorted(__all__)


__all__ = [
    "AspSudokuError",
    "Candidates",
    "Explanation",
    "Generated",
    "Grid",
    "Minimized",
    "Puzzle",
    "PuzzleFormatError",
    "Result",
    "TimeLimitReached",
    "__version__",
    "candidates",
    "check",
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
