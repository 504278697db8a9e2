"""The checks of what a `Solver` is given: its options (as the command line refuses them) and
its puzzle (a Puzzle, and one built in code read back as a file is: `formats.verify`); and of
each step it takes, against the solutions when they are known (`check_step`)."""

from __future__ import annotations

import math

from asp_sudoku.core.errors import InternalCheckError
from asp_sudoku.core.limits import check_time_limit, whole
from asp_sudoku.core.model import Puzzle
from asp_sudoku.formats.verify import verify_built
from asp_sudoku.setter.logic.grid import Mark
from asp_sudoku.setter.logic.techniques import Step


def check_options(max_depth: object, time_limit: object, finish_time: object, workers: object) -> None:
    """TypeError or ValueError for an option out of its range, as the command line refuses it
    (a negative depth, no workers, a time limit that is no finite number above 0 were taken)."""
    check_time_limit(time_limit)
    for name, value, least in (("max_depth", max_depth, 0), ("workers", workers, 1)):
        if not whole(value):
            raise TypeError(f"{name} must be a whole number, not {type(value).__name__}")
        if value < least:
            raise ValueError(f"{name} must be at least {least}, not {value}")
    if isinstance(finish_time, bool) or not isinstance(finish_time, (int, float)):
        raise TypeError(f"finish_time must be a number of seconds, not {type(finish_time).__name__}")
    if not (finish_time >= 0 and math.isfinite(finish_time)):
        raise ValueError(f"finish_time must be a finite number of seconds from 0 (0: do not look), not {finish_time}")


def check_puzzle(puzzle: object) -> None:
    """A TypeError for what is no Puzzle (`asp_sudoku.load` reads a file or text: a file name
    gave an AttributeError from deep inside), and an AspSudokuError "invalid Puzzle: ..." for
    one built in code (no `path`) that a file could not say (a cage on a cell outside the grid
    gave a KeyError mid-path, a box larger than the digits a confident "no solution")."""
    if not isinstance(puzzle, Puzzle):
        raise TypeError(f"expected a Puzzle (asp_sudoku.load reads a file or puzzle text), not {type(puzzle).__name__}")
    if not puzzle.path:
        verify_built(puzzle)


def check_path_options(limit: object, on_step: object) -> None:
    """`Solver.path`'s options: a step limit from 1, and a callable or None."""
    if not whole(limit):
        raise TypeError(f"limit must be a whole number, not {type(limit).__name__}")
    if limit < 1:
        raise ValueError(f"limit must be at least 1, not {limit}")
    if on_step is not None and not callable(on_step):
        raise TypeError(f"on_step must be callable or None, not {type(on_step).__name__}")


def check_step(possible: frozenset[Mark] | None, step: Step, number: int) -> None:
    """Refuse a step that contradicts the solutions, when they are known (`possible`: the
    candidates some solution has, from `Solver.know` or a trial's `Solver.possible`): it removes
    a candidate some solution has, or places one that none has.  The techniques keep every
    solution, so this is a bug: the path stops with an internal error (exit 70) instead of
    printing a wrong step.  With no solution known to exist (none, or not searched for),
    placements are not checked."""
    if possible is None:
        return
    wrong = [f"r{r}c{c}<>{p}" for r, c, p in step.removed if (r, c, p) in possible]
    if possible:
        wrong += [f"r{r}c{c}={p}" for r, c, p in step.placed if (r, c, p) not in possible]
    if wrong:
        raise InternalCheckError(
            f"internal error: step {number} ({step.technique}) contradicts the solution: {', '.join(wrong)} ({step.text})"
        )
