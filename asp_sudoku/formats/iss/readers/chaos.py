"""Readers of ISS's chaos construction types: ``ChaosConstruction`` (the solver chooses the
regions), and the clues on those regions, ``ChaosArrow`` and ``ChaosCount`` (and ``SameValues``
and ``CountDistinct`` on region cells, handed over by their readers).  Their cells after the
control cell are ISS region cells ``CC<k>``: the region of the k-th grid cell in reading order."""

from __future__ import annotations

import re

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.formats.build import unsupported
from asp_sudoku.formats.iss.puzzle import IssPuzzle
from asp_sudoku.formats.iss.readers.base import Reader

Cell = tuple[int, int]


def _error(p: IssPuzzle, type_: str, message: str) -> PuzzleFormatError:
    return PuzzleFormatError(p.path, 0, f"ISS {type_}: {message}")


def _region_cell(p: IssPuzzle, token: str, type_: str) -> Cell:
    """``CC<k>`` -> the k-th cell of the grid in reading order (1-based)."""
    match = re.fullmatch(r"CC([0-9]+)", token)
    if match is None or not 1 <= int(match.group(1)) <= p.size * p.size:
        raise _error(p, type_, f"{token[:20]!r} is not a region cell CC1..CC{p.size * p.size}")
    k = int(match.group(1)) - 1
    return k // p.size + 1, k % p.size + 1


def _name(cell: Cell) -> str:
    return f"r{cell[0]}c{cell[1]}"


def _head(p: IssPuzzle, args: list[str], type_: str) -> tuple[Cell, int, list[str]]:
    """The control cell, the offset (empty: 0) and the remaining items."""
    if not args:
        raise _error(p, type_, "expected a control cell")
    control = p.cell(args[0], type_)
    offset = p.number(args[1], type_) if len(args) > 1 and args[1] else 0
    if offset not in (0, 1):
        raise _error(p, type_, f"the offset {offset} is not 0 or 1")
    return control, offset, args[2:]


def chaos_construction(p: IssPuzzle, args: list[str], type_: str) -> None:
    """``.ChaosConstruction``: the rule, no arguments."""
    p.rule("chaos-construction", type_)


def _straight(p: IssPuzzle, start: Cell, dr: int, dc: int) -> list[Cell]:
    cells = [start]
    r, c = start
    while 1 <= r + dr <= p.size and 1 <= c + dc <= p.size:
        r, c = r + dr, c + dc
        cells.append((r, c))
    return cells


def chaos_arrow(p: IssPuzzle, args: list[str], type_: str) -> None:
    """``.ChaosArrow~CONTROL~OFFSET~CC..~-~CC..``: arms separated by ``-``, each beginning at the
    same region cell.  With no region cells, the arms run from the control cell to the grid's
    edges, up, down, left and right."""
    control, offset, rest = _head(p, args, type_)
    arms: list[list[Cell]] = [[]]
    for item in rest:
        if item == "-":
            arms.append([])
        elif item:
            arms[-1].append(_region_cell(p, item, type_))
    arms = [arm for arm in arms if arm]
    if not arms:
        arms = [_straight(p, control, dr, dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))]
    table = {"cell": _name(control), "arms": [[_name(c) for c in arm] for arm in arms]}
    p.add("chaos-arrow", type_, {**table, "offset": offset} if offset else table)


def chaos_count(p: IssPuzzle, args: list[str], type_: str) -> None:
    """``.ChaosCount~CONTROL~OFFSET~CC..``: the first region cell's region is counted among the
    listed ones.  With no region cells: the control cell and its (up to eight) neighbours."""
    control, offset, rest = _head(p, args, type_)
    cells = [_region_cell(p, item, type_) for item in rest if item]
    if not cells:
        r, c = control
        cells = [control] + [
            (r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if (dr, dc) != (0, 0) and 1 <= r + dr <= p.size and 1 <= c + dc <= p.size
        ]
    table = {"cell": _name(control), "cells": [_name(c) for c in cells]}
    p.add("chaos-count", type_, {**table, "offset": offset} if offset else table)


def is_region_cell(token: str) -> bool:
    """An ISS region cell ``CC<k>`` (chaos construction's region of the k-th grid cell)."""
    return re.fullmatch(r"CC[0-9]+", token) is not None


def same_region(p: IssPuzzle, args: list[str], type_: str) -> None:
    """``.SameValues~N~CC..~CC..``: N region cells, one a set, have one value: their grid cells
    share a region.  Sets of several region cells (equal multisets of regions) are not read."""
    count = p.number(args[0], type_) if args else 0
    cells = [a for a in args[1:] if a]
    if count != len(cells):
        raise unsupported(p.path, 0, type_, "sets of several region cells (CC<k>) are not read; one region cell a set is")
    p.add("chaos-same-region", type_, {"cells": [_name(_region_cell(p, a, type_)) for a in cells]})


def region_count(p: IssPuzzle, args: list[str], type_: str) -> None:
    """``.CountDistinct~CELL~CC..``: the digit in CELL is how many regions the region cells name."""
    control = p.cell(args[0], type_)
    cells = [_region_cell(p, a, type_) for a in args[1:] if a]
    p.add("chaos-region-count", type_, {"cell": _name(control), "cells": [_name(c) for c in cells]})


READERS: dict[str, Reader] = {
    "ChaosConstruction": Reader("chaos-construction", chaos_construction),
    "ChaosArrow": Reader("chaos-arrow", chaos_arrow),
    "ChaosCount": Reader("chaos-count", chaos_count),
}
