"""The lines a batch writes: one JSON object per puzzle (its id, status, solution, count,
whether the search was exhausted, seconds; an error line for a puzzle that could not be read or
solved), and the counts by status that close a run."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from asp_sudoku.core.model import Grid, Puzzle
from asp_sudoku.core.result import Result

Line = dict[str, Any]
Job = tuple[str, Puzzle]
STATUSES = ("unique", "multiple", "unsatisfiable", "satisfiable", "unknown", "error")


def solution_text(grid: Grid, digits: tuple[int, int] | None = None) -> str | list[list[int]]:
    """A solution as a row-major digit string (grids up to 9x9 whose digits are 0-9), else as
    rows of numbers.  With the puzzle's `digits`, decided by them, so that one shape of puzzle
    always gets one form (a 4x4 holding 1-12 gave a string or rows by the digits it used)."""
    low, high = digits if digits is not None else (min(map(min, grid.rows)), max(map(max, grid.rows)))
    if grid.size <= 9 and 0 <= low and high <= 9:
        return grid.as_string()
    return grid.as_lists()


def result_line(pid: str, result: Result, puzzle: Puzzle | None = None) -> Line:
    """The JSON line of one solved puzzle (with ``extra``, the extra cells' digits by name, for
    a solved puzzle that has extra cells)."""
    line: Line = {
        "id": pid,
        "status": result.status,
        "solution": solution_text(result.solutions[0], puzzle.digits if puzzle is not None else None) if result.solutions else None,
        "count": result.count,
        "exhausted": result.exhausted,
        "seconds": round(result.seconds, 4),
    }
    if puzzle is not None and puzzle.extra and result.solutions:
        line["extra"] = {name: result.solutions[0].value(place) for name, place in puzzle.extra_cells().items()}
    return line


def json_line(line: Line) -> str:
    """One result as compact JSON; all-ASCII when a name or message holds a character that
    would split the line for other readers (U+2028, U+0085) or is no text at all."""
    text = json.dumps(line, ensure_ascii=False, separators=(",", ":"))
    return text if text.isprintable() else json.dumps(line, separators=(",", ":"))


def error_line(pid: str, message: str) -> Line:
    """The JSON line of a puzzle that could not be read or solved."""
    return {"id": pid, "status": "error", "error": message, "solution": None, "count": 0, "exhausted": False, "seconds": 0.0}


@dataclass
class Summary:
    """Counts by status, and timing."""

    counts: dict[str, int] = field(default_factory=lambda: {s: 0 for s in STATUSES})
    skipped: int = 0
    started: float = field(default_factory=time.perf_counter)
    interrupted: bool = False

    @property
    def total(self) -> int:
        """Puzzles handled in this run."""
        return sum(self.counts.values())

    def add(self, line: Line) -> None:
        """Count one result line."""
        self.counts[line["status"]] = self.counts.get(line["status"], 0) + 1

    def text(self) -> str:
        """The closing summary line."""
        seconds = time.perf_counter() - self.started
        rate = self.total / seconds if seconds > 0 else 0.0
        c = self.counts
        parts = [f"{c['unique']} unique", f"{c['multiple']} multiple", f"{c['unsatisfiable']} unsatisfiable"]
        if c.get("unknown") or c.get("satisfiable"):
            parts.append(f"{c.get('unknown', 0) + c.get('satisfiable', 0)} undecided (time limit)")
        parts.append(f"{c['error']} errors")
        noun = "puzzle" if self.total == 1 else "puzzles"
        text = f"{self.total} {noun}: {', '.join(parts)}; {seconds:.1f} s, {rate:.1f} puzzles/s"
        if self.skipped:
            text += f" ({self.skipped} already done, skipped)"
        if self.interrupted:
            text += " -- interrupted"
        return text
