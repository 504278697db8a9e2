"""Zipper lines: cells the same distance from the middle of the line add up to the same total,
which is the middle digit on a line of odd length."""

from __future__ import annotations

from dataclasses import dataclass

from asp_sudoku.core.model import Cell, Clue, cell_name
from asp_sudoku.rules.base import ClueKind
from asp_sudoku.rules.shapes import line_facts, line_parser


@dataclass(frozen=True)
class Zipper(Clue):
    """A zipper line: cells the same distance from its middle add up to the same total, which
    is the middle digit on a line of odd length."""

    kind = "zipper"
    cells: tuple[Cell, ...] = ()

    def describe(self) -> str:
        return f"zipper line from {cell_name(self.cells[0])}"


RULE = ClueKind(
    "zipper", "zipper.lp.j2", Zipper, line_parser(Zipper, 3), line_facts("zipperCell", "zipperLength")
)
