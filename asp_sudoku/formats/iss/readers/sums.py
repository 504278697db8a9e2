"""Readers of ISS types about sums and counts on cells: little killers, sum lines, lunchboxes,
counting circles, numbered rooms, rellik cages, double arrows, equal sums, equality cages, count
distinct and contain (each becomes one clue table of our rule of that name)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.formats.build import unsupported
from asp_sudoku.formats.iss.puzzle import IssPuzzle
from asp_sudoku.formats.iss.readers.base import Reader
from asp_sudoku.formats.iss.readers.chaos import is_region_cell, region_count

_CELL = re.compile(r"^[Rr][0-9a-gA-G][Cc][0-9a-gA-G]$")


def little_killer_cells(size: int) -> dict[tuple[int, int], list[tuple[int, int]]]:
    """ISS's little-killer ids: the first cell of each diagonal, as ISS numbers them (0-based)."""
    found: dict[tuple[int, int], list[tuple[int, int]]] = {}
    seen: set[frozenset[tuple[int, int]]] = set()

    def add(row: int, col: int, dr: int, dc: int) -> None:
        cells = []
        while 0 <= row < size and 0 <= col < size:
            cells.append((row, col))
            row, col = row + dr, col + dc
        key = frozenset(cells)
        if len(cells) <= 1 or key in seen:
            return
        seen.add(key)
        found[cells[0]] = cells

    for row in range(size - 1):
        add(row, 0, 1, 1)
    for row in range(1, size - 1):
        add(row, size - 1, -1, -1)
    for col in range(1, size):
        add(0, col, 1, -1)
    for col in range(1, size - 1):
        add(size - 1, col, -1, 1)
    return found


def _little_killer(p: IssPuzzle, args: list[str], type_: str) -> None:
    if len(args) != 2:
        raise PuzzleFormatError(p.path, 0, f"ISS {type_}: expected a sum and a cell id")
    r, c = p.cell(args[1], type_)
    cells = little_killer_cells(p.size).get((r - 1, c - 1))
    if cells is None:
        raise PuzzleFormatError(p.path, 0, f"ISS {type_}: {args[1]} starts no diagonal")
    p.add("little-killer", type_, {"sum": p.number(args[0], type_), "cells": [f"r{a + 1}c{b + 1}" for a, b in cells]})


def _need(p: IssPuzzle, args: list[str], count: int, type_: str, what: str) -> None:
    if len(args) < count:
        raise PuzzleFormatError(p.path, 0, f"ISS {type_}: expected {what}")


def _sum_line(p: IssPuzzle, args: list[str], type_: str) -> None:
    """``.SumLine~S~cells[~LOOP]``."""
    _need(p, args, 1, type_, "a sum and cells")
    loop = bool(args) and args[-1].upper() == "LOOP"
    cells = args[1:-1] if loop else args[1:]
    table: dict[str, Any] = {"cells": p.names(cells, type_), "sum": p.number(args[0], type_)}
    if loop:
        table["loop"] = True
    p.add("sum-line", type_, table)


def _lunchbox(p: IssPuzzle, args: list[str], type_: str) -> None:
    """``.Lunchbox~S~cells`` (in a grid of digits from 0 too: its ends are still its smallest and
    largest digit, and the sum is of the digits as written)."""
    _summed_cells("lunchbox")(p, args, type_)


def _counting_circles(p: IssPuzzle, args: list[str], type_: str) -> None:
    """``.CountingCircles~cells`` (in a grid of digits from 0, as in ISS's "Hippo Birdie", a
    circle's digit still counts the circles: a 0 cannot be in one)."""
    p.add("counting-circles", type_, {"cells": p.names(args, type_)})


def _numbered_room(p: IssPuzzle, args: list[str], type_: str) -> None:
    """``.NumberedRoom~R3~start~end``: a clue from the start (left or top) and one from the end,
    either empty.  In a grid of digits from 0 the first digit N still points at the N-th cell
    (ISS's recorded solution of "0-indexed: Sums and indexing"); a first 0 points at none."""
    _need(p, args, 1, type_, "a row or column and clues")
    line = p.line_id(args[0], type_)
    sides = ("top", "bottom") if line[0] == "c" else ("left", "right")
    for side, value in zip(sides, args[1:3]):
        if value:
            p.add("numbered-room", type_, {"line": line, "side": side, "digit": p.number(value, type_)})


def _summed_cells(kind: str) -> Callable[[IssPuzzle, list[str], str], None]:
    """The reader of ``.<Type>~S~cells`` as ``[[<kind>]] cells = [...], sum = S``."""

    def read(p: IssPuzzle, args: list[str], type_: str) -> None:
        _need(p, args, 1, type_, "a sum and cells")
        p.add(kind, type_, {"cells": p.names(args[1:], type_), "sum": p.number(args[0], type_)})

    return read


def _grid_cells(p: IssPuzzle, args: list[str], type_: str) -> list[str]:
    """The cells of an item: grid cells and declared var cells (``VS1``); others (a chaos
    region's ``CC14``) are refused."""
    for token in args:
        if token and not _CELL.match(token) and token not in p.extra_place:
            raise unsupported(p.path, 0, type_, f"{token[:10]} is neither a grid cell nor a declared var cell")
    return p.names(args, type_)


def _equal_sum(p: IssPuzzle, args: list[str], type_: str) -> None:
    """``.EqualSum~cells~-~cells~-~...``: sets of cells separated by ``-``."""
    sets: list[list[str]] = [[]]
    for token in args:
        if token == "-":
            sets.append([])
        else:
            sets[-1].append(token)
    p.add("equal-sum", type_, {"sets": [_grid_cells(p, s, type_) for s in sets]})


def _count_distinct(p: IssPuzzle, args: list[str], type_: str) -> None:
    """``.CountDistinct~circle~cells``: the circled cell first."""
    _need(p, args, 2, type_, "a circled cell and the cells it counts")
    if any(is_region_cell(a) for a in args[1:]):
        region_count(p, args, type_)
        return
    cells = _grid_cells(p, args, type_)
    p.add("count-distinct", type_, {"cell": cells[0], "cells": cells[1:]})


def _contain(exact: bool) -> Callable[[IssPuzzle, list[str], str], None]:
    """The reader of ``.ContainExact~2_2_5~cells`` (exact) or ``.ContainAtLeast~2_2_5~cells``."""

    def read(p: IssPuzzle, args: list[str], type_: str) -> None:
        _need(p, args, 2, type_, "digits and cells")
        digits = [p.number(d, type_) for d in args[0].split("_")]
        table: dict[str, Any] = {"cells": _grid_cells(p, args[1:], type_), "digits": digits}
        if exact:
            table["exact"] = True
        p.add("contain", type_, table)

    return read


READERS: dict[str, Reader] = {
    "LittleKiller": Reader("little-killer", _little_killer),
    "SumLine": Reader("sum-line", _sum_line),
    "Lunchbox": Reader("lunchbox", _lunchbox),
    "CountingCircles": Reader("counting-circles", _counting_circles),
    "NumberedRoom": Reader("numbered-room", _numbered_room),
    "RellikCage": Reader("rellik-cage", _summed_cells("rellik-cage")),
    "EqualSum": Reader("equal-sum", _equal_sum),
    "CountDistinct": Reader("count-distinct", _count_distinct),
    "ContainExact": Reader("contain", _contain(exact=True)),
    "ContainAtLeast": Reader("contain", _contain(exact=False)),
}
"""ISS type -> its reader."""
