"""The JSON object each command answers with: the command line's `--json` output and the web
API's answers (`asp_sudoku.web`) are both built here, so that they stay one and the same.

solve, check and count answer with the core object (`picture.text.result_object`: file, title,
status, count, exhausted, solutions, seconds); candidates, explain and minimize add their own
keys to it; a setter's tool that a time limit stopped answers `unknown_object`.
"""

from __future__ import annotations

from typing import Any

from asp_sudoku.core.model import Puzzle
from asp_sudoku.core.result import UNIQUE, Result
from asp_sudoku.picture.text import result_object
from asp_sudoku.setter import report
from asp_sudoku.setter.candidates import Candidates
from asp_sudoku.setter.explain import Explanation
from asp_sudoku.setter.minimize import Minimized

__all__ = [
    "candidates_answer",
    "explanation_answer",
    "minimized_answer",
    "result_object",
    "status_object",
    "unknown_object",
]


def status_object(puzzle: Puzzle, status: str, seconds: float, count: int = 0) -> dict[str, Any]:
    """The core JSON object for a status found by a setter's tool."""
    result = Result(status=status, count=count, exhausted=True, solutions=(), seconds=seconds)
    return result_object(puzzle, result)


def unknown_object(puzzle: Puzzle, seconds: float) -> dict[str, Any]:
    """The answer of a setter's tool that the time limit stopped before it decided."""
    obj = status_object(puzzle, "unknown", seconds)
    obj["exhausted"] = False
    return obj


def candidates_answer(puzzle: Puzzle, found: Candidates, limit: int | None = None) -> dict[str, Any]:
    """`candidates --json`: the core object of the status search, and the candidates (and counts)."""
    assert found.search is not None
    obj = result_object(puzzle, found.search)  # the core object, as `check --json` has it
    obj["seconds"] = round(found.seconds, 6)
    obj.update(report.candidates_object(found, limit))
    return obj


def explanation_answer(puzzle: Puzzle, found: Explanation) -> dict[str, Any]:
    """`explain --json`: the status, and the conflict or the differing cells and extra givens."""
    obj = status_object(puzzle, found.status, found.seconds, found.count)
    obj["exhausted"] = found.exhausted
    if found.solution is not None and found.status == UNIQUE:
        obj["solutions"] = [found.solution.as_lists()]
    obj.update(report.explanation_object(found))
    return obj


def minimized_answer(puzzle: Puzzle, found: Minimized) -> dict[str, Any]:
    """`minimize --json`: the status, the redundant and removed items, the minimal puzzle."""
    obj = status_object(puzzle, found.status, found.seconds, found.count)
    obj["exhausted"] = found.exhausted
    obj.update(report.minimized_object(found))
    return obj
