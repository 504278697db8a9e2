"""Minimum and maximum cells: a cell marked minimum holds a digit smaller than each of its
orthogonal neighbours; a cell marked maximum, a digit greater than each of them."""

from __future__ import annotations

from dataclasses import dataclass

from .shapes import CellMark, cell_mark_kind


@dataclass(frozen=True)
class Minimum(CellMark):
    """Cells smaller than all their orthogonal neighbours."""

    kind = "minimum"


@dataclass(frozen=True)
class Maximum(CellMark):
    """Cells greater than all their orthogonal neighbours."""

    kind = "maximum"


# Facts: ``minimumCell(R,C)`` cell (R,C) is smaller than its orthogonal neighbours;
# ``maximumCell(R,C)`` greater.
MINIMUM_KIND = cell_mark_kind(Minimum, "minimum.lp.j2", "minimumCell")
MAXIMUM_KIND = cell_mark_kind(Maximum, "maximum.lp.j2", "maximumCell")
