"""SudokuPad's own puzzle JSON (SCL, the payload of ``scl...`` / ``ctc...`` ids): PuzzleZipper's
shortened keys and values undone (`unzip`), then translated into the neutral puzzle dict
(`data_from_scl`): givens, given pencil marks, regions, cages with sums, metadata and the global
rules exactly; lines and shapes whose meaning only the rules text gives are ignored with a
warning naming them."""

from __future__ import annotations

import re
import warnings
from typing import Any

from asp_sudoku.core.errors import FormatWarning, PuzzleFormatError
from asp_sudoku.core.model import DEFAULT_BOXES
from asp_sudoku.formats.build import has_kind, require_kind, require_rule, unsupported
from asp_sudoku.formats.json_input import load_json
from asp_sudoku.formats.shape import box_for_digits

PROP_MAP = {
    "color": "c", "cages": "ca", "center": "ct", "borderColor": "c1", "backgroundColor": "c2",
    "cells": "ce", "cellSize": "cs", "arrows": "a", "overlays": "o", "underlays": "u",
    "width": "w", "height": "h", "value": "v", "videos": "vd", "lines": "l", "rounded": "r",
    "regions": "re", "fontSize": "fs", "thickness": "th", "headLength": "hl", "wayPoints": "wp",
    "title": "t", "text": "te", "duration": "d", "d": "d2",
}
GLOBALS = {"antiknight": "anti-knight", "antiking": "anti-king", "nonconsecutive": "non-consecutive"}


def unzip(zipped: str, path: str = "<text>") -> Any:
    """Undo SudokuPad's PuzzleZipper and parse the JSON (see json_input: no duplicate keys,
    bounded nesting); raises PuzzleFormatError."""
    try:
        return load_json(zipped, path, "SudokuPad")
    except PuzzleFormatError as exc:
        if ": invalid JSON:" not in exc.message:
            raise
    text = zipped
    if '"' not in text:
        text = text.replace("\\'", "\u2019").replace("'", '"').replace("\u2019", "'")
    strings: list[str] = []

    def keep(match: re.Match[str]) -> str:
        strings.append(match.group(0))
        return f'"__S{len(strings) - 1}__"'

    text = re.sub(r'"(?:[^"\\]|\\.)*"', keep, text)
    text = re.sub(r"([,{\[])([a-zA-Z0-9]+):", r'\1"\2":', text)
    text = re.sub(r"([,{\[])(?=[,}\]])", r"\1_", text)
    text = text.replace("{_}", "{}")
    text = re.sub(r"([,{\[])_", r"\1{}", text)
    text = re.sub(r"(:)f([,}\]])", r"\1false\2", text)
    text = re.sub(r"(:)t([,}\]])", r"\1true\2", text)
    text = re.sub(r"(:)#0([,}\]])", r'\1"#000000"\2', text)
    text = re.sub(r"(:)#F([,}\]])", r'\1"#FFFFFF"\2', text)
    text = re.sub(r"(:)([0-9a-fA-F]{6})([,}\]])", r'\1"#\2"\3', text)
    text = re.sub(r'"__S(\d+)__"', lambda m: strings[int(m.group(1))], text)
    obj = load_json(text, path, "SudokuPad")
    reverse = {short: long for long, short in PROP_MAP.items()}
    return _rename(obj, reverse)


def _rename(obj: Any, names: dict[str, str]) -> Any:
    if isinstance(obj, list):
        return [_rename(v, names) for v in obj]
    if isinstance(obj, dict):
        return {names.get(k, k): _rename(v, names) for k, v in obj.items()}
    return obj


def _cell(rc: Any, size: int, path: str) -> str:
    if not (isinstance(rc, list) and len(rc) == 2 and all(isinstance(v, (int, float)) for v in rc)):
        raise PuzzleFormatError(path, 0, f"SudokuPad: {str(rc)[:20]} is not a cell [row, col]")
    return f"r{int(rc[0]) + 1}c{int(rc[1]) + 1}"


def _list_of(obj: dict[str, Any], key: str, path: str) -> list[Any]:
    """`obj[key]`, a list (or nothing: empty); anything else is refused, naming the key."""
    value = obj.get(key)
    if value is None or value == "":
        return []
    if not isinstance(value, list):
        raise PuzzleFormatError(path, 0, f"SudokuPad: {key} must be a list, not {type(value).__name__}")
    return value


def data_from_scl(obj: Any, path: str) -> dict[str, Any]:
    """Translate SudokuPad's SCL JSON into the neutral puzzle dict.  The fields read are checked
    where they are read; a shape still unforeseen in someone's JSON (a number where a list of
    cells belongs, deep inside) is refused as malformed, never an internal error."""
    try:
        return _data_from_scl(obj, path)
    except (TypeError, ValueError, IndexError, KeyError, AttributeError) as exc:
        raise PuzzleFormatError(path, 0, f"SudokuPad: malformed puzzle data ({type(exc).__name__})") from None


def _data_from_scl(obj: Any, path: str) -> dict[str, Any]:
    if not isinstance(obj, dict) or not isinstance(obj.get("cells"), list):
        raise PuzzleFormatError(path, 0, "SudokuPad: the puzzle has no cells")
    for key in ("regions", "global", "cages", "lines", "arrows", "overlays", "underlays"):
        _list_of(obj, key, path)
    cells = obj["cells"]
    size = len(cells)
    cols = len(cells[0]) if cells and isinstance(cells[0], list) else 0
    if not (1 <= size <= 16 and 1 <= cols <= 16) or not all(isinstance(row, list) and len(row) == cols for row in cells):
        raise unsupported(path, 0, "a grid whose rows differ in length", "SudokuPad")
    # A grid of rows x columns (6x8) is a non-square grid: as many digits as its longer side.
    data: dict[str, Any] = {"size": size if size == cols else f"{size}x{cols}"}
    rows = []
    for r, row in enumerate(cells, start=1):
        tokens = []
        for c, cell in enumerate(row, start=1):
            _given_marks(cell, f"r{r}c{c}", data, path)
            value = cell.get("value") if isinstance(cell, dict) else None
            if value is None or value == "":
                tokens.append(".")
            elif value in (0, "0") and not isinstance(value, bool):  # the text grid would read it as empty
                raise PuzzleFormatError(
                    path, 0, f"SudokuPad: r{r}c{c} holds 0, and a SudokuPad grid is read with the digits "
                    f"1-{max(size, cols)} (for digits from 0, write the puzzle in TOML with values = \"0-{max(size, cols) - 1}\")"
                )
            elif isinstance(value, int) and not isinstance(value, bool) and value >= 0:
                tokens.append(str(value))
            elif isinstance(value, str) and value.isascii() and value.isdigit():
                tokens.append(value)
            else:  # never guess: "-5" would read as 5, text would vanish
                raise PuzzleFormatError(path, 0, f"SudokuPad: cell value {str(value)[:20]!r} is not a digit")
        rows.append(" ".join(tokens))
    if any(t != "." for row in rows for t in row.split()):
        data["givens"] = "\n".join(rows)
    metadata: dict[str, Any] = obj["metadata"] if isinstance(obj.get("metadata"), dict) else {}
    for key in ("title", "author"):
        if isinstance(metadata.get(key), str):
            data[key] = metadata[key]
    _regions(obj.get("regions"), size, data, path, cols)
    rules: list[str] = []
    flags = [g for g in _list_of(obj, "global", path) if isinstance(g, str)]
    flags += [k for k in GLOBALS if metadata.get(k) is True]
    for flag in flags:
        rule = GLOBALS.get(flag.lower())
        if rule is None:
            raise unsupported(path, 0, f"global {flag[:30]}", "a SudokuPad global rule asp-sudoku does not read")
        if rule not in rules:
            rules.append(require_rule(rule, flag, path))
    if rules:
        data["rules"] = rules
    ignored: list[str] = []
    for cage in _list_of(obj, "cages", path):
        _cage(cage, size, data, path, ignored)
    for key in ("lines", "arrows", "overlays", "underlays"):
        if _list_of(obj, key, path):
            ignored.append(f"{len(obj[key])} {key}")
    if ignored:
        warnings.warn(
            f"{path}: ignored SudokuPad drawings ({', '.join(ignored)}): their meaning is in the "
            "rules text; thermos, arrows and dots must be added by hand",
            FormatWarning,
            stacklevel=3,
        )
    return data


# Marks a SudokuPad cell may be given with.  Centre marks list the digits the cell may hold
# (f-puzzles' givenPencilMarks become these); corner marks only say where a digit goes in a
# box, so they cannot be read as a rule of the cell: refused rather than dropped.
_CENTRE_MARKS = ("givenCentremarks", "centremarks", "candidates")
_CORNER_MARKS = ("givenPencilmarks", "pencilmarks")


def _given_marks(cell: Any, name: str, data: dict[str, Any], path: str) -> None:
    """A cell's given centre marks as a pencilmarks clue; given corner marks refused."""
    if not isinstance(cell, dict):
        return
    if any(cell.get(key) for key in _CORNER_MARKS):
        raise unsupported(path, 0, f"corner pencil marks given in {name}", "SudokuPad")
    marks = next((cell[key] for key in _CENTRE_MARKS if cell.get(key)), None)
    if marks is None:
        return
    if not isinstance(marks, list) or not all(isinstance(m, (int, str)) and str(m).isdigit() for m in marks):
        raise PuzzleFormatError(path, 0, f"SudokuPad: the centre marks of {name} are not digits")
    require_kind("pencilmarks", "given centre marks", path)
    data.setdefault("pencilmarks", []).append({"cell": name, "digits": sorted({int(m) for m in marks})})


def _cage(cage: Any, size: int, data: dict[str, Any], path: str, ignored: list[str]) -> None:
    if not isinstance(cage, dict):
        return
    value = cage.get("value")
    cells = cage.get("cells") or []
    if not isinstance(cells, list):
        raise PuzzleFormatError(path, 0, f"SudokuPad: a cage's cells must be a list of [row, col], not {str(cells)[:20]}")
    if not cells:
        if isinstance(value, str) and ":" in value:  # "title: ..." metadata cages
            key, text = value.split(":", 1)
            if key.strip() in ("title", "author"):
                data.setdefault(key.strip(), text.strip())
        return
    if cage.get("unique") is False or cage.get("hidden"):
        ignored.append("a cage without distinct digits")
        return
    table: dict[str, Any] = {"cells": [_cell(rc, size, path) for rc in cells]}
    total = cage.get("sum", value)
    if isinstance(total, int) and not isinstance(total, bool) or (isinstance(total, str) and total.strip().isdigit()):
        table["sum"] = int(total)
    elif total not in (None, ""):  # "x24", "15?": a label that is no sum, never dropped unsaid
        warnings.warn(
            f"{path}: the cage at {table['cells'][0]} is labelled {str(total)[:20]!r}, which is no sum: "
            "read as a cage without a sum (its digits differ)",
            FormatWarning,
            stacklevel=4,
        )
    data.setdefault("killer", []).append(table)


def _regions(regions: Any, size: int, data: dict[str, Any], path: str, cols: int = 0) -> None:
    """The puzzle's regions: none (no boxes), the default boxes, or jigsaw regions; `size` rows of
    `cols` cells (0: a square)."""
    cols = cols or size
    if not regions:
        if size != cols or size not in DEFAULT_BOXES:
            data["box"] = "none"
        return
    ids = [[0] * cols for _ in range(size)]
    for k, region in enumerate(regions, start=1):
        if not isinstance(region, list):
            raise PuzzleFormatError(path, 0, f"SudokuPad: region {k} must be a list of cells [row, col]")
        for rc in region:
            _cell(rc, size, path)  # [row, col] or refused
            r, c = int(rc[0]), int(rc[1])
            if 0 <= r < size and 0 <= c < cols:
                ids[r][c] = k
    box = DEFAULT_BOXES.get(size) if size == cols else box_for_digits(size, max(size, cols), cols)
    if box is not None:
        default = {
            frozenset((r, c) for r in range(top, top + box[0]) for c in range(left, left + box[1]))
            for top in range(0, size, box[0]) for left in range(0, cols, box[1])
        }
        given = {frozenset((int(rc[0]), int(rc[1])) for rc in region) for region in regions}
        if given == default:
            return
    if not has_kind("regions"):
        raise unsupported(path, 0, "regions", "no jigsaw 'regions' in asp-sudoku yet")
    if any(v == 0 for row in ids for v in row):
        raise unsupported(path, 0, "cells outside every region")
    data["regions"] = "\n".join(" ".join(str(v) for v in row) for row in ids)
    data["box"] = "none"
