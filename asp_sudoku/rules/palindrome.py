"""Palindrome lines: the line reads the same from either end."""

from __future__ import annotations

from dataclasses import dataclass

from asp_sudoku.core.model import Cell, Clue, cell_name
from asp_sudoku.rules.base import ClueKind
from asp_sudoku.rules.shapes import line_facts, line_parser


@dataclass(frozen=True)
class Palindrome(Clue):
    """A palindrome line: it reads the same from either end."""

    kind = "palindrome"
    cells: tuple[Cell, ...] = ()

    def describe(self) -> str:
        return f"palindrome from {cell_name(self.cells[0])}"


RULE = ClueKind(
    "palindrome", "palindrome.lp.j2", Palindrome, line_parser(Palindrome, 2),
    line_facts("palindromeCell", "palindromeLength"),
)
