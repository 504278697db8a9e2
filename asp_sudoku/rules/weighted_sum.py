"""Weighted sums: a cage or line whose cells count with a factor (a doubled cell counts twice, a
weight of -1 subtracts), adding up to a given total; optionally its digits are all different."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asp_sudoku.core.model import Cell, Clue, Puzzle, cell_name
from asp_sudoku.rules.base import ClueContext, ClueKind, fact

MAX_WEIGHT = 1000


@dataclass(frozen=True)
class WeightedSum(Clue):
    """Cells with weights (same order), the total, and whether the digits must differ."""

    kind = "weighted-sum"
    cells: tuple[Cell, ...] = ()
    weights: tuple[int, ...] = ()
    total: int = 0
    distinct: bool = False

    def describe(self) -> str:
        terms = " + ".join(f"{w}*{cell_name(c)}" if w != 1 else cell_name(c) for c, w in zip(self.cells, self.weights))
        return f"weighted sum {terms} = {self.total}"


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> WeightedSum:
    """Read ``[[weighted-sum]] cells = [...], weights = [2, 1, ...], sum = S, distinct = true``
    (weights default to 1 each; distinct defaults to false)."""
    ctx.check_keys(table, ["cells", "sum"], ["weights", "distinct"])
    cells = ctx.cells(table["cells"])
    raw = table.get("weights", [1] * len(cells))
    if not isinstance(raw, list) or len(raw) != len(cells):
        raise ctx.error(f"weights must be a list of {len(cells)} whole numbers, one per cell")
    weights = tuple(ctx.integer(w, "weight", -MAX_WEIGHT, MAX_WEIGHT) for w in raw)
    if 0 in weights:
        raise ctx.error("a weight of 0 makes the cell count for nothing; leave the cell out")
    distinct = table.get("distinct", False)
    if not isinstance(distinct, bool):
        raise ctx.error(f"distinct must be true or false, not {distinct!r}"[:120])
    low, high = ctx.digits
    if distinct and len(cells) > high - low + 1:
        raise ctx.error(f"{len(cells)} cells cannot hold different digits")
    smallest = sum(min(w * low, w * high) for w in weights)
    largest = sum(max(w * low, w * high) for w in weights)
    total = ctx.integer(table["sum"], "sum")
    if not smallest <= total <= largest:
        raise ctx.error(f"sum {total} cannot be reached (possible: {smallest}..{largest})")
    return WeightedSum(cells=cells, weights=weights, total=total, distinct=distinct, line=ctx.line)


def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``weightedCell(K,R,C,W)``: (R,C) counts W times in sum K; ``weightedSum(K,S)``;
    ``weightedDistinct(K)`` when its digits must differ."""
    out = []
    for k, clue in enumerate(clues, start=1):
        assert isinstance(clue, WeightedSum)
        out += [fact("weightedCell", k, r, c, w) for (r, c), w in zip(clue.cells, clue.weights)]
        out.append(fact("weightedSum", k, clue.total))
        if clue.distinct:
            out.append(fact("weightedDistinct", k))
    return out


RULE = ClueKind("weighted-sum", "weighted_sum.lp.j2", WeightedSum, parse, facts)
