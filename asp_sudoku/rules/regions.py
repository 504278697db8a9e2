"""Jigsaw (irregular) regions: a map that gives each cell a region; every region holds each digit
exactly once.  Regions replace the boxes (``box = "none"``).

The map is written like the givens, one row per line: either one character per cell
(``"AAABBBCCC"``) or whitespace-separated ids (``"1 1 2 2 10 10"``), or the whole grid as one line
of N*N characters.  Any characters may serve as ids; they are numbered 1, 2, ... in order of first
appearance (row by row), so user text never reaches the program; the ids themselves
(`region_names`) only name the regions in what is printed, such as a logical path's steps.
"""

from __future__ import annotations

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.core.model import Puzzle
from asp_sudoku.core.safe_text import one_line
from asp_sudoku.rules.facts import fact

Regions = tuple[tuple[int, ...], ...]
NAME_MOST = 10
"""The longest region id kept as the region's name (a longer one is cut, as errors quote it)."""


def _row_tokens(text: str, size: int) -> list[str] | None:
    tokens = text.split()
    if len(tokens) == size:
        return tokens
    joined = "".join(tokens)
    if len(joined) == size:
        return list(joined)
    return None


def parse_regions(
    rows: list[tuple[int, str]], size: int, path: str, digits: int | None = None, cols: int = 0
) -> tuple[Regions, tuple[str, ...]]:
    """A region map from (line number, text) rows, ids renumbered 1.. by first appearance, and
    the ids themselves in that order (region g's at g-1), each made safe to print on one line
    (none when two long ids would read alike: the regions are then called 1, 2, ...).

    Raises PuzzleFormatError when the map has the wrong shape, or when a region does not hold
    exactly `size` cells (so that it can hold each digit once), or there are not `size` regions.
    With more `digits` than `size` (a 7x7 holding 1-9), or on a non-square grid of `size` rows
    and `cols` columns, a region holds at most `digits` cells.
    """
    cols = cols or size
    rows = [(line, text) for line, text in rows if text.strip()]
    first_line = rows[0][0] if rows else 0
    if len(rows) == 1 and len("".join(rows[0][1].split())) == size * cols and size > 1:
        flat = "".join(rows[0][1].split())
        rows = [(first_line, flat[i : i + cols]) for i in range(0, size * cols, cols)]
    if len(rows) != size:
        where = rows[-1][0] if rows else 0
        raise PuzzleFormatError(path, where, f"regions: the map has {len(rows)} rows, expected {size}")
    ids: dict[str, int] = {}
    lines: dict[str, int] = {}
    grid: list[tuple[int, ...]] = []
    for r, (line, text) in enumerate(rows, start=1):
        tokens = _row_tokens(text, cols)
        if tokens is None:
            raise PuzzleFormatError(
                path, line, f"regions: row {r} has {len(text.split())} ids, expected {cols} "
                f"(or {cols} characters)"
            )
        for token in tokens:
            if token not in ids:
                ids[token] = len(ids) + 1
                lines[token] = line
        grid.append(tuple(ids[t] for t in tokens))
    counts = {k: 0 for k in ids.values()}
    for row in grid:
        for k in row:
            counts[k] += 1
    if digits is not None and (digits != size or cols != size):
        for token, k in ids.items():
            if counts[k] > digits:
                raise PuzzleFormatError(path, lines[token], f"regions: region {token[:10]!r} has {counts[k]} cells, more than the {digits} digits")
        return tuple(grid), _names(ids)
    for token, k in ids.items():
        if counts[k] != size:
            raise PuzzleFormatError(
                path, lines[token],
                f"regions: region {token[:10]!r} has {counts[k]} cells; each region needs {size}",
            )
    if len(ids) != size:  # cannot happen when every region has `size` cells, kept for clarity
        raise PuzzleFormatError(path, first_line, f"regions: {len(ids)} regions, expected {size}")
    return tuple(grid), _names(ids)


def _names(ids: dict[str, int]) -> tuple[str, ...]:
    """The ids of a map in their numbering's order, safe to print (`one_line`, `NAME_MOST`)."""
    names = tuple(one_line(token, NAME_MOST) for token in sorted(ids, key=ids.__getitem__))
    return names if len(set(names)) == len(names) else ()  # (two cut alike: numbered instead)


def facts(puzzle: Puzzle) -> list[str]:
    """``regionOf(R,C,G)``: cell (R,C) lies in region G (1-based)."""
    if puzzle.regions is None:
        return []
    return [
        fact("regionOf", r, c, g)
        for r, row in enumerate(puzzle.regions, start=1)
        for c, g in enumerate(row, start=1)
    ]
