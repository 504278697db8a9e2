"""Renban lines: the digits on a line are all different and form a run of consecutive digits,
in any order."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asp_sudoku.core.model import Cell, Clue, Puzzle, cell_name
from asp_sudoku.rules.base import ClueContext, ClueKind, fact
from asp_sudoku.rules.shapes import require_connected_group


@dataclass(frozen=True)
class Renban(Clue):
    """A renban line (its cells in the order given; the order does not matter)."""

    kind = "renban"
    cells: tuple[Cell, ...] = ()

    def describe(self) -> str:
        return f"renban line {' '.join(cell_name(c) for c in self.cells)}"


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> Renban:
    """Read ``[[renban]] cells = [...]``: cells that hang together, at most as many as digits."""
    ctx.check_keys(table, ["cells"])
    cells = ctx.cells(table["cells"], minimum=2)
    count = ctx.digits[1] - ctx.digits[0] + 1
    if len(cells) > count:
        raise ctx.error(f"a renban line of {len(cells)} cells is longer than the {count} digits")
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


RULE = ClueKind("renban", "renban.lp.j2", Renban, parse, facts)
