"""Generating to a difficulty: a puzzle is rated by its logical path (`steps`, trials up to depth
2, docs/logic.md's scale) and kept only when the rating lies in the asked range; the next puzzle
of the seed is made otherwise, up to `attempts` puzzles."""

from __future__ import annotations

import math
import time

from asp_sudoku.core.errors import AspSudokuError, TimeLimitReached
from asp_sudoku.core.model import Puzzle

Range = tuple[float, float]
"""The ratings asked for, both ends included (`math.inf`: no upper end)."""

DEPTH = 2
"""The deepest trial of the path that rates a puzzle (as `rate`'s default)."""


def check_rateable(base: Puzzle) -> None:
    """Refuse, before anything is made, a shape or rule set the logical solver cannot work on."""
    from asp_sudoku.setter.logic.grid import supported

    why = supported(base)
    if why is not None:
        raise AspSudokuError(f"--rating needs the logical path, and {why}")


def rate(puzzle: Puzzle, deadline: float | None) -> float | None:
    """The rating of a unique puzzle's logical path, or None when trials of depth 2 do not finish
    it (harder than the scale's top level).  Raises TimeLimitReached at the deadline."""
    from asp_sudoku.setter.logic import Solver

    left = None if deadline is None else max(0.001, deadline - time.perf_counter())
    path = Solver(puzzle, DEPTH, time_limit=left).path()
    if path.timed_out:
        raise TimeLimitReached("the time limit stopped the rating before it was known")
    return path.rating if path.solved else None


def fits(rating: float | None, asked: Range) -> bool:
    """Whether a rating lies in the asked range (an unfinished path fits only a range with no
    upper end)."""
    if rating is None:
        return asked[1] == math.inf
    return asked[0] <= rating <= asked[1]


def miss(rating: float | None, asked: Range) -> float:
    """How far a rating lies outside the range (0 inside): the puzzle kept when none fits."""
    if rating is None:
        return 0.0 if asked[1] == math.inf else 10.0
    return max(0.0, asked[0] - rating, rating - asked[1])


def number_text(value: float) -> str:
    """A rating bound as typed, with every digit it has (7, 6.5, 7.0000001: `:g` rounded the
    last to 7, so the command that reproduces a puzzle asked for another range)."""
    text = repr(float(value))  # the shortest text that reads back as the same float
    return text[:-2] if text.endswith(".0") else text


def range_text(asked: Range) -> str:
    """The range in words: "6.2 to 7.0", "at least 7.0", "at most 2.5"."""
    low, high = asked
    if high == math.inf:
        return f"at least {number_text(low)}"
    if low <= 0:
        return f"at most {number_text(high)}"
    return f"{number_text(low)} to {number_text(high)}"
