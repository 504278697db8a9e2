"""Writing a `Puzzle` (and optionally its solution) as f-puzzles JSON and as an f-puzzles link.

The link is ``https://www.f-puzzles.com/?load=`` + lz-string ``compressToBase64`` of the JSON;
SudokuPad opens the same payload as ``https://sudokupad.app/fpuzzles`` + it (as f-puzzles' own
"Open in SudokuPad" writes it).
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
from asp_sudoku.formats.fpuzzles import GLOBAL_KEYS
from asp_sudoku.formats.fpuzzles.keys import LITTLE_KILLER_DIRECTIONS
from asp_sudoku.formats.lzstring import compress_to_base64
from asp_sudoku.rules.arrow import Arrow
from asp_sudoku.rules.base import OnPair, Outside, cells_of
from asp_sudoku.rules.clone import Clone
from asp_sudoku.rules.indexing import Indexing
from asp_sudoku.rules.killer import Killer
from asp_sudoku.rules.little_killer import LittleKiller
from asp_sudoku.rules.lockout import Lockout
from asp_sudoku.rules.modular import Modular
from asp_sudoku.rules.pencilmarks import Pencilmarks
from asp_sudoku.rules.quadruple import Quadruple
from asp_sudoku.rules.whispers import Whispers
from asp_sudoku.rules.windoku import windows
from asp_sudoku.rules.xv import XV

FPUZZLES_URL = "https://www.f-puzzles.com/?load="
SUDOKUPAD_URL = "https://sudokupad.app/fpuzzles"
RULE_KEYS = {rule: key for key, rule in GLOBAL_KEYS.items()}


def ref(cell: Cell) -> str:
    """(3, 4) -> ``R3C4``."""
    return f"R{cell[0]}C{cell[1]}"


def _refs(cells: tuple[Cell, ...]) -> list[str]:
    return [ref(c) for c in cells]


def _killer(clue: Clue, size: int) -> tuple[str, dict[str, Any]]:
    assert isinstance(clue, Killer)
    entry: dict[str, Any] = {"cells": _refs(clue.cells)}
    if clue.total is not None:
        entry["value"] = str(clue.total)
    return "killercage", entry


def _arrow(clue: Clue, size: int) -> tuple[str, dict[str, Any]]:
    assert isinstance(clue, Arrow)
    shaft = clue.cells
    start = next(
        (c for c in clue.circle if max(abs(c[0] - shaft[0][0]), abs(c[1] - shaft[0][1])) == 1), clue.circle[0]
    )
    return "arrow", {"cells": _refs(clue.circle), "lines": [[ref(start), *_refs(shaft)]]}


STEPS = {"UL": (-1, -1), "UR": (-1, 1), "DL": (1, -1), "DR": (1, 1)}


def _little_killer(clue: Clue, size: int) -> tuple[str, dict[str, Any]]:
    assert isinstance(clue, LittleKiller)
    cells = clue.cells
    for name, (dr, dc) in STEPS.items():
        clue_cell = (cells[0][0] - dr, cells[0][1] - dc)
        run, (r, c) = [], cells[0]
        while 1 <= r <= size and 1 <= c <= size:
            run.append((r, c))
            r, c = r + dr, c + dc
        outside = not (1 <= clue_cell[0] <= size and 1 <= clue_cell[1] <= size)
        if outside and tuple(run) == cells:
            assert name in LITTLE_KILLER_DIRECTIONS
            return "littlekillersum", {"cell": ref(clue_cell), "direction": name, "value": str(clue.total)}
    raise AspSudokuError("f-puzzles cannot show a little killer that stops before the grid's edge")


def _cells(key: str) -> Callable[[Clue, int], tuple[str, dict[str, Any]]]:
    """A clue written as its cells (an extra region)."""

    def write(clue: Clue, size: int) -> tuple[str, dict[str, Any]]:
        return key, {"cells": _refs(cells_of(clue))}

    return write


def _clone(clue: Clue, size: int) -> tuple[str, dict[str, Any]]:
    assert isinstance(clue, Clone)
    return "clone", {"cells": _refs(clue.cells), "cloneCells": _refs(clue.copies)}


def _line(key: str) -> Callable[[Clue, int], tuple[str, dict[str, Any]]]:
    """A line clue written as one line of cells."""

    def write(clue: Clue, size: int) -> tuple[str, dict[str, Any]]:
        return key, {"lines": [_refs(cells_of(clue))]}

    return write


def _indexing(clue: Clue, size: int) -> tuple[str, dict[str, Any]]:
    assert isinstance(clue, Indexing)
    return f"{clue.direction}indexer", {"cells": _refs(clue.cells)}


def _modular(clue: Clue, size: int) -> tuple[str, dict[str, Any]]:
    assert isinstance(clue, Modular)
    if clue.modulus != 3:
        raise AspSudokuError(f"f-puzzles modular lines are modulo 3, not {clue.modulus}")
    return "modularline", {"lines": [_refs(clue.cells)]}


def _lockout(clue: Clue, size: int) -> tuple[str, dict[str, Any]]:
    assert isinstance(clue, Lockout)
    return "lockout", {"lines": [_refs(clue.cells)], "value": str(clue.difference)}


def _whispers(clue: Clue, size: int) -> tuple[str, dict[str, Any]]:
    assert isinstance(clue, Whispers)
    return "whispers", {"lines": [_refs(clue.cells)], "value": str(clue.difference)}


def _pair(key: str, default: int) -> Callable[[Clue, int], tuple[str, dict[str, Any]]]:
    """A dot on two cells, its number written unless it is the default."""

    def write(clue: Clue, size: int) -> tuple[str, dict[str, Any]]:
        assert isinstance(clue, OnPair)
        entry: dict[str, Any] = {"cells": _refs(clue.cells)}
        if clue.number != default:
            entry["value"] = str(clue.number)
        return key, entry

    return write


def _xv(clue: Clue, size: int) -> tuple[str, dict[str, Any]]:
    assert isinstance(clue, XV)
    return "xv", {"cells": _refs(clue.cells), "value": "X" if clue.number == 10 else "V"}


def _outside(key: str) -> Callable[[Clue, int], tuple[str, dict[str, Any]]]:
    """An outside clue: where it stands and its number."""

    def write(clue: Clue, size: int) -> tuple[str, dict[str, Any]]:
        assert isinstance(clue, Outside)
        return key, {"cell": ref(clue.clue), "value": str(clue.number)}

    return write


def _quadruple(clue: Clue, size: int) -> tuple[str, dict[str, Any]]:
    assert isinstance(clue, Quadruple)
    return "quadruple", {"cells": _refs(clue.cells), "values": list(clue.digits)}


WRITERS: dict[str, Callable[[Clue, int], tuple[str, dict[str, Any]]]] = {
    "killer": _killer,
    "thermo": _line("thermometer"),
    "arrow": _arrow,
    "little-killer": _little_killer,
    "extra-region": _cells("extraregion"),
    "clone": _clone,
    "kropki-white": _pair("difference", 1),
    "kropki-black": _pair("ratio", 2),
    "xv": _xv,
    "quadruple": _quadruple,
    "sandwich": _outside("sandwichsum"),
    "x-sum": _outside("xsum"),
    "skyscraper": _outside("skyscraper"),
    "palindrome": _line("palindrome"),
    "renban": _line("renban"),
    "between": _line("betweenline"),
    "whispers": _whispers,
    "entropic": _line("entropicline"),
    "region-sum": _line("regionsumline"),
    "double-arrow": _line("doublearrow"),
    "slow-thermo": _line("slowthermometer"),
    "zipper": _line("zipperline"),
    "nabner": _line("nabner"),
    "indexing": _indexing,
    "modular": _modular,
    "lockout": _lockout,
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
    if not puzzle.square:
        raise AspSudokuError(f"f-puzzles grids are square (N x N), not {puzzle.shape_name}")
    if n > 16:
        raise AspSudokuError(f"f-puzzles grids are at most 16x16, not {n}x{n}")
    if puzzle.user_rules:
        raise AspSudokuError("f-puzzles cannot carry user-written rules (rules-file)")
    if puzzle.digits != (1, n):
        raise AspSudokuError(f"f-puzzles grids hold the digits 1-{n}, not {puzzle.digits[0]}-{puzzle.digits[1]}")
    if puzzle.extra:
        names = " ".join(list(puzzle.extra_cells())[:6])
        raise AspSudokuError(f"f-puzzles (and SudokuPad) have no cells outside the grid: this puzzle has extra cells ({names} ...)")
    if not puzzle.latin:
        raise AspSudokuError("f-puzzles grids are Latin squares: this one's rows and columns may repeat digits (latin = false)")
    obj: dict[str, Any] = {"size": n}
    if puzzle.title:
        obj["title"] = puzzle.title
    if puzzle.author:
        obj["author"] = puzzle.author
    givens = puzzle.given_grid()
    regions = puzzle.regions
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
    if "non-consecutive" in puzzle.rules and any(c.kind in ("kropki-white", "kropki-black") for c in puzzle.clues):
        raise AspSudokuError(
            "f-puzzles cannot say non-consecutive with Kropki dots: its nonconsecutive lets a dotted "
            "pair be consecutive (it reads back as kropki-white-negative)"
        )
    for rule in puzzle.rules:
        if rule == "windoku":
            obj.setdefault("extraregion", []).extend(
                {"cells": [ref(cell) for cell in cells]} for cells in windows(n, puzzle.box or (n, n))
            )
        elif rule in RULE_KEYS:
            obj[RULE_KEYS[rule]] = True
        elif rule in NEGATIVE:
            obj["negative"] = sorted(set(obj.get("negative", [])) | set(NEGATIVE[rule]))
        else:
            raise AspSudokuError(f"f-puzzles has no {rule} rule")
    for clue in puzzle.clues:
        if isinstance(clue, Pencilmarks):  # the cell's givenPencilMarks (two on a cell: both hold)
            (r, c), = clue.cells
            held = grid[r - 1][c - 1].get("givenPencilMarks")
            digits = [d for d in clue.digits if held is None or d in held]
            if not digits:  # an empty list would read back as no marks at all: any digit
                raise AspSudokuError(
                    f"f-puzzles has no empty cell: r{r}c{c} is given pencil marks with no digit in common "
                    "(the puzzle has no solution)"
                )
            grid[r - 1][c - 1]["givenPencilMarks"] = digits
            continue
        if clue.kind in CELL_MARKS:  # a cell marked twice (two clues name it) is written once
            marked = obj.setdefault(CELL_MARKS[clue.kind], [])
            marked.extend({"cell": ref(c)} for c in cells_of(clue) if {"cell": ref(c)} not in marked)
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


def sudokupad_url(puzzle: Puzzle, solution: Grid | None = None) -> str:
    """The SudokuPad link of a puzzle: its f-puzzles payload after ``sudokupad.app/fpuzzles``."""
    text = json.dumps(to_fpuzzles(puzzle, solution), separators=(",", ":"), ensure_ascii=False)
    return SUDOKUPAD_URL + compress_to_base64(text)
