"""Thermometers: digits strictly increase from the bulb along the line."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asp_sudoku.core.model import Cell, Clue, Puzzle, cell_name
from asp_sudoku.rules.base import ClueContext, ClueKind, fact


@dataclass(frozen=True)
class Thermo(Clue):
    """A thermometer, bulb first."""

    kind = "thermo"
    cells: tuple[Cell, ...] = ()

    def describe(self) -> str:
        return f"thermo {' '.join(cell_name(c) for c in self.cells)}"


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> Thermo:
    """Read ``[[thermo]] cells = [bulb, ..., tip]``."""
    ctx.check_keys(table, ["cells"])
    cells = ctx.cells(table["cells"], minimum=2)
    n_digits = ctx.digits[1] - ctx.digits[0] + 1
    if len(cells) > n_digits:
        raise ctx.error(f"a thermo of {len(cells)} cells is longer than the {n_digits} digits")
    ctx.require_connected_line(cells, "thermo")
    return Thermo(cells=cells, line=ctx.line)


def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``thermoCell(K,I,R,C)``: cell (R,C) is at position I (bulb = 1) of thermometer K."""
    out = []
    for k, clue in enumerate(clues, start=1):
        assert isinstance(clue, Thermo)
        out += [fact("thermoCell", k, i, r, c) for i, (r, c) in enumerate(clue.cells, start=1)]
    return out


RULE = ClueKind("thermo", "thermo.lp.j2", Thermo, parse, facts)
