"""Odd cells: a grey circle marks a cell that holds an odd digit."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from asp_sudoku.core.model import Clue, Grid, Puzzle, cell_name
from asp_sudoku.rules.draw import cell_mark
from asp_sudoku.rules.shapes import CellMark, cell_mark_kind


@dataclass(frozen=True)
class Odd(CellMark):
    """Cells that hold odd digits."""

    kind = "odd"


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """Each marked cell holds an odd digit."""
    assert isinstance(clue, Odd)
    for cell in clue.cells:
        if grid.value(cell) % 2 == 0:
            yield f"{cell_name(cell)} is marked odd but holds {grid.value(cell)}"


EXAMPLES = ()

# Facts: ``oddCell(R,C)``: cell (R,C) holds an odd digit.
RULE = cell_mark_kind(Odd, "odd.lp.j2", "oddCell", check, cell_mark("circle"), EXAMPLES)
