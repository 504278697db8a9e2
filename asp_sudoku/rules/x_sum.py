"""X-sum: a clue outside the grid gives the sum of the first X digits seen from it along its row
or column, where X is the first of those digits."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asp_sudoku.core.model import Clue, Grid, Puzzle, cell_name
from asp_sudoku.rules.base import ClueContext, ClueKind, Outside, examples, plain
from asp_sudoku.rules.draw import Canvas, outside_text
from asp_sudoku.rules.shapes import outside_facts, outside_line, require_unique_places


@dataclass(frozen=True)
class XSum(Outside):
    """An X-sum clue: where it stands, the cells it looks along (nearest first) and the sum."""

    kind = "x-sum"
    total: int = 0

    def describe(self) -> str:
        return f"x-sum {self.total} at {cell_name(self.clue)}"


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> XSum:
    """Read ``[[x-sum]] clue = "r0c3"`` (or ``line = "c3", side = "bottom"``) and ``sum = S``."""
    ctx.check_keys(table, ["sum"], ["clue", "line", "side"])
    clue, cells = outside_line(ctx, table)
    low, high = ctx.digits
    total = ctx.integer(table["sum"], "sum", 0, sum(range(low, high + 1)))
    return XSum(clue=clue, cells=cells, total=total, line=ctx.line)


def finish(puzzle: Puzzle, clues: Sequence[Clue]) -> None:
    """One x-sum clue per place."""
    require_unique_places(puzzle.path, "x-sum", clues)


def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``xsumCell(K,I,R,C)``: (R,C) is the I-th cell seen from clue K; ``xsumSum(K,S)``."""
    numbers = [c.total for c in clues if isinstance(c, XSum)]
    return outside_facts("xsumCell", "xsumSum", clues, numbers)


def to_table(clue: Clue) -> dict[str, Any]:
    """The TOML table of the clue: where it stands (``clue = "rRcC"``) and its sum."""
    assert isinstance(clue, XSum)
    return {"clue": plain(clue.clue), "sum": clue.total}


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """The first X digits seen from the clue add up to the sum, X the first of them."""
    assert isinstance(clue, XSum)
    values = [grid.value(c) for c in clue.cells]
    got = sum(values[: values[0]])
    if got != clue.total:
        yield f"{clue.describe()}: the first {values[0]} digits add up to {got}"


def draw(cv: Canvas, clue: Clue) -> None:
    """The sum in the place of the clue, outside the grid."""
    assert isinstance(clue, XSum)
    outside_text(cv, clue.clue, f"\u27e8{clue.total}\u27e9")


EXAMPLES = examples(
    ('Three X-sums: two solutions', 'size = 4\n"x-sum" = [{clue = "r0c2", sum = 3}, {clue = "r1c0", sum = 10}, {clue = "r4c5", sum = 6}]', '4213312424311342 4231312424131342'),
    ('No solution: a first digit 1 gives 1, a first digit 2 at least 3', 'size = 4\n"x-sum" = [{clue = "r0c1", sum = 2}]', ''),
)


RULE = ClueKind(
    "x-sum", "x_sum.lp.j2", XSum, parse, facts, finish,
    to_table=to_table, check=check, draw=draw, examples=EXAMPLES,
)
