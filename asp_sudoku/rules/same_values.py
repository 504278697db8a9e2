"""Same-value sets: a clue lists two or more sets of cells, all of one size; every set holds the
same digits, each as many times (two sets of one cell each hold the same digit; the sets may lie
anywhere in the grid)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asp_sudoku.core.model import Cell, Clue, Grid, Puzzle, cell_name
from asp_sudoku.rules.base import ClueContext, ClueKind, OnCells, examples, fact
from asp_sudoku.rules.draw import Canvas, cage_outline


@dataclass(frozen=True)
class SameValues(OnCells):
    """Sets of `size` cells each, one after the other in `cells`, that hold the same digits."""

    kind = "same-values"
    shown = "same-value sets {cells}"
    size: int = 1

    def sets(self) -> list[tuple[Cell, ...]]:
        """The sets, in the order given."""
        return [self.cells[i : i + self.size] for i in range(0, len(self.cells), self.size)]


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> SameValues:
    """Read ``[[same-values]] sets = [["r1c1", "r1c2"], ["r3c3", "r4c3"]]``: at least two sets,
    each of the same number of distinct cells (a cell may be in several sets)."""
    ctx.check_keys(table, ["sets"])
    raw = table["sets"]
    if not isinstance(raw, list) or len(raw) < 2:
        raise ctx.error("sets must be a list of at least two lists of cells")
    sets = [ctx.cells(s, f"set {i}") for i, s in enumerate(raw, start=1)]
    if len({len(s) for s in sets}) != 1:
        raise ctx.error(f"the sets must have the same number of cells, not {', '.join(str(len(s)) for s in sets)}")
    return SameValues(cells=tuple(c for s in sets for c in s), size=len(sets[0]), line=ctx.line)


def to_table(clue: Clue) -> dict[str, Any]:
    """``sets = [[...], ...]``."""
    assert isinstance(clue, SameValues)
    return {"sets": [[cell_name(c) for c in s] for s in clue.sets()]}


def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``sameValuesCell(K,S,R,C)``: cell (R,C) is in set S (from 1) of clue K."""
    out = []
    for k, clue in enumerate(clues, start=1):
        assert isinstance(clue, SameValues)
        for s, cells in enumerate(clue.sets(), start=1):
            out += [fact("sameValuesCell", k, s, r, c) for r, c in cells]
    return out


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """A set whose digits (with their counts) differ from the first set's."""
    assert isinstance(clue, SameValues)
    first, *rest = [sorted(grid.value(c) for c in s) for s in clue.sets()]
    for i, values in enumerate(rest, start=2):
        if Counter(values) != Counter(first):
            yield f"{clue.describe()}: set {i} holds {values}, set 1 holds {first}"


def draw(cv: Canvas, clue: Clue) -> None:
    """Each set outlined like a cage, labelled "="."""
    assert isinstance(clue, SameValues)
    for cells in clue.sets():
        cage_outline(cv, cells, "=")


EXAMPLES = examples(('Two sets of two cells hold the same digits', 'size = 4\ngivens = "12..\\n....\\n....\\n...."\n"same-values" = [{sets = [["r1c1", "r1c2"], ["r3c3", "r4c4"]]}]', '1234341241232341 1234432124133142 1243342123144132 1243431231242431'), ('Two cells of one row cannot hold the same digit', 'size = 4\n"same-values" = [{sets = [["r1c1"], ["r1c2"]]}]', ''))


RULE = ClueKind.of(SameValues, parse, facts, to_table=to_table, check=check, draw=draw, examples=EXAMPLES)
