"""XV: an X between two orthogonal neighbours means their digits add up to 10, a V to 5.

The "all X and V are shown" (negative) form is the global rule ``xv-negative``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asp_sudoku.core.model import Cell, Clue, Puzzle, cell_name
from asp_sudoku.rules.base import ClueContext, ClueKind
from asp_sudoku.rules.shapes import orthogonal_pair, pair_facts, require_unique_pairs

SUMS = {"X": 10, "V": 5}


@dataclass(frozen=True)
class XV(Clue):
    """An X (total 10) or a V (total 5) between two cells in reading order."""

    kind = "xv"
    cells: tuple[Cell, ...] = ()
    total: int = 10

    def describe(self) -> str:
        letter = "X" if self.total == 10 else "V"
        return f"{letter} {cell_name(self.cells[0])}-{cell_name(self.cells[1])}"


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> XV:
    """Read ``[[xv]] cells = ["r1c1", "r1c2"], value = "X"`` (or ``"V"``)."""
    ctx.check_keys(table, ["cells", "value"])
    cells = orthogonal_pair(ctx, table["cells"])
    value = table["value"]
    if not isinstance(value, str) or value.strip().upper() not in SUMS:
        raise ctx.error(f'value must be "X" (sum 10) or "V" (sum 5), not {value!r}'[:120])
    total = SUMS[value.strip().upper()]
    low, high = ctx.digits
    if total > 2 * high - 1 or total < 2 * low + 1:
        raise ctx.error(f"no two different digits of {low}..{high} add up to {total}")
    return XV(cells=cells, total=total, line=ctx.line)


def finish(puzzle: Puzzle, clues: Sequence[Clue]) -> None:
    """At most one X or V per pair of cells."""
    require_unique_pairs(puzzle.path, "xv", clues)


def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``xvSum(R,C,R2,C2,S)``: the digits of (R,C) and (R2,C2) add up to S (10 or 5)."""
    return pair_facts("xvSum", clues, "total")


RULE = ClueKind("xv", "xv.lp.j2", XV, parse, facts, finish)
