"""Odd cells: a grey circle marks a cell holding an odd digit."""

from __future__ import annotations

from dataclasses import dataclass

from asp_sudoku.rules.shapes import CellMark, cell_mark_kind


@dataclass(frozen=True)
class Odd(CellMark):
    """Cells that hold odd digits."""

    kind = "odd"


# Facts: ``oddCell(R,C)``: cell (R,C) holds an odd digit.
RULE = cell_mark_kind(Odd, "odd.lp.j2", "oddCell")
