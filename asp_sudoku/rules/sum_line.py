"""Sum lines: the line divides into segments of consecutive cells that each add up to the line's
sum (digits may repeat on the line where sudoku allows).  On a loop, the last cell is followed
by the first, and a segment may run on past the end of the list.  Where 0 is a digit, zeros join
a segment beside them: a line of zeros alone makes none."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import TYPE_CHECKING, Any

from asp_sudoku.core.model import Clue, Grid, Puzzle
from asp_sudoku.rules.base import ClueContext, ClueKind, examples, fact
from asp_sudoku.rules.shapes.cells import SumCells, corner_number, sum_cells_facts

if TYPE_CHECKING:
    from asp_sudoku.rules.draw import Canvas


@dataclass(frozen=True)
class SumLine(SumCells):
    """A sum line: its cells in drawing order, its sum, and whether it is a closed loop."""

    kind = "sum-line"
    shown = "sum line from {first}"
    loop: bool = False


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> SumLine:
    """Read ``[[sum-line]] cells = [...], sum = S, loop = true`` (loop optional, default false)."""
    ctx.check_keys(table, ["cells", "sum"], ["loop"])
    cells = ctx.cells(table["cells"], minimum=2)
    ctx.require_connected_line(cells)
    total = ctx.integer(table["sum"], "sum", 1, ctx.digits[1] * len(cells))
    loop = table.get("loop", False)
    if not isinstance(loop, bool):
        raise ctx.error(f"loop must be true or false, not {loop!r}"[:80])
    return SumLine(cells=cells, total=total, loop=loop, line=ctx.line)


def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``sumLineCell(K,I,R,C)``, ``sumLineLength(K,N)``, ``sumLineSum(K,S)`` and ``sumLineLoop(K)``."""
    out = sum_cells_facts("sumLineCell", "sumLineSum", "sumLineLength")(puzzle, clues)
    for k, clue in enumerate(clues, start=1):
        assert isinstance(clue, SumLine)
        if clue.loop:
            out.append(fact("sumLineLoop", k))
    return out


def to_table(clue: Clue) -> dict[str, Any]:
    """The TOML table of a sum line (``loop`` only when it is one)."""
    assert isinstance(clue, SumLine)
    table: dict[str, Any] = {"cells": [f"r{r}c{c}" for r, c in clue.cells], "sum": clue.total}
    if clue.loop:
        table["loop"] = True
    return table


def divides(values: list[int], total: int) -> bool:
    """Whether the values, in order, split into runs that each add up to `total`: the running
    sums pass through every multiple of it and end on one, at least the first (values of 0, where
    0 is a digit, make no run on their own)."""
    running = set(accumulate(values))
    whole = sum(values)
    return whole >= total and whole % total == 0 and all(m * total in running for m in range(1, whole // total + 1))


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """A line (or, for a loop, every rotation of it) that does not split into runs of its sum."""
    assert isinstance(clue, SumLine)
    values = [grid.value(c) for c in clue.cells]
    starts = range(len(values)) if clue.loop else range(1)
    if not any(divides(values[i:] + values[:i], clue.total) for i in starts):
        yield f"{clue.describe()} reads {values}: it does not split into segments of sum {clue.total}"


def draw(cv: Canvas, clue: Clue) -> None:
    """A dashed green line through the cells, closed for a loop, its sum at the first cell."""
    assert isinstance(clue, SumLine)
    cells = clue.cells + clue.cells[:1] if clue.loop else clue.cells
    cv.polyline("lines", cells, "#64c864", cv.cell * 0.12, ' stroke-dasharray="6,3"')
    corner_number(cv, clue.cells[0], str(clue.total))


EXAMPLES = examples(('A sum line of 4 and a loop of 5', 'size = 4\ngivens = "....\\n....\\n....\\n2..."\nsum-line = [{cells = ["r1c1", "r1c2", "r1c3"], sum = 4}, {cells = ["r3c4", "r4c4", "r4c3", "r3c3"], sum = 5, loop = true}]', '1342421331242431 1342421334212134 3142421313242431 3142423114232314 4132321414232341 4132324114232314 4312124331242431 4312124334212134'), ('A line of sum 4 cannot start with 2: the rest would need another 2', 'size = 4\ngivens = "2...\\n....\\n....\\n...."\nsum-line = [{cells = ["r1c1", "r1c2", "r1c3"], sum = 4}]', ''))


RULE = ClueKind.of(SumLine, parse, facts, to_table=to_table, check=check, draw=draw, examples=EXAMPLES)
