"""Chaos construction: the grid is divided into N regions of N cells each (N = the grid's side),
each region orthogonally connected; every region holds each digit once, like a box.  The solver
chooses the regions: they are not given.  Chaos arrows, chaos counts, chaos same-region and chaos
region-count clues (their own rules) speak of
these regions.  Alone it forbids nothing more than a Latin square does (the rows are always a
layout): the chaos clues are what make the regions matter.  (ISS's ChaosConstruction.)

What counts as one solution: a grid of digits.  A grid that can be divided into regions in two
ways is still one solution (the program enumerates answer sets projected onto the digits,
clingo's ``--project``; the regions are never shown).  ISS counts a solution as the digits *and*
the regions (a region lane in its grid), so on a puzzle whose digits allow two region layouts
ISS counts 2 where this counts 1; the digit grids found are the same.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from asp_sudoku.core.model import Cell, Clue, Grid, Puzzle, cell_name
from asp_sudoku.rules.base import ClueContext, GlobalRule, examples
from asp_sudoku.rules.draw import caption

SEARCH_BOUND = 2_000_000
"""How many steps the checker's search for a region layout may take before it gives up."""

Layout = dict[Cell, int]
RegionTest = Callable[[Layout, frozenset[Cell]], bool]
"""A chaos clue's test, called when the region holding its key cell is complete (that region
given as its cells): whether the clue holds (the layout holds every region made so far)."""


class _Bound(Exception):
    """The search ran past SEARCH_BOUND steps."""


@lru_cache(maxsize=4096)
def _neighbours(cell: Cell, n: int) -> tuple[Cell, ...]:
    r, c = cell
    return tuple((r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)) if 1 <= r + dr <= n and 1 <= c + dc <= n)


def _regions_from(root: Cell, grid: Grid, free: set[Cell], n: int, steps: list[int]) -> Iterator[frozenset[Cell]]:
    """Every connected set of n free cells holding n different digits that contains `root`, each
    once (extension sets: a cell seen once in a branch is never offered again there)."""

    def extend(chosen: list[Cell], digits: set[int], offered: list[Cell], seen: set[Cell]) -> Iterator[frozenset[Cell]]:
        if len(chosen) == n:
            yield frozenset(chosen)
            return
        offered = list(offered)
        while offered:
            steps[0] += 1
            if steps[0] > SEARCH_BOUND:
                raise _Bound
            cell = offered.pop()
            digit = grid.value(cell)
            if digit in digits:
                continue
            new = [x for x in _neighbours(cell, n) if x in free and x not in seen]
            yield from extend(chosen + [cell], digits | {digit}, offered + new, seen | set(new))

    first = [x for x in _neighbours(root, n) if x in free]
    yield from extend([root], {grid.value(root)}, first, {root, *first})


def _pieces_fit(free: set[Cell], n: int) -> bool:
    """Whether every orthogonally connected part of the free cells has a multiple of n cells."""
    left = set(free)
    while left:
        stack = [left.pop()]
        size = 0
        while stack:
            cell = stack.pop()
            size += 1
            for x in _neighbours(cell, n):
                if x in left:
                    left.remove(x)
                    stack.append(x)
        if size % n:
            return False
    return True


def find_layout(n: int, grid: Grid, tests: Sequence[tuple[Cell, RegionTest]] = ()) -> Layout | None:
    """A division of the grid into n connected regions of n cells with n different digits each,
    region k (from 0) holding the k-th first cell in reading order, under which every test holds
    (each `(key cell, test)` is tried once the key cell's region is made); None when there is
    none.  Raises `_Bound` past SEARCH_BOUND steps."""
    layout: Layout = {}
    free = {(r, c) for r in range(1, n + 1) for c in range(1, n + 1)}
    order = sorted(free)
    steps = [0]
    by_cell: dict[Cell, list[RegionTest]] = {}
    for cell, test in tests:
        by_cell.setdefault(cell, []).append(test)

    def place(k: int) -> bool:
        if not free:
            return True
        root = next(c for c in order if c in free)
        for region in _regions_from(root, grid, free, n, steps):
            free.difference_update(region)
            layout.update({cell: k for cell in region})
            if _pieces_fit(free, n) and all(t(layout, region) for c in region for t in by_cell.get(c, ())) and place(k + 1):
                return True
            for cell in region:
                del layout[cell]
            free.update(region)
        return False

    return dict(layout) if place(0) else None


ClueTests = Callable[[Puzzle, Grid], list[tuple[Cell, RegionTest]]]
CLUE_TESTS: dict[str, ClueTests] = {}
"""Chaos clue kind -> the tests its clues put on the layout (filled in by the chaos clue modules)."""


@lru_cache(maxsize=16)
def layout_verdict(puzzle: Puzzle, grid: Grid) -> str:
    """"" when the grid has a region layout that every chaos clue of the puzzle accepts, else what
    is wrong."""
    from importlib import import_module

    tests: list[tuple[Cell, RegionTest]] = []
    for kind in ("chaos-arrow", "chaos-count", "chaos-same-region", "chaos-region-count"):
        if puzzle.clues_of(kind):
            import_module(f"asp_sudoku.rules.{kind.replace('-', '_')}")  # registers its tests
            tests += CLUE_TESTS[kind](puzzle, grid)
    try:
        found = find_layout(puzzle.size, grid, tests)
    except _Bound:
        return f"no layout of regions found within {SEARCH_BOUND} search steps (undecided)"
    if found is None:
        what = " that the chaos clues accept" if tests else ""
        return f"the grid cannot be divided into {puzzle.size} connected regions of {puzzle.size} different digits{what}"
    return ""


@dataclass(frozen=True)
class ChaosClue(Clue):
    """A clue on the chosen regions: the digit in `cell` plus `offset` is what it measures."""

    cell: Cell = (0, 0)
    offset: int = 0

    def describe(self) -> str:
        return f"{self.kind} at {cell_name(self.cell)}"


def register_tests(kind: str, key: Callable[[Any], Cell], measure: Callable[[Any, frozenset[Cell]], int]) -> None:
    """Register how the checker tries the clues of a chaos kind: once the region holding
    ``key(clue)`` is made, ``measure(clue, region)`` must equal the clue's digit plus its offset."""

    def tests(puzzle: Puzzle, grid: Grid) -> list[tuple[Cell, RegionTest]]:
        found: list[tuple[Cell, RegionTest]] = []
        for clue in puzzle.clues_of(kind):
            assert isinstance(clue, ChaosClue)
            want = grid.value(clue.cell) + clue.offset

            def holds(layout: Layout, region: frozenset[Cell], clue: Clue = clue, want: int = want) -> bool:
                return measure(clue, region) == want

            found.append((key(clue), holds))
        return found

    CLUE_TESTS[kind] = tests


def clue_check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterator[str]:
    """The checker of a chaos clue: no region layout of the grid satisfies the chaos clues (they
    are checked together, on one layout)."""
    verdict = layout_verdict(puzzle, grid)
    if verdict:
        yield f"{clue.describe()}: {verdict}"


def offset_of(ctx: ClueContext, table: Mapping[str, Any]) -> int:
    """A chaos clue's ``offset`` (0, the default, or 1): what the counted cells exceed the digit by."""
    return ctx.integer(table.get("offset", 0), "offset", 0, 1)


def check(puzzle: Puzzle, grid: Grid) -> Iterator[str]:
    """The grid has no region layout (with its chaos clues)."""
    verdict = layout_verdict(puzzle, grid)
    if verdict:
        yield f"chaos-construction: {verdict}"


draw = caption("chaos construction: divide the grid into connected regions, each holding every digit once")


EXAMPLES = examples(('Without chaos clues any Latin square fits (its rows are regions): four completions', 'size = 4\nbox = "none"\nrules = ["chaos-construction"]\ngivens = "1 2 3 4\\n2 1 4 3\\n. . . .\\n. . . ."', '1234214334124321 1234214334214312 1234214343123421 1234214343213412'), ('No solution: r1c1 must share its region with a neighbour, but the count says it is alone in its 2x2 corner', 'size = 4\nbox = "none"\nrules = ["chaos-construction"]\ngivens = "1 2 . .\\n. . . .\\n. . . .\\n. . . 1"\nchaos-count = [{cell = "r1c1", cells = ["r1c1", "r1c2", "r2c1", "r2c2"]}]', ''))


RULE = GlobalRule("chaos-construction", "chaos_construction.lp.j2", check, draw, EXAMPLES)
