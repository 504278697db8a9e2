"""Entropic lines: any three cells in a row on the line hold one low, one middle and one high
digit, the digits being split in thirds (1-3, 4-6, 7-9 on 1-9; 1-2, 3-4, 5-6 on 1-6), so the
grid's number of digits must be divisible by 3.  A line of two cells holds digits of two
different thirds (as Interactive Sudoku Solver and Rangsk's solver read it)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from asp_sudoku.core.model import Clue, Puzzle
from asp_sudoku.rules.base import ClueContext, ClueKind, OnCells, examples
from asp_sudoku.rules.draw import line
from asp_sudoku.rules.shapes.cells import cells_parser, position_facts_of, values_check


@dataclass(frozen=True)
class Entropic(OnCells):
    """An entropic line: any three cells in a row on it hold a low, a middle and a high digit."""

    kind = "entropic"
    shown = "entropic line from {first}"


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> Clue:
    """Read ``[[entropic]] cells = [...]``; the digits must split into three equal groups."""
    if ctx.digit_count % 3:
        raise ctx.error(f"entropic lines need a number of digits divisible by 3, not {ctx.digit_count}")
    return cells_parser(Entropic, 2, shape="line")(ctx, table)


def wrong(puzzle: Puzzle, values: list[int]) -> Iterable[str]:
    """Three cells in a row on the line that are not one low, one middle and one high digit
    (a line of two cells: two digits of one third)."""
    low, high = puzzle.digits
    third = (high - low + 1) // 3
    for i in range(max(1, len(values) - 2)):
        window = values[i : i + 3]
        if len({(v - low) // third for v in window}) != len(window):
            yield f": {window} is not {'one low, one middle and one high digit' if len(window) == 3 else 'two digits of different thirds'}"


EXAMPLES = examples(('An entropic line snaking through the top-left box', 'size = 6\ngivens = "...1.4\\n......\\n......\\n......\\n312645\\n645312"\nentropic = [{cells = ["r1c1", "r1c2", "r1c3", "r2c3", "r2c2", "r2c1"]}]', '253164461253124536536421312645645312 253164461253134526526431312645645312 253164461253526431134526312645645312 253164461253536421124536312645645312 253164461523134256526431312645645312 253164461523526431134256312645645312 263154451236124563536421312645645312 263154451236536421124563312645645312 263154451263124536536421312645645312 263154451263134526526431312645645312 263154451263526431134526312645645312 263154451263536421124536312645645312'), ('2 and 1 are both low digits, so they cannot share three cells in a row of an entropic line', 'size = 6\ngivens = "2.1...\\n......\\n......\\n......\\n312645\\n645312"\nentropic = [{cells = ["r1c1", "r1c2", "r1c3"]}]', ''), ('A line of two cells holds digits of two thirds: 2 and 1 cannot be its ends', 'size = 6\ngivens = "21....\\n......\\n......\\n......\\n312645\\n645312"\nentropic = [{cells = ["r1c1", "r1c2"]}]', ''))


RULE = ClueKind.of(
    Entropic, parse, position_facts_of("entropicCell"),
    check=values_check(Entropic, wrong), draw=line("#f0a040"), examples=EXAMPLES,
)
