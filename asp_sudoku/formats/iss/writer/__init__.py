"""Writing a `Puzzle` as an Interactive Sudoku Solver (ISS) constraint string.

The string is a list of items ``.<Type>~arg~arg...``: the grid (``.Shape~6x6``, with its digits
``~9`` or ``~0-9`` when they are not 1-N, left out for a 9x9 of digits 1-9; ``.RegionSize~k``,
``.NoBoxes`` or ``.Jigsaw~<layout>`` for boxes other than the default), the global rules, one
item per clue, and the givens last (``.~R1C1_5~R2C3_7``; a cell with pencilmarks lists its
digits, ``R1C1_1_2``).  Cell ids are ``R<r>C<c>`` with one base-17 character each.  Every type
written is one the ISS reader in this package reads back as the same rule (`formats.names.iss_names`
lists them; `WRITTEN_RULES` is that set); a rule or clue ISS cannot express is an error naming
it.  The clue writers are grouped as the readers are: `clues` (the types read inline), `sums`,
`relations`, `sequences`, `chaos`, `logic` (any-of as Or/And).
"""

from __future__ import annotations

import re
from collections import Counter
from urllib.parse import quote

from asp_sudoku.core.model import DEFAULT_BOXES, Cell, Puzzle
from asp_sudoku.formats.iss.items import GLOBAL_TYPES
from asp_sudoku.formats.iss.writer import chaos, clues, logic, relations, sequences, sums
from asp_sudoku.formats.iss.writer.base import CHARS, EXTRA_IDS, ClueWriter, cell_id, item, refuse
from asp_sudoku.formats.shape import box_for_digits
from asp_sudoku.rules.extra_region import ExtraRegion
from asp_sudoku.rules.pencilmarks import Pencilmarks

GLOBAL_NAMES = {rule: type_ for type_, rule in GLOBAL_TYPES.items()} | {
    "diagonal+": "Diagonal~1",
    "diagonal-": "Diagonal~-1",
} | chaos.GLOBALS

WRITERS: dict[str, ClueWriter] = {
    **clues.WRITERS, **sums.WRITERS, **relations.WRITERS, **sequences.WRITERS, **chaos.WRITERS, **logic.WRITERS,
}
"""Our clue kind -> the writer of one clue as one ISS item (pencilmarks go with the givens)."""


def _shape(puzzle: Puzzle) -> list[str]:
    """``.Shape~RxC`` with the digits when they are not 1-N, N the longer side (none for a
    classic 9x9), and ``~Raw`` for a grid that is no Latin square (with no boxes: ISS's Raw grid
    has none)."""
    n, m = puzzle.size, puzzle.cols
    low, high = puzzle.digits
    if low not in (0, 1):
        raise refuse(f"grid of digits {low}-{high}", "ISS's digits start at 0 or 1")
    if not puzzle.latin:
        if puzzle.box is not None:
            raise refuse("boxes in a grid that is no Latin square (latin = false)", "ISS's Raw grid has no boxes")
        return [item("Shape", f"{n}x{m}", f"{low}-{high}", "Raw")]
    if (low, high) == (1, max(n, m)):
        return [] if n == m == 9 else [item("Shape", f"{n}x{m}")]
    return [item("Shape", f"{n}x{m}", f"{high}" if low == 1 else f"0-{high}")]


def _default_box(puzzle: Puzzle, count: int, digits: bool = False) -> tuple[int, int] | None:
    """The box ISS (and our reader) gives a grid of `count` digits (`digits`: when no box holds
    that many, the boxes of the grid's shape), or to ``RegionSize~count``."""
    if puzzle.square and count == puzzle.size:
        return DEFAULT_BOXES.get(puzzle.size)
    box = box_for_digits(puzzle.size, count, puzzle.cols)
    if box is None and digits:
        return box_for_digits(puzzle.size, max(puzzle.size, puzzle.cols), puzzle.cols)
    return box


def _grid_items(puzzle: Puzzle) -> list[str]:
    """Shape, boxes and jigsaw regions."""
    n, m = puzzle.size, puzzle.cols
    items = _shape(puzzle)
    regions = puzzle.regions
    box = puzzle.box
    count = puzzle.digits[1] - puzzle.digits[0] + 1
    if regions is None and box is not None and box != _default_box(puzzle, count, digits=True):
        if _default_box(puzzle, box[0] * box[1]) == box:
            return [*items, item("RegionSize", box[0] * box[1])]
        h, w = box  # boxes of another shape: written as jigsaw regions, which are no boxes
        needs: list[str] = [rule for rule in ("disjoint-groups", "windoku", "doppelganger") if rule in puzzle.rules]
        needs += ["box indexing"] if any(c.kind == "indexing" and getattr(c, "direction", "") == "box" for c in puzzle.clues) else []
        if needs:
            default = _default_box(puzzle, count, digits=True)
            raise refuse(
                f"{needs[0]} on boxes of {h}x{w} in a {n}x{m}",
                f"its boxes there are {default[0]}x{default[1]}, and other boxes are written as jigsaw "
                f"regions, on which {needs[0]} needs boxes" if default else "other boxes are written as jigsaw regions",
            )
        regions = tuple(tuple((r // h) * (m // w) + c // w + 1 for c in range(m)) for r in range(n))
    if puzzle.latin and (regions is not None or (box is None and _default_box(puzzle, count, digits=True) is not None)):
        items.append(item("NoBoxes"))
    if regions is not None:
        sizes = set(Counter(v for row in regions for v in row).values())
        if sizes != {max(n, m)}:
            # ISS reads a layout of regions of other sizes as extra regions beside the rows and
            # columns, or refuses it: either way another puzzle
            raise refuse(
                f"jigsaw of regions of {', '.join(map(str, sorted(sizes)))} cells",
                f"its jigsaw regions have {max(n, m)} cells each",
            )
        items.append(item("Jigsaw", "".join(CHARS[v - 1] for row in regions for v in row)))
    return items


def _givens_item(puzzle: Puzzle) -> str:
    """``.~R1C1_5~...``: the givens and the cells given several digits (pencilmarks)."""
    digits: dict[Cell, set[int]] = {(r, c): {v} for r, c, v in puzzle.givens}
    for clue in puzzle.clues:
        if isinstance(clue, Pencilmarks):
            for cell in clue.cells:
                digits[cell] = digits[cell] & set(clue.digits) if cell in digits else set(clue.digits)
    if not digits:
        return ""
    for cell, values in digits.items():
        if not values:
            raise refuse(f"empty cell: r{cell[0]}c{cell[1]} is given digits with none in common")
    args = ["_".join([cell_id(cell), *map(str, sorted(values))]) for cell, values in sorted(digits.items())]
    return item("", *args)


def to_iss(puzzle: Puzzle) -> str:
    """The ISS constraint string of a puzzle (AspSudokuError for a rule ISS cannot express)."""
    token = EXTRA_IDS.set({place: name for name, place in puzzle.extra_cells().items()})
    try:
        return _to_iss(puzzle)
    finally:
        EXTRA_IDS.reset(token)


def _var_items(puzzle: Puzzle) -> tuple[list[str], list[ExtraRegion]]:
    """``.Var~A~label~N`` for each group of extra cells named ``V<letters>``; a Doppelganger's
    groups DGR, DGC, DGB are ISS's own (left out, with the extra regions that tie them to their
    houses, as the reader makes them)."""
    items: list[str] = []
    implied: list[ExtraRegion] = []
    places = puzzle.extra_cells()
    for group in puzzle.extra:
        if "doppelganger" in puzzle.rules and group.name in ("DGR", "DGC", "DGB") and group.count == _dg_count(puzzle, group.name):
            for i, name in enumerate(group.names(), start=1):
                implied.append(ExtraRegion(cells=(*_dg_house(puzzle, group.name, i), places[name])))
        elif re.fullmatch(r"V[A-Z]{1,9}", group.name):
            items.append(item("Var", group.name[1:], quote(group.label, safe=""), group.count))
        else:
            raise refuse(f"extra cells named {group.name}", "ISS names var cells V and capital letters (VA), or DGR/DGC/DGB for a Doppelganger")
    return items, implied


def _dg_count(puzzle: Puzzle, name: str) -> int:
    """How many cells ISS's Doppelganger group `name` has."""
    h, w = puzzle.box or (0, 0)
    return {"DGR": puzzle.cols, "DGC": puzzle.size}.get(name, h * w)


def _dg_house(puzzle: Puzzle, name: str, i: int) -> tuple[Cell, ...]:
    """The house whose missing digit the Doppelganger's var cell `name` i holds: row i for DGC,
    column i for DGR, box i (row by row) for DGB."""
    n = puzzle.size
    if name == "DGC":
        return tuple((i, c) for c in range(1, n + 1))
    if name == "DGR":
        return tuple((r, i) for r in range(1, n + 1))
    h, w = puzzle.box or (n, n)
    top, left = (i - 1) // (n // w) * h + 1, (i - 1) % (n // w) * w + 1
    return tuple((r, c) for r in range(top, top + h) for c in range(left, left + w))


def _to_iss(puzzle: Puzzle) -> str:
    n = puzzle.size
    if n > 16 or puzzle.cols > 16:
        raise refuse(f"{puzzle.shape_name} grid", "ISS grids are at most 16x16")
    if puzzle.user_rules:
        raise refuse("user-written rules (rules-file)")
    items = _grid_items(puzzle)
    var_items, implied = _var_items(puzzle)
    items += var_items
    for rule in puzzle.rules:
        if rule not in GLOBAL_NAMES:
            raise refuse(f"{rule} rule")
        items.append("." + GLOBAL_NAMES[rule])
    for clue in puzzle.clues:
        if isinstance(clue, Pencilmarks) or (isinstance(clue, ExtraRegion) and clue in implied):
            continue
        writer = WRITERS.get(clue.kind)
        if writer is None:
            raise refuse(f"{clue.kind} clue")
        items.append(writer(clue, puzzle))
    items.append(sequences.full_rank_ties(puzzle))
    items.append(_givens_item(puzzle))
    return "".join(items) or item("Shape", "9x9")  # an empty classic grid: still a string ISS reads


WRITTEN_RULES = frozenset(GLOBAL_NAMES) | frozenset(WRITERS) | {"pencilmarks"}
"""Every rule (global or clue kind) `to_iss` can write."""

__all__ = ["GLOBAL_NAMES", "WRITERS", "WRITTEN_RULES", "cell_id", "to_iss"]
