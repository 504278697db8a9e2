"""German whispers lines: digits next to each other on a line differ by at least a given
difference (``difference``; by default half the number of digits, rounded up: 5 on digits 1-9, 3
on 1-6, 2 on 1-4); only neighbours along the line are compared, so the line may pass the same
cell twice (a loop)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from asp_sudoku.core.model import Clue, Grid, Puzzle
from asp_sudoku.rules.base import ClueContext, ClueKind, OnCells, examples
from asp_sudoku.rules.draw import line
from asp_sudoku.rules.shapes.cells import position_number_facts


@dataclass(frozen=True)
class Whispers(OnCells):
    """A German whispers line: neighbours on it differ by at least `difference`."""

    kind = "whispers"
    shown = "whispers line from {first} (difference {self.difference})"
    difference: int = 5


def default_difference(digits: tuple[int, int]) -> int:
    """The whispers difference when none is given: half the number of digits, rounded up
    (5 for 1-9, 3 for 1-6, 8 for 1-16)."""
    return (digits[1] - digits[0] + 2) // 2


def parse_whispers(ctx: ClueContext, table: Mapping[str, Any]) -> Whispers:
    """Read ``[[whispers]] cells = [...]`` and an optional ``difference = D``.  Only
    neighbours along the line are compared, so the line may pass a cell twice (a loop)."""
    ctx.check_keys(table, ["cells"], ["difference"])
    raw = table["cells"]
    if not isinstance(raw, list) or not 2 <= len(raw) <= 2 * ctx.size * ctx.cols:
        raise ctx.error("cells must be a list of at least 2 cell names, in drawing order")
    cells = tuple(ctx.cell(c) for c in raw)  # a line may come back to a cell (a loop)
    ctx.require_connected_line(cells)
    low, high = ctx.digits
    difference = ctx.integer(table.get("difference", default_difference(ctx.digits)), "difference", 1, high - low)
    return Whispers(cells=cells, difference=difference, line=ctx.line)


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """Neighbours on the line that differ by less than the line's difference."""
    assert isinstance(clue, Whispers)
    values = [grid.value(c) for c in clue.cells]
    for a, b in zip(values, values[1:]):
        if abs(a - b) < clue.difference:
            yield f"{clue.describe()}: neighbours {a} and {b} differ by less than {clue.difference}"


EXAMPLES = examples(('A whispers line of four cells (difference 2 on digits 1-4)', 'size = 4\ngivens = "....\\n....\\n....\\n...4"\nwhispers = [{cells = ["r1c1", "r1c2", "r1c3", "r2c3"], difference = 2}]', '1423234141323214 1423324141322314 1423324143122134 2413134242313124 2413314242311324 2413314243211234 3142241342311324 3142241343211234 3142421324311324'), ('A 2 cannot sit between two other cells of its row on a whispers line (only 4 is 2 away)', 'size = 4\ngivens = ".2..\\n....\\n....\\n...."\nwhispers = [{cells = ["r1c1", "r1c2", "r1c3"], difference = 2}]', ''))


RULE = ClueKind(
    "whispers", "whispers.lp.j2", Whispers, parse_whispers, position_number_facts("whispersCell", "whispersDifference", "difference"),
    check=check, draw=line("#6fcf6f"), examples=EXAMPLES,
)
