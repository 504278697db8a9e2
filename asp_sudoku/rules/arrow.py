"""Arrows: the digits on the shaft add up to the number in the circle; the circle is one cell,
or a pill of two or more cells in a straight row or column, read as a number left to right or top
to bottom; the shaft starts next to the circle and each of its cells touches the one before
(orthogonally or diagonally); digits on the shaft may repeat, where the sudoku lets them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asp_sudoku.core.model import Cell, Clue, Grid, Puzzle, cell_name
from asp_sudoku.rules.base import ClueContext, ClueKind, OnCells, examples, fact
from asp_sudoku.rules.draw import Canvas


@dataclass(frozen=True)
class Arrow(OnCells):
    """An arrow: the circle's cells in reading order (one cell, or a pill) and the shaft in order."""

    kind = "arrow"
    circle: tuple[Cell, ...] = ()

    def describe(self) -> str:
        circle = " ".join(cell_name(c) for c in self.circle)
        return f"arrow ({circle} <- {' '.join(cell_name(c) for c in self.cells)})"


def _touch(a: Cell, b: Cell) -> bool:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


def _pill(ctx: ClueContext, circle: tuple[Cell, ...]) -> tuple[Cell, ...]:
    """The pill's cells in reading order; they must form a straight run of a row or column."""
    ordered = tuple(sorted(circle))
    rows = {r for r, _ in ordered}
    cols = {c for _, c in ordered}
    straight = (len(rows) == 1 and max(cols) - min(cols) == len(ordered) - 1) or (
        len(cols) == 1 and max(rows) - min(rows) == len(ordered) - 1
    )
    if not straight:
        raise ctx.error(
            "a circle of several cells is a pill: its cells must be a straight run of one row "
            f"or column, not {' '.join(cell_name(c) for c in circle)}"
        )
    if ctx.digits[0] < 0 or ctx.digits[1] > 9:
        raise ctx.error("a pill is read as a decimal number, so its grid's digits must lie in 0..9")
    return ordered


def circle_bounds(cells: int, low: int, high: int) -> tuple[int, int]:
    """The smallest and largest number a circle of that many cells can show (as far as this
    bound goes, its digits may repeat; a one-cell circle is just a digit)."""
    ones = int("1" * cells)
    return low * ones, high * ones


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> Arrow:
    """Read ``[[arrow]] circle = ["r1c1"], cells = [shaft...]`` (circle may be a single name)."""
    ctx.check_keys(table, ["circle", "cells"])
    raw_circle = table["circle"]
    circle = ctx.cells([raw_circle] if isinstance(raw_circle, str) else raw_circle, "circle")
    if len(circle) > 1:
        circle = _pill(ctx, circle)
    shaft = ctx.cells(table["cells"], "cells (the shaft)")
    shared = set(circle) & set(shaft)
    if shared:
        raise ctx.error(f"{cell_name(min(shared))} is both in the circle and on the shaft")
    if not any(_touch(shaft[0], c) for c in circle):
        raise ctx.error(
            f"the shaft must start next to the circle, but {cell_name(shaft[0])} does not "
            f"touch {' '.join(cell_name(c) for c in circle)}"
        )
    ctx.require_connected_line(shaft, "arrow shaft")
    low, high = ctx.digits
    shaft_low, shaft_high = len(shaft) * low, len(shaft) * high
    circle_low, circle_high = circle_bounds(len(circle), low, high)
    if shaft_low > circle_high or shaft_high < circle_low:
        raise ctx.error(
            f"a shaft of {len(shaft)} cells sums to {shaft_low}..{shaft_high}, which a circle of "
            f"{len(circle)} cell(s) ({circle_low}..{circle_high}) can never show"
        )
    return Arrow(circle=circle, cells=shaft, line=ctx.line)


def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``arrowCircle(K,R,C,W)``: cell (R,C) is a digit of arrow K's circle worth W (1 for a
    one-cell circle; 10, 1 for a two-cell pill...); ``arrowShaft(K,R,C)`` per shaft cell."""
    out = []
    for k, clue in enumerate(clues, start=1):
        assert isinstance(clue, Arrow)
        n = len(clue.circle)
        out += [fact("arrowCircle", k, r, c, 10 ** (n - 1 - i)) for i, (r, c) in enumerate(clue.circle)]
        out += [fact("arrowShaft", k, r, c) for r, c in clue.cells]
    return out


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """A shaft that does not add up to the number in the circle."""
    assert isinstance(clue, Arrow)
    # A pill reads left to right / top to bottom: row-major order of its cells.
    number = 0
    for cell in sorted(clue.circle):
        number = number * 10 + grid.value(cell)
    total = sum(grid.value(c) for c in clue.cells)
    if total != number:
        yield f"{clue.describe()}: the shaft adds up to {total}, the circle shows {number}"


def draw(cv: Canvas, clue: Clue) -> None:
    """A grey circle (a rounded pill for several cells) and a grey shaft ending in an arrowhead."""
    assert isinstance(clue, Arrow)
    circle, shaft = clue.circle, clue.cells
    rows, cols = [r for r, _ in circle], [c for _, c in circle]
    pad = 0.12
    cv.add("lines", f'<rect x="{cv.x(min(cols) + pad)}" y="{cv.y(min(rows) + pad)}" '
           f'width="{round((max(cols) - min(cols) + 1 - 2 * pad) * cv.cell, 2)}" '
           f'height="{round((max(rows) - min(rows) + 1 - 2 * pad) * cv.cell, 2)}" '
           f'rx="{round(cv.cell * (0.5 - pad), 2)}" fill="none" stroke="#777" stroke-width="2"/>')
    start = min(circle, key=lambda c: max(abs(c[0] - shaft[0][0]), abs(c[1] - shaft[0][1])))
    cv.polyline("lines", [start, *shaft], "#777", 2, ' marker-end="url(#arrowhead)"')


EXAMPLES = examples(('An arrow of three cells into the corner', 'size = 4\narrow = [{circle = ["r4c4"], cells = ["r3c3", "r2c3", "r1c2"]}]', '2143341243211234 2143342143121234 2143431234211234 2143432134121234 3142241343211234'), ('A circle and a one-cell shaft in the same box would need the same digit twice', 'size = 4\narrow = [{circle = ["r1c1"], cells = ["r2c2"]}]', ''))


RULE = ClueKind(
    "arrow", "arrow.lp.j2", Arrow, parse, facts, check=check, draw=draw,
    speedups=("running_sums",), examples=EXAMPLES,
)
