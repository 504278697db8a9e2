"""What every ISS item writer uses: cell ids, the item syntax, and the refusal of what ISS
cannot say."""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar

from asp_sudoku.core.errors import AspSudokuError
from asp_sudoku.core.model import Cell, Clue, Puzzle

CHARS = "0123456789abcdefghijklmnopqrstuvwxyz"

ClueWriter = Callable[[Clue, Puzzle], str]
"""The writer of one clue (given the puzzle it is in) as one ISS item."""


EXTRA_IDS: ContextVar[dict[Cell, str] | None] = ContextVar("EXTRA_IDS", default=None)
"""The ids of the extra cells (ISS's var cells) of the puzzle being written, by their places."""


def cell_id(cell: Cell) -> str:
    """(3, 12) -> ``R3Cc`` (ISS writes each index in base size+1; for 1-16 the characters are
    those of base 17); an extra cell's place -> its name (``VA1``)."""
    extra = EXTRA_IDS.get()
    if extra and cell in extra:
        return extra[cell]
    return f"R{CHARS[cell[0]]}C{CHARS[cell[1]]}"


def cell_ids(cells: tuple[Cell, ...]) -> list[str]:
    """The ids of cells, in order."""
    return [cell_id(c) for c in cells]


def item(type_: str, *args: object) -> str:
    """``.<Type>~arg~arg...``."""
    return "." + "~".join([type_, *(str(a) for a in args)])


def refuse(what: str, why: str = "") -> AspSudokuError:
    """The one-line error for something ISS cannot express (`what` names the rule)."""
    return AspSudokuError(f"ISS has no {what}" + (f" ({why})" if why else ""))

