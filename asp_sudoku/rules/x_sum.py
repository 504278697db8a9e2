"""X-sum: a clue outside the grid gives the sum of the first X digits seen from it along its row
or column, where X is the first of those digits."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asp_sudoku.core.model import Cell, Clue, Puzzle, cell_name
from asp_sudoku.rules.base import ClueContext, ClueKind
from asp_sudoku.rules.shapes import outside_facts, outside_line, require_unique_places


@dataclass(frozen=True)
class XSum(Clue):
    """An X-sum clue: where it stands, the cells it looks along (nearest first) and the sum."""

    kind = "x-sum"
    clue: Cell = (0, 0)
    cells: tuple[Cell, ...] = ()
    total: int = 0

    def describe(self) -> str:
        return f"x-sum {self.total} at {cell_name(self.clue)}"


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> XSum:
    """Read ``[[x-sum]] clue = "r0c3"`` (or ``line = "c3", side = "bottom"``) and ``sum = S``."""
    ctx.check_keys(table, ["sum"], ["clue", "line", "side"])
    clue, cells = outside_line(ctx, table)
    low, high = ctx.digits
    total = ctx.integer(table["sum"], "sum", 0, sum(range(low, high + 1)))
    return XSum(clue=clue, cells=cells, total=total, line=ctx.line)


def finish(puzzle: Puzzle, clues: Sequence[Clue]) -> None:
    """One x-sum clue per place."""
    require_unique_places(puzzle.path, "x-sum", clues)


def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``xsumCell(K,I,R,C)``: (R,C) is the I-th cell seen from clue K; ``xsumSum(K,S)``."""
    numbers = [c.total for c in clues if isinstance(c, XSum)]
    return outside_facts("xsumCell", "xsumSum", clues, numbers)


RULE = ClueKind("x-sum", "x_sum.lp.j2", XSum, parse, facts, finish)
