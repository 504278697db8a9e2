"""Renban lines: the digits on a line are all different and form a run of consecutive digits,
in any order (a line of three cells may hold 4, 2, 3 but not 2, 4, 5)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from asp_sudoku.core.model import Puzzle
from asp_sudoku.rules.base import ClueKind, OnCells, examples
from asp_sudoku.rules.draw import line
from asp_sudoku.rules.shapes.cells import cells_parser, digit_count, member_facts, values_check


@dataclass(frozen=True)
class Renban(OnCells):
    """A renban line (its cells in the order given; the order does not matter)."""

    kind = "renban"
    shown = "renban line {cells}"


def wrong(puzzle: Puzzle, values: list[int]) -> Iterable[str]:
    """A line whose digits are not a run of different consecutive digits."""
    values = sorted(values)
    if values != list(range(values[0], values[0] + len(values))):
        yield f" holds {values}, not a run of different consecutive digits"


# Cells that hang together, at most as many as digits.
parse = cells_parser(Renban, 2, digit_count, "a renban line of {count} cells is longer than the {most} digits", "group")


EXAMPLES = examples(('Two renban lines: three cells of row 1, and a domino in column 1', 'size = 4\ngivens = "....\\n..4.\\n....\\n...."\nrenban = [{cells = ["r1c1", "r1c2", "r1c3"]}, {cells = ["r3c1", "r4c1"]}]', '2431134231244213 2431134232144123 2431134241233214 2431134242133124 4231134224133124 4231134231242413 4231314213242413 4231314214232314 4231314223141423 4231314224131324 4321124321343412 4321124334122134'), ('1 and 4 cannot share a renban line of three cells', 'size = 4\ngivens = "1.4.\\n....\\n....\\n...."\nrenban = [{cells = ["r1c1", "r1c2", "r1c3"]}]', ''))


RULE = ClueKind.of(
    Renban, parse, member_facts("renbanCell", "renbanLength"),
    check=values_check(Renban, wrong), draw=line("#d08ae0"), examples=EXAMPLES, speedups=("renban_runs",),
)
