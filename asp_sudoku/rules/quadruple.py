"""Quadruples: a circle on the corner where four cells meet lists digits that appear among those
four cells (a digit listed twice appears at least twice)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asp_sudoku.core.model import Cell, Clue, Puzzle, cell_name
from asp_sudoku.rules.base import ClueContext, ClueKind, fact


@dataclass(frozen=True)
class Quadruple(Clue):
    """The four cells of a 2x2 square (reading order) and the digits they must contain."""

    kind = "quadruple"
    cells: tuple[Cell, ...] = ()
    digits: tuple[int, ...] = ()

    def describe(self) -> str:
        listed = " ".join(str(d) for d in self.digits)
        return f"quadruple at {cell_name(self.cells[0])} ({listed})"


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> Quadruple:
    """Read ``[[quadruple]] cell = "r1c1"`` (the top-left of the four cells) or
    ``cells = [four cells]``, and ``digits = [1, 2, ...]`` (one to four digits)."""
    ctx.check_keys(table, ["digits"], ["cell", "cells"])
    if ("cell" in table) == ("cells" in table):
        raise ctx.error('give either cell = "r1c1" (the top-left of the four cells) or cells = [four cells]')
    if "cell" in table:
        r, c = ctx.cell(table["cell"])
        if r == ctx.size or c == ctx.size:
            raise ctx.error(f"r{r}c{c} is on the last row or column: no 2x2 square starts there")
        cells: tuple[Cell, ...] = ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))
    else:
        cells = tuple(sorted(ctx.cells(table["cells"], minimum=4)))
        (r, c) = cells[0]
        if cells != ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)):
            raise ctx.error("cells must be the four cells of a 2x2 square")
    raw = table["digits"]
    if not isinstance(raw, list) or not 1 <= len(raw) <= 4:
        raise ctx.error("digits must be a list of one to four digits")
    digits = tuple(sorted(ctx.integer(d, "digit", *ctx.digits) for d in raw))
    for digit, times in Counter(digits).items():
        if times > 2:
            raise ctx.error(f"digit {digit} is listed {times} times; four cells of a 2x2 hold it at most twice")
    return Quadruple(cells=cells, digits=digits, line=ctx.line)


def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``quadrupleCell(K,R,C)`` per cell and ``quadrupleDigit(K,P,N)``: digit P appears at
    least N times in quadruple K."""
    out = []
    for k, clue in enumerate(clues, start=1):
        assert isinstance(clue, Quadruple)
        out += [fact("quadrupleCell", k, r, c) for r, c in clue.cells]
        out += [fact("quadrupleDigit", k, p, n) for p, n in sorted(Counter(clue.digits).items())]
    return out


RULE = ClueKind("quadruple", "quadruple.lp.j2", Quadruple, parse, facts)
