"""Writing a `Puzzle` (and optionally its solution) as f-puzzles JSON and as an f-puzzles link.

The link is ``https://www.f-puzzles.com/?load=`` + lz-string ``compressToBase64`` of the JSON.
With a solution, the solved digits fill the grid as the solver's entries (``given: false``) and
the ``solution`` key holds the grid row by row, as SudokuPad reads it.  A rule or clue with no
f-puzzles equivalent is an error naming it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from asp_sudoku.core.errors import AspSudokuError
from asp_sudoku.core.model import DEFAULT_BOXES, Cell, Clue, Grid, Puzzle
from asp_sudoku.formats.fields import field_of
from asp_sudoku.formats.fpuzzles import GLOBAL_KEYS
from asp_sudoku.formats.fpuzzles.keys import LITTLE_KILLER_DIRECTIONS
from asp_sudoku.formats.lzstring import compress_to_base64

FPUZZLES_URL = "https://www.f-puzzles.com/?load="
RULE_KEYS = {rule: key for key, rule in GLOBAL_KEYS.items()}
WINDOKU = [(2, 2), (2, 6), (6, 2), (6, 6)]


def ref(cell: Cell) -> str:
    """(3, 4) -> ``R3C4``."""
    return f"R{cell[0]}C{cell[1]}"


def _refs(cells: tuple[Cell, ...]) -> list[str]:
    return [ref(c) for c in cells]


def _killer(clue: Clue, size: int) -> tuple[str, dict[str, Any]]:
    entry: dict[str, Any] = {"cells": _refs(field_of(clue, "cells"))}
    total = field_of(clue, "total")
    if total is not None:
        entry["value"] = str(total)
    return "killercage", entry


def _thermo(clue: Clue, size: int) -> tuple[str, dict[str, Any]]:
    return "thermometer", {"lines": [_refs(field_of(clue, "cells"))]}


def _arrow(clue: Clue, size: int) -> tuple[str, dict[str, Any]]:
    circle: tuple[Cell, ...] = field_of(clue, "circle")
    shaft: tuple[Cell, ...] = field_of(clue, "cells")
    start = next(
        (c for c in circle if max(abs(c[0] - shaft[0][0]), abs(c[1] - shaft[0][1])) == 1), circle[0]
    )
    return "arrow", {"cells": _refs(circle), "lines": [[ref(start), *_refs(shaft)]]}


STEPS = {"UL": (-1, -1), "UR": (-1, 1), "DL": (1, -1), "DR": (1, 1)}


def _little_killer(clue: Clue, size: int) -> tuple[str, dict[str, Any]]:
    cells: tuple[Cell, ...] = field_of(clue, "cells")
    for name, (dr, dc) in STEPS.items():
        clue_cell = (cells[0][0] - dr, cells[0][1] - dc)
        run, (r, c) = [], cells[0]
        while 1 <= r <= size and 1 <= c <= size:
            run.append((r, c))
            r, c = r + dr, c + dc
        outside = not (1 <= clue_cell[0] <= size and 1 <= clue_cell[1] <= size)
        if outside and tuple(run) == cells:
            assert name in LITTLE_KILLER_DIRECTIONS
            return "littlekillersum", {"cell": ref(clue_cell), "direction": name, "value": str(field_of(clue, "total"))}
    raise AspSudokuError("f-puzzles cannot show a little killer that stops before the grid's edge")


def _extra_region(clue: Clue, size: int) -> tuple[str, dict[str, Any]]:
    return "extraregion", {"cells": _refs(field_of(clue, "cells"))}


def _line(key: str, value_field: str | None = None) -> Callable[[Clue, int], tuple[str, dict[str, Any]]]:
    def write(clue: Clue, size: int) -> tuple[str, dict[str, Any]]:
        entry: dict[str, Any] = {"lines": [_refs(field_of(clue, "cells"))]}
        if value_field is not None:
            entry["value"] = str(field_of(clue, value_field))
        return key, entry
    return write


def _pair(key: str, value_field: str, default: int) -> Callable[[Clue, int], tuple[str, dict[str, Any]]]:
    def write(clue: Clue, size: int) -> tuple[str, dict[str, Any]]:
        entry: dict[str, Any] = {"cells": _refs(field_of(clue, "cells"))}
        if field_of(clue, value_field) != default:
            entry["value"] = str(field_of(clue, value_field))
        return key, entry
    return write


def _xv(clue: Clue, size: int) -> tuple[str, dict[str, Any]]:
    return "xv", {"cells": _refs(field_of(clue, "cells")), "value": "X" if field_of(clue, "total") == 10 else "V"}


def _outside(key: str, value_field: str) -> Callable[[Clue, int], tuple[str, dict[str, Any]]]:
    def write(clue: Clue, size: int) -> tuple[str, dict[str, Any]]:
        return key, {"cell": ref(field_of(clue, "clue")), "value": str(field_of(clue, value_field))}
    return write


def _quadruple(clue: Clue, size: int) -> tuple[str, dict[str, Any]]:
    return "quadruple", {"cells": _refs(field_of(clue, "cells")), "values": list(field_of(clue, "digits"))}


WRITERS: dict[str, Callable[[Clue, int], tuple[str, dict[str, Any]]]] = {
    "killer": _killer,
    "thermo": _thermo,
    "arrow": _arrow,
    "little-killer": _little_killer,
    "extra-region": _extra_region,
    "kropki-white": _pair("difference", "difference", 1),
    "kropki-black": _pair("ratio", "ratio", 2),
    "xv": _xv,
    "quadruple": _quadruple,
    "sandwich": _outside("sandwichsum", "total"),
    "x-sum": _outside("xsum", "total"),
    "skyscraper": _outside("skyscraper", "count"),
    "palindrome": _line("palindrome"),
    "renban": _line("renban"),
    "between": _line("betweenline"),
    "whispers": _line("whispers", "difference"),
    "entropic": _line("entropicline"),
    "region-sum": _line("regionsumline"),
    "slow-thermo": _line("slowthermometer"),
    "zipper": _line("zipperline"),
}
CELL_MARKS = {"odd": "odd", "even": "even", "minimum": "minimum", "maximum": "maximum"}
NEGATIVE = {
    "kropki-negative": ("ratio", "difference"),
    "kropki-black-negative": ("ratio",),
    "kropki-white-negative": ("difference",),
    "xv-negative": ("xv",),
}


def to_fpuzzles(puzzle: Puzzle, solution: Grid | None = None) -> dict[str, Any]:
    """The f-puzzles JSON object of a puzzle (with its solution filled in, when given)."""
    n = puzzle.size
    if n > 16:
        raise AspSudokuError(f"f-puzzles grids are at most 16x16, not {n}x{n}")
    if getattr(puzzle, "user_rules", ()):
        raise AspSudokuError("f-puzzles cannot carry user-written rules (rules-file)")
    if puzzle.digits != (1, n):
        raise AspSudokuError(f"f-puzzles grids hold the digits 1-{n}, not {puzzle.digits[0]}-{puzzle.digits[1]}")
    obj: dict[str, Any] = {"size": n}
    if puzzle.title:
        obj["title"] = puzzle.title
    if puzzle.author:
        obj["author"] = puzzle.author
    givens = puzzle.given_grid()
    regions = getattr(puzzle, "regions", None)
    grid: list[list[dict[str, Any]]] = []
    for r in range(n):
        row = []
        for c in range(n):
            cell: dict[str, Any] = {}
            if givens[r][c] is not None:
                cell = {"value": givens[r][c], "given": True}
            elif solution is not None:
                cell = {"value": solution.rows[r][c], "given": False}
            if regions is not None:
                cell["region"] = regions[r][c] - 1
            elif puzzle.box is None:
                cell["region"] = None
            elif puzzle.box != DEFAULT_BOXES.get(n):
                h, w = puzzle.box
                cell["region"] = (r // h) * (n // w) + c // w
            row.append(cell)
        grid.append(row)
    obj["grid"] = grid
    for rule in puzzle.rules:
        if rule == "windoku":
            obj.setdefault("extraregion", []).extend(
                {"cells": [ref((top + i, left + j)) for i in range(3) for j in range(3)]} for top, left in WINDOKU
            )
        elif rule in RULE_KEYS:
            obj[RULE_KEYS[rule]] = True
        elif rule in NEGATIVE:
            obj["negative"] = sorted(set(obj.get("negative", [])) | set(NEGATIVE[rule]))
        else:
            raise AspSudokuError(f"f-puzzles has no {rule} rule")
    for clue in puzzle.clues:
        if clue.kind in CELL_MARKS:
            obj.setdefault(CELL_MARKS[clue.kind], []).extend({"cell": ref(c)} for c in field_of(clue, "cells"))
            continue
        writer = WRITERS.get(clue.kind)
        if writer is None:
            raise AspSudokuError(f"f-puzzles has no {clue.kind} clue (or asp-sudoku cannot write it yet)")
        key, entry = writer(clue, n)
        obj.setdefault(key, []).append(entry)
    if solution is not None:
        obj["solution"] = [v for row in solution.rows for v in row]
    return obj


def fpuzzles_url(puzzle: Puzzle, solution: Grid | None = None) -> str:
    """The f-puzzles link of a puzzle (with its solution filled in, when given)."""
    text = json.dumps(to_fpuzzles(puzzle, solution), separators=(",", ":"), ensure_ascii=False)
    return FPUZZLES_URL + compress_to_base64(text)
