"""Greater-than signs (comparison sudoku): a sign between two orthogonally adjacent cells opens
towards the greater digit; in the file the cell with the greater digit is listed first.  (An
extra cell, outside the grid, may be compared with any cell.)"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asp_sudoku.core.model import Cell, Clue, Grid, Puzzle, cell_name
from asp_sudoku.rules.base import ClueContext, ClueKind, examples, fact
from asp_sudoku.rules.draw import Canvas


@dataclass(frozen=True)
class GreaterThan(Clue):
    """A comparison sign between two neighbouring cells: `greater` holds more than `lesser`."""

    kind = "greater-than"
    greater: Cell = (0, 0)
    lesser: Cell = (0, 0)

    def describe(self) -> str:
        return f"greater-than {cell_name(self.greater)} > {cell_name(self.lesser)}"


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> GreaterThan:
    """Read ``[[greater-than]] cells = ["r1c1", "r1c2"]`` (the first is the greater)."""
    ctx.check_keys(table, ["cells"])
    cells = ctx.cells(table["cells"], minimum=2)
    if len(cells) != 2:
        raise ctx.error(f"cells must name exactly two cells (greater first), not {len(cells)}")
    (r1, c1), (r2, c2) = cells
    if abs(r1 - r2) + abs(c1 - c2) != 1 and not (ctx.is_extra(cells[0]) or ctx.is_extra(cells[1])):
        raise ctx.error(
            f"{cell_name(cells[0])} and {cell_name(cells[1])} are not orthogonal neighbours; "
            "a greater-than sign sits between two cells that share an edge"
        )
    return GreaterThan(greater=cells[0], lesser=cells[1], line=ctx.line)


def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``greaterThan(R,C,R2,C2)``: cell (R,C) holds a greater digit than cell (R2,C2)."""
    out = []
    for clue in clues:
        assert isinstance(clue, GreaterThan)
        out.append(fact("greaterThan", *clue.greater, *clue.lesser))
    return sorted(set(out))


def to_table(clue: Clue) -> dict[str, Any]:
    """The TOML table of a greater-than sign: the greater cell first."""
    assert isinstance(clue, GreaterThan)
    return {"cells": [cell_name(clue.greater), cell_name(clue.lesser)]}


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """The greater cell holds the greater digit."""
    assert isinstance(clue, GreaterThan)
    big, small = grid.value(clue.greater), grid.value(clue.lesser)
    if not big > small:
        yield f"{clue.describe()} fails: {big} is not greater than {small}"


def draw(cv: Canvas, clue: Clue) -> None:
    """A chevron on the edge between the two cells, opening towards the greater one."""
    assert isinstance(clue, GreaterThan)
    (x1, y1), (x2, y2) = cv.centre(clue.greater), cv.centre(clue.lesser)
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    dx, dy = (x2 - x1) / cv.cell, (y2 - y1) / cv.cell
    s = cv.cell * 0.12
    # A chevron pointing from the greater cell to the lesser one.
    points = [(mx - dx * s - dy * s, my - dy * s - dx * s), (mx + dx * s, my + dy * s), (mx - dx * s + dy * s, my - dy * s + dx * s)]
    cv.add("marks", '<polyline points="' + " ".join(f"{round(a, 2)},{round(b, 2)}" for a, b in points)
           + '" fill="none" stroke="#222" stroke-width="2"/>')


EXAMPLES = examples(('Five greater-than signs: four solutions', 'size = 4\n"greater-than" = [{cells = ["r1c1", "r1c2"]}, {cells = ["r1c2", "r2c2"]}, {cells = ["r2c2", "r2c1"]}, {cells = ["r3c3", "r3c4"]}, {cells = ["r4c4", "r3c4"]}]', '4312123434212143 4312124324313124 4312124334212134 4321123431422413'), ('No solution: the signs go round a circle of four cells', 'size = 4\n"greater-than" = [{cells = ["r1c1", "r1c2"]}, {cells = ["r1c2", "r2c2"]}, {cells = ["r2c2", "r2c1"]}, {cells = ["r2c1", "r1c1"]}]', ''))


RULE = ClueKind(
    "greater-than", "greater_than.lp.j2", GreaterThan, parse, facts,
    to_table=to_table, check=check, draw=draw, examples=EXAMPLES,
)
