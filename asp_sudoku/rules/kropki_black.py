"""Kropki black dots: a black dot between two orthogonally adjacent cells means one of their
digits is double the other (or the dot's `ratio` times the other, when it gives one).  The "all
dots are shown" forms are the global rules ``kropki-negative`` and ``kropki-black-negative``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asp_sudoku.core.model import Clue, Grid, Puzzle
from asp_sudoku.rules.base import ClueContext, ClueKind, examples
from asp_sudoku.rules.draw import dot
from asp_sudoku.rules.shapes import OnCells, orthogonal_pair, pair_facts, require_unique_pairs


@dataclass(frozen=True)
class KropkiBlack(OnCells):
    """A black dot: one of the two cells (reading order) is `ratio` times the other."""

    kind = "kropki-black"
    shown = "black dot {first}-{last} (ratio {self.ratio})"
    ratio: int = 2


def parse_black(ctx: ClueContext, table: Mapping[str, Any]) -> KropkiBlack:
    """Read ``[[kropki-black]] cells = ["r1c1", "r1c2"], ratio = 2`` (ratio optional)."""
    ctx.check_keys(table, ["cells"], ["ratio"])
    cells = orthogonal_pair(ctx, table["cells"])
    high = ctx.digits[1]
    ratio = ctx.integer(table.get("ratio", 2), "ratio", 2, max(2, high))  # 1 and `ratio` fit
    return KropkiBlack(cells=cells, ratio=ratio, line=ctx.line)


def finish_black(puzzle: Puzzle, clues: Sequence[Clue]) -> None:
    """At most one black dot per pair of cells."""
    require_unique_pairs(puzzle.path, "kropki-black", clues)


def facts_black(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``kropkiBlack(R,C,R2,C2,Q)``: one digit of (R,C), (R2,C2) is Q times the other."""
    return pair_facts("kropkiBlack", clues, "ratio")


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """One digit of the dot is its ratio times the other."""
    assert isinstance(clue, KropkiBlack)
    a, b = (grid.value(c) for c in clue.cells)
    q = clue.ratio
    if a != q * b and b != q * a:
        yield f"{clue.describe()} joins {a} and {b}"


EXAMPLES = examples(
    ('Four black dots: two solutions', 'size = 4\n"kropki-black" = [{cells = ["r1c1", "r1c2"], ratio = 2}, {cells = ["r2c3", "r2c4"], ratio = 2}, {cells = ["r3c1", "r4c1"], ratio = 2}, {cells = ["r3c2", "r3c3"], ratio = 2}]', '1234341241232341 4231314214232314'),
    ('No solution: 1 to 4 do not split into two pairs that are each one digit and its double', 'size = 4\n"kropki-black" = [{cells = ["r1c1", "r1c2"], ratio = 2}, {cells = ["r1c3", "r1c4"], ratio = 2}]', ''),
)


RULE = ClueKind(
    "kropki-black", "kropki_black.lp.j2", KropkiBlack, parse_black, facts_black, finish_black,
    check=check, draw=dot("black"), examples=EXAMPLES,
)
