"""ISS's var cells, read before the clues that name them: ``.Var`` groups, and a Doppelganger's
cells (the digit each row, column and box misses) with the extra regions that tie them to their
houses.  They become the puzzle's extra cells (`asp_sudoku.core.model.ExtraGroup`)."""

from __future__ import annotations

import re
from urllib.parse import unquote

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.core.model import DEFAULT_BOXES
from asp_sudoku.formats.build import unsupported
from asp_sudoku.formats.iss.puzzle import IssPuzzle


def var_cells(p: IssPuzzle, items: list[list[str]]) -> None:
    """Declare the var cells of an ISS string before its clues are read: each ``.Var~A~label~N``
    (cells VA1..VAN, or VA for one), and a Doppelganger's missing digits when a clue names one
    (DGR<c>: column c's, DGC<r>: row r's, DGB<b>: box b's; `doppelganger_regions` ties them)."""
    for type_, *args in items:
        if type_ != "Var":
            continue
        prefix, label, count = (args + ["", "", ""])[:3]
        if not re.fullmatch(r"[A-Z]{1,9}", prefix) or not re.fullmatch(r"[0-9]{0,3}", count):
            raise PuzzleFormatError(p.path, 0, f"ISS Var: {prefix[:12]!r} {count[:5]!r} is not a prefix of capital letters and a count")
        p.add_extra("V" + prefix, int(count or 1) or 1, unquote(label))
    named = {a for _, *args in items for arg in args for a in arg.split("_")}
    if any(t == "Doppelganger" for t, *_ in items) and any(re.fullmatch(r"DG[RCB]\d+", a) for a in named):
        h, w = DEFAULT_BOXES.get(p.size, (0, 0))
        p.add_extra("DGR", p.cols, "Doppelganger row")
        p.add_extra("DGC", p.size, "Doppelganger column")
        if any(a.startswith("DGB") for a in named):
            if not h * w:
                raise unsupported(p.path, 0, "DGB", f"a Doppelganger's box cells on a {p.size}x{p.cols} grid, which has no boxes")
            p.add_extra("DGB", h * w, "Doppelganger box", w)


def doppelganger_regions(p: IssPuzzle) -> None:
    """A Doppelganger's var cells hold what their houses miss (ISS: each row, column and box with
    its var cell holds different digits; with the grid's 0..N, the var cell holds the missing
    one): row r and DGC<r>, column c and DGR<c>, box b and DGB<b>, each an extra region."""
    names = {group["name"] for group in p.extra}
    if "DGR" not in names:
        return
    n = p.size
    regions = [[f"r{r}c{c}" for c in range(1, n + 1)] + [f"DGC{r}"] for r in range(1, n + 1)]
    regions += [[f"r{r}c{c}" for r in range(1, n + 1)] + [f"DGR{c}"] for c in range(1, n + 1)]
    if "DGB" in names:
        box = p.data.get("box", "none")
        if box == "none":
            raise unsupported(p.path, 0, "DGB", "a Doppelganger's box cells in a grid without boxes")
        h, w = (int(v) for v in box.split("x"))
        tops = [(top, left) for top in range(1, n + 1, h) for left in range(1, n + 1, w)]
        regions += [
            [f"r{r}c{c}" for r in range(top, top + h) for c in range(left, left + w)] + [f"DGB{b}"]
            for b, (top, left) in enumerate(tops, start=1)
        ]
    for cells in regions:
        p.add("extra-region", "Doppelganger", {"cells": cells})
