"""The f-puzzles keys that carry rules: one converter per key, from an f-puzzles entry to the
tables of our rule kinds (validated afterwards by each rule's own parser)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from asp_sudoku.core.errors import PuzzleFormatError


def fpuzzles_cell(ref: Any, path: str) -> str:
    """``R3C4`` -> ``r3c4`` (validated later by the rule parsers against the grid)."""
    if not isinstance(ref, str) or _CELL.match(ref.strip()) is None:
        raise PuzzleFormatError(path, 0, f"f-puzzles: {str(ref)[:30]!r} is not a cell like 'R1C1'")
    return ref.strip().lower()


_CELL = re.compile(r"^R(-?[0-9]+)C(-?[0-9]+)$", re.IGNORECASE)


def _cells(refs: Any, path: str, what: str) -> list[str]:
    if not isinstance(refs, list):
        raise PuzzleFormatError(path, 0, f"f-puzzles: {what} must be a list of cells")
    return [fpuzzles_cell(r, path) for r in refs]


def number(value: Any, path: str, what: str) -> int | None:
    """An f-puzzles clue value ("10", 10, "" or absent) as an int or None."""
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise PuzzleFormatError(path, 0, f"f-puzzles: {what} {value!r} is not a number")
    if isinstance(value, int):
        return value
    if isinstance(value, str) and re.fullmatch(r"\s*-?[0-9]+\s*", value):
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
    total = number(e.get("value"), path, "killer cage sum")
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
    total = number(e.get("value"), path, "little killer sum")
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


def _clone(e: dict[str, Any], path: str) -> Converted:
    """f-puzzles ``clone``: ``cells`` and ``cloneCells``, matching cell for cell."""
    return [("clone", {"cells": _cells(e.get("cells"), path, "clone cells"), "copies": _cells(e.get("cloneCells"), path, "clone cloneCells")})]


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
        value = number(e.get("value"), path, f"{kind} value")
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
        value = number(e.get("value"), path, f"{kind} clue")
        if value is None:
            return []
        return [(kind, {"clue": fpuzzles_cell(e.get("cell"), path), key: value})]
    return convert


def _quadruple(e: dict[str, Any], path: str) -> Converted:
    values = e.get("values")
    if not isinstance(values, list):
        raise PuzzleFormatError(path, 0, "f-puzzles: a quadruple needs 'values'")
    digits = [number(v, path, "quadruple digit") for v in values]
    return [("quadruple", {"cells": _cells(e.get("cells"), path, "quadruple cells"), "digits": digits})]


def _whispers(e: dict[str, Any], path: str) -> Converted:
    difference = number(e.get("value"), path, "whispers difference")
    extra = {} if difference is None else {"difference": difference}
    from asp_sudoku.formats.iss.items import split_revisits

    return [
        ("whispers", {"cells": segment, **extra})
        for line in _lines(e, path, "whispers")
        for segment in split_revisits(line)
    ]


def _indexer(direction: str) -> Callable[[dict[str, Any], str], Converted]:
    def convert(e: dict[str, Any], path: str) -> Converted:
        return [("indexing", {"cells": _cells(e.get("cells"), path, f"{direction} indexer cells"), "direction": direction})]
    return convert


def _lockout(e: dict[str, Any], path: str) -> Converted:
    difference = number(e.get("value"), path, "lockout difference")
    extra = {} if difference is None else {"difference": difference}
    return [("lockout", {"cells": line, **extra}) for line in _lines(e, path, "lockout")]


# f-puzzles key -> (our kind, converter).  Kinds not in rules.CLUE_KINDS are "unsupported".
CLUE_KEYS: dict[str, tuple[str, Callable[[dict[str, Any], str], Converted]]] = {
    "killercage": ("killer", _killer),
    "thermometer": ("thermo", _thermo),
    "arrow": ("arrow", _arrow),
    "littlekillersum": ("little-killer", _little_killer),
    "extraregion": ("extra-region", _cells_only("extra-region")),
    "clone": ("clone", _clone),
    "palindrome": ("palindrome", _per_line("palindrome")),
    "renban": ("renban", _per_line("renban")),
    "betweenline": ("between", _per_line("between")),
    "whispers": ("whispers", _whispers),
    "entropicline": ("entropic", _per_line("entropic")),
    "regionsumline": ("region-sum", _per_line("region-sum")),
    "regionSumLine": ("region-sum", _per_line("region-sum")),  # the spelling of newer f-puzzles files
    "doublearrow": ("double-arrow", _per_line("double-arrow")),
    "slowthermometer": ("slow-thermo", _per_line("slow-thermo")),
    "zipperline": ("zipper", _per_line("zipper")),
    "nabner": ("nabner", _per_line("nabner")),
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
    "columnindexer": ("indexing", _indexer("column")),
    "rowindexer": ("indexing", _indexer("row")),
    "boxindexer": ("indexing", _indexer("box")),
    "modularline": ("modular", _per_line("modular")),
    "lockout": ("lockout", _lockout),
}
CELL_MARKERS = ("odd", "even", "minimum", "maximum")
# "negative" entries (every dot / letter of that kind is shown) -> our global rules.
NEGATIVE_RULES = {"ratio": "kropki-black-negative", "difference": "kropki-white-negative", "xv": "xv-negative"}
