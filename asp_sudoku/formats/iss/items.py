"""The items of an ISS constraint string, one reader per type: the tables that map ISS types to
our rules, the puzzle being built, and how each type becomes our neutral clue tables (the
entry points that split a string into items are in `asp_sudoku.formats.iss`)."""

from __future__ import annotations

import re
import warnings
from typing import Any

from asp_sudoku.core.errors import FormatWarning, PuzzleFormatError
from asp_sudoku.core.model import DEFAULT_BOXES
from asp_sudoku.formats.build import has_kind, require_kind, unsupported
from asp_sudoku.formats.iss.puzzle import IssPuzzle
from asp_sudoku.formats.iss.readers import READERS
from asp_sudoku.formats.shape import box_for_digits

GLOBAL_TYPES = {
    "AntiKnight": "anti-knight",
    "AntiKing": "anti-king",
    "AntiConsecutive": "non-consecutive",
    "DisjointSets": "disjoint-groups",
    "Windoku": "windoku",
    "StrictKropki": "kropki-negative",
    "StrictXV": "xv-negative",
    "Doppelganger": "doppelganger",
    "RegionSameValues": "region-same-values",
    "GlobalMod": "global-mod",
    "GlobalEntropy": "global-entropy",
    "AntiTaxicab": "anti-taxicab",
    "DutchFlatmates": "dutch-flatmates",
}
LINE_TYPES = {  # ISS type -> our kind, for plain cell lists
    "Thermo": "thermo",
    "Renban": "renban",
    "Palindrome": "palindrome",
    "Between": "between",
    "Entropic": "entropic",
    "RegionSumLine": "region-sum",
    "Zipper": "zipper",
    "AllDifferent": "extra-region",
    "DoubleArrow": "double-arrow",
    "EqualityCage": "equality-cage",
}
PAIR_TYPES = {  # ISS type -> (our kind, extra table keys), applied to adjacent pairs in order
    "WhiteDot": ("kropki-white", {}),
    "BlackDot": ("kropki-black", {}),
    "X": ("xv", {"value": "X"}),
    "V": ("xv", {"value": "V"}),
    "GreaterThan": ("greater-than", {}),
}


def _givens(p: IssPuzzle, args: list[str]) -> None:
    for arg in args:
        cell, *values = arg.split("_")
        rc = p.cell(cell, "")
        if not values:
            raise PuzzleFormatError(p.path, 0, f"ISS givens: {arg[:20]!r} has no value")
        found = {p.number(v, "givens") for v in values}
        p.givens[rc] = p.givens[rc] & found if rc in p.givens else found


def _shape(p: IssPuzzle, args: list[str]) -> None:
    """``Shape~9x9``, with the digits ``~9`` (1-9) or ``~0-9``: more digits than a row has cells
    is a grid whose houses hold different digits without holding them all; a trailing ``~Raw``
    is a grid with no rows, columns or boxes of different digits."""
    spec = "~".join(args)
    if spec.endswith("~Raw"):
        # A Raw grid is no Latin square: rows and columns (and boxes: it has none) may repeat
        # digits; only the clues constrain them.
        spec = spec.removesuffix("~Raw")
        p.data["latin"] = False
        p.data["box"] = "none"
    match = re.fullmatch(r"([0-9]+)x([0-9]+)(?:~([0-9]+)(?:-([0-9]+))?)?", spec)
    if match is None:
        raise unsupported(p.path, 0, f"Shape~{spec[:20]}", "asp-sudoku reads shapes like 9x9, 6x8 or 9x9~0-8")
    size, cols = int(match.group(1)), int(match.group(2))  # too large a grid: the size check says so
    # A non-square grid (6x8) has as many digits as its longer side (ISS's default), unless told.
    side = max(size, cols)
    p.size, p.cols = size, cols
    p.data["size"] = size if size == cols else f"{size}x{cols}"
    if match.group(3) is not None:
        low, high = (int(match.group(3)), int(match.group(4))) if match.group(4) else (1, int(match.group(3)))
        if low not in (0, 1) or high - low + 1 < side:
            raise unsupported(p.path, 0, f"Shape~{spec[:20]}", f"values {low}-{high} in a {size}x{cols} grid")
        if (low, high) != (1, side):
            p.data["values"] = f"{low}-{high}"
        grid_box = box_for_digits(size, side, cols)
        if box_for_digits(size, high - low + 1, cols) is None and grid_box and "box" not in p.data:
            # No box holds that many digits (a 6x6 holding 0-9): ISS keeps the boxes of the
            # grid's shape (its regions follow the grid, not the digits).
            p.data["box"] = f"{grid_box[0]}x{grid_box[1]}"


def _region_size(p: IssPuzzle, args: list[str]) -> None:
    """``RegionSize~k``: boxes of k cells, the most nearly square shape that tiles the grid (as
    ISS chooses it), or no boxes when none does."""
    count = p.number(args[0] if args else "", "RegionSize")
    if "regions" in p.data:
        return  # a jigsaw's regions replace the boxes
    box = box_for_digits(p.size, count, p.cols)
    p.data["box"] = f"{box[0]}x{box[1]}" if box else "none"


def _adjacent_pairs(tokens: list[str], layout: list[tuple[int, int, int]]) -> list[tuple[str, str]]:
    """ISS pairs for dots and '>': each cell with every later orthogonal neighbour in the list
    (`layout`: where ISS lays each cell out; var cells are neighbours within their group)."""
    pairs = []
    for i, (a, (ga, ra, ca)) in enumerate(zip(tokens, layout)):
        for b, (gb, rb, cb) in zip(tokens[i + 1 :], layout[i + 1 :]):
            if ga == gb and abs(ra - rb) + abs(ca - cb) == 1:
                pairs.append((a, b))
    return pairs


def _item(p: IssPuzzle, type_: str, args: list[str]) -> None:
    """Translate one ISS item into the neutral dict."""
    if type_ == "":
        _givens(p, args)
    elif type_ in ("Shape", "Var"):
        pass  # read first, before any cell id
    elif type_ == "RegionSize":
        _region_size(p, args)
    elif type_ == "NoBoxes":
        p.data["box"] = "none"
    elif type_ == "Doppelganger":
        p.rule("doppelganger", type_)
        p.data.setdefault("box", "x".join(str(v) for v in DEFAULT_BOXES.get(p.size, (p.size, 1))))  # its houses: the usual boxes
    elif type_ in GLOBAL_TYPES:
        p.rule(GLOBAL_TYPES[type_], type_)
    elif type_ == "Diagonal":
        direction = args[0] if args else ""
        if direction not in ("1", "-1"):
            raise PuzzleFormatError(p.path, 0, f"ISS Diagonal: direction {direction[:5]!r} is not 1 or -1")
        p.rule("diagonal+" if direction == "1" else "diagonal-", type_)
    elif type_ == "Cage":
        # An empty sum (``.Cage~~R1C1~R1C2``) is a cage without a sum.
        total = p.number(args[0], type_) if args and args[0] else 0
        names = p.names(args[1:], type_)
        if len(set(names)) < len(names):
            _counted_cage(p, names, total, type_)
            return
        table: dict[str, Any] = {"cells": names}
        if total:
            table["sum"] = total
        p.add("killer", type_, table)
    elif type_ == "Arrow":
        names = p.names(args, type_)
        if len(names) > 1 and not _touching_path([p.cell(a, type_) for a in args if a]):
            # ISS's arrow is only a sum: cells that do not form a line are a weighted sum.
            p.add("weighted-sum", type_, {"cells": names, "weights": [-1] + [1] * (len(names) - 1), "sum": 0})
            return
        p.add("arrow", type_, {"circle": names[:1], "cells": names[1:]})
    elif type_ == "PillArrow":
        size = p.number(args[0], type_) if args else 0
        names = p.names(args[1:], type_)
        p.add("arrow", type_, {"circle": names[:size], "cells": names[size:]})
    elif type_ in LINE_TYPES:
        p.add(LINE_TYPES[type_], type_, {"cells": p.names(args, type_)})
    elif type_ in PAIR_TYPES:
        kind, extra = PAIR_TYPES[type_]
        tokens = [a for a in args if a]
        require_kind(kind, type_, p.path)
        pairs = _adjacent_pairs(tokens, [p.layout(a, type_) for a in tokens])
        alone = [a for a in tokens if not any(a in pair for pair in pairs)]
        if alone:  # ISS relates only neighbours: say so rather than drop them without a word
            warnings.warn(
                f"{p.path}: ISS {type_}: {', '.join(alone[:4])} {'is' if len(alone) == 1 else 'are'} no neighbour "
                "of another cell the item lists, so ISS (and asp-sudoku) read no rule there",
                FormatWarning,
                stacklevel=2,
            )
        for a, b in pairs:
            p.add(kind, type_, {"cells": [p.name(a, type_), p.name(b, type_)], **extra})
    elif type_ == "Whisper":
        difference = 5
        if args and re.fullmatch(r"[0-9]+", args[0]):
            difference, args = int(args[0]), args[1:]
        for segment in split_revisits(p.names(args, type_)):
            p.add("whispers", type_, {"cells": segment, "difference": difference})
    elif type_ == "Sum":
        _weighted_sum(p, args, type_)
    elif type_ == "Sandwich":
        if len(args) != 2:
            raise PuzzleFormatError(p.path, 0, "ISS Sandwich: expected a sum and a row or column")
        line, total = p.line_id(args[1], type_), p.number(args[0], type_)
        spec = str(p.data.get("values", ""))
        count = int(spec.split("-")[1]) - int(spec.split("-")[0]) + 1 if spec else max(p.size, p.cols)
        length = p.cols if line[0] == "r" else p.size
        if length == count:
            p.add("sandwich", type_, {"line": line, "sum": total})
        else:  # a line that cannot hold every digit: ISS sums between its own smallest and largest (Lunchbox)
            n = int(line[1:])
            cells = [f"r{n}c{c}" for c in range(1, length + 1)] if line[0] == "r" else [f"r{r}c{n}" for r in range(1, length + 1)]
            p.add("lunchbox", type_, {"cells": cells, "sum": total})
    elif type_ in ("XSum", "Skyscraper"):
        kind, key = ("x-sum", "sum") if type_ == "XSum" else ("skyscraper", "count")
        line = p.line_id(args[0] if args else "", type_)
        for side_index, value in enumerate(args[1:3]):
            if value and type_ == "XSum" and p.number(value, type_) == 0:
                # ISS refuses it ("Clue value can't be 0"); its older builder made no handler of it
                raise PuzzleFormatError(p.path, 0, "ISS XSum: a clue of 0, which ISS refuses")
            if value:
                side = ("top", "bottom") if line[0] == "c" else ("left", "right")
                p.add(kind, type_, {"line": line, "side": side[side_index], key: p.number(value, type_)})
    elif type_ == "Quad":
        if len(args) < 2:
            raise PuzzleFormatError(p.path, 0, "ISS Quad: expected a cell and digits")
        p.add("quadruple", type_, {"cell": p.name(args[0], type_), "digits": [p.number(v, type_) for v in args[1:]]})
    elif type_ == "Jigsaw":
        _jigsaw(p, args[-1] if args else "")
    elif type_ in READERS:
        READERS[type_].read(p, args, type_)
    else:
        raise unsupported(p.path, 0, type_ or "givens", "an ISS constraint type asp-sudoku does not read")


def _touching_path(cells: list[tuple[int, int]]) -> bool:
    """Each cell touches the next (orthogonally or diagonally)."""
    return all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1 for a, b in zip(cells, cells[1:]))


def _counted_cage(p: IssPuzzle, names: list[str], total: int, type_: str) -> None:
    """An ISS cage that lists a cell twice counts that cell twice in its sum (its cells still
    differ): a weighted sum with distinct digits."""
    if not total:
        p.add("killer", type_, {"cells": list(dict.fromkeys(names))})
        return
    if not has_kind("weighted-sum"):
        raise unsupported(p.path, 0, "Cage", "a cage listing a cell twice needs weighted sums")
    cells = list(dict.fromkeys(names))
    p.add("weighted-sum", type_, {"cells": cells, "weights": [names.count(c) for c in cells], "sum": total, "distinct": True})


def split_revisits(cells: list[str]) -> list[list[str]]:
    """A line that comes back to a cell, as segments that each visit a cell once.

    Only for rules between neighbours on the line (whispers): the pairs stay the same.
    """
    segments: list[list[str]] = [[]]
    for cell in cells:
        if cell in segments[-1]:
            segments.append([segments[-1][-1]])
        segments[-1].append(cell)
    return [s for s in segments if len(s) > 1] or segments


def _weighted_sum(p: IssPuzzle, args: list[str], type_: str) -> None:
    """``.Sum~S~cells`` (digits may repeat) or ``.Sum~S_=_w1_w2...~cells`` (weighted; newer ISS
    writes ``.Sum~S_w1_w2...~cells``, sudoku_constraint.js: the parts after the sum are the
    coefficients); a cell listed twice counts twice."""
    if not args:
        raise PuzzleFormatError(p.path, 0, "ISS Sum: expected a sum and cells")
    parts = args[0].split("_")
    names = p.names(args[1:], type_)
    weights = [1] * len(names)
    if len(parts) > 1:  # ISS has written the weights both ways: S_=_w1_w2 and S_w1_w2
        weights = [p.number(w, type_) for w in parts[2 if parts[1] == "=" else 1 :]]
        if len(weights) != len(names):
            raise PuzzleFormatError(p.path, 0, f"ISS Sum: {len(weights)} weights for {len(names)} cells")
    merged: dict[str, int] = {}
    for name, weight in zip(names, weights):
        merged[name] = merged.get(name, 0) + weight
    table: dict[str, Any] = {"cells": list(merged), "sum": p.number(parts[0], type_)}
    if any(w != 1 for w in merged.values()):
        table["weights"] = list(merged.values())
    p.add("weighted-sum", type_, table)


def _jigsaw(p: IssPuzzle, layout: str) -> None:
    """``Jigsaw~layout``: a character per cell, a character per region.  As ISS reads it, a region
    of `size` to as many cells as there are digits holds different digits (all of them when it has
    a cell for each); one region of another size may fill the rest of the grid and is no region;
    a layout of one region is none.  Regions of `size` cells tiling the grid replace the boxes;
    other layouts become extra regions beside the rows and columns."""
    rows, cols, side = p.size, p.cols, max(p.size, p.cols)
    if len(layout) != rows * cols:
        raise PuzzleFormatError(p.path, 0, f"ISS Jigsaw: the layout has {len(layout)} cells, expected {rows * cols}")
    groups: dict[str, list[int]] = {}
    for i, ch in enumerate(layout):
        groups.setdefault(ch, []).append(i)
    p.data["box"] = "none"
    if len(groups) == 1:
        return
    low, high = (int(v) for v in p.data.get("values", f"1-{side}").split("-"))
    fits = [cells for cells in groups.values() if side <= len(cells) <= high - low + 1]
    if len(groups) - len(fits) > 1:
        raise PuzzleFormatError(p.path, 0, "ISS Jigsaw: the regions have inconsistent sizes")
    if len(fits) == len(groups) and all(len(cells) == side for cells in fits):
        p.data["regions"] = "\n".join(" ".join(layout[r * cols : (r + 1) * cols]) for r in range(rows))
        return
    for cells in fits:
        p.add("extra-region", "Jigsaw", {"cells": [f"r{i // cols + 1}c{i % cols + 1}" for i in cells]})
