"""Equal sums: each set of cells of the clue adds up to the same total (a cell may be in several
sets, and digits may repeat where sudoku allows)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from asp_sudoku.core.model import Cell, Clue, Grid, Puzzle, cell_name
from asp_sudoku.rules.base import ClueContext, ClueKind, OnCells, examples, fact

if TYPE_CHECKING:
    from asp_sudoku.rules.draw import Canvas


@dataclass(frozen=True)
class EqualSum(OnCells):
    """An equal-sum clue: its sets of cells (`cells` is every cell once, in order of appearance)."""

    kind = "equal-sum"
    shown = "equal sums {cells}"
    sets: tuple[tuple[Cell, ...], ...] = ()


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> EqualSum:
    """Read ``[[equal-sum]] sets = [["r1c1", "r1c2"], ["r2c1"], ...]``: at least two sets."""
    ctx.check_keys(table, ["sets"])
    sets = table["sets"]
    if not isinstance(sets, list) or len(sets) < 2:
        raise ctx.error("sets must be a list of at least two lists of cells")
    found = tuple(ctx.cells(s, f"set {i}") for i, s in enumerate(sets, start=1))
    cells = tuple(dict.fromkeys(c for s in found for c in s))
    return EqualSum(cells=cells, sets=found, line=ctx.line)


def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``equalSumCell(K,J,R,C)``: (R,C) is in set J of clue K."""
    out = []
    for k, clue in enumerate(clues, start=1):
        assert isinstance(clue, EqualSum)
        out += [fact("equalSumCell", k, j, r, c) for j, cells in enumerate(clue.sets, start=1) for r, c in cells]
    return out


def to_table(clue: Clue) -> dict[str, Any]:
    """The TOML table: the sets, as lists of cell names."""
    assert isinstance(clue, EqualSum)
    return {"sets": [[cell_name(c) for c in s] for s in clue.sets]}


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """Sets that do not share one total."""
    assert isinstance(clue, EqualSum)
    sums = [sum(grid.value(c) for c in s) for s in clue.sets]
    if len(set(sums)) > 1:
        yield f"{clue.describe()}: the sets add up to {sums}"


def draw(cv: Canvas, clue: Clue) -> None:
    """Each set as a thin blue line through its cells (a dot for a single cell)."""
    assert isinstance(clue, EqualSum)
    for cells in clue.sets:
        cv.polyline("lines", cells, "#6f8fd8", cv.cell * (0.08 if len(cells) > 1 else 0.2))


EXAMPLES = examples(('Three sets with one total', 'size = 4\nequal-sum = [{sets = [["r1c1", "r2c2"], ["r3c4"], ["r4c1", "r4c3"]]}]', '1243432121343412 1432324141232314 2431314242131324 3241412323141432'), ('Three different digits of a row cannot add up to the fourth', 'size = 4\nequal-sum = [{sets = [["r1c1", "r1c2", "r1c3"], ["r1c4"]]}]', ''))


RULE = ClueKind.of(EqualSum, parse, facts, to_table=to_table, check=check, draw=draw, examples=EXAMPLES)
