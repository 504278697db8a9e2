"""XV: an X between two orthogonally adjacent cells means their digits add up to 10, a V that
they add up to 5.  The "all X and V are shown" form is the global rule ``xv-negative``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asp_sudoku.core.model import Clue, Grid, Puzzle, cell_name
from asp_sudoku.rules.base import ClueContext, ClueKind, OnPair, examples, plain
from asp_sudoku.rules.draw import Canvas, pair_mark
from asp_sudoku.rules.shapes.pairs import orthogonal_pair, pair_facts, require_unique_pairs

SUMS = {"X": 10, "V": 5}


@dataclass(frozen=True)
class XV(OnPair):
    """An X (total 10) or a V (total 5) between two cells in reading order."""

    kind = "xv"
    number: int = 10

    def describe(self) -> str:
        letter = "X" if self.number == 10 else "V"
        return f"{letter} {cell_name(self.cells[0])}-{cell_name(self.cells[1])}"


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> XV:
    """Read ``[[xv]] cells = ["r1c1", "r1c2"], value = "X"`` (or ``"V"``)."""
    ctx.check_keys(table, ["cells", "value"])
    cells = orthogonal_pair(ctx, table["cells"])
    value = table["value"]
    if not isinstance(value, str) or value.strip().upper() not in SUMS:
        raise ctx.error(f'value must be "X" (sum 10) or "V" (sum 5), not {value!r}'[:120])
    total = SUMS[value.strip().upper()]
    low, high = ctx.digits
    apart = 1 if ctx.latin else 0  # neighbours share a row or column: different digits on a Latin grid
    if total > 2 * high - apart or total < 2 * low + apart:
        raise ctx.error(f"no two {'different ' if apart else ''}digits of {low}..{high} add up to {total}")
    return XV(cells=cells, number=total, line=ctx.line)


def finish(puzzle: Puzzle, clues: Sequence[Clue]) -> None:
    """At most one X or V per pair of cells."""
    require_unique_pairs(puzzle.path, "xv", clues)


def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``xvSum(R,C,R2,C2,S)``: the digits of (R,C) and (R2,C2) add up to S (10 or 5)."""
    return pair_facts("xvSum", clues)


def to_table(clue: Clue) -> dict[str, Any]:
    """The TOML table of an X or V: its cells and its letter."""
    assert isinstance(clue, XV)
    return {"cells": plain(clue.cells), "value": "X" if clue.number == 10 else "V"}


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """The two digits add up to the clue's total (10 for an X, 5 for a V)."""
    assert isinstance(clue, XV)
    a, b = (grid.value(c) for c in clue.cells)
    if a + b != clue.number:
        yield f"{clue.describe()} joins {a} and {b}"


def draw(cv: Canvas, clue: Clue) -> None:
    """The letter, on a white square between the two cells."""
    assert isinstance(clue, XV)
    letter = {10: "X", 5: "V"}.get(clue.number, str(clue.number))

    def mark(x: float, y: float) -> None:
        cv.add("marks", f'<rect x="{round(x - cv.cell * 0.15, 2)}" y="{round(y - cv.cell * 0.15, 2)}" width="{round(cv.cell * 0.3, 2)}" height="{round(cv.cell * 0.3, 2)}" fill="white"/>')
        cv.text("marks", x, y, letter, cv.cell * 0.3, ' font-weight="bold"')
    pair_mark(cv, clue.cells, mark)


EXAMPLES = examples(('Two Vs and a 1: twelve solutions', 'size = 4\ngivens = "1...\\n....\\n....\\n...."\nxv = [{cells = ["r1c1", "r1c2"], value = "V"}, {cells = ["r2c2", "r3c2"], value = "V"}]', '1423231432414132 1423231442313142 1423234132144132 1423321423414132 1423324123144132 1423324143122134 1432231432414123 1432234132144123 1432234142133124 1432321423414123 1432321443212143 1432324123144123'), ('No solution: two Vs on either side of r1c2 make r1c1 and r1c3 equal', 'size = 4\nxv = [{cells = ["r1c1", "r1c2"], value = "V"}, {cells = ["r1c2", "r1c3"], value = "V"}]', ''))


RULE = ClueKind(
    "xv", "xv.lp.j2", XV, parse, facts, finish, to_table=to_table, check=check, draw=draw, examples=EXAMPLES
)
