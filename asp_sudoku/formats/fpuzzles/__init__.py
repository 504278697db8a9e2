"""Reading f-puzzles puzzles: the JSON, a ``?load=`` payload (lz-string base64) or a whole URL.

The JSON is translated into the neutral dict of `build.puzzle_from_data`, so every clue is then
validated by its rule's own parser.  Each semantic f-puzzles key maps to one of our rule names;
a key whose rule asp-sudoku does not have (yet) is an "unsupported: <key>" error, never dropped.
Cosmetic entries (``line``, ``cage``, ``text``, ``circle``, ``rectangle``) are drawings: they are
skipped (those carrying ``fromConstraint`` duplicate a semantic key), with a warning when a
drawing might carry a rule that only its text explains.  Only grid values marked ``"given": true``
are givens (a bare value is the solver's own entry, as f-puzzles means it; those are counted and
warned about).  Field reference: docs in formats.md of
the project notes; cells are ``R<row>C<col>``, 1-based, outside clues one step off the grid.
"""

from __future__ import annotations

import warnings
from typing import Any

from asp_sudoku.core.errors import (
    FormatWarning as FormatWarning,  # re-exported (tests import it here)
)
from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.core.model import DEFAULT_BOXES, Puzzle, cell_name
from asp_sudoku.formats.build import (
    FixedLines,
    has_kind,
    has_rule,
    puzzle_from_data,
    require_kind,
    require_rule,
    unsupported,
)
from asp_sudoku.formats.fpuzzles.keys import (
    CELL_MARKERS,
    CLUE_KEYS,
    NEGATIVE_RULES,
    fpuzzles_cell,
    number,
)
from asp_sudoku.formats.fpuzzles.payload import decode_payload, payload_of
from asp_sudoku.formats.json_input import load_json
from asp_sudoku.rules.windoku import windows

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
    "activeConstraints",  # names of constraint tools (warned about when not empty)
}
COSMETIC_KEYS = ("line", "cage", "text", "circle", "rectangle")


def _given_rows(grid: Any, size: int, path: str) -> tuple[list[str], list[list[int | None]]]:
    """Givens as text rows, and each cell's f-puzzles region (None when absent)."""
    if not isinstance(grid, list) or len(grid) != size or not all(isinstance(r, list) and len(r) == size for r in grid):
        raise PuzzleFormatError(path, 0, f"f-puzzles: grid must be {size} rows of {size} cells")
    rows: list[str] = []
    regions: list[list[int | None]] = []
    entries = 0
    for r, row in enumerate(grid, start=1):
        tokens: list[str] = []
        region_row: list[int | None] = []
        for c, cell in enumerate(row, start=1):
            if not isinstance(cell, dict):
                raise PuzzleFormatError(path, 0, f"f-puzzles: grid cell R{r}C{c} is not an object")
            value = cell.get("value")
            # Only ``given: true`` makes a value a given, as in f-puzzles itself: a bare value is
            # the solver's own entry (a link shared mid-solve), counted and warned about below.
            if value not in (None, "", 0) and cell.get("given") is not True:
                entries += 1
                tokens.append(".")
            elif value not in (None, "", 0):
                given = number(value, path, f"R{r}C{c} value")
                if given is not None and given < 0:  # "-5" would read as 5 in a row of givens
                    raise PuzzleFormatError(path, 0, f"f-puzzles: R{r}C{c} value {given} is not a digit")
                tokens.append(str(given))
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
    if entries:
        warnings.warn(
            f"{path}: ignored {entries} f-puzzles solver entr{'y' if entries == 1 else 'ies'} "
            "(grid values without \"given\": true are the solver's digits, not givens)",
            FormatWarning,
            stacklevel=4,
        )
    return rows, regions


def _pencilmarks(grid: list[list[dict[str, Any]]], path: str) -> list[dict[str, Any]]:
    """Each cell's ``givenPencilMarks`` (the setter's small digits: the only digits the cell may
    hold) as a pencilmarks table; never dropped (the rule's parser validates the digits).  The
    solver's own ``centerPencilMarks`` and ``cornerPencilMarks`` are not givens."""
    tables: list[dict[str, Any]] = []
    for r, row in enumerate(grid, start=1):
        for c, cell in enumerate(row, start=1):
            marks = cell.get("givenPencilMarks")
            if marks in (None, []):
                continue
            if not isinstance(marks, list):
                raise PuzzleFormatError(path, 0, f"f-puzzles: R{r}C{c} givenPencilMarks must be a list of digits")
            digits = [number(m, path, f"R{r}C{c} givenPencilMarks") for m in marks]
            tables.append({"cell": f"r{r}c{c}", "digits": [d for d in digits if d is not None]})
    if tables:
        require_kind("pencilmarks", "givenPencilMarks", path)
    return tables


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


def _windoku(obj: dict[str, Any], size: int, rules: list[str], path: str) -> dict[str, Any]:
    """The windoku windows (of a grid with the usual boxes) given as extra regions are the
    windoku rule."""
    regions = obj.get("extraregion")
    if size not in DEFAULT_BOXES or not isinstance(regions, list):
        return obj
    windoku_windows = [sorted(cell_name(c) for c in cells) for cells in windows(size, DEFAULT_BOXES[size])]
    cells = [
        sorted(fpuzzles_cell(c, path) for c in e.get("cells", [])) if isinstance(e, dict) else None
        for e in regions
    ]
    if not windoku_windows or not all(window in cells for window in windoku_windows):
        return obj
    rules.append(require_rule("windoku", "extraregion", path))
    rest = [e for e, c in zip(regions, cells) if c not in windoku_windows]
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
    pencilmarks = _pencilmarks(obj["grid"], path)
    if pencilmarks:
        data["pencilmarks"] = pencilmarks
    box, region_map = _regions(size, regions, path)
    if region_map is not None:
        data["regions"] = region_map
    if box is not None:
        data["box"] = box
    elif size not in DEFAULT_BOXES:
        data["box"] = "none"
    rules: list[str] = []
    for key, rule in GLOBAL_KEYS.items():
        if obj.get(key) is not None and not isinstance(obj[key], bool):  # "true" or 1 would otherwise drop the rule unsaid
            raise PuzzleFormatError(path, 0, f"f-puzzles: {key} must be true or false, not {str(obj[key])[:20]!r}")
        if obj.get(key) is True:
            rules.append(require_rule(rule, key, path))
    if "non-consecutive" in rules and (obj.get("difference") or obj.get("ratio")):
        # With Kropki dots, f-puzzles' nonconsecutive is its "all white dots shown": a dotted pair
        # may be consecutive (Rangsk's solvers: SudokuSolver reads it as the difference dots'
        # neg1, SudokuVariantSolverJS skips every dotted pair), so it is kropki-white-negative.
        rules[rules.index("non-consecutive")] = require_rule("kropki-white-negative", "nonconsecutive with dots", path)
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
        # nonconsecutive with dots and a negative difference are one rule, which kropki-negative holds
        covered = {"kropki-white-negative", "kropki-black-negative"} if "kropki-negative" in rules else set()
        data["rules"] = [r for r in dict.fromkeys(rules) if r not in covered]
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
    if obj.get("activeConstraints"):
        warnings.warn(
            f"{path}: ignored f-puzzles activeConstraints (a list of constraint names, not constraints: "
            "the puzzle's constraints are read from their own keys)",
            FormatWarning,
            stacklevel=2,
        )
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


def parse_fpuzzles(text: str, path: str) -> Puzzle:
    """One puzzle from f-puzzles JSON, a ``?load=`` payload or an f-puzzles URL."""
    stripped = text.strip()
    if "?id=" in stripped and "load=" not in stripped:
        raise PuzzleFormatError(
            path, 0, "a short f-puzzles link (?id=...) needs the network: open it in a browser "
            "and copy the long ?load=... address"
        )
    if stripped.startswith("{"):
        obj = load_json(stripped, path, "f-puzzles")
    else:
        obj = decode_payload(payload_of(stripped), path)
    data = data_from_fpuzzles(obj, path)
    return puzzle_from_data(data, path, FixedLines())
