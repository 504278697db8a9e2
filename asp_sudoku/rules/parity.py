"""Even and odd cells: a grey square marks a cell holding an even digit, a grey circle a cell
holding an odd digit (0 counts as even)."""

from __future__ import annotations

from dataclasses import dataclass

from .shapes import CellMark, cell_mark_kind


@dataclass(frozen=True)
class Even(CellMark):
    """Cells that hold even digits."""

    kind = "even"


@dataclass(frozen=True)
class Odd(CellMark):
    """Cells that hold odd digits."""

    kind = "odd"


# Facts: ``evenCell(R,C)`` cell (R,C) holds an even digit; ``oddCell(R,C)`` an odd one.
EVEN_KIND = cell_mark_kind(Even, "even.lp.j2", "evenCell")
ODD_KIND = cell_mark_kind(Odd, "odd.lp.j2", "oddCell")
