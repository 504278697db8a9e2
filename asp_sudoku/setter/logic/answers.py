"""A logical path as JSON-ready objects: one per step and the closing one (what `steps --json`
prints, one a line), and the web page's answer, which adds the candidates before each step so
that the page can draw every step on the grid.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from asp_sudoku.core.model import Puzzle
from asp_sudoku.setter.logic.grid import Marks, houses
from asp_sudoku.setter.logic.outcome import Path
from asp_sudoku.setter.logic.techniques import Step

T = TypeVar("T")

if TYPE_CHECKING:
    from asp_sudoku.setter.logic.path.trial import Trials

Rows = list[list[list[int]]]


def step_object(step: Step) -> dict[str, Any]:
    """A step: technique, level, placed and removed `[r, c, digit]` (1-based), clues, text."""
    return {
        "technique": step.technique,
        "level": step.level,
        "placed": [list(m) for m in step.placed],
        "removed": [list(m) for m in step.removed],
        "clues": list(step.clues),
        "text": step.text,
    }


def search_status(puzzle: Puzzle, time_limit: float | None = None, solver: Trials | None = None) -> str:
    """What a search for two solutions finds within the time limit (Ctrl-C stops it): "unique",
    "multiple", "unsatisfiable" or "unknown".  No logical path finishes a puzzle with several
    solutions, so `rate` does not rate it and a path does not look how deep a trial must go to
    finish; a puzzle with none is rated only when its path shows the contradiction.  Given the
    path's `solver`, it tells it every solution when the search found them all (one, or none:
    `Trials.know`), so that its trials need no search of their own for them."""
    from asp_sudoku.solving.single import solve

    result = solve(puzzle, limit=2, time_limit=time_limit).unless_interrupted()
    if solver is not None and result.status in ("unique", "unsatisfiable"):
        solver.know(result.solutions)
    return result.status


def closing_object(puzzle: Puzzle, path: Path, searched: str = "unknown", left: bool = False) -> dict[str, Any]:
    """The closing object: file, status ("solved", "stuck" or "no solution"), steps, rating,
    the hardest technique and how often, the candidates removed, the deepest trial; with "contradiction" for no
    solution, "timed_out" when the time limit ended the path, and for a stuck path whose
    finishing depth was looked for: "finish_depth" (null when not found) and "finish" (words);
    `searched` (`search_status`) adds "several_solutions": true for a puzzle with more than one
    solution, and "no_solution": true for one with none that the path did not show; `left`
    (`steps`) adds, for a stuck path (the time limit's too), "candidates": the candidates left,
    rows of lists of digits, as the text and the SVG show them."""
    hardest = path.hardest
    out: dict[str, Any] = {
        "file": puzzle.label,
        "status": path.status,
        "steps": len(path.steps),
        "rating": path.rating,
        "hardest": hardest.technique if hardest else None,
        "hardest_count": path.hardest_count,
        "eliminations": path.eliminations,
        "trial_depth": path.trial_depth,
        "timed_out": path.timed_out,
    }
    if path.contradiction is not None:
        out["contradiction"] = path.contradiction
    if path.finish is not None:
        out["finish_depth"] = path.finish.depth
        out["finish"] = path.finish.text
    if left and path.status == "stuck" and path.left:
        out["candidates"] = [[list(cell) for cell in row] for row in path.left]
    if searched == "multiple":
        out["several_solutions"] = True
    elif searched == "unsatisfiable" and path.status != "no solution":
        out["no_solution"] = True
    return out


def candidates_before_steps(path: Path) -> list[Rows]:
    """The candidates of every cell before each step and after the last one (rows of lists of
    digits), replayed from the givens on the solver's own `Marks` (`replayed`)."""
    n, m = path.puzzle.size, path.puzzle.cols
    return replayed(path, lambda marks: [[sorted(marks.cands[(r, c)]) for c in range(1, m + 1)] for r in range(1, n + 1)])


def replayed(path: Path, read: Callable[[Marks], T]) -> list[T]:
    """What `read` reads off the candidates before each step and after the last one, replayed
    from the givens on the solver's own `Marks` (a given that clashes with an earlier one is
    left out: such a path has no step)."""
    puzzle = path.puzzle
    marks = Marks(puzzle, houses(puzzle))
    for r, c, p in puzzle.givens:
        if p in marks.cands[(r, c)]:
            marks.place(r, c, p)
    out = [read(marks)]
    for step in path.steps:
        for r, c, p in step.placed:
            marks.place(r, c, p)
        marks.remove(step.removed)
        out.append(read(marks))
    return out


def path_answer(puzzle: Puzzle, path: Path, searched: str = "unknown") -> dict[str, Any]:
    """The web page's answer: {"steps": [step objects], "closing": closing object,
    "candidates": the candidates before each step and after the last}."""
    return {
        "steps": [step_object(step) for step in path.steps],
        "closing": closing_object(puzzle, path, searched, left=True),
        "candidates": candidates_before_steps(path),
    }
