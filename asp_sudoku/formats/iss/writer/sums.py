"""Writers of the ISS types about sums and counts on cells (read by `formats.iss.readers.sums`):
sum lines, lunchboxes, counting circles, numbered rooms, rellik cages, equal sums, count
distinct and contain."""

from __future__ import annotations

from asp_sudoku.core.model import Clue, Puzzle
from asp_sudoku.formats.iss.writer.base import (
    ClueWriter,
    cell_id,
    cell_ids,
    item,
)
from asp_sudoku.formats.iss.writer.clues import line_of
from asp_sudoku.rules.base import OnCells, Outside
from asp_sudoku.rules.contain import Contain
from asp_sudoku.rules.count_distinct import CountDistinct
from asp_sudoku.rules.equal_sum import EqualSum
from asp_sudoku.rules.shapes.cells import SumCells
from asp_sudoku.rules.sum_line import SumLine


def _sum_line(clue: Clue, puzzle: Puzzle) -> str:
    """``.SumLine~S~cells[~LOOP]``."""
    assert isinstance(clue, SumLine)
    return item("SumLine", clue.total, *cell_ids(clue.cells), *(["LOOP"] if clue.loop else []))


def _summed(type_: str) -> ClueWriter:
    """``.<Type>~S~cells``."""

    def write(clue: Clue, puzzle: Puzzle) -> str:
        assert isinstance(clue, SumCells)
        return item(type_, clue.total, *cell_ids(clue.cells))

    return write


def _counting_circles(clue: Clue, puzzle: Puzzle) -> str:
    """``.CountingCircles~cells``."""
    assert isinstance(clue, OnCells)
    return item("CountingCircles", *cell_ids(clue.cells))


def _numbered_room(clue: Clue, puzzle: Puzzle) -> str:
    """``.NumberedRoom~R3~<from the left>~<from the right>`` (one side left empty)."""
    assert isinstance(clue, Outside)
    line, side = line_of(clue, puzzle.size)
    values = ["", ""]
    values[side] = str(clue.number)
    return item("NumberedRoom", line, *values)


def _equal_sum(clue: Clue, puzzle: Puzzle) -> str:
    """``.EqualSum~cells~-~cells~-~...``."""
    assert isinstance(clue, EqualSum)
    args: list[str] = []
    for i, cells in enumerate(clue.sets):
        args += (["-"] if i else []) + cell_ids(cells)
    return item("EqualSum", *args)


def _count_distinct(clue: Clue, puzzle: Puzzle) -> str:
    """``.CountDistinct~circle~cells``."""
    assert isinstance(clue, CountDistinct)
    return item("CountDistinct", cell_id(clue.cell), *cell_ids(clue.cells))


def _contain(clue: Clue, puzzle: Puzzle) -> str:
    """``.ContainExact~2_2_5~cells`` or ``.ContainAtLeast~2_2_5~cells``."""
    assert isinstance(clue, Contain)
    type_ = "ContainExact" if clue.exact else "ContainAtLeast"
    return item(type_, "_".join(map(str, clue.digits)), *cell_ids(clue.cells))


WRITERS: dict[str, ClueWriter] = {
    "sum-line": _sum_line,
    "lunchbox": _summed("Lunchbox"),
    "counting-circles": _counting_circles,
    "numbered-room": _numbered_room,
    "rellik-cage": _summed("RellikCage"),
    "equal-sum": _equal_sum,
    "count-distinct": _count_distinct,
    "contain": _contain,
}
"""Our clue kind -> the writer of one clue as one ISS item."""
