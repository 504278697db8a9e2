"""The grid's shape from a neutral dict (`asp_sudoku.formats.build`): its size (``9``, ``"6x8"``),
boxes (``"3x3"``, ``"none"``, or the default for the size and digits), whether it is a Latin
square (``latin``), and the rows of its givens; each check names the file and the line."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.core.model import DEFAULT_BOXES, MAX_SIZE
from asp_sudoku.formats.grid_text import infer_size
from asp_sudoku.rules import CLUE_KINDS, GLOBAL_RULES, expand_rules, square_only

if TYPE_CHECKING:
    from asp_sudoku.formats.build import Lines


def read_latin(data: Mapping[str, Any], path: str, where: Lines) -> bool:
    """``latin = false``: rows and columns may repeat digits (ISS's ``Raw`` grids)."""
    value = data.get("latin", True)
    if not isinstance(value, bool):
        raise PuzzleFormatError(path, where.key("latin"), "latin must be true or false")
    return value


def box_for_digits(size: int, count: int, cols: int = 0) -> tuple[int, int] | None:
    """The default box of a grid of `size` rows and `cols` columns (0: a square) holding `count`
    digits: the usual box when the digits fill a row of a square; else boxes of `count` cells
    as ISS chooses them (the most nearly square shape that tiles the grid, fewer rows than
    columns first), or none when no such box tiles it (a 9x8 grid, a 4x7)."""
    cols = cols or size
    if count == size == cols:
        return DEFAULT_BOXES.get(size)
    for small in range(math.isqrt(count), 1, -1):
        large = count // small
        if count % small:
            continue
        if size % small == 0 and cols % large == 0:
            return small, large
        if size % large == 0 and cols % small == 0:
            return large, small
    return None


def read_size(data: Mapping[str, Any], path: str, where: Lines, rows: list[tuple[int, str]]) -> tuple[int, int]:
    """The grid's rows and columns: ``size = 9`` (a square) or ``size = "6x8"`` (6 rows of 8
    cells), or the number of rows of the givens (a square)."""
    if "size" in data:
        size = data["size"]
        if isinstance(size, str):
            match = re.fullmatch(r"\s*([0-9]{1,9})\s*[xX]\s*([0-9]{1,9})\s*", size)
            if match is None or not all(1 <= int(match.group(i)) <= MAX_SIZE for i in (1, 2)):
                raise PuzzleFormatError(
                    path, where.key("size"), f"size must be a whole number 1-{MAX_SIZE} or rows x columns like \"6x8\", not {size[:20]!r}"
                )
            return int(match.group(1)), int(match.group(2))
        if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= MAX_SIZE:
            raise PuzzleFormatError(path, where.key("size"), f"size must be a whole number 1-{MAX_SIZE} (or rows x columns like \"6x8\")")
    elif rows:
        size = infer_size(rows, path)
    else:
        raise _no_size(data, path, where)
    return int(size), int(size)


def _no_size(data: Mapping[str, Any], path: str, where: Lines) -> PuzzleFormatError:
    """The error for a puzzle with neither size nor givens, naming the table that holds one of
    them when it was written below a table's header (TOML puts it in that table)."""
    for name, value in data.items():
        tables = value if isinstance(value, list) else [value]
        for i, table in enumerate(tables):
            if isinstance(table, Mapping):
                key = next((k for k in ("size", "givens") if k in table), None)
                if key is not None:
                    header = f"[[{name}]] table #{i + 1}" if isinstance(value, list) else f"[{name}] table"
                    return PuzzleFormatError(
                        path, where.table(name, i) if isinstance(value, list) else where.key(name),
                        f"the puzzle needs a size or givens: {key} is written inside the {header} "
                        f"(a key below a table's header belongs to that table); move it above the first table",
                    )
    return PuzzleFormatError(path, 0, "the puzzle needs a size or givens")


def read_box(data: Mapping[str, Any], path: str, where: Lines, size: int, count: int, cols: int) -> tuple[int, int] | None:
    """The box: as given, or the default of a grid of `size` rows and `cols` columns holding
    `count` digits."""
    spec = data.get("box")
    line = where.key("box")
    if spec is None and "regions" in data:
        return None
    if spec is None and (count != size or cols != size):
        return box_for_digits(size, count, cols)
    if spec is None:
        if size not in DEFAULT_BOXES:
            raise PuzzleFormatError(path, where.key("size"), f"a {size}x{size} grid has no default box; give box = \"RxC\" or \"none\"")
        return DEFAULT_BOXES[size]
    if not isinstance(spec, str):
        raise PuzzleFormatError(path, line, "box must be a string like \"3x3\" or \"none\"")
    if spec.strip().lower() == "none":
        return None
    match = re.fullmatch(r"\s*([0-9]{1,9})\s*[xX]\s*([0-9]{1,9})\s*", spec)
    if match is None:
        raise PuzzleFormatError(path, line, f"box must look like \"3x3\" or \"none\", not {spec[:20]!r}")
    box = int(match.group(1)), int(match.group(2))
    if not box[0] or not box[1]:
        raise PuzzleFormatError(path, line, f"box {box[0]}x{box[1]} has no cells: each side is at least 1")
    name, cells = f"box {box[0]}x{box[1]}", box[0] * box[1]
    if size % box[0] or cols % box[1]:
        raise PuzzleFormatError(path, line, f"{name} does not tile a {size}x{cols} grid")
    if cells > count:
        raise PuzzleFormatError(path, line, f"{name} has {cells} cells, more than the {count} digits")
    if cells != size and count == size == cols:
        raise PuzzleFormatError(
            path, line,
            f"{name} has {cells} cells, but in this {size}x{size} grid of {count} digits each box holds every "
            f"digit: {size} cells (smaller boxes need more digits than a row has cells: values = \"...\")",
        )
    return box


def given_rows(data: Mapping[str, Any], path: str, where: Lines) -> list[tuple[int, str]]:
    value = data.get("givens", "")
    line = where.key("givens")
    if isinstance(value, list) and all(isinstance(row, str) for row in value):
        return [(line, row) for row in value]
    if not isinstance(value, str):
        raise PuzzleFormatError(path, line, "givens must be a string of rows")
    if not value.strip():
        return []
    rows = where.value_lines("givens")
    if len(rows) == 1 and "\n" in value.strip():  # a one-line string with \n escapes
        rows = [(rows[0][0], ln) for ln in value.splitlines() if ln.strip()]
    return rows or [(line, ln) for ln in value.splitlines() if ln.strip()]


def require_rectangular(data: Mapping[str, Any], path: str, where: Lines, size: int, cols: int) -> None:
    """A non-square grid: refuse the rules and clue kinds that need a square one, before any is
    read (their names, as written; unknown names are left to the usual messages)."""
    named = data.get("rules", [])
    names = [r.strip().lower() for r in named if isinstance(r, str)] if isinstance(named, list) else []
    try:
        rules = list(expand_rules(names))
    except KeyError:
        rules = [r for r in names if r in GLOBAL_RULES]
    for name in square_only(rules):
        raise PuzzleFormatError(path, where.key("rules"), f"rule {name!r} needs a square grid, not {size}x{cols}")
    kinds = [k for k in data if k in CLUE_KINDS and data[k]]
    for name in square_only(kinds):
        line = where.key(name) or where.table(name, 0)
        raise PuzzleFormatError(path, line, f"{name} clues need a square grid, not {size}x{cols}")
