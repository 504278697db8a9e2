"""Between lines: the digits inside the line (all but its two ends) lie strictly between the
digits at its two ends, whichever end is the larger."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from asp_sudoku.core.model import Puzzle
from asp_sudoku.rules.base import ClueKind, OnCells, examples
from asp_sudoku.rules.draw import line
from asp_sudoku.rules.shapes.cells import cells_parser, line_facts, values_check


@dataclass(frozen=True)
class Between(OnCells):
    """A between line: the digits inside lie strictly between the digits at its two ends."""

    kind = "between"
    shown = "between line {first}-{last}"


def wrong(puzzle: Puzzle, values: list[int]) -> Iterable[str]:
    """Digits inside the line that are not strictly between the two end digits."""
    low, high = sorted((values[0], values[-1]))
    for v in values[1:-1]:
        if not low < v < high:
            yield f": {v} is not strictly between {low} and {high}"


EXAMPLES = examples(('A between line along the main diagonal', 'size = 4\ngivens = "....\\n....\\n....\\n...4"\nbetween = [{cells = ["r1c1", "r2c2", "r3c3", "r4c4"]}]', '1243431224313124 1243431234212134 1342421324313124 1342421334212134 1423234141323214 1423324141322314 1432234141233214 1432324141232314 2143432114323214 2413134242313124'), ('Nothing lies strictly between 2 and 3', 'size = 4\ngivens = "2...\\n.3..\\n....\\n...."\nbetween = [{cells = ["r1c1", "r1c2", "r2c2"]}]', ''))


RULE = ClueKind.of(
    Between, cells_parser(Between, 3, shape="line"), line_facts("betweenCell", "betweenLength"),
    check=values_check(Between, wrong), draw=line("#9db8e0"), examples=EXAMPLES,
)
