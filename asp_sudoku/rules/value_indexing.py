"""Value indexing arrows: the digit D in the second cell of the arrow says how many cells further
along it the first cell's digit appears again (D = 1: the third cell, on any digits, as ISS's
0-based puzzles are solved: a 0 points at no cell), and the arrow must be long enough for that."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from asp_sudoku.core.model import Clue, Grid, Puzzle, cell_name
from asp_sudoku.rules.base import ClueContext, ClueKind, OnCells, examples
from asp_sudoku.rules.draw import Canvas, line
from asp_sudoku.rules.shapes.cells import line_facts


@dataclass(frozen=True)
class ValueIndexing(OnCells):
    """A value indexing arrow: its first cell's digit, found again where its second cell says."""

    kind = "value-indexing"
    shown = "value indexing arrow from {first}"


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> Clue:
    """Read ``[[value-indexing]] cells = [...]``: at least three cells, from the first (the
    digit) and the second (the index) along the arrow.  A cell may come twice (as in ISS: the
    index cell may also be the first cell it counts)."""
    ctx.check_keys(table, ["cells"])
    raw = table["cells"]
    if not isinstance(raw, list) or len(raw) > 2 * (ctx.size * ctx.cols + len(ctx.extra)):
        raise ctx.error("cells must be a list of cell names, from the digit and the index along the arrow")
    if len(raw) < 3:
        raise ctx.error(f"cells needs at least 3 cell(s), got {len(raw)}")
    return ValueIndexing(cells=tuple(ctx.cell(c) for c in raw), line=ctx.line)


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """The second cell's digit points past the arrow, or at a cell without the first digit."""
    assert isinstance(clue, ValueIndexing)
    value, index = grid.value(clue.cells[0]), grid.value(clue.cells[1])
    position = 1 + index
    if index < 1:
        yield f"{clue.describe()}: {index} in {cell_name(clue.cells[1])} points at no cell"
    elif position >= len(clue.cells):
        yield f"{clue.describe()}: {index} in {cell_name(clue.cells[1])} points past the end of the arrow"
    elif grid.value(clue.cells[position]) != value:
        yield f"{clue.describe()}: {cell_name(clue.cells[position])} holds {grid.value(clue.cells[position])}, not {value}"


def draw(cv: Canvas, clue: Clue) -> None:
    """A grey line with a dot on its first cell."""
    assert isinstance(clue, ValueIndexing)
    line("#b0b0b0", 0.08)(cv, clue)
    x, y = cv.centre(clue.cells[0])
    cv.add("lines", f'<circle cx="{x}" cy="{y}" r="{round(cv.cell * 0.12, 2)}" fill="#808080"/>')


EXAMPLES = examples(('A value indexing arrow along the top row and down the last column', 'size = 4\ngivens = "....\\n....\\n....\\n...1"\n"value-indexing" = [{cells = ["r1c1", "r1c2", "r1c3", "r1c4", "r2c4", "r3c4"]}]', '2314143241233241 2314413212433421 2314413214233241 2413132431424231 2413132441323241 2413312413424231 3412123421434321 3412123441232341 3412213412434321 4312123421433421 4312213412433421 4312213414233241'), ('No solution: a 3 in the second cell points past the end of a three-cell arrow', 'size = 4\ngivens = ".3..\\n....\\n....\\n...."\n"value-indexing" = [{cells = ["r1c1", "r1c2", "r2c2"]}]', ''), ('Digits 0-3: a 1 in the second cell still names the third', 'size = 4\nvalues = "0-3"\ngivens = "....\\n....\\n....\\n...0"\n"value-indexing" = [{cells = ["r1c1", "r1c2", "r1c3", "r1c4", "r2c4", "r3c4"]}]', '1302023120133120 1302203101233210 1302203102133120 2301013210233210 2301103201233210 2301103202133120'), ('No solution: a 0 in the second cell names no cell', 'size = 4\nvalues = "0-3"\ngivens = ".0..\\n....\\n....\\n...."\n"value-indexing" = [{cells = ["r1c1", "r1c2", "r1c3", "r1c4"]}]', ''))


RULE = ClueKind.of(ValueIndexing, parse, line_facts("valueIndexingCell", "valueIndexingLength"), check=check, draw=draw, examples=EXAMPLES)
