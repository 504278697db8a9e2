"""Sandwich: a number outside the grid is the sum of the digits that lie between the smallest
and the largest digit (1 and 9 in a 9x9) in its row or column; 0 when those two are neighbours."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asp_sudoku.core.model import Clue, Grid, Puzzle, cell_name
from asp_sudoku.rules.base import ClueContext, ClueKind, Outside, examples, plain
from asp_sudoku.rules.draw import Canvas, outside_text
from asp_sudoku.rules.shapes import outside_facts, outside_line, require_unique_places


@dataclass(frozen=True)
class Sandwich(Outside):
    """A sandwich clue: where it stands, the cells of its line (nearest first) and the sum."""

    kind = "sandwich"
    total: int = 0

    def describe(self) -> str:
        return f"sandwich {self.total} at {cell_name(self.clue)}"


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> Sandwich:
    """Read ``[[sandwich]] line = "r3"`` (or ``clue = "r3c0"``) and ``sum = S``."""
    ctx.check_keys(table, ["sum"], ["clue", "line", "side"])
    clue, cells = outside_line(ctx, table)
    low, high = ctx.digits
    most = sum(range(low + 1, high))
    total = ctx.integer(table["sum"], "sum", 0, most)
    if clue[0] == ctx.size + 1 or clue[1] == ctx.size + 1:  # the sum reads the same from both ends
        clue = (0, clue[1]) if clue[0] == ctx.size + 1 else (clue[0], 0)
        cells = tuple(reversed(cells))
    return Sandwich(clue=clue, cells=cells, total=total, line=ctx.line)


def finish(puzzle: Puzzle, clues: Sequence[Clue]) -> None:
    """One sandwich clue per row or column."""
    require_unique_places(puzzle.path, "sandwich", clues)


def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``sandwichCell(K,I,R,C)``: (R,C) is the I-th cell of the line of clue K;
    ``sandwichSum(K,S)``: the clue's sum."""
    numbers = [c.total for c in clues if isinstance(c, Sandwich)]
    return outside_facts("sandwichCell", "sandwichSum", clues, numbers)


def to_table(clue: Clue) -> dict[str, Any]:
    """The TOML table of the clue: where it stands (``clue = "rRcC"``) and its sum."""
    assert isinstance(clue, Sandwich)
    return {"clue": plain(clue.clue), "sum": clue.total}


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """The digits between the smallest and the largest digit of the line add up to the sum."""
    assert isinstance(clue, Sandwich)
    values = [grid.value(c) for c in clue.cells]
    low, high = puzzle.digits
    a, b = sorted((values.index(low), values.index(high)))
    got = sum(values[a + 1 : b])
    if got != clue.total:
        yield f"{clue.describe()}: the digits between {low} and {high} add up to {got}"


def draw(cv: Canvas, clue: Clue) -> None:
    """The sum in the place of the clue, outside the grid."""
    assert isinstance(clue, Sandwich)
    outside_text(cv, clue.clue, f"{clue.total}")


EXAMPLES = examples(
    ('Three sandwich sums: twelve solutions', 'size = 4\nsandwich = [{clue = "r1c0", sum = 5}, {clue = "r0c1", sum = 5}, {clue = "r3c0", sum = 0}]', '1234341221434321 1234341223414123 1234342121434312 1324241331424231 1324241332414132 1324243131424213 4231312424131342 4231314223141423 4231314224131324 4321213434121243 4321214332141432 4321214334121234'),
    ('No solution: between 1 and 4 lie nothing, 2, 3 or both, so the sum is 0, 2, 3 or 5', 'size = 4\nsandwich = [{clue = "r1c0", sum = 4}]', ''),
)


RULE = ClueKind(
    "sandwich", "sandwich.lp.j2", Sandwich, parse, facts, finish,
    to_table=to_table, check=check, draw=draw, examples=EXAMPLES,
)
