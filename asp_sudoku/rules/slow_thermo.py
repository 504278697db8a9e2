"""Slow thermometers: digits never decrease from the bulb (the first cell) along the line;
neighbours on it may be equal, where the sudoku lets them (not within one row, column or box)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from asp_sudoku.core.model import Puzzle
from asp_sudoku.rules.base import ClueKind, OnCells, examples
from asp_sudoku.rules.draw import bulb_thermometer
from asp_sudoku.rules.shapes.cells import cells_parser, position_facts_of, values_check


@dataclass(frozen=True)
class SlowThermo(OnCells):
    """A slow thermometer: digits never decrease from the bulb (first cell)."""

    kind = "slow-thermo"
    shown = "slow thermo from {first}"


def wrong(puzzle: Puzzle, values: list[int]) -> Iterable[str]:
    """A thermometer whose digits decrease somewhere along it."""
    if any(b < a for a, b in zip(values, values[1:])):
        yield f" reads {values}, which decreases"


EXAMPLES = examples(('A slow thermometer: equal digits are allowed where they do not see each other', 'size = 4\ngivens = "....\\n.2..\\n....\\n1..."\n"slow-thermo" = [{cells = ["r3c1", "r2c2", "r1c3", "r1c4"]}]', '3124421323411432 3124421324311342 3124423124131342 4123321423411432 4123321424311342 4123324123141432'), ("A slow thermometer's digits cannot repeat within a row, so 4 cannot be followed", 'size = 4\ngivens = "4...\\n....\\n....\\n...."\n"slow-thermo" = [{cells = ["r1c1", "r1c2"]}]', ''))


RULE = ClueKind.of(
    SlowThermo, cells_parser(SlowThermo, 2, shape="line"), position_facts_of("slowThermoCell"),
    check=values_check(SlowThermo, wrong), draw=bulb_thermometer, examples=EXAMPLES,
)
