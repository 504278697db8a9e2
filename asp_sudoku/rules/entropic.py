"""Entropic lines: any three cells in a row on the line hold a low, a middle and a high digit
(the digits split in thirds: 1-3, 4-6, 7-9 on 1-9)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asp_sudoku.core.model import Cell, Clue, Puzzle, cell_name
from asp_sudoku.rules.base import ClueContext, ClueKind
from asp_sudoku.rules.shapes import line_parser, position_facts


@dataclass(frozen=True)
class Entropic(Clue):
    """An entropic line: any three cells in a row on it hold a low, a middle and a high digit."""

    kind = "entropic"
    cells: tuple[Cell, ...] = ()

    def describe(self) -> str:
        return f"entropic line from {cell_name(self.cells[0])}"


def parse_entropic(ctx: ClueContext, table: Mapping[str, Any]) -> Entropic:
    """Read ``[[entropic]] cells = [...]``; the digits must split into three equal groups."""
    count = ctx.digits[1] - ctx.digits[0] + 1
    if count % 3:
        raise ctx.error(f"entropic lines need a number of digits divisible by 3, not {count}")
    clue = line_parser(Entropic, 3)(ctx, table)
    assert isinstance(clue, Entropic)
    return clue


def facts_entropic(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``entropicCell(K,I,R,C)``: (R,C) is at position I of entropic line K."""
    return position_facts("entropicCell", clues)


RULE = ClueKind("entropic", "entropic.lp.j2", Entropic, parse_entropic, facts_entropic)
