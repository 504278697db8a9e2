"""Nabner lines: the digits on a nabner line are all different, and no two of them are
consecutive, wherever they stand on the line (a line may hold 1, 3, 8 but not 1, 3, 2)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations

from asp_sudoku.core.model import Puzzle
from asp_sudoku.rules.base import ClueContext, ClueKind, OnCells, examples
from asp_sudoku.rules.draw import line
from asp_sudoku.rules.shapes.cells import cells_parser, member_facts, values_check


@dataclass(frozen=True)
class Nabner(OnCells):
    """A nabner line (its cells in the order given; the order does not matter)."""

    kind = "nabner"
    shown = "nabner line {cells}"


def room(ctx: ClueContext) -> int:
    """The most digits no two of which are consecutive: half of them, rounded up (5 on 1-9)."""
    return (ctx.digit_count + 1) // 2


def wrong(puzzle: Puzzle, values: list[int]) -> Iterable[str]:
    """Two digits of the line that are equal or consecutive."""
    for a, b in combinations(values, 2):
        if abs(a - b) <= 1:
            yield f": it holds {a} and {b}"


parse = cells_parser(Nabner, 2, room, "a nabner line of {count} cells needs more than the {most} digits no two of which are consecutive", "group")


EXAMPLES = examples(("Three short nabner lines", 'size = 4\ngivens = "1...\\n....\\n....\\n...."\nnabner = [{cells = ["r1c1", "r2c2"]}, {cells = ["r3c3", "r4c4"]}, {cells = ["r1c3", "r1c4"]}]', "1324241331424231 1324241332414132 1324241341323241 1342243132144123 1342243141233214 1342243142133124"), ("Four lines around a box: 1-4 cannot go round a square with no neighbours consecutive", 'size = 4\nnabner = [{cells = ["r1c1", "r1c2"]}, {cells = ["r2c1", "r2c2"]}, {cells = ["r1c1", "r2c1"]}, {cells = ["r1c2", "r2c2"]}]', ""))


RULE = ClueKind.of(
    Nabner, parse, member_facts("nabnerCell"), check=values_check(Nabner, wrong), draw=line("#e07070"), examples=EXAMPLES
)
