"""Kropki white dots: a white dot between two orthogonally adjacent cells means their digits
differ by 1 (or by the dot's `difference`, when it gives one).  The "all dots are shown" forms
are the global rules ``kropki-negative`` and ``kropki-white-negative``."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from asp_sudoku.core.model import Clue, Grid, Puzzle
from asp_sudoku.rules.base import OnPair, examples
from asp_sudoku.rules.draw import dot
from asp_sudoku.rules.shapes.pairs import pair_kind


@dataclass(frozen=True)
class KropkiWhite(OnPair):
    """A white dot: the two cells (reading order) differ by `difference`."""

    kind = "kropki-white"
    shown = "white dot {first}-{last} (difference {self.number})"
    number: int = 1


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """The two digits of the dot differ by its difference (1 unless the puzzle gives
    another)."""
    assert isinstance(clue, KropkiWhite)
    a, b = (grid.value(c) for c in clue.cells)
    if abs(a - b) != clue.number:
        yield f"{clue.describe()} joins {a} and {b}"


EXAMPLES = examples(('Three white dots and a 1: nine solutions', 'size = 4\ngivens = "1...\\n....\\n....\\n...."\n"kropki-white" = [{cells = ["r1c1", "r1c2"], difference = 1}, {cells = ["r1c2", "r1c3"], difference = 1}, {cells = ["r2c1", "r3c1"], difference = 1}]', '1234341221434321 1234341223414123 1234341241232341 1234341243212143 1234342121434312 1234342143122143 1234431234212143 1234432131422413 1234432134122143'), ('No solution: only 1 and 4 differ by 3, and r1c2 would sit between two of them', 'size = 4\n"kropki-white" = [{cells = ["r1c1", "r1c2"], difference = 3}, {cells = ["r1c2", "r1c3"], difference = 3}]', ''))


RULE = pair_kind(
    KropkiWhite, "kropkiWhite", ("difference", 1, lambda digits: (1, digits[1] - digits[0])), check, dot("white"), EXAMPLES
)
