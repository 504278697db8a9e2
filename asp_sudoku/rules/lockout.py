"""Lockout lines: the digits in the two end cells (the diamonds) differ by at least the line's
``difference`` (by default half the number of digits, rounded down: 4 on 1-9), and no other
digit on the line lies between them or equals either of them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asp_sudoku.core.model import Clue, Grid, Puzzle, cell_name
from asp_sudoku.rules.base import ClueContext, ClueKind, OnCells, examples, fact
from asp_sudoku.rules.draw import Canvas, line
from asp_sudoku.rules.shapes.cells import line_facts


@dataclass(frozen=True)
class Lockout(OnCells):
    """A lockout line: its ends differ by at least `difference`; the digits between them on the
    line lie outside the ends' range."""

    kind = "lockout"
    shown = "lockout line from {first} (difference {self.difference})"
    difference: int = 4


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> Lockout:
    """Read ``[[lockout]] cells = [...]`` (at least two distinct cells, in order) and an optional
    ``difference = D`` (1 up to the largest digit minus the smallest)."""
    ctx.check_keys(table, ["cells"], ["difference"])
    cells = ctx.cells(table["cells"], minimum=2)
    low, high = ctx.digits
    difference = ctx.integer(table.get("difference", ctx.digit_count // 2), "difference", 1, high - low)
    return Lockout(cells=cells, difference=difference, line=ctx.line)


def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``lockoutCell(K,I,R,C)``, ``lockoutLength(K,N)`` and ``lockoutDifference(K,D)``."""
    out = line_facts("lockoutCell", "lockoutLength")(puzzle, clues)
    out += [fact("lockoutDifference", k, c.difference) for k, c in enumerate(clues, start=1) if isinstance(c, Lockout)]
    return out


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """Ends too close, or a middle digit within the ends' range."""
    assert isinstance(clue, Lockout)
    first, last = grid.value(clue.cells[0]), grid.value(clue.cells[-1])
    if abs(first - last) < clue.difference:
        yield f"{clue.describe()}: the ends hold {first} and {last}, less than {clue.difference} apart"
    low, high = sorted((first, last))
    for cell in clue.cells[1:-1]:
        if low <= grid.value(cell) <= high:
            yield f"{clue.describe()}: {cell_name(cell)} holds {grid.value(cell)}, within the ends' {low}-{high}"


def draw(cv: Canvas, clue: Clue) -> None:
    """A blue line with a diamond on each end."""
    line("#c8c8ff")(cv, clue)
    assert isinstance(clue, Lockout)
    h = cv.cell * 0.3
    for cell in (clue.cells[0], clue.cells[-1]):
        x, y = cv.centre(cell)
        points = f"{x},{round(y - h, 2)} {round(x + h, 2)},{y} {x},{round(y + h, 2)} {round(x - h, 2)},{y}"
        cv.add("lines", f'<polygon points="{points}" fill="white" stroke="#7070d0" stroke-width="2"/>')


EXAMPLES = examples(('A lockout line of four cells (difference 2 on 1-4)', 'size = 4\ngivens = "1...\\n....\\n....\\n...."\nlockout = [{cells = ["r1c2", "r2c3", "r3c4", "r4c3"], difference = 2}]', '1234341243212143 1234431234212143 1432231432414123 1432321423414123'), ('No solution: the ends 1 and 4 lock out every digit the middle cells could hold', 'size = 4\ngivens = "1...\\n....\\n....\\n...4"\nlockout = [{cells = ["r1c1", "r2c2", "r3c3", "r4c4"]}]', ''))


RULE = ClueKind.of(Lockout, parse, facts, check=check, draw=draw, examples=EXAMPLES)
