"""ISS's composite constraints ``.Or...End`` and ``.And...End`` (nestable), read as any-of clues,
and ``.Replicate~MASK...End``, read as copies of its items.

As ISS reads them (js/sudoku_parser.js): each item inside an Or is one alternative (an item
that makes several clues, such as givens of several cells, is one alternative holding them
all), and so is each And inside it; an And's items all hold together; an And outside any Or
simply adds its items to the puzzle.  A given inside a composite, ``~R1C2_1``, is a pencilmarks
clue of that cell (so that it can be one alternative).  Global rules cannot be inside one (ISS
refuses them too).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.core.model import MAX_CLUES
from asp_sudoku.formats.build import require_kind, unsupported
from asp_sudoku.formats.iss.puzzle import IssPuzzle
from asp_sudoku.formats.iss.readers.base import Reader
from asp_sudoku.rules import CLUE_KINDS

Tables = dict[str, list[dict[str, Any]]]
ReadOne = Callable[[IssPuzzle, str, list[str]], None]
MAX_DEPTH = 8


@dataclass
class _Frame:
    """An open Or (its alternatives so far) or And (its clue tables so far)."""

    type_: str
    alternatives: list[Tables] = field(default_factory=list)
    tables: Tables = field(default_factory=dict)
    possible: bool = True  # an And holding a clue no grid obeys is false

    def result(self) -> Tables:
        if self.type_ == "Or":
            return {"any-of": [{"alternatives": self.alternatives}]}
        return self.tables


def _merge(into: Tables, tables: Tables) -> None:
    for kind, items in tables.items():
        into.setdefault(kind, []).extend(items)


def _possible(p: IssPuzzle, tables: Tables) -> bool:
    """False when a cage's sum cannot be made from different digits: ISS reads such a cage (it
    just never holds), asp-sudoku's killer refuses it, so inside a composite its alternative is
    false."""
    low, high = (int(v) for v in str(p.data.get("values", f"1-{max(p.size, p.cols)}")).split("-"))
    digits = list(range(low, high + 1))
    for table in tables.get("killer", []):
        n, total = len(table["cells"]), table.get("sum")
        if n > len(digits) or (total is not None and not sum(digits[:n]) <= total <= sum(digits[-n:])):
            return False
    return True


def _read_apart(p: IssPuzzle, type_: str, args: list[str], read_one: ReadOne) -> Tables:
    """The clue tables one item makes, read apart from the puzzle (its givens as pencilmarks)."""
    saved_data, saved_givens = p.data, p.givens
    settings = {k: v for k, v in saved_data.items() if k not in CLUE_KINDS}
    p.data, p.givens = dict(settings), {}
    try:
        read_one(p, type_, args)
        data, givens = p.data, p.givens
    finally:
        p.data, p.givens = saved_data, saved_givens
    if data.get("rules") != settings.get("rules"):
        raise unsupported(p.path, 0, type_, "a global rule inside ISS Or/And")
    changed = [k for k in data if k not in CLUE_KINDS and data[k] != settings.get(k)]
    if changed:
        raise unsupported(p.path, 0, type_, f"ISS {type_} inside Or/And changes the grid ({changed[0]})")
    tables: Tables = {k: v for k, v in data.items() if k in CLUE_KINDS}
    if givens:
        require_kind("pencilmarks", "givens inside ISS Or/And", p.path)
        tables.setdefault("pencilmarks", []).extend(
            {"cell": p.place_name((r, c)), "digits": sorted(values)} for (r, c), values in sorted(givens.items())
        )
    return tables


def _place(p: IssPuzzle, stack: list[_Frame], tables: Tables, type_: str, possible: bool = True) -> None:
    """Clue tables that hold together: an alternative of the open Or (left out when no grid obeys
    them), part of the open And, or (outside any composite) clues of the puzzle."""
    if stack and not possible:
        if stack[-1].type_ == "And":
            stack[-1].possible = False
    elif not stack:
        for kind, items in tables.items():
            for table in items:
                p.add(kind, type_, table)
    elif stack[-1].type_ == "Or":
        stack[-1].alternatives.append(tables)
    else:
        _merge(stack[-1].tables, tables)


_BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_CELL_TOKEN = re.compile(r"([Rr])([0-9a-gA-G])([Cc])([0-9a-gA-G])((?:_.*)?)")
_ID = "123456789abcdefg"  # ISS's cell id characters, base 17 from 1
_LINE_TYPES = {"Sandwich", "XSum", "Skyscraper", "HiddenSkyscraper", "NumberedRoom", "LittleKiller", "FullRank",
               "Diagonal", "Jigsaw", "Shape", "Var"}
"""Types whose arguments name rows, columns, diagonals or layouts, not cells: never replicated."""


def _replicate_offsets(p: IssPuzzle, mask: str) -> list[tuple[int, int]]:
    """``Replicate~MASK``: the marked grid cells, six a base64 character, lowest bit first, in
    reading order; each is where R1C1 of the replicated items lands (a row and column shift)."""
    offsets = []
    for i, char in enumerate(mask):
        value = _BASE64.find(char)
        if value < 0:
            raise PuzzleFormatError(p.path, 0, f"ISS Replicate: {mask[:20]!r} is not a cell mask")
        offsets += [divmod(i * 6 + b, p.size) for b in range(6) if value >> b & 1 and i * 6 + b < p.size * p.size]
    return offsets


def _shifted(p: IssPuzzle, type_: str, args: list[str], dr: int, dc: int) -> list[str]:
    """An item's arguments with every cell id moved `dr` rows and `dc` columns."""
    if type_ in _LINE_TYPES:
        raise unsupported(p.path, 0, type_, "inside ISS Replicate (its arguments are not cells)")
    out = []
    for arg in args:
        match = _CELL_TOKEN.fullmatch(arg)
        if match is None:
            out.append(arg)
            continue
        r, c = int(match.group(2), 17) + dr, int(match.group(4), 17) + dc
        if not (1 <= r <= p.size and 1 <= c <= p.size):
            raise PuzzleFormatError(p.path, 0, f"ISS Replicate: {arg[:10]} moved by ({dr}, {dc}) leaves the grid")
        out.append(f"R{_ID[r - 1]}C{_ID[c - 1]}{match.group(5)}")
    return out


def expand_replicates(p: IssPuzzle, items: list[list[str]]) -> list[list[str]]:
    """``.Replicate~MASK ... .End`` as the items it stands for: the inner items (composites
    included) once for each marked cell, moved so that R1C1 lands on it, held together as one
    ``And`` (so that inside an ``Or`` the copies are one alternative, as ISS's composite is)."""
    out: list[list[str]] = []
    i = 0
    while i < len(items):
        type_, *args = items[i]
        if type_ != "Replicate":
            out.append(items[i])
            i += 1
            continue
        depth, j = 1, i + 1
        while j < len(items) and depth:
            depth += {"Or": 1, "And": 1, "Replicate": 1, "End": -1}.get(items[j][0], 0)
            j += 1
        if depth:
            raise PuzzleFormatError(p.path, 0, "ISS Replicate: no End")
        inner = expand_replicates(p, items[i + 1 : j - 1])
        offsets = _replicate_offsets(p, args[0] if args else "")
        if len(out) + len(inner) * len(offsets) > MAX_CLUES:  # checked before the copies are made:
            # nested Replicates multiply, and a few KB would otherwise build millions of items
            raise PuzzleFormatError(
                p.path, 0, f"ISS Replicate: {len(offsets)} copies of {len(inner)} items make more than the limit of {MAX_CLUES} clues"
            )
        out.append(["And"])
        for dr, dc in offsets:
            out += [[t, *_shifted(p, t, a, dr, dc)] if t not in ("Or", "And", "End") else [t, *a] for t, *a in inner]
        out.append(["End"])
        i = j
    return out


def read_items(p: IssPuzzle, items: list[list[str]], read_one: ReadOne) -> None:
    """Read the items in order (`read_one` reads one plain item), Or/And/End kept on a stack
    (Replicate blocks expanded first)."""
    stack: list[_Frame] = []
    items = expand_replicates(p, items)
    for type_, *args in items:
        if type_ in ("Or", "And"):
            require_kind("any-of", f"ISS {type_}", p.path)
            if len(stack) >= MAX_DEPTH:
                raise PuzzleFormatError(p.path, 0, f"ISS {type_}: composites nested more than {MAX_DEPTH} deep")
            stack.append(_Frame(type_))
        elif type_ == "End":
            if not stack:
                raise PuzzleFormatError(p.path, 0, "ISS End: no Or or And to end")
            frame = stack.pop()
            _place(p, stack, frame.result(), frame.type_, frame.possible)
        elif type_ == "Shape":
            continue  # read first, before any cell id
        elif stack:
            tables = _read_apart(p, type_, args, read_one)
            _place(p, stack, tables, type_ or "givens", _possible(p, tables))
        else:
            read_one(p, type_, args)
    if stack:
        raise PuzzleFormatError(p.path, 0, f"ISS {stack[-1].type_}: no End")


def _read_by_read_items(p: IssPuzzle, args: list[str], type_: str) -> None:
    raise PuzzleFormatError(p.path, 0, f"ISS {type_}: read with its items (read_items)")


READERS = {"Or": Reader("any-of", _read_by_read_items), "And": Reader("any-of", _read_by_read_items)}
