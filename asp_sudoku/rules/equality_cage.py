"""Equality cages: the digits in an equality cage are all different, as many of them are even as
odd, and as many are in the lower half of the grid's digits as in the upper half (for 1-9: 1-4
and 6-9; the middle digit 5 is in neither half)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from asp_sudoku.core.model import Puzzle
from asp_sudoku.rules.base import ClueKind, OnCells, examples
from asp_sudoku.rules.draw import region
from asp_sudoku.rules.shapes.cells import cells_parser, digit_count, member_facts, values_check


@dataclass(frozen=True)
class EqualityCage(OnCells):
    """An equality cage (the order of its cells does not matter)."""

    kind = "equality-cage"
    shown = "equality cage {cells}"


def halves(puzzle: Puzzle) -> tuple[set[int], set[int]]:
    """The lower and the upper half of the grid's digits (the middle one of an odd count in neither)."""
    digits = list(range(puzzle.digits[0], puzzle.digits[1] + 1))
    half = len(digits) // 2
    return set(digits[:half]), set(digits[len(digits) - half :])


def wrong(puzzle: Puzzle, values: list[int]) -> Iterable[str]:
    """Repeated digits, or unequal counts of even and odd, or of low and high digits."""
    if len(set(values)) < len(values):
        yield f" holds {sorted(values)}: a digit twice"
    even = sum(1 for v in values if v % 2 == 0)
    if 2 * even != len(values):
        yield f" holds {even} even and {len(values) - even} odd digits"
    low, high = halves(puzzle)
    lows, highs = sum(1 for v in values if v in low), sum(1 for v in values if v in high)
    if lows != highs:
        yield f" holds {lows} low and {highs} high digits"


# Cells, no more than the digits.
parse = cells_parser(EqualityCage, 1, digit_count, "an equality cage of {count} cells cannot hold different digits")


EXAMPLES = examples(('Three equality cages: one low and one high digit, one even and one odd, in each pair', 'size = 4\ngivens = "1...\\n....\\n....\\n...."\nequality-cage = [{cells = ["r1c1", "r1c2"]}, {cells = ["r2c3", "r3c3"]}, {cells = ["r4c1", "r4c2", "r3c1", "r3c2"]}]', '1423231431424231 1423231432414132 1423234132144132 1423321423414132 1423324123144132 1423324143122134 1432231432414123 1432234132144123 1432234142133124 1432321421434321 1432321423414123 1432324123144123'), ('Three digits cannot be as many even as odd', 'size = 4\nequality-cage = [{cells = ["r1c1", "r1c2", "r1c3"]}]', ''))


RULE = ClueKind.of(
    EqualityCage, parse, member_facts("equalityCell"),
    check=values_check(EqualityCage, wrong), draw=region, examples=EXAMPLES,
)
