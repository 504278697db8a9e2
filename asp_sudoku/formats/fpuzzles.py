"""Reading f-puzzles puzzles: the JSON, a ``?load=`` payload (lz-string base64) or a whole URL.

The JSON is translated into the neutral dict of `build.puzzle_from_data`, so every clue is then
validated by its rule's own parser.  Each semantic f-puzzles key maps to one of our rule names;
a key whose rule asp-sudoku does not have (yet) is an "unsupported: <key>" error, never dropped.
Cosmetic entries (``line``, ``cage``, ``text``, ``circle``, ``rectangle``) are drawings: they are
skipped (those carrying ``fromConstraint`` duplicate a semantic key), with a warning when a
drawing might carry a rule that only its text explains.  Field reference: docs in formats.md of
the project notes; cells are ``R<row>C<col>``, 1-based, outside clues one step off the grid.
"""

from __future__ import annotations

import json
import re
import warnings
from collections.abc import Callable
from typing import Any
from urllib.parse import unquote

from ..errors import PuzzleFormatError
from ..model import DEFAULT_BOXES, Puzzle
from .build import (
    FixedLines,
    has_kind,
    has_rule,
    puzzle_from_data,
    require_kind,
    require_rule,
    unsupported,
)
from .lzstring import LZStringError, decompress_from_base64

FPUZZLES_HOSTS = ("f-puzzles.com", "www.f-puzzles.com")
_CELL = re.compile(r"^R(-?\d+)C(-?\d+)$", re.IGNORECASE)

# Global booleans: f-puzzles key -> our rule name.
GLOBAL_KEYS: dict[str, str] = {
    "diagonal+": "diagonal+",
    "diagonal-": "diagonal-",
    "antiknight": "anti-knight",
    "antiking": "anti-king",
    "nonconsecutive": "non-consecutive",
    "disjointgroups": "disjoint-groups",
}
# Keys that never change the solution.
IGNORED_KEYS = {
    "size", "grid", "title", "author", "ruleset", "highlightConflicts", "solution",
    "disabledlogic", "truecandidatesoptions", "fogofwar", "foglight", "triggereffect",
    "line", "cage", "text", "circle", "rectangle", "negative",
}
COSMETIC_KEYS = ("line", "cage", "text", "circle", "rectangle")


class FormatWarning(UserWarning):
    """Something in the input was ignored: the solution may not be what the setter meant."""


def fpuzzles_cell(ref: Any, path: str) -> str:
    """``R3C4`` -> ``r3c4`` (validated later by the rule parsers against the grid)."""
    if not isinstance(ref, str) or _CELL.match(ref.strip()) is None:
        raise PuzzleFormatError(path, 0, f"f-puzzles: {str(ref)[:30]!r} is not a cell like 'R1C1'")
    return ref.strip().lower()


def _cells(refs: Any, path: str, what: str) -> list[str]:
    if not isinstance(refs, list):
        raise PuzzleFormatError(path, 0, f"f-puzzles: {what} must be a list of cells")
    return [fpuzzles_cell(r, path) for r in refs]


def _number(value: Any, path: str, what: str) -> int | None:
    """An f-puzzles clue value ("10", 10, "" or absent) as an int or None."""
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise PuzzleFormatError(path, 0, f"f-puzzles: {what} {value!r} is not a number")
    if isinstance(value, int):
        return value
    if isinstance(value, str) and re.fullmatch(r"\s*-?\d+\s*", value):
        return int(value)
    raise PuzzleFormatError(path, 0, f"f-puzzles: {what} {str(value)[:20]!r} is not a number")


def _lines(entry: dict[str, Any], path: str, key: str) -> list[list[str]]:
    lines = entry.get("lines")
    if not isinstance(lines, list):
        raise PuzzleFormatError(path, 0, f"f-puzzles: every {key} needs 'lines'")
    return [_cells(line, path, f"{key} line") for line in lines]


# --- one converter per semantic key: entry -> [(our kind, table)] ---------------------------

Converted = list[tuple[str, dict[str, Any]]]


def _killer(e: dict[str, Any], path: str) -> Converted:
    table: dict[str, Any] = {"cells": _cells(e.get("cells"), path, "killercage cells")}
    total = _number(e.get("value"), path, "killer cage sum")
    if total is not None:
        table["sum"] = total
    return [("killer", table)]


def _thermo(e: dict[str, Any], path: str) -> Converted:
    return [("thermo", {"cells": line}) for line in _lines(e, path, "thermometer")]


def _arrow(e: dict[str, Any], path: str) -> Converted:
    circle = _cells(e.get("cells"), path, "arrow cells")
    out: Converted = []
    for line in _lines(e, path, "arrow"):
        shaft = [c for c in line if c not in circle]
        out.append(("arrow", {"circle": circle, "cells": shaft}))
    return out


LITTLE_KILLER_DIRECTIONS = {"UL": "up-left", "UR": "up-right", "DL": "down-left", "DR": "down-right"}


def _little_killer(e: dict[str, Any], path: str) -> Converted:
    total = _number(e.get("value"), path, "little killer sum")
    if total is None:  # an arrow with no number constrains nothing
        return []
    direction = LITTLE_KILLER_DIRECTIONS.get(str(e.get("direction", "")).upper())
    if direction is None:
        raise PuzzleFormatError(path, 0, f"f-puzzles: little killer direction {str(e.get('direction'))[:10]!r} is not UL, UR, DL or DR")
    return [("little-killer", {"sum": total, "clue": fpuzzles_cell(e.get("cell"), path), "direction": direction})]


def _cells_only(kind: str) -> Callable[[dict[str, Any], str], Converted]:
    def convert(e: dict[str, Any], path: str) -> Converted:
        return [(kind, {"cells": _cells(e.get("cells"), path, f"{kind} cells")})]
    return convert


def _per_line(kind: str) -> Callable[[dict[str, Any], str], Converted]:
    def convert(e: dict[str, Any], path: str) -> Converted:
        return [(kind, {"cells": line}) for line in _lines(e, path, kind)]
    return convert


def _one_cell(kind: str) -> Callable[[dict[str, Any], str], Converted]:
    def convert(e: dict[str, Any], path: str) -> Converted:
        return [(kind, {"cells": [fpuzzles_cell(e.get("cell"), path)]})]
    return convert


def _pair_with_value(kind: str, key: str) -> Callable[[dict[str, Any], str], Converted]:
    def convert(e: dict[str, Any], path: str) -> Converted:
        table: dict[str, Any] = {"cells": _cells(e.get("cells"), path, f"{kind} cells")}
        value = _number(e.get("value"), path, f"{kind} value")
        if value is not None:
            table[key] = value
        return [(kind, table)]
    return convert


def _xv(e: dict[str, Any], path: str) -> Converted:
    letter = str(e.get("value", "")).upper()
    if letter not in ("X", "V"):
        raise PuzzleFormatError(path, 0, f"f-puzzles: an xv value must be 'X' or 'V', not {letter[:5]!r}")
    return [("xv", {"cells": _cells(e.get("cells"), path, "xv cells"), "value": letter})]


def _outside(kind: str, key: str) -> Callable[[dict[str, Any], str], Converted]:
    def convert(e: dict[str, Any], path: str) -> Converted:
        value = _number(e.get("value"), path, f"{kind} clue")
        if value is None:
            return []
        return [(kind, {"clue": fpuzzles_cell(e.get("cell"), path), key: value})]
    return convert


def _quadruple(e: dict[str, Any], path: str) -> Converted:
    values = e.get("values")
    if not isinstance(values, list):
        raise PuzzleFormatError(path, 0, "f-puzzles: a quadruple needs 'values'")
    digits = [_number(v, path, "quadruple digit") for v in values]
    return [("quadruple", {"cells": _cells(e.get("cells"), path, "quadruple cells"), "digits": digits})]


def _whispers(e: dict[str, Any], path: str) -> Converted:
    difference = _number(e.get("value"), path, "whispers difference")
    extra = {} if difference is None else {"difference": difference}
    from .iss import split_revisits

    return [
        ("whispers", {"cells": segment, **extra})
        for line in _lines(e, path, "whispers")
        for segment in split_revisits(line)
    ]


# f-puzzles key -> (our kind, converter).  Kinds not in rules.CLUE_KINDS are "unsupported".
CLUE_KEYS: dict[str, tuple[str, Callable[[dict[str, Any], str], Converted]]] = {
    "killercage": ("killer", _killer),
    "thermometer": ("thermo", _thermo),
    "arrow": ("arrow", _arrow),
    "littlekillersum": ("little-killer", _little_killer),
    "extraregion": ("extra-region", _cells_only("extra-region")),
    "palindrome": ("palindrome", _per_line("palindrome")),
    "renban": ("renban", _per_line("renban")),
    "betweenline": ("between", _per_line("between")),
    "whispers": ("whispers", _whispers),
    "entropicline": ("entropic", _per_line("entropic")),
    "regionsumline": ("region-sum", _per_line("region-sum")),
    "slowthermometer": ("slow-thermo", _per_line("slow-thermo")),
    "zipperline": ("zipper", _per_line("zipper")),
    "difference": ("kropki-white", _pair_with_value("kropki-white", "difference")),
    "ratio": ("kropki-black", _pair_with_value("kropki-black", "ratio")),
    "xv": ("xv", _xv),
    "odd": ("odd", _one_cell("odd")),
    "even": ("even", _one_cell("even")),
    "minimum": ("minimum", _one_cell("minimum")),
    "maximum": ("maximum", _one_cell("maximum")),
    "quadruple": ("quadruple", _quadruple),
    "sandwichsum": ("sandwich", _outside("sandwich", "sum")),
    "xsum": ("x-sum", _outside("x-sum", "sum")),
    "skyscraper": ("skyscraper", _outside("skyscraper", "count")),
}
CELL_MARKERS = ("odd", "even", "minimum", "maximum")
# "negative" entries (every dot / letter of that kind is shown) -> our global rules.
NEGATIVE_RULES = {"ratio": "kropki-black-negative", "difference": "kropki-white-negative", "xv": "xv-negative"}


def _given_rows(grid: Any, size: int, path: str) -> tuple[list[str], list[list[int | None]]]:
    """Givens as text rows, and each cell's f-puzzles region (None when absent)."""
    if not isinstance(grid, list) or len(grid) != size or not all(isinstance(r, list) and len(r) == size for r in grid):
        raise PuzzleFormatError(path, 0, f"f-puzzles: grid must be {size} rows of {size} cells")
    rows: list[str] = []
    regions: list[list[int | None]] = []
    for r, row in enumerate(grid, start=1):
        tokens: list[str] = []
        region_row: list[int | None] = []
        for c, cell in enumerate(row, start=1):
            if not isinstance(cell, dict):
                raise PuzzleFormatError(path, 0, f"f-puzzles: grid cell R{r}C{c} is not an object")
            value = cell.get("value")
            # A value counts as a given unless it is marked as the solver's entry (given: false).
            if value not in (None, "", 0) and cell.get("given", True) is not False:
                number = _number(value, path, f"R{r}C{c} value")
                tokens.append(str(number))
            else:
                tokens.append(".")
            if "region" in cell:
                region = cell["region"]
                if region is not None and (isinstance(region, bool) or not isinstance(region, int)):
                    raise PuzzleFormatError(path, 0, f"f-puzzles: R{r}C{c} region must be a number or null")
                region_row.append(-1 if region is None else region)
            else:
                region_row.append(None)
        rows.append(" ".join(tokens))
        regions.append(region_row)
    return rows, regions


def _default_region(size: int, r: int, c: int) -> int | None:
    box = DEFAULT_BOXES.get(size)
    if box is None:
        return None
    return (r // box[0]) * (size // box[1]) + c // box[1]


def _regions(size: int, regions: list[list[int | None]], path: str) -> tuple[str | None, str | None]:
    """(box, region map): ("RxC", None) for regular boxes, ("none", None) when every cell is in
    no region, ("none", map) for jigsaw regions, (None, None) for the default boxes."""
    ids = [
        [
            regions[r][c] if regions[r][c] is not None else _default_region(size, r, c)
            for c in range(size)
        ]
        for r in range(size)
    ]
    if all(ids[r][c] == _default_region(size, r, c) for r in range(size) for c in range(size)):
        return None, None
    if all(v == -1 for row in ids for v in row):
        return "none", None
    if any(v is None or v == -1 for row in ids for v in row):
        raise unsupported(path, 0, "region: null", "some cells outside every region")
    for h in range(1, size + 1):
        w = size // h
        if h * w == size and all(
            ids[r][c] == (r // h) * (size // w) + c // w for r in range(size) for c in range(size)
        ):
            return f"{h}x{w}", None
    if not has_kind("regions"):
        raise unsupported(path, 0, "region", "no jigsaw 'regions' in asp-sudoku yet")
    return "none", "\n".join(" ".join(str((v or 0) + 1) for v in row) for row in ids)


WINDOKU_WINDOWS = [
    sorted(f"r{top + i}c{left + j}" for i in range(3) for j in range(3)) for top, left in ((2, 2), (2, 6), (6, 2), (6, 6))
]


def _windoku(obj: dict[str, Any], size: int, rules: list[str], path: str) -> dict[str, Any]:
    """The four windoku windows given as extra regions are the windoku rule."""
    regions = obj.get("extraregion")
    if size != 9 or not isinstance(regions, list):
        return obj
    cells = [
        sorted(fpuzzles_cell(c, path) for c in e.get("cells", [])) if isinstance(e, dict) else None
        for e in regions
    ]
    if not all(window in cells for window in WINDOKU_WINDOWS):
        return obj
    rules.append(require_rule("windoku", "extraregion", path))
    rest = [e for e, c in zip(regions, cells) if c not in WINDOKU_WINDOWS]
    return {**obj, "extraregion": rest}


def data_from_fpuzzles(obj: Any, path: str) -> dict[str, Any]:
    """Translate a decoded f-puzzles JSON object into the neutral puzzle dict."""
    if not isinstance(obj, dict):
        raise PuzzleFormatError(path, 0, "f-puzzles: the JSON is not an object")
    size = obj.get("size")
    if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= 16:
        raise PuzzleFormatError(path, 0, "f-puzzles: size must be a whole number 1-16")
    rows, regions = _given_rows(obj.get("grid"), size, path)
    data: dict[str, Any] = {"size": size}
    for key in ("title", "author"):
        if isinstance(obj.get(key), str) and obj[key].strip():
            data[key] = obj[key].strip()
    if any(row.replace(".", "").strip() for row in rows):
        data["givens"] = "\n".join(rows)
    box, region_map = _regions(size, regions, path)
    if region_map is not None:
        data["regions"] = region_map
    if box is not None:
        data["box"] = box
    elif size not in DEFAULT_BOXES:
        data["box"] = "none"
    rules: list[str] = []
    for key, rule in GLOBAL_KEYS.items():
        if obj.get(key) is True:
            rules.append(require_rule(rule, key, path))
    obj = _windoku(obj, size, rules, path)
    if rules:
        data["rules"] = rules
    negative = obj.get("negative") or []
    if not isinstance(negative, list):
        raise PuzzleFormatError(path, 0, "f-puzzles: negative must be a list")
    names = {str(n) for n in negative}
    if {"ratio", "difference"} <= names and has_rule("kropki-negative"):
        names -= {"ratio", "difference"}
        rules.append("kropki-negative")
    for name in sorted(names):
        negative_rule = NEGATIVE_RULES.get(str(name))
        if negative_rule is None:
            raise unsupported(path, 0, f"negative {str(name)[:20]}", "an f-puzzles option asp-sudoku does not read")
        rules.append(require_rule(negative_rule, f"negative {name}", path))
    if negative:
        data["rules"] = rules
    for key, value in obj.items():
        if key in GLOBAL_KEYS or key in IGNORED_KEYS or value in (None, False, [], "", {}):
            continue
        if key not in CLUE_KEYS:
            raise unsupported(path, 0, key, "an f-puzzles constraint asp-sudoku does not read")
        kind, convert = CLUE_KEYS[key]
        require_kind(kind, key, path)
        if not isinstance(value, list) or not all(isinstance(e, dict) for e in value):
            raise PuzzleFormatError(path, 0, f"f-puzzles: {key} must be a list of objects")
        for entry in value:
            for our_kind, table in convert(entry, path):
                if key in CELL_MARKERS and data.get(our_kind):
                    data[our_kind][0]["cells"] += table["cells"]  # one list of marked cells
                else:
                    data.setdefault(our_kind, []).append(table)
    _warn_cosmetics(obj, path)
    return data


def _warn_cosmetics(obj: dict[str, Any], path: str) -> None:
    ignored = [
        key for key in COSMETIC_KEYS
        if any(isinstance(e, dict) and "fromConstraint" not in e for e in obj.get(key) or [])
    ]
    if ignored:
        warnings.warn(
            f"{path}: ignored f-puzzles drawings ({', '.join(ignored)}): if the rules text gives "
            "them a meaning, the puzzle solved here lacks it",
            FormatWarning,
            stacklevel=3,
        )


def payload_of(text: str) -> str:
    """The lz-string payload in an f-puzzles URL or text (``...?load=<payload>``)."""
    text = text.strip()
    if "load=" in text:
        text = text.split("load=", 1)[1]
        text = re.split(r"[&#]", text, maxsplit=1)[0].strip()
    return unquote(text)


def decode_payload(payload: str, path: str) -> Any:
    """lz-string base64 payload -> the decoded JSON value."""
    try:
        text = decompress_from_base64(payload)
    except LZStringError as exc:
        raise PuzzleFormatError(path, 0, f"not an f-puzzles payload: {exc}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        raise PuzzleFormatError(path, 0, "the f-puzzles payload does not hold JSON") from None


def parse_fpuzzles(text: str, path: str) -> Puzzle:
    """One puzzle from f-puzzles JSON, a ``?load=`` payload or an f-puzzles URL."""
    stripped = text.strip()
    if "?id=" in stripped and "load=" not in stripped:
        raise PuzzleFormatError(
            path, 0, "a short f-puzzles link (?id=...) needs the network: open it in a browser "
            "and copy the long ?load=... address"
        )
    if stripped.startswith("{"):
        try:
            obj = json.loads(stripped)
        except json.JSONDecodeError as exc:
            raise PuzzleFormatError(path, exc.lineno, f"invalid JSON: {exc.msg}", exc.colno) from None
    else:
        obj = decode_payload(payload_of(stripped), path)
    data = data_from_fpuzzles(obj, path)
    return puzzle_from_data(data, path, FixedLines())


def looks_like_fpuzzles(text: str) -> bool:
    """True for f-puzzles URLs, f-puzzles JSON and bare payloads (``N4Ig...``)."""
    t = text.strip()
    if any(host in t for host in FPUZZLES_HOSTS):
        return True
    if t.startswith("{") and '"grid"' in t[:200000] and '"size"' in t:
        return True
    return t.startswith("N4Ig") and re.fullmatch(r"[A-Za-z0-9+/=$\- %]+", t) is not None
