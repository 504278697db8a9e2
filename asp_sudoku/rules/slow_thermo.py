"""Slow thermometers: digits never decrease from the bulb (the first cell) along the line."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asp_sudoku.core.model import Cell, Clue, Puzzle, cell_name
from asp_sudoku.rules.base import ClueContext, ClueKind
from asp_sudoku.rules.shapes import line_parser, position_facts


@dataclass(frozen=True)
class SlowThermo(Clue):
    """A slow thermometer: digits never decrease from the bulb (first cell)."""

    kind = "slow-thermo"
    cells: tuple[Cell, ...] = ()

    def describe(self) -> str:
        return f"slow thermo from {cell_name(self.cells[0])}"


def parse_slow_thermo(ctx: ClueContext, table: Mapping[str, Any]) -> SlowThermo:
    """Read ``[[slow-thermo]] cells = [bulb, ..., tip]``."""
    clue = line_parser(SlowThermo, 2)(ctx, table)
    assert isinstance(clue, SlowThermo)
    return clue


def facts_slow_thermo(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``slowThermoCell(K,I,R,C)``: (R,C) is at position I (bulb = 1) of slow thermometer K."""
    return position_facts("slowThermoCell", clues)


RULE = ClueKind("slow-thermo", "slow_thermo.lp.j2", SlowThermo, parse_slow_thermo, facts_slow_thermo)
