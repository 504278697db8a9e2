"""Between lines: the digits inside the line lie strictly between the digits at its two ends."""

from __future__ import annotations

from dataclasses import dataclass

from asp_sudoku.core.model import Cell, Clue, cell_name
from asp_sudoku.rules.base import ClueKind
from asp_sudoku.rules.shapes import line_facts, line_parser


@dataclass(frozen=True)
class Between(Clue):
    """A between line: the digits inside lie strictly between the digits at its two ends."""

    kind = "between"
    cells: tuple[Cell, ...] = ()

    def describe(self) -> str:
        return f"between line {cell_name(self.cells[0])}-{cell_name(self.cells[-1])}"


RULE = ClueKind(
    "between", "between.lp.j2", Between, line_parser(Between, 3), line_facts("betweenCell", "betweenLength")
)
