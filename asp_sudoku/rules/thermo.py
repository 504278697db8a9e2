"""Thermometers: digits strictly increase from the bulb along the line."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from asp_sudoku.core.model import Puzzle
from asp_sudoku.rules.base import ClueKind, OnCells, examples
from asp_sudoku.rules.draw import bulb_thermometer
from asp_sudoku.rules.shapes.cells import cells_parser, digit_count, position_facts_of, values_check


@dataclass(frozen=True)
class Thermo(OnCells):
    """A thermometer, bulb first."""

    kind = "thermo"
    shown = "thermo {cells}"


def wrong(puzzle: Puzzle, values: list[int]) -> Iterable[str]:
    """Digits that do not strictly increase from the bulb."""
    if any(b <= a for a, b in zip(values, values[1:])):
        yield f" reads {values}, not strictly increasing"


# ``thermoCell(K,I,R,C)``: cell (R,C) is at position I (bulb = 1) of thermometer K.
parse = cells_parser(Thermo, 2, digit_count, "a thermo of {count} cells is longer than the {most} digits", "line")


EXAMPLES = examples(('Two thermometers', 'size = 4\ngivens = "....\\n..1.\\n....\\n...."\nthermo = [{cells = ["r1c1", "r2c1", "r2c2"]}, {cells = ["r4c4", "r3c4", "r3c3"]}]', '1234341221434321 1324241331424231 1324241341323241 1423231431424231 1423231441323241 2134341212434321'), ('A 3 in the bulb leaves no room for two larger digits', 'size = 4\ngivens = "3...\\n....\\n....\\n...."\nthermo = [{cells = ["r1c1", "r1c2", "r1c3"]}]', ''))


RULE = ClueKind.of(
    Thermo, parse, position_facts_of("thermoCell"),
    check=values_check(Thermo, wrong), draw=bulb_thermometer, examples=EXAMPLES,
)
