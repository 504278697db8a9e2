"""Quadruples: a circle on the corner where four cells meet lists digits that appear among those
four cells (a digit listed twice appears at least twice)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asp_sudoku.core.model import Cell, Clue, Grid, Puzzle
from asp_sudoku.rules.base import ClueContext, ClueKind, WithDigits, examples, fact
from asp_sudoku.rules.draw import Canvas


@dataclass(frozen=True)
class Quadruple(WithDigits):
    """The four cells of a 2x2 square (reading order) and the digits they must contain (a digit
    listed twice must be there twice)."""

    kind = "quadruple"


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> Quadruple:
    """Read ``[[quadruple]] cell = "r1c1"`` (the top-left of the four cells) or
    ``cells = [four cells]``, and ``digits = [1, 2, ...]`` (one to four digits)."""
    ctx.check_keys(table, ["digits"], ["cell", "cells"])
    if ("cell" in table) == ("cells" in table):
        raise ctx.error('give either cell = "r1c1" (the top-left of the four cells) or cells = [four cells]')
    if "cell" in table:
        r, c = ctx.cell(table["cell"])
        if r == ctx.size or c == ctx.cols:
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
        if times > 2 and ctx.latin:  # two rows and two columns: each digit at most twice (any number on a raw grid)
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


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """Each listed digit appears among the four cells at least as often as it is listed."""
    assert isinstance(clue, Quadruple)
    held = Counter(grid.value(c) for c in clue.cells)
    for digit, times in Counter(clue.digits).items():
        if held[digit] < times:
            yield f"{clue.describe()} holds {digit} {held[digit]} time(s), not {times}"


def draw(cv: Canvas, clue: Clue) -> None:
    """A white circle on the corner where the four cells meet, with the digits in it."""
    assert isinstance(clue, Quadruple)
    r, c = min(clue.cells)
    x, y = cv.x(c + 1), cv.y(r + 1)
    cv.add("marks", f'<circle cx="{x}" cy="{y}" r="{round(cv.cell * 0.3, 2)}" fill="white" stroke="#222" stroke-width="1.2"/>')
    text = "".join(str(d) for d in clue.digits)
    cv.text("marks", x, y, text, cv.cell * (0.3 if len(text) <= 2 else 0.22))


EXAMPLES = examples(('Two quadruples: four solutions', 'size = 4\nquadruple = [{cells = ["r2c2", "r2c3", "r3c2", "r3c3"], digits = [1, 1, 2, 2]}, {cells = ["r1c2", "r1c3", "r2c2", "r2c3"], digits = [3, 4]}]', '1342421331242431 1432321441232341 2341412332141432 2431312442131342'), ('No solution: in a 4x4 the top-left square is a box, which holds 1 only once', 'size = 4\nquadruple = [{cells = ["r1c1", "r1c2", "r2c1", "r2c2"], digits = [1, 1]}]', ''))


RULE = ClueKind("quadruple", "quadruple.lp.j2", Quadruple, parse, facts, check=check, draw=draw, examples=EXAMPLES)
