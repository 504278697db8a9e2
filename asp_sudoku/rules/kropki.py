"""Kropki dots between orthogonal neighbours: a white dot joins digits that differ by one (or by
the dot's `difference`), a black dot digits in a 1:2 ratio (or the dot's `ratio`).

The "all dots are shown" (negative) forms are global rules with templates of their own:
``kropki-negative``, ``kropki-white-negative`` and ``kropki-black-negative``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..model import Cell, Clue, Puzzle, cell_name
from .base import ClueContext, ClueKind
from .shapes import orthogonal_pair, pair_facts, require_unique_pairs


@dataclass(frozen=True)
class KropkiWhite(Clue):
    """A white dot: the two cells (reading order) differ by `difference`."""

    kind = "kropki-white"
    cells: tuple[Cell, ...] = ()
    difference: int = 1

    def describe(self) -> str:
        return f"white dot {cell_name(self.cells[0])}-{cell_name(self.cells[1])} (difference {self.difference})"


@dataclass(frozen=True)
class KropkiBlack(Clue):
    """A black dot: one of the two cells (reading order) is `ratio` times the other."""

    kind = "kropki-black"
    cells: tuple[Cell, ...] = ()
    ratio: int = 2

    def describe(self) -> str:
        return f"black dot {cell_name(self.cells[0])}-{cell_name(self.cells[1])} (ratio {self.ratio})"


def parse_white(ctx: ClueContext, table: Mapping[str, Any]) -> KropkiWhite:
    """Read ``[[kropki-white]] cells = ["r1c1", "r1c2"], difference = 1`` (difference optional)."""
    ctx.check_keys(table, ["cells"], ["difference"])
    cells = orthogonal_pair(ctx, table["cells"])
    low, high = ctx.digits
    difference = ctx.integer(table.get("difference", 1), "difference", 1, high - low)
    return KropkiWhite(cells=cells, difference=difference, line=ctx.line)


def parse_black(ctx: ClueContext, table: Mapping[str, Any]) -> KropkiBlack:
    """Read ``[[kropki-black]] cells = ["r1c1", "r1c2"], ratio = 2`` (ratio optional)."""
    ctx.check_keys(table, ["cells"], ["ratio"])
    cells = orthogonal_pair(ctx, table["cells"])
    high = ctx.digits[1]
    ratio = ctx.integer(table.get("ratio", 2), "ratio", 2, max(2, high))  # 1 and `ratio` fit
    return KropkiBlack(cells=cells, ratio=ratio, line=ctx.line)


def finish_white(puzzle: Puzzle, clues: Sequence[Clue]) -> None:
    """At most one white dot per pair of cells."""
    require_unique_pairs(puzzle.path, "kropki-white", clues)


def finish_black(puzzle: Puzzle, clues: Sequence[Clue]) -> None:
    """At most one black dot per pair of cells."""
    require_unique_pairs(puzzle.path, "kropki-black", clues)


def facts_white(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``kropkiWhite(R,C,R2,C2,D)``: the digits of (R,C) and (R2,C2) differ by D."""
    return pair_facts("kropkiWhite", clues, "difference")


def facts_black(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``kropkiBlack(R,C,R2,C2,Q)``: one digit of (R,C), (R2,C2) is Q times the other."""
    return pair_facts("kropkiBlack", clues, "ratio")


WHITE_KIND = ClueKind("kropki-white", "kropki_white.lp.j2", KropkiWhite, parse_white, facts_white, finish_white)
BLACK_KIND = ClueKind("kropki-black", "kropki_black.lp.j2", KropkiBlack, parse_black, facts_black, finish_black)
