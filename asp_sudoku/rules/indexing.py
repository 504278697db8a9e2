"""Indexing cells: a marked cell's digit says where, in its row, column or box, the number of
the cell's own place stands.  Column indexing: a digit V in row R, column C means that cell
(R, V) holds C; row indexing: V in (R, C) means that (V, C) holds R; box indexing: V in the P-th
cell of a box (reading order) means that the V-th cell of that box holds P.  Places count from 1
on any digits (as ISS's 0-based puzzles are solved): on digits 0-8 a 0 points at no place and
the ninth place is never named."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.core.model import Cell, Clue, Grid, Puzzle, cell_name
from asp_sudoku.rules.base import ClueContext, ClueKind, OnCells, examples, fact
from asp_sudoku.rules.draw import Canvas

DIRECTIONS = ("column", "row", "box")
COLOURS = {"column": "#f4c7c3", "row": "#c3d9f4", "box": "#c8ecc3"}


@dataclass(frozen=True)
class Indexing(OnCells):
    """Cells whose digits index their row, column or box (`direction`)."""

    kind = "indexing"
    shown = "{self.direction} indexing cells {cells}"
    direction: str = "column"


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> Indexing:
    """Read ``[[indexing]] cells = [...]`` and ``direction = "column"`` (or ``"row"``, ``"box"``)."""
    ctx.check_keys(table, ["cells", "direction"])
    direction = table["direction"]
    if direction not in DIRECTIONS:
        raise ctx.error(f"direction must be one of {', '.join(DIRECTIONS)}, not {str(direction)[:20]!r}")
    return Indexing(cells=ctx.cells(table["cells"]), direction=direction, line=ctx.line)


def finish(puzzle: Puzzle, clues: Sequence[Clue]) -> None:
    """Box indexing needs boxes."""
    for clue in clues:
        assert isinstance(clue, Indexing)
        if clue.direction == "box" and puzzle.box is None:
            raise PuzzleFormatError(puzzle.path, clue.line, "indexing: box indexing needs a grid with boxes")


def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``indexingColumn(R,C)``, ``indexingRow(R,C)`` or ``indexingBox(R,C)`` per marked cell."""
    name = {"column": "indexingColumn", "row": "indexingRow", "box": "indexingBox"}
    found = set()
    for clue in clues:
        assert isinstance(clue, Indexing)
        found |= {(name[clue.direction], r, c) for r, c in clue.cells}
    return [fact(pred, r, c) for pred, r, c in sorted(found)]


def place_cells(puzzle: Puzzle, cell: Cell, direction: str) -> tuple[int, list[Cell]]:
    """The place (from 1) of a cell in its row, column or box, and the cells of that house in
    order (a row left to right, a column top to bottom, a box in reading order)."""
    r, c = cell
    if direction == "column":
        return c, [(r, cc) for cc in range(1, puzzle.cols + 1)]
    if direction == "row":
        return r, [(rr, c) for rr in range(1, puzzle.size + 1)]
    assert puzzle.box is not None
    h, w = puzzle.box
    top, left = (r - 1) // h * h + 1, (c - 1) // w * w + 1
    house = [(top + i, left + j) for i in range(h) for j in range(w)]
    return house.index(cell) + 1, house


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """A marked cell whose digit points at a cell that does not hold the marked cell's place."""
    assert isinstance(clue, Indexing)
    for cell in clue.cells:
        place, house = place_cells(puzzle, cell, clue.direction)
        value = grid.value(cell)
        if not 1 <= value <= len(house):
            yield f"{clue.describe()}: {cell_name(cell)} holds {value}, which names no place"
            continue
        target = house[value - 1]
        if grid.value(target) != place:
            yield f"{clue.describe()}: {cell_name(cell)} holds {value} but {cell_name(target)} holds {grid.value(target)}, not {place}"


def draw(cv: Canvas, clue: Clue) -> None:
    """Each marked cell shaded: red for columns, blue for rows, green for boxes."""
    assert isinstance(clue, Indexing)
    for r, c in clue.cells:
        cv.add("under", f'<rect x="{cv.x(c)}" y="{cv.y(r)}" width="{cv.cell}" height="{cv.cell}" fill="{COLOURS[clue.direction]}"/>')


EXAMPLES = examples(('Column indexing in the first column', 'size = 4\ngivens = "....\\n....\\n..2.\\n...."\nindexing = [{cells = ["r1c1", "r2c1", "r3c1", "r4c1"], direction = "column"}]', '1234341243212143 1243341243212134 1432321443212143 2134341243211243 2143341213244231 2143341243211234 3214143243212143 3412123443212143 3412124343212134 3412213443211243 3412214313244231 3412214343211234'), ('A 3 in a row-indexing cell of row 2 needs a 2 in row 3 of its column, where the given 2 stands in another column', 'size = 4\ngivens = "....\\n3...\\n.2..\\n...."\nindexing = [{cells = ["r2c1"], direction = "row"}]', ''), ('Box indexing in two cells', 'size = 4\ngivens = "1...\\n....\\n....\\n...."\nindexing = [{cells = ["r1c2", "r3c3"], direction = "box"}]', '1234341221434321 1234341243212143 1234342143122143 1234431221433421 1234431234212143 1234432124133142 1234432134122143 1243341243212134 1243342121344312 1243342123144132 1243342141322314 1243342143122134 1243431234212134 1243432121343412 1243432134122134 1324241331424231 1324243142133142 1342243132144123 1342243142133124 1423324121344312 1423324123144132 1423324141322314 1423324143122134 1432321421434321 1432321443212143 1432324123144123'), ('Digits 0-3: places still count from 1', 'size = 4\nvalues = "0-3"\ngivens = "....\\n....\\n..0.\\n...."\nindexing = [{cells = ["r1c2", "r2c1"], direction = "column"}]', '0213132031022031 0231132021033012 0231132031022013 0321123021033012 0321123031022013 0321213012033012 1230301221030321 1230301223010123 2130301212030321 3210102323010132 3210103221030321 3210103223010123'), ('No solution: on digits 0-3 a 0 in an indexing cell names no place', 'size = 4\nvalues = "0-3"\ngivens = "0...\\n....\\n....\\n...."\nindexing = [{cells = ["r1c1"], direction = "row"}]', ''))


RULE = ClueKind.of(Indexing, parse, facts, finish=finish, check=check, draw=draw, examples=EXAMPLES)
