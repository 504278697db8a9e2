"""Turning results into text and JSON for people and programs (no solving here)."""

from __future__ import annotations

from typing import Any

from asp_sudoku.core.model import Grid, Puzzle
from asp_sudoku.core.result import (
    MULTIPLE,
    SATISFIABLE,
    UNIQUE,
    UNKNOWN,
    UNSATISFIABLE,
    Result,
    more_than,
)


def symbol(value: int, puzzle: Puzzle) -> str:
    """How one value is printed: digits up to 9, one character for a 16x16 of the digits 0-16
    (`0-9A-G`), else a number (a 16x16 may hold 1-17: 17 has no letter of that form)."""
    if puzzle.size == puzzle.cols == 16 and puzzle.digits[1] <= 16:
        return "0123456789ABCDEFG"[value]
    return str(value)


def one_character(puzzle: Puzzle) -> bool:
    """Whether every value prints as one character (`symbol`): several can then run together."""
    return puzzle.digits[0] >= 0 and (puzzle.digits[1] <= 9 or puzzle.size == puzzle.cols == 16 and puzzle.digits[1] <= 16)


def format_grid(grid: Grid | list[list[int | None]], puzzle: Puzzle) -> str:
    """A grid as text rows with box separators (R rows of C cells); empty cells (None) print as
    '.'.  A solved grid of a puzzle with extra cells ends with their values (``VA1=3 VA2=5``)."""
    rows = grid.rows if isinstance(grid, Grid) else grid
    m = puzzle.cols
    width = max(len(symbol(v, puzzle)) for v in puzzle.digit_range)
    # each value's text, worked out once (`solve --all` prints tens of thousands of grids)
    shown: dict[int | None, str] = {v: symbol(v, puzzle).rjust(width) for v in puzzle.digit_range}
    shown[None] = ".".rjust(width)
    box_rows, box_cols = puzzle.box if puzzle.box else (puzzle.size, m)
    lines = []
    for r, row in enumerate(rows):
        if r and r % box_rows == 0:
            parts = ["-" * ((width + 1) * box_cols - 1) for _ in range(m // box_cols)]
            lines.append("-+-".join(parts))
        cells = [shown[v] if v in shown else symbol(v, puzzle).rjust(width) for v in row]  # type: ignore[arg-type]
        groups = [" ".join(cells[i : i + box_cols]) for i in range(0, m, box_cols)]
        lines.append(" | ".join(groups))
    if isinstance(grid, Grid) and grid.extra and puzzle.extra:
        lines.append(wrapped(extra_values(grid, puzzle)))
    return "\n".join(lines)


def extra_values(grid: Grid, puzzle: Puzzle) -> list[str]:
    """The values of a solved grid's extra cells, ``VA1=3`` each, in the puzzle's order."""
    return grid.extra_text(puzzle.extra_cells()).split()


def extra_object(grid: Grid, puzzle: Puzzle) -> dict[str, int]:
    """The values of a solved grid's extra cells by name (for JSON)."""
    return {name: grid.value(place) for name, place in puzzle.extra_cells().items()}


def cells_text(cells: list[tuple[int, int]], width: int = 88) -> str:
    """Cell names (``r1c1 r1c2 ...``) in lines of at most `width` characters, each line after the
    first indented by two spaces (81 differing cells do not make one 400-character line)."""
    return wrapped([f"r{r}c{c}" for r, c in cells], width)


def wrapped(words: list[str], width: int = 88) -> str:
    """Words in lines of at most `width` characters, each line after the first indented by two
    spaces."""
    lines: list[str] = []
    line = ""
    for name in words:
        if line and len(line) + 1 + len(name) > width:
            lines.append(line)
            line = name
        else:
            line = f"{line} {name}" if line else name
    lines.append(line)
    return "\n  ".join(lines)


def status_line(result: Result, *, shown: int = 1) -> str:
    """One line saying what the search proved."""
    timing = f"({result.seconds:.3f} s)"
    if result.status == UNIQUE:
        return f"unique: exactly one solution {timing}"
    if result.status == MULTIPLE:
        if result.exhausted:
            return f"multiple: {result.count} solutions {timing}"
        more = "partial: stopped by Ctrl-C" if result.interrupted else "partial: stopped by the time limit" if result.timed_out else "search stopped there"
        return f"multiple: at least {result.count} solutions, {shown} shown ({more}) {timing}"
    if result.status == SATISFIABLE:
        why = "partial: the search was stopped early" if result.interrupted or result.timed_out else "the search stopped at the first"
        return f"satisfiable: a solution was found; uniqueness not decided ({why}) {timing}"
    if result.status == UNSATISFIABLE:
        return f"unsatisfiable: no solution {timing}"
    assert result.status == UNKNOWN
    return f"unknown: stopped before any solution was found {timing}"


def check_line(result: Result) -> str:
    """`check`'s word for a result, with why the search stopped when it did not decide:
    "unknown (stopped by the time limit before any solution was found; 1.003 s)"."""
    if result.status not in (UNKNOWN, SATISFIABLE):
        return result.status
    by = "by Ctrl-C " if result.interrupted else "by the time limit " if result.timed_out else ""
    found = "before any solution was found" if result.status == UNKNOWN else "after one solution, before a second"
    return f"{result.status} (stopped {by}{found}; {result.seconds:.3f} s)"


def count_line(result: Result, limit: int | None) -> str:
    """The count of solutions, exact or a lower bound."""
    noun = "solution" if result.count == 1 else "solutions"
    if result.exhausted:
        word = {0: "unsatisfiable", 1: "unique"}.get(result.count, "multiple")
        return f"{result.count} {noun} ({word}; {result.seconds:.3f} s)"
    if more_than(result, limit):
        return f"more than {limit} {'solution' if limit == 1 else 'solutions'} ({MULTIPLE}; stopped at --limit {limit}; {result.seconds:.3f} s)"
    reason = "partial: stopped by Ctrl-C" if result.interrupted else "partial: stopped by the time limit"
    if result.count == 0:
        return f"no solution found yet ({reason}; {result.seconds:.3f} s)"
    return f"at least {result.count} {noun} ({reason}; {result.seconds:.3f} s)"


def result_object(puzzle: Puzzle, result: Result) -> dict[str, Any]:
    """The stable JSON object of one puzzle's result (with ``extra``, the extra cells' values of
    each solution by name, when the puzzle has extra cells)."""
    obj = {
        "file": puzzle.label,
        "title": puzzle.title,
        "status": result.status,
        "count": result.count,
        "exhausted": result.exhausted,
        "solutions": [g.as_lists() for g in result.solutions],
        "seconds": round(result.seconds, 6),
    }
    if puzzle.extra:
        obj["extra"] = [extra_object(g, puzzle) for g in result.solutions]
    return obj


def to_json(obj: dict[str, Any]) -> str:
    """One compact JSON line."""
    import json  # only --json output needs it (start-up time)

    text = json.dumps(obj, ensure_ascii=False, separators=(", ", ": "))
    # Already valid JSON; but a title may hold characters that split lines for
    # str.splitlines() (U+2028, U+0085), drive a terminal (C1 controls) or are not UTF-8 (lone
    # surrogates): then escape everything outside ASCII.
    if not text.isprintable():
        text = json.dumps(obj, ensure_ascii=True, separators=(", ", ": "))
    return text
