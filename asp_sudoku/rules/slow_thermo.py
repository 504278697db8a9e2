"""Slow thermometers: digits never decrease from the bulb (the first cell) along the line;
neighbours on it may be equal, where the sudoku lets them (not within one row, column or box)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asp_sudoku.core.model import Clue, Grid, Puzzle
from asp_sudoku.rules.base import ClueContext, ClueKind, examples
from asp_sudoku.rules.draw import Canvas, bulb_line
from asp_sudoku.rules.shapes import OnCells, line_parser, position_facts


@dataclass(frozen=True)
class SlowThermo(OnCells):
    """A slow thermometer: digits never decrease from the bulb (first cell)."""

    kind = "slow-thermo"
    shown = "slow thermo from {first}"


def parse_slow_thermo(ctx: ClueContext, table: Mapping[str, Any]) -> SlowThermo:
    """Read ``[[slow-thermo]] cells = [bulb, ..., tip]``."""
    clue = line_parser(SlowThermo, 2)(ctx, table)
    assert isinstance(clue, SlowThermo)
    return clue


def facts_slow_thermo(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``slowThermoCell(K,I,R,C)``: (R,C) is at position I (bulb = 1) of slow thermometer K."""
    return position_facts("slowThermoCell", clues)


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """A thermometer whose digits decrease somewhere along it."""
    assert isinstance(clue, SlowThermo)
    values = [grid.value(c) for c in clue.cells]
    if any(b < a for a, b in zip(values, values[1:])):
        yield f"{clue.describe()} reads {values}, which decreases"


def draw(cv: Canvas, clue: Clue) -> None:
    """A grey bulb on the first cell and a grey tube along the line (drawn as a thermometer)."""
    assert isinstance(clue, SlowThermo)
    bulb_line(cv, clue.cells)


EXAMPLES = examples(
    ('A slow thermometer: equal digits are allowed where they do not see each other', 'size = 4\ngivens = "....\\n.2..\\n....\\n1..."\n"slow-thermo" = [{cells = ["r3c1", "r2c2", "r1c3", "r1c4"]}]', '3124421323411432 3124421324311342 3124423124131342 4123321423411432 4123321424311342 4123324123141432'),
    ("A slow thermometer's digits cannot repeat within a row, so 4 cannot be followed", 'size = 4\ngivens = "4...\\n....\\n....\\n...."\n"slow-thermo" = [{cells = ["r1c1", "r1c2"]}]', ''),
)


RULE = ClueKind(
    "slow-thermo", "slow_thermo.lp.j2", SlowThermo, parse_slow_thermo, facts_slow_thermo,
    check=check, draw=draw, examples=EXAMPLES,
)
