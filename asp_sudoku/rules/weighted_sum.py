"""Weighted sums: a cage or line whose cells count with a factor (``weights``, 1 each by
default: a weight of 2 counts the digit twice, -1 subtracts it) adds up to the given ``sum``;
with ``distinct = true`` its digits are also all different (by default they may repeat, where
the sudoku lets them)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asp_sudoku.core.model import Clue, Grid, Puzzle, cell_name
from asp_sudoku.rules.base import ClueContext, ClueKind, OnCells, examples, fact
from asp_sudoku.rules.draw import Canvas

MAX_WEIGHT = 1000


@dataclass(frozen=True)
class WeightedSum(OnCells):
    """Cells with weights (same order), the total, and whether the digits must differ."""

    kind = "weighted-sum"
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


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """A weighted total other than the clue's, or a repeated digit when they must differ."""
    assert isinstance(clue, WeightedSum)
    values = [grid.value(c) for c in clue.cells]
    got = sum(w * v for w, v in zip(clue.weights, values))
    if got != clue.total:
        yield f"{clue.describe()}: the weighted digits add up to {got}"
    if clue.distinct and len(set(values)) != len(values):
        yield f"{clue.describe()}: a digit repeats in {values}"


def draw(cv: Canvas, clue: Clue) -> None:
    """A thin line through the cells in order, each weight other than 1 in its cell's corner, and
    the total (with "≠" when the digits must differ) in the first cell's corner."""
    assert isinstance(clue, WeightedSum)
    cv.polyline("lines", clue.cells, "#e0b040", cv.cell * 0.08)
    for (r, c), w in zip(clue.cells, clue.weights):
        if w != 1:
            cv.text("marks", cv.x(c + 0.78), cv.y(r + 0.8), f"\u00d7{w}", cv.cell * 0.2, ' fill="#555"')
    r, c = clue.cells[0]
    label = f"={clue.total}" + (" \u2260" if clue.distinct else "")
    cv.text("marks", cv.x(c + 0.25), cv.y(r + 0.17), label, cv.cell * 0.2, ' fill="#555"')


EXAMPLES = examples(('A weighted sum: 2 * r1c1 + r1c2 - r2c1 = 9', 'size = 4\ngivens = "....\\n....\\n....\\n...1"\n"weighted-sum" = [{cells = ["r1c1", "r1c2", "r2c1"], weights = [2, 1, -1], sum = 9, distinct = false}]', '3412123421434321 3412123441232341 3412124321344321 4213132431422431 4213134221343421 4213134231242431 4312213412433421 4312213414233241 4312214312343421'), ('Two cells that may hold 1 and 1, but their digits must differ', 'size = 4\n"weighted-sum" = [{cells = ["r1c1", "r3c3"], weights = [1, 1], sum = 2, distinct = true}]', ''))


RULE = ClueKind(
    "weighted-sum", "weighted_sum.lp.j2", WeightedSum, parse, facts, check=check, draw=draw,
    speedups=("running_sums",), examples=EXAMPLES,
)
