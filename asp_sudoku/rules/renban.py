"""Renban lines: the digits on a line are all different and form a run of consecutive digits,
in any order (a line of three cells may hold 4, 2, 3 but not 2, 4, 5)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asp_sudoku.core.model import Clue, Grid, Puzzle
from asp_sudoku.rules.base import ClueContext, ClueKind, examples, fact
from asp_sudoku.rules.draw import line
from asp_sudoku.rules.shapes import OnCells, require_connected_group


@dataclass(frozen=True)
class Renban(OnCells):
    """A renban line (its cells in the order given; the order does not matter)."""

    kind = "renban"
    shown = "renban line {cells}"


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> Renban:
    """Read ``[[renban]] cells = [...]``: cells that hang together, at most as many as digits."""
    cells = ctx.only_cells(table, 2, ctx.digit_count, "a renban line of {count} cells is longer than the {most} digits")
    require_connected_group(ctx, cells)
    return Renban(cells=cells, line=ctx.line)


def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``renbanCell(K,R,C)``: (R,C) is on renban line K; ``renbanLength(K,N)``: it has N cells."""
    out = []
    for k, clue in enumerate(clues, start=1):
        assert isinstance(clue, Renban)
        out += [fact("renbanCell", k, r, c) for r, c in clue.cells]
        out.append(fact("renbanLength", k, len(clue.cells)))
    return out


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """A line whose digits are not a run of different consecutive digits."""
    assert isinstance(clue, Renban)
    values = sorted(grid.value(c) for c in clue.cells)
    if values != list(range(values[0], values[0] + len(values))):
        yield f"{clue.describe()} holds {values}, not a run of different consecutive digits"


EXAMPLES = examples(
    ('Two renban lines: three cells of row 1, and a domino in column 1', 'size = 4\ngivens = "....\\n..4.\\n....\\n...."\nrenban = [{cells = ["r1c1", "r1c2", "r1c3"]}, {cells = ["r3c1", "r4c1"]}]', '2431134231244213 2431134232144123 2431134241233214 2431134242133124 4231134224133124 4231134231242413 4231314213242413 4231314214232314 4231314223141423 4231314224131324 4321124321343412 4321124334122134'),
    ('1 and 4 cannot share a renban line of three cells', 'size = 4\ngivens = "1.4.\\n....\\n....\\n...."\nrenban = [{cells = ["r1c1", "r1c2", "r1c3"]}]', ''),
)


RULE = ClueKind(
    "renban", "renban.lp.j2", Renban, parse, facts, check=check, draw=line("#d08ae0"), examples=EXAMPLES
)
