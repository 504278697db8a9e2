"""Writers of ISS's chaos construction clues (read by `formats.iss.readers.chaos`): the control
cell, the offset, then ISS region cells ``CC<k>`` (the k-th grid cell in reading order)."""

from __future__ import annotations

from asp_sudoku.core.model import Cell, Clue, Puzzle
from asp_sudoku.formats.iss.writer.base import ClueWriter, cell_id, item
from asp_sudoku.rules.chaos_arrow import ChaosArrow
from asp_sudoku.rules.chaos_count import ChaosCount
from asp_sudoku.rules.chaos_region_count import ChaosRegionCount
from asp_sudoku.rules.chaos_same_region import ChaosSameRegion

GLOBALS = {"chaos-construction": "ChaosConstruction"}
"""Our global rule -> its ISS type."""


def _region_cell(cell: Cell, puzzle: Puzzle) -> str:
    return f"CC{(cell[0] - 1) * puzzle.size + cell[1]}"


def _chaos_arrow(clue: Clue, puzzle: Puzzle) -> str:
    """``.ChaosArrow~CONTROL~OFFSET~arm~-~arm``: each arm its region cells, the start first."""
    assert isinstance(clue, ChaosArrow)
    args: list[str] = []
    for i, arm in enumerate(clue.arms):
        args += (["-"] if i else []) + [_region_cell(c, puzzle) for c in arm]
    return item("ChaosArrow", cell_id(clue.cell), clue.offset, *args)


def _chaos_count(clue: Clue, puzzle: Puzzle) -> str:
    """``.ChaosCount~CONTROL~OFFSET~cells``: the region cells, the counted region's cell first."""
    assert isinstance(clue, ChaosCount)
    return item("ChaosCount", cell_id(clue.cell), clue.offset, *(_region_cell(c, puzzle) for c in clue.cells))


def _same_region(clue: Clue, puzzle: Puzzle) -> str:
    """``.SameValues~N~CC..``: N region cells, one a set."""
    assert isinstance(clue, ChaosSameRegion)
    return item("SameValues", len(clue.cells), *(_region_cell(c, puzzle) for c in clue.cells))


def _region_count(clue: Clue, puzzle: Puzzle) -> str:
    """``.CountDistinct~CELL~CC..``: the digit's cell, then the region cells."""
    assert isinstance(clue, ChaosRegionCount)
    return item("CountDistinct", cell_id(clue.cell), *(_region_cell(c, puzzle) for c in clue.cells))


WRITERS: dict[str, ClueWriter] = {
    "chaos-arrow": _chaos_arrow, "chaos-count": _chaos_count,
    "chaos-same-region": _same_region, "chaos-region-count": _region_count,
}
