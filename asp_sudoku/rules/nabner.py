"""Nabner lines: the digits on a nabner line are all different, and no two of them are
consecutive, wherever they stand on the line (a line may hold 1, 3, 8 but not 1, 3, 2)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from asp_sudoku.core.model import Clue, Grid, Puzzle, cell_name
from asp_sudoku.rules.base import ClueContext, ClueKind, examples, fact
from asp_sudoku.rules.draw import line
from asp_sudoku.rules.shapes import OnCells, require_connected_group


@dataclass(frozen=True)
class Nabner(OnCells):
    """A nabner line (its cells in the order given; the order does not matter)."""

    kind = "nabner"
    shown = "nabner line {cells}"


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> Nabner:
    """Read ``[[nabner]] cells = [...]``: cells that hang together, no more than the digits allow
    (half of them, rounded up: 5 on 1-9)."""
    room = (ctx.digit_count + 1) // 2
    cells = ctx.only_cells(table, 2, room, "a nabner line of {count} cells needs more than the {most} digits no two of which are consecutive")
    require_connected_group(ctx, cells)
    return Nabner(cells=cells, line=ctx.line)


def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``nabnerCell(K,R,C)``: (R,C) is on nabner line K."""
    out = []
    for k, clue in enumerate(clues, start=1):
        assert isinstance(clue, Nabner)
        out += [fact("nabnerCell", k, r, c) for r, c in clue.cells]
    return out


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """Two digits of the line that are equal or consecutive."""
    assert isinstance(clue, Nabner)
    for a, b in combinations(clue.cells, 2):
        if abs(grid.value(a) - grid.value(b)) <= 1:
            yield f"{clue.describe()}: {cell_name(a)} and {cell_name(b)} hold {grid.value(a)} and {grid.value(b)}"


EXAMPLES = examples(
    ("Three short nabner lines", 'size = 4\ngivens = "1...\\n....\\n....\\n...."\nnabner = [{cells = ["r1c1", "r2c2"]}, {cells = ["r3c3", "r4c4"]}, {cells = ["r1c3", "r1c4"]}]', "1324241331424231 1324241332414132 1324241341323241 1342243132144123 1342243141233214 1342243142133124"),
    ("Four lines around a box: 1-4 cannot go round a square with no neighbours consecutive", 'size = 4\nnabner = [{cells = ["r1c1", "r1c2"]}, {cells = ["r2c1", "r2c2"]}, {cells = ["r1c1", "r2c1"]}, {cells = ["r1c2", "r2c2"]}]', ""),
)


RULE = ClueKind("nabner", "nabner.lp.j2", Nabner, parse, facts, check=check, draw=line("#e07070"), examples=EXAMPLES)
