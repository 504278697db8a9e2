"""Reading Interactive Sudoku Solver (ISS) puzzle strings.

An ISS constraint string is a list of items ``.<Type>~arg~arg...`` (whitespace ignored); the
empty type holds givens ``R3C2_5``.  Cell ids are ``R<r>C<c>`` with one base-17 character each
(``1``-``9``, ``a``-``g``), 1-based.  ISS also reads the SudoCue killer format
(``3x3::k:<sum*256+cage>:...``) and the "snarfable" killer arrows (81 characters of ``<>^v``
pointers and sum characters); both are read here too.  Each ISS type maps to one of our rule
names; a type whose rule asp-sudoku does not have (yet) is "unsupported: <Type>".
A share link (``...?q=<string>``) is read from its ``q`` parameter.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.core.model import DEFAULT_BOXES, Puzzle
from asp_sudoku.formats.build import FixedLines, puzzle_from_data, require_kind
from asp_sudoku.formats.iss.items import _item, _shape
from asp_sudoku.formats.iss.lines import (
    data_from_killer_arrows,
    data_from_sudocue_killer,
    looks_like_killer_arrows,
    plain_givens,
)
from asp_sudoku.formats.iss.puzzle import IssPuzzle
from asp_sudoku.formats.iss.readers.logic import read_items
from asp_sudoku.formats.iss.var_cells import doppelganger_regions, var_cells
from asp_sudoku.formats.source import SCRIPT_REFUSED


def _finish(p: IssPuzzle) -> dict[str, Any]:
    # A cell given one digit is a given; a cell given several (``R1C1_1_2``) may hold only
    # those: a pencilmarks clue.
    # A var cell (outside the grid) given digits may hold only those: a pencilmarks clue.
    outside = {rc for rc in p.givens if rc[0] > p.size or rc[1] > p.cols}
    single = {rc: values for rc, values in p.givens.items() if len(values) == 1 and rc not in outside}
    for (r, c), values in sorted(p.givens.items()):
        if not values:
            where = p.place_name((r, c)) if (r, c) in outside else f"R{r}C{c}"
            raise PuzzleFormatError(p.path, 0, f"ISS givens: {where} is given twice with no digit in common")
        if len(values) > 1 or (r, c) in outside:
            require_kind("pencilmarks", "givens with candidates (pencilmarks)", p.path)
            p.data.setdefault("pencilmarks", []).append({"cell": p.place_name((r, c)), "digits": sorted(values)})
    doppelganger_regions(p)
    if p.extra:
        p.data["extra"] = p.extra
    if single:
        zero = next((rc for rc, values in sorted(single.items()) if values == {0}), None)
        if zero is not None and not str(p.data.get("values", "1")).startswith("0"):  # else read as empty
            raise PuzzleFormatError(
                p.path, 0, f"ISS givens: R{zero[0]}C{zero[1]}_0: 0 is not a digit of this grid (its digits start at 1)"
            )
        rows = [["."] * p.cols for _ in range(p.size)]
        for (r, c), values in single.items():
            rows[r - 1][c - 1] = str(next(iter(values)))
        p.data["givens"] = "\n".join(" ".join(row) for row in rows)
    p.data.setdefault("size", p.size)
    if p.size == p.cols and p.size not in DEFAULT_BOXES and "values" not in p.data:
        # a 5x5 of 1-5 has no box; with more digits (a 2x2 of 1-4, a 3x3 of 1-9) the default box
        # holds as many cells as there are digits, as in TOML (`formats.shape.box_for_digits`)
        p.data.setdefault("box", "none")
    return p.data


def data_from_iss(text: str, path: str) -> dict[str, Any]:
    """Translate an ISS constraint string into the neutral puzzle dict."""
    compact = re.sub(r"\s+", "", text)
    if not compact.startswith("."):
        raise PuzzleFormatError(path, 0, "an ISS constraint string starts with '.'")
    items = [item.split("~") for item in compact.split(".")[1:]]
    p = IssPuzzle(path)
    for type_, *args in items:
        if type_ == "Shape":
            _shape(p, args)
    var_cells(p, items)
    read_items(p, items, _item)  # plain items, and Or/And/End kept on a stack
    return _finish(p)


def iss_query(text: str) -> str | None:
    """The constraint string of an ISS share link (``...?q=``), or None."""
    t = text.strip()
    if not t.startswith("http") or "q=" not in t:
        return None
    query = parse_qs(urlsplit(t).query, keep_blank_values=True)
    return query.get("q", [None])[0]


def looks_like_iss(text: str) -> bool:
    """True for ISS constraint strings, ISS links, SudoCue killers and killer-arrow lines."""
    t = text.strip()
    if iss_query(t) is not None and "Interactive-Sudoku-Solver" in t:
        return True
    if t.startswith("3x3:") and ":k:" in t[:8]:
        return True
    if looks_like_killer_arrows(t):
        return True
    if _pencilmark_size(t) or _layout_size(t):
        return True
    if all(len(line) == 256 and re.fullmatch(r"[0-9A-Ga-g.]+", line) for line in t.split()):
        return False  # 16x16 one-line grids (``.D.4...``), whose letters are digits, never ISS's
    # An ISS string may begin with an empty item (``..Cage~...``).
    return (
        re.match(r"^\.\.?[A-Za-z]*\s*~", t) is not None
        or re.match(r"^\.[A-Z][A-Za-z]*\s*(\.|$)", t) is not None
        or re.match(r"^\.\.[A-Z][A-Za-z]+\s*(\.|$)", t) is not None
    )


def _pencilmark_size(text: str) -> int:
    """The grid side of ISS's pencilmark grid (side**3 digits and dots), or 0.  64 characters
    are also an 8x8 one-line grid: they are a 4x4 pencilmark grid only when every cell's four
    characters hold a digit, and only digits 1-4."""
    compact = re.sub(r"\s+", "", text).removeprefix("=")
    side = next((n for n in (4, 6, 8, 9) if len(compact) == n**3), 0)
    if not side or not re.fullmatch(r"[0-9.]+", compact):
        return 0
    if side == 4:
        cells = [set(compact[i : i + 4]) - {"."} for i in range(0, 64, 4)]
        if not all(cell and cell <= set("1234") for cell in cells):
            return 0
    return side


def _layout_size(text: str) -> int:
    """The grid side of ISS's one-line jigsaw (givens, then a region layout with no '.'), or 0.
    Two lines of givens are two puzzles, never one jigsaw."""
    if "\n" in text.strip():
        return 0
    compact = re.sub(r"\s+", "", text)
    side = round((len(compact) / 2) ** 0.5)
    ok = side in DEFAULT_BOXES and side <= 16 and 2 * side * side == len(compact)
    layout = compact[side * side :]
    return side if ok and re.fullmatch(r"[0-9A-Za-z.]+", compact) and "." not in layout else 0


def data_from_any_iss(text: str, path: str) -> dict[str, Any]:
    """The neutral dict of any ISS input (a constraint string, link or killer line)."""
    query = iss_query(text)
    if query is not None:
        text = query
    t = text.strip()
    if t.startswith("/") and t.endswith(".js"):
        raise PuzzleFormatError(path, 0, f"{t[:60]}: {SCRIPT_REFUSED}")
    if t.startswith("3x3:"):
        return data_from_sudocue_killer(t, path)
    if looks_like_killer_arrows(t):
        return data_from_killer_arrows(t, path)
    compact = re.sub(r"\s+", "", t)
    # A pencilmark grid or a one-line jigsaw may begin with dots, like a constraint string.
    if _pencilmark_size(compact):
        return _pencilmark_grid(compact.removeprefix("="), _pencilmark_size(compact), path)
    if _layout_size(compact):
        return _givens_and_layout(compact, _layout_size(compact), path)
    if not compact.startswith("."):
        if compact.startswith("="):
            compact = compact[1:]
        size = round(len(compact) ** 0.5)
        if size * size == len(compact) and size in DEFAULT_BOXES and size <= 16:
            return plain_givens(compact, size, path)
    return data_from_iss(t, path)


def _pencilmark_grid(text: str, size: int, path: str) -> dict[str, Any]:
    """ISS's pencilmark grid: `size` characters per cell, row-major, each a digit the cell may
    hold or '.' (a 9x9 is 729 characters).  Read as givens with candidates: a cell with one
    digit is a given, with several a pencilmarks clue."""
    p = IssPuzzle(path)
    p.size = p.cols = size
    for i in range(size * size):
        chunk = text[i * size : (i + 1) * size]
        values = {int(ch) for ch in chunk if ch != "."}
        if not values or not values <= set(range(1, size + 1)):
            raise PuzzleFormatError(path, 0, f"ISS pencilmarks: cell R{i // size + 1}C{i % size + 1} holds {chunk!r}, not digits 1-{size}")
        if len(values) < size:
            p.givens[(i // size + 1, i % size + 1)] = values
    return _finish(p)


def _givens_and_layout(text: str, size: int, path: str) -> dict[str, Any]:
    """ISS's one-line jigsaw: the givens (one character per cell), then the region layout (one
    character per cell, a character per region)."""
    p = IssPuzzle(path)
    p.size = p.cols = size
    _item(p, "Jigsaw", [text[size * size :]])
    return {**plain_givens(text[: size * size], size, path), **p.data}


def parse_iss(text: str, path: str, line: int = 0) -> Puzzle:
    """One puzzle from an ISS constraint string (or link, or killer line)."""
    try:
        data = data_from_any_iss(text, path)
    except PuzzleFormatError as exc:
        if line and not exc.line:
            raise PuzzleFormatError(exc.path, line, exc.message) from None
        raise
    return puzzle_from_data(data, path, FixedLines(line))

