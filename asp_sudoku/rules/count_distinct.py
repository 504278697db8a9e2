"""Count distinct: the digit in the clue's circled cell is how many different digits its other
cells hold (the circled cell itself counts too when it is listed among them, as in ISS, whose
list simply holds it)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from asp_sudoku.core.model import Cell, Clue, Grid, Puzzle, cell_name
from asp_sudoku.rules.base import ClueContext, ClueKind, OnCells, examples
from asp_sudoku.rules.draw import cage_outline
from asp_sudoku.rules.shapes.cells import cell_and_members_facts

if TYPE_CHECKING:
    from asp_sudoku.rules.draw import Canvas


@dataclass(frozen=True)
class CountDistinct(OnCells):
    """A count-distinct clue: the circled cell and the cells whose different digits it counts."""

    kind = "count-distinct"
    shown = "count-distinct {cells}"
    cell: Cell = (0, 0)

    def describe(self) -> str:
        return f"count-distinct at {cell_name(self.cell)}"


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> CountDistinct:
    """Read ``[[count-distinct]] cell = "r3c3", cells = [...]``."""
    ctx.check_keys(table, ["cell", "cells"])
    return CountDistinct(cell=ctx.cell(table["cell"]), cells=ctx.cells(table["cells"]), line=ctx.line)


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """A circled digit other than the number of different digits counted."""
    assert isinstance(clue, CountDistinct)
    different = len({grid.value(c) for c in clue.cells})
    if grid.value(clue.cell) != different:
        yield f"{clue.describe()}: the cells hold {different} different digits, not {grid.value(clue.cell)}"


def draw(cv: Canvas, clue: Clue) -> None:
    """A dashed outline around the counted cells, a circle in the counting cell."""
    assert isinstance(clue, CountDistinct)
    cage_outline(cv, clue.cells)
    x, y = cv.centre(clue.cell)
    cv.add("under", f'<circle cx="{x}" cy="{y}" r="{round(cv.cell * 0.36, 2)}" fill="none" stroke="#777" stroke-width="2"/>')


EXAMPLES = examples(('Two counts: 3 different digits in four cells, 3 in two cells', 'size = 4\ncount-distinct = [{cell = "r1c1", cells = ["r2c3", "r3c3", "r4c4", "r4c1"]}, {cell = "r1c4", cells = ["r2c1", "r3c2"]}]', '3142241313244231 3142241343211234 3142243113244213 3241142321344312 3241142341322314 3241143241232314 3241412314322314 3241413214232314 3241413224131324 3412213443211243 3412214313244231 3412214343211234 3421123421434312 3421124321344312 3421124341322314 3421213412434312 3421213442131342 3421214312344312'), ('Two cells of one box hold 2 different digits, not 1', 'size = 4\ngivens = "1...\\n....\\n....\\n...."\ncount-distinct = [{cell = "r1c1", cells = ["r2c1", "r2c2"]}]', ''))


RULE = ClueKind.of(CountDistinct, parse, cell_and_members_facts("countDistinctCircle", "countDistinctCell"), check=check, draw=draw, examples=EXAMPLES)
