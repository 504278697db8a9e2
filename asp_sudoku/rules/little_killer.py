"""Little killers: the digits along a diagonal add up to the clue, and they may repeat (where
the sudoku lets them); a clue is written either with its cells (a straight diagonal run, in
order) or, as printed on the page, with its place outside the grid and the direction its arrow
points, the diagonal then running from the first cell inside the grid to the grid's edge."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.core.model import Cell, Clue, Grid, Puzzle, cell_name
from asp_sudoku.rules.base import ClueContext, ClueKind, OnCells, examples, fact
from asp_sudoku.rules.draw import Canvas
from asp_sudoku.rules.killer import sum_bounds

DIRECTIONS: dict[str, tuple[int, int]] = {
    "up-left": (-1, -1),
    "up-right": (-1, 1),
    "down-left": (1, -1),
    "down-right": (1, 1),
}


@dataclass(frozen=True)
class LittleKiller(OnCells):
    """A little killer clue: the diagonal's cells in order and their sum."""

    kind = "little-killer"
    shown = "little killer {self.total} ({cells})"
    total: int = 0


def diagonal(size: int, clue: Cell, step: tuple[int, int]) -> tuple[Cell, ...]:
    """The cells from the clue's neighbour in the step's direction to the edge of the grid."""
    cells = []
    r, c = clue[0] + step[0], clue[1] + step[1]
    while 1 <= r <= size and 1 <= c <= size:
        cells.append((r, c))
        r, c = r + step[0], c + step[1]
    return tuple(cells)


def _from_clue(ctx: ClueContext, table: Mapping[str, Any]) -> tuple[Cell, ...]:
    clue = ctx.cell(table["clue"], outside=True)
    if 1 <= clue[0] <= ctx.size and 1 <= clue[1] <= ctx.size:
        raise ctx.error(
            f"clue {cell_name(clue)} is inside the grid; a little killer clue sits outside it "
            f"(row 0 or {ctx.size + 1}, or column 0 or {ctx.size + 1})"
        )
    direction = table["direction"]
    if direction not in DIRECTIONS:
        raise ctx.error(f"direction must be one of {', '.join(DIRECTIONS)}, not {direction!r}"[:160])
    cells = diagonal(ctx.size, clue, DIRECTIONS[direction])
    if not cells:
        raise ctx.error(f"from {cell_name(clue)}, {direction} points away from the grid")
    return cells


def _check_diagonal(ctx: ClueContext, cells: tuple[Cell, ...]) -> None:
    steps = {(b[0] - a[0], b[1] - a[1]) for a, b in pairwise(cells)}
    if len(steps) > 1 or (steps and steps.pop() not in DIRECTIONS.values()):
        raise ctx.error(
            "cells must run along one diagonal, each cell one step on from the one before: "
            + " ".join(cell_name(c) for c in cells)
        )


def reachable(cells: Sequence[Cell], box: tuple[int, int] | None, low: int, high: int) -> tuple[int, int]:
    """The least and greatest sum of a diagonal: digits may repeat, except within a box."""
    groups: dict[tuple[int, int], int] = {}
    for r, c in cells:
        key = ((r - 1) // box[0], (c - 1) // box[1]) if box else (r, c)
        groups[key] = groups.get(key, 0) + 1
    bounds = [sum_bounds(n, low, high) for n in groups.values()]
    return sum(b[0] for b in bounds), sum(b[1] for b in bounds)


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> LittleKiller:
    """Read ``[[little-killer]] sum = S`` with ``cells = [...]`` or ``clue = "r0c3"``,
    ``direction = "down-left"``."""
    if "cells" in table:
        ctx.check_keys(table, ["sum", "cells"])
        cells = ctx.cells(table["cells"])
        _check_diagonal(ctx, cells)
    elif "clue" in table or "direction" in table:
        ctx.check_keys(table, ["sum", "clue", "direction"])
        cells = _from_clue(ctx, table)
    else:
        raise ctx.error("give either cells = [...] or clue = \"r0c3\" and direction = \"down-left\"")
    total = ctx.integer(table["sum"], "sum")
    return LittleKiller(cells=cells, total=total, line=ctx.line)


def finish(puzzle: Puzzle, clues: Sequence[Clue]) -> None:
    """Each sum can be reached (digits repeat freely, except within a box)."""
    for index, clue in enumerate(clues, start=1):
        assert isinstance(clue, LittleKiller)
        low, high = reachable(clue.cells, puzzle.box, *puzzle.digits)
        if not low <= clue.total <= high:
            raise PuzzleFormatError(
                puzzle.path,
                clue.line,
                f"little-killer #{index}: sum {clue.total} cannot be made on "
                f"{len(clue.cells)} diagonal cells (possible: {low}..{high})",
            )


def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``littleKillerCell(K,R,C)`` per diagonal cell and ``littleKillerSum(K,S)``."""
    out = []
    for k, clue in enumerate(clues, start=1):
        assert isinstance(clue, LittleKiller)
        out += [fact("littleKillerCell", k, r, c) for r, c in clue.cells]
        out.append(fact("littleKillerSum", k, clue.total))
    return out


def to_table(clue: Clue) -> dict[str, Any]:
    """The TOML table of a little killer, with its cells written out."""
    assert isinstance(clue, LittleKiller)
    return {"sum": clue.total, "cells": [cell_name(c) for c in clue.cells]}


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """A diagonal that does not add up to the clue."""
    assert isinstance(clue, LittleKiller)
    got = sum(grid.value(c) for c in clue.cells)
    if got != clue.total:
        yield f"{clue.describe()} adds up to {got}"


def draw(cv: Canvas, clue: Clue) -> None:
    """The sum outside the grid, just before the diagonal, with a small arrow along it."""
    assert isinstance(clue, LittleKiller)
    cells = clue.cells
    n = cv.puzzle.size
    if len(cells) > 1:
        step = (cells[1][0] - cells[0][0], cells[1][1] - cells[0][1])
    else:
        r, c = cells[0]
        step = (1 if r == 1 else -1, -1 if c == n else 1)
    r0, c0 = cells[0][0] - step[0], cells[0][1] - step[1]
    x, y = cv.centre((r0, c0))
    cv.text("marks", x, y, str(clue.total), cv.cell * 0.4)
    x1, y1 = x + step[1] * cv.cell * 0.3, y + step[0] * cv.cell * 0.3
    x2, y2 = x + step[1] * cv.cell * 0.48, y + step[0] * cv.cell * 0.48
    cv.add("marks", f'<line x1="{round(x1, 2)}" y1="{round(y1, 2)}" x2="{round(x2, 2)}" y2="{round(y2, 2)}" '
           'stroke="#222" stroke-width="1.5" marker-end="url(#arrowhead)"/>')


EXAMPLES = examples(('Two little killer clues on 4x4', 'size = 4\n"little-killer" = [{sum = 7, cells = ["r1c3", "r2c2", "r3c1"]}, {sum = 5, cells = ["r4c3", "r3c2", "r2c1"]}]', '2413132431424231 2413134231244231 3124243112434312 4213132431422431 4213134231242431'), ("7 on a diagonal of two cells of one box needs 3 and 4, but r1c1 holds the box's 4", 'size = 4\ngivens = "4...\\n....\\n....\\n...."\n"little-killer" = [{sum = 7, cells = ["r1c2", "r2c1"]}]', ''))


RULE = ClueKind(
    "little-killer", "little_killer.lp.j2", LittleKiller, parse, facts, finish, to_table,
    check=check, draw=draw, speedups=("running_sums",), examples=EXAMPLES,
)
