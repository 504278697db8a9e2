"""All black dots shown (kropki-black-negative): two orthogonal neighbours joined by no Kropki dot
are not in a 1:2 ratio, nor in the ratio of any black dot the puzzle shows (with a dot of 3, no
undotted pair holds 1 and 3).  A dot of either colour marks its pair (a white dot may join a 1-2
pair), as f-puzzles' `negative: ["ratio"]` means it (Rangsk's solvers: a dot of the other colour
overrides the negative, and the negative covers every ratio the dots show); a black dot with
another ratio marks its pair too."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from asp_sudoku.core.model import Grid, Puzzle
from asp_sudoku.rules.base import GlobalRule, examples
from asp_sudoku.rules.draw import caption
from asp_sudoku.rules.kropki_black import KropkiBlack
from asp_sudoku.rules.shapes.globals import unmarked_pairs

DOTS = ("kropki-white", "kropki-black")
"""A dot of either colour marks its pair."""


def ratios(puzzle: Puzzle) -> list[int]:
    """The ratios no undotted pair may show: 2 and every black dot's own."""
    return sorted({2} | {clue.number for clue in puzzle.clues if isinstance(clue, KropkiBlack)})


def in_ratio(q: int) -> Callable[[int, int], bool]:
    """Whether one of two digits is `q` times the other."""
    return lambda a, b: a == q * b or b == q * a


def check(puzzle: Puzzle, grid: Grid) -> Iterator[str]:
    """Every pair of neighbours without a dot that is in a 1:2 ratio, or in a black dot's ratio."""
    for q in ratios(puzzle):
        yield from unmarked_pairs(
            puzzle, grid, "kropki-black-negative", DOTS, in_ratio(q), f"ratio 1:{q}"
        )


draw = caption("kropki-black-negative: all black dots are shown")


EXAMPLES = examples(('A 4x4 with all black dots shown', 'size = 4\nrules = ["kropki-black-negative"]\n"kropki-black" = [{cells = ["r1c1", "r1c2"], ratio = 2}, {cells = ["r2c1", "r3c1"], ratio = 2}, {cells = ["r2c3", "r2c4"], ratio = 2}, {cells = ["r2c3", "r3c3"], ratio = 2}, {cells = ["r3c1", "r3c2"], ratio = 2}, {cells = ["r4c3", "r4c4"], ratio = 2}]', '1234432121433412 1234432124133142 4231132421433412 4231132424133142'), ('Without black dots no 4x4 grid fits: some neighbours are always 1:2', 'size = 4\nrules = ["kropki-black-negative"]', ''), ('A white dot marks its pair too: r1c1 and r1c2 hold 1 and 2, in a 1:2 ratio, under a white dot', 'size = 4\nrules = ["kropki-black-negative"]\n"kropki-white" = [{cells = ["r1c1", "r1c2"], difference = 1}]\n"kropki-black" = [{cells = ["r2c1", "r3c1"], ratio = 2}, {cells = ["r2c3", "r2c4"], ratio = 2}, {cells = ["r3c1", "r3c2"], ratio = 2}, {cells = ["r4c3", "r4c4"], ratio = 2}, {cells = ["r2c3", "r3c3"], ratio = 2}]', '1234432121433412 1234432124133142'))


RULE = GlobalRule("kropki-black-negative", "kropki_black_negative.lp.j2", check, draw, EXAMPLES)
