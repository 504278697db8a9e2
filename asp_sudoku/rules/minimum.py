"""Minimum cells: a marked cell holds a digit smaller than each of its orthogonal neighbours."""

from __future__ import annotations

from dataclasses import dataclass

from asp_sudoku.rules.shapes import CellMark, cell_mark_kind


@dataclass(frozen=True)
class Minimum(CellMark):
    """Cells smaller than all their orthogonal neighbours."""

    kind = "minimum"


# Facts: ``minimumCell(R,C)``: cell (R,C) is smaller than its orthogonal neighbours.
RULE = cell_mark_kind(Minimum, "minimum.lp.j2", "minimumCell")
