"""Even cells: a grey square marks a cell holding an even digit (0 counts as even)."""

from __future__ import annotations

from dataclasses import dataclass

from asp_sudoku.rules.shapes import CellMark, cell_mark_kind


@dataclass(frozen=True)
class Even(CellMark):
    """Cells that hold even digits."""

    kind = "even"


# Facts: ``evenCell(R,C)``: cell (R,C) holds an even digit.
RULE = cell_mark_kind(Even, "even.lp.j2", "evenCell")
