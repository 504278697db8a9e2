"""Kropki black dots: a black dot between two orthogonally adjacent cells means one of their
digits is double the other (or the dot's `ratio` times the other, when it gives one).  The "all
dots are shown" forms are the global rules ``kropki-negative`` and ``kropki-black-negative``."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from asp_sudoku.core.model import Clue, Grid, Puzzle
from asp_sudoku.rules.base import OnPair, examples
from asp_sudoku.rules.draw import dot
from asp_sudoku.rules.shapes.pairs import pair_kind


@dataclass(frozen=True)
class KropkiBlack(OnPair):
    """A black dot: one of the two cells (reading order) is `ratio` times the other; the
    ratio is 2 unless the puzzle gives another."""

    kind = "kropki-black"
    shown = "black dot {first}-{last} (ratio {self.number})"
    number: int = 2


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """One digit of the dot is its ratio times the other."""
    assert isinstance(clue, KropkiBlack)
    a, b = (grid.value(c) for c in clue.cells)
    q = clue.number
    if a != q * b and b != q * a:
        yield f"{clue.describe()} joins {a} and {b}"


EXAMPLES = examples(('Four black dots: two solutions', 'size = 4\n"kropki-black" = [{cells = ["r1c1", "r1c2"], ratio = 2}, {cells = ["r2c3", "r2c4"], ratio = 2}, {cells = ["r3c1", "r4c1"], ratio = 2}, {cells = ["r3c2", "r3c3"], ratio = 2}]', '1234341241232341 4231314214232314'), ('No solution: 1 to 4 do not split into two pairs that are each one digit and its double', 'size = 4\n"kropki-black" = [{cells = ["r1c1", "r1c2"], ratio = 2}, {cells = ["r1c3", "r1c4"], ratio = 2}]', ''))


RULE = pair_kind(
    KropkiBlack, "kropkiBlack", ("ratio", 2, lambda digits: (2, max(2, digits[1]))), check, dot("black"), EXAMPLES
)  # the ratio is at least 2, and at most the highest digit, so that 1 and `ratio` fit
