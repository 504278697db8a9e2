"""The clue makers of `generate --clues`: every clue a maker offers holds on its grid (by the
independent checker), the pools of marks between neighbours and outside clues are complete (a
brute force over the grid), and every clue reads back from TOML as written."""

from __future__ import annotations

import dataclasses
import random
from itertools import product

import pytest
from helpers import puzzle_from_toml

from asp_sudoku.checker import violations
from asp_sudoku.core.model import Grid, Puzzle
from asp_sudoku.formats.toml.writer import to_toml
from asp_sudoku.setter import CLUE_KIND_NAMES
from asp_sudoku.setter.clue_makers import CLUE_MAKERS, pools
from asp_sudoku.setter.generate import empty_puzzle
from asp_sudoku.solving.setter import random_solution

SHAPES = [(4, 1, None), (6, 2, None), (9, 3, None), (6, 4, "0-6")]  # 0-6: a digit missing in each row


@pytest.fixture(scope="module", params=SHAPES, ids=[f"{n}x{n}{'-' + v if v else ''}" for n, _, v in SHAPES])
def grid_and_base(request: pytest.FixtureRequest) -> tuple[Grid, Puzzle]:
    size, seed, values = request.param
    base = empty_puzzle(size, values=values)
    grid = random_solution(base, seed)
    assert grid is not None
    return grid, base


def test_the_command_lines_names_are_the_makers() -> None:
    assert tuple(CLUE_MAKERS) == CLUE_KIND_NAMES


@pytest.mark.parametrize("name", CLUE_KIND_NAMES)
def test_every_clue_made_or_added_holds_and_reads_back(name: str, grid_and_base: tuple[Grid, Puzzle]) -> None:
    grid, base = grid_and_base
    maker = CLUE_MAKERS[name]
    rng = random.Random(7)
    clues = maker.make(grid, base, rng)
    assert clues and {c.kind for c in clues} <= set(maker.kinds)
    differ = [(r, c) for r in range(1, base.size + 1) for c in range(1, base.size + 1)]
    for _ in range(3):  # refinements add clues that hold too
        more = maker.refine(clues, grid, base, differ, rng)
        if more is None:
            break
        assert len(more) >= len(clues)
        clues = more
    puzzle = dataclasses.replace(base, clues=clues)
    assert violations(puzzle, grid) == []
    again = puzzle_from_toml(to_toml(puzzle))
    assert sorted(c.describe() for c in again.clues) == sorted(c.describe() for c in puzzle.clues)
    assert violations(again, grid) == []


def test_pools_of_marks_and_outside_clues_are_complete(grid_and_base: tuple[Grid, Puzzle]) -> None:
    grid, base = grid_and_base
    n = base.size
    neighbours = [((r, c), (r + dr, c + dc)) for r, c in product(range(1, n + 1), repeat=2)
                  for dr, dc in ((0, 1), (1, 0)) if r + dr <= n and c + dc <= n]
    white = {(a, b) for a, b in neighbours if abs(grid.value(a) - grid.value(b)) == 1}
    black = {(a, b) for a, b in neighbours if grid.value(a) in (2 * grid.value(b), grid.value(b) / 2)}
    dots = pools.dots(grid, base)
    assert {c.cells for c in dots if c.kind == "kropki-white"} == white
    assert {c.cells for c in dots if c.kind == "kropki-black"} == black
    xv = {(a, b): grid.value(a) + grid.value(b) for a, b in neighbours if grid.value(a) + grid.value(b) in (5, 10)}
    assert {c.cells: c.number for c in pools.xvs(grid, base)} == xv  # type: ignore[attr-defined]
    assert len(pools.sandwiches(grid, base)) == 2 * n
    # diagonals of two or more cells: 2 (n - 1) - 1 in each direction
    assert len(pools.little_killers(grid, base)) == 2 * (2 * (n - 1) - 1)
    assert all(len(c.named_cells()) >= 2 for c in pools.little_killers(grid, base))


def test_lines_are_what_their_rules_say(grid_and_base: tuple[Grid, Puzzle]) -> None:
    grid, base = grid_and_base
    gap = pools.whisper_gap(base)
    for line in pools.whispers(grid, base):
        values = [grid.value(c) for c in line.named_cells()]
        assert 3 <= len(values) <= 5 and all(abs(a - b) >= gap for a, b in zip(values, values[1:]))
    for line in pools.renbans(grid, base):
        values = sorted(grid.value(c) for c in line.named_cells())
        assert values == list(range(values[0], values[0] + len(values)))
    for arrow in pools.arrows(grid, base):
        assert grid.value(arrow.circle[0]) == sum(grid.value(c) for c in arrow.cells)  # type: ignore[attr-defined]
