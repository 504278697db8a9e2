"""German whispers lines: neighbours on the line differ by at least a given difference (5 on
1-9 digits by default); the line may pass the same cell twice (a loop)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asp_sudoku.core.model import Cell, Clue, Puzzle, cell_name
from asp_sudoku.rules.base import ClueContext, ClueKind, fact
from asp_sudoku.rules.shapes import position_facts


@dataclass(frozen=True)
class Whispers(Clue):
    """A German whispers line: neighbours on it differ by at least `difference`."""

    kind = "whispers"
    cells: tuple[Cell, ...] = ()
    difference: int = 5

    def describe(self) -> str:
        return f"whispers line from {cell_name(self.cells[0])} (difference {self.difference})"


def default_difference(digits: tuple[int, int]) -> int:
    """The whispers difference when none is given: half the number of digits, rounded up
    (5 for 1-9, 3 for 1-6, 8 for 1-16)."""
    return (digits[1] - digits[0] + 2) // 2


def parse_whispers(ctx: ClueContext, table: Mapping[str, Any]) -> Whispers:
    """Read ``[[whispers]] cells = [...]`` and an optional ``difference = D``.  Only
    neighbours along the line are compared, so the line may pass a cell twice (a loop)."""
    ctx.check_keys(table, ["cells"], ["difference"])
    raw = table["cells"]
    if not isinstance(raw, list) or not 2 <= len(raw) <= 2 * ctx.size * ctx.size:
        raise ctx.error("cells must be a list of at least 2 cell names, in drawing order")
    cells = tuple(ctx.cell(c) for c in raw)  # a line may come back to a cell (a loop)
    ctx.require_connected_line(cells, ctx.kind)
    low, high = ctx.digits
    difference = ctx.integer(table.get("difference", default_difference(ctx.digits)), "difference", 1, high - low)
    return Whispers(cells=cells, difference=difference, line=ctx.line)


def facts_whispers(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``whispersCell(K,I,R,C)`` and ``whispersDifference(K,D)``."""
    out = position_facts("whispersCell", clues)
    out += [fact("whispersDifference", k, c.difference) for k, c in enumerate(clues, start=1) if isinstance(c, Whispers)]
    return out


RULE = ClueKind("whispers", "whispers.lp.j2", Whispers, parse_whispers, facts_whispers)
