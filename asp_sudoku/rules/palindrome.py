"""Palindrome lines: the line reads the same from either end (its first and last cells hold
the same digit, its second and second-to-last cells the same digit, and so on)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from asp_sudoku.core.model import Puzzle
from asp_sudoku.rules.base import ClueKind, OnCells, examples
from asp_sudoku.rules.draw import line
from asp_sudoku.rules.shapes.cells import cells_parser, line_facts, values_check


@dataclass(frozen=True)
class Palindrome(OnCells):
    """A palindrome line: it reads the same from either end."""

    kind = "palindrome"
    shown = "palindrome from {first}"


def wrong(puzzle: Puzzle, values: list[int]) -> Iterable[str]:
    """A line that does not read the same from either end."""
    if values != values[::-1]:
        yield f" reads {values}"


EXAMPLES = examples(('Two palindrome lines of three cells', 'size = 4\ngivens = "1...\\n....\\n....\\n...."\npalindrome = [{cells = ["r3c1", "r2c2", "r1c3"]}, {cells = ["r4c2", "r3c3", "r2c4"]}]', '1234432134122143 1243342143122134 1324423124133142 1342243142133124 1423324123144132 1432234132144123'), ('The ends of a palindrome line cannot share a row', 'size = 4\npalindrome = [{cells = ["r1c1", "r2c2", "r1c3"]}]', ''))


RULE = ClueKind.of(
    Palindrome, cells_parser(Palindrome, 2, shape="line"), line_facts("palindromeCell", "palindromeLength"),
    check=values_check(Palindrome, wrong), draw=line("#a0a0a0"), examples=EXAMPLES,
)
