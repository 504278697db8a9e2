"""Zipper lines: cells the same distance from the middle of the line add up to the same total
(the first and last cells, the second and second-to-last, ...), which is the middle digit on a
line of odd length."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from asp_sudoku.core.model import Puzzle
from asp_sudoku.rules.base import ClueKind, OnCells, examples
from asp_sudoku.rules.draw import line
from asp_sudoku.rules.shapes.cells import cells_parser, line_facts, values_check


@dataclass(frozen=True)
class Zipper(OnCells):
    """A zipper line: cells the same distance from its middle add up to the same total, which
    is the middle digit on a line of odd length."""

    kind = "zipper"
    shown = "zipper line from {first}"


def wrong(puzzle: Puzzle, values: list[int]) -> Iterable[str]:
    """A line whose pairs around the middle (and middle digit) do not share one total."""
    n = len(values)
    sums = {values[i] + values[n - 1 - i] for i in range(n // 2)}
    if n % 2:
        sums.add(values[n // 2])
    if len(sums) > 1:
        yield f" reads {values}: the pairs around the middle do not share one total"


EXAMPLES = examples(('A zipper line of five cells', 'size = 4\ngivens = "....\\n....\\n....\\n4..."\nzipper = [{cells = ["r1c1", "r2c1", "r2c2", "r2c3", "r1c3"]}]', '1234341221434321 1234341223414123 1423231431424231 1423231432414132 2413132431424231 2413132432414132 3214143221434321 3214143223414123'), ('The middle 2 of a zipper line would need 1 + 1 in one row', 'size = 4\ngivens = ".2..\\n....\\n....\\n...."\nzipper = [{cells = ["r1c1", "r1c2", "r1c3"]}]', ''))


RULE = ClueKind.of(
    Zipper, cells_parser(Zipper, 3, shape="line"), line_facts("zipperCell", "zipperLength"),
    check=values_check(Zipper, wrong), draw=line("#c0a0ff"), examples=EXAMPLES,
)
