"""Checks and shapes several global rules share: cells a step apart that differ, neighbours no
mark joins, the two diagonals, and 2x2 squares holding a digit of each of three groups."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING

from asp_sudoku.core.model import Grid, Puzzle, cell_name
from asp_sudoku.rules.base import (
    Example,
    GlobalRule,
    cells_of,
)
from asp_sudoku.rules.shapes.pairs import neighbour_pairs

if TYPE_CHECKING:
    from asp_sudoku.rules.draw import Canvas


def pairs_differ(grid: Grid, steps: Sequence[tuple[int, int]], rule: str) -> Iterator[str]:
    """Checker of an "anti" rule: cells one of these steps apart (each step given in one
    direction only) hold different values; each pair that does not, in words."""
    n, m = grid.size, grid.cols
    for r in range(1, n + 1):
        for c in range(1, m + 1):
            for dr, dc in steps:
                r2, c2 = r + dr, c + dc
                if 1 <= r2 <= n and 1 <= c2 <= m and grid.value((r, c)) == grid.value((r2, c2)):
                    yield f"{rule}: {cell_name((r, c))} and {cell_name((r2, c2))} both hold {grid.value((r, c))}"


def unmarked_pairs(
    puzzle: Puzzle, grid: Grid, rule: str, kinds: tuple[str, ...], bad: Callable[[int, int], bool], what: str
) -> Iterator[str]:
    """Checker of an "all marks shown" (negative) rule: orthogonal neighbours that no clue of
    these kinds joins must not hold values `bad` accepts; each pair that does, in words."""
    marked = {frozenset(cells_of(clue)) for clue in puzzle.clues if clue.kind in kinds}
    for first, second in neighbour_pairs(puzzle.size, puzzle.cols):
        if frozenset((first, second)) in marked:
            continue
        a, b = grid.value(first), grid.value(second)
        if bad(a, b):
            yield f"{rule}: {cell_name(first)} and {cell_name(second)} hold {a} and {b} ({what}) but no mark joins them"


def diagonal_rule(name: str, anti: bool, examples: tuple[Example, ...]) -> GlobalRule:
    """The global rule of one long diagonal holding each digit once: the main one (top-left to
    bottom-right) or the anti-diagonal (bottom-left to top-right), drawn as a thin blue line."""
    what = "the anti-diagonal" if anti else "the main diagonal"

    def check(puzzle: Puzzle, grid: Grid) -> Iterator[str]:
        n = puzzle.size
        for v in grid.repeats([(i, n + 1 - i if anti else i) for i in range(1, n + 1)]):
            yield f"{name}: {what} holds {v} twice"

    def draw(cv: Canvas, puzzle: Puzzle) -> None:
        n = puzzle.size
        y1, y2 = (cv.y(n + 1), cv.y(1)) if anti else (cv.y(1), cv.y(n + 1))
        cv.add("lines", f'<line x1="{cv.x(1)}" y1="{y1}" x2="{cv.x(n + 1)}" y2="{y2}" stroke="#5b9bd5" stroke-width="1.5"/>')

    check.__doc__ = f"Every digit {what} holds twice."
    template = "diagonal_anti.lp.j2" if anti else "diagonal_main.lp.j2"
    return GlobalRule(name, template, check, draw, examples)


def square_groups_rule(
    name: str, group: Callable[[Puzzle, int], int], what: str, examples: tuple[Example, ...]
) -> GlobalRule:
    """The global rule of every 2x2 square holding a digit of each of three groups (`group`
    gives a digit's group, 0 to 2; `what` names the groups in words), with its template named
    after the rule and a caption as its drawing."""

    def check(puzzle: Puzzle, grid: Grid) -> Iterator[str]:
        for r in range(1, puzzle.size):
            for c in range(1, puzzle.cols):
                values = [grid.value((r + i, c + j)) for i in (0, 1) for j in (0, 1)]
                if len({group(puzzle, v) for v in values}) != 3:
                    yield f"{name}: the 2x2 square at {cell_name((r, c))} holds {values}, not a digit of each of {what}"

    def draw(cv: Canvas, puzzle: Puzzle) -> None:
        cv.caption(f"{name}: every 2x2 square holds a digit of each of {what}")

    check.__doc__ = f"Every 2x2 square without a digit of each of {what}."
    return GlobalRule(name, f"{name.replace('-', '_')}.lp.j2", check, draw, examples)
