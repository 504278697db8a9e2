"""Maximum cells: a marked cell holds a digit greater than each of its orthogonal neighbours."""

from __future__ import annotations

from dataclasses import dataclass

from asp_sudoku.rules.shapes import CellMark, cell_mark_kind


@dataclass(frozen=True)
class Maximum(CellMark):
    """Cells greater than all their orthogonal neighbours."""

    kind = "maximum"


# Facts: ``maximumCell(R,C)``: cell (R,C) is greater than its orthogonal neighbours.
RULE = cell_mark_kind(Maximum, "maximum.lp.j2", "maximumCell")
