"""Thermometers: digits strictly increase from the bulb along the line."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from asp_sudoku.core.model import Clue, Grid, Puzzle
from asp_sudoku.rules.base import ClueContext, ClueKind, examples, fact
from asp_sudoku.rules.draw import bulb_line
from asp_sudoku.rules.shapes import OnCells

if TYPE_CHECKING:
    from asp_sudoku.rules.draw import Canvas


@dataclass(frozen=True)
class Thermo(OnCells):
    """A thermometer, bulb first."""

    kind = "thermo"
    shown = "thermo {cells}"


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> Thermo:
    """Read ``[[thermo]] cells = [bulb, ..., tip]``."""
    cells = ctx.only_cells(table, 2, ctx.digit_count, "a thermo of {count} cells is longer than the {most} digits")
    ctx.require_connected_line(cells, "thermo")
    return Thermo(cells=cells, line=ctx.line)


def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``thermoCell(K,I,R,C)``: cell (R,C) is at position I (bulb = 1) of thermometer K."""
    out = []
    for k, clue in enumerate(clues, start=1):
        assert isinstance(clue, Thermo)
        out += [fact("thermoCell", k, i, r, c) for i, (r, c) in enumerate(clue.cells, start=1)]
    return out


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """Digits that do not strictly increase from the bulb."""
    assert isinstance(clue, Thermo)
    values = [grid.value(c) for c in clue.cells]
    if any(b <= a for a, b in zip(values, values[1:])):
        yield f"{clue.describe()} reads {values}, not strictly increasing"


def draw(cv: Canvas, clue: Clue) -> None:
    """A grey bulb and a thick grey line through the cells."""
    assert isinstance(clue, Thermo)
    bulb_line(cv, clue.cells)


EXAMPLES = examples(
    ('Two thermometers', 'size = 4\ngivens = "....\\n..1.\\n....\\n...."\nthermo = [{cells = ["r1c1", "r2c1", "r2c2"]}, {cells = ["r4c4", "r3c4", "r3c3"]}]', '1234341221434321 1324241331424231 1324241341323241 1423231431424231 1423231441323241 2134341212434321'),
    ('A 3 in the bulb leaves no room for two larger digits', 'size = 4\ngivens = "3...\\n....\\n....\\n...."\nthermo = [{cells = ["r1c1", "r1c2", "r1c3"]}]', ''),
)


RULE = ClueKind("thermo", "thermo.lp.j2", Thermo, parse, facts, check=check, draw=draw, examples=EXAMPLES)
