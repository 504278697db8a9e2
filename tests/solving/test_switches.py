"""The switched program: with any set of items on, exactly the plain program of that sub-puzzle."""

from __future__ import annotations

import random

import pytest
from helpers import DATA, puzzle_from_toml

from asp_sudoku import load, render, solve
from asp_sudoku.core.model import Puzzle
from asp_sudoku.program.board import all_on, make_board
from asp_sudoku.solving.switches import SWITCH, SwitchedProgram

FOUR = puzzle_from_toml(
    """
rules = ["anti-king"]
givens = \"\"\"
1 . . .
. . . .
. . . .
. . . 4
\"\"\"
[[killer]]
cells = ["r1c2", "r2c2"]
sum = 5
[[killer]]
cells = ["r3c3", "r3c4"]
[[thermo]]
cells = ["r4c1", "r3c1", "r2c1"]
"""
)
LOOSE = puzzle_from_toml(
    """
givens = \"\"\"
1 . . .
. . . .
. . 2 .
. . . .
\"\"\"
[[killer]]
cells = ["r1c2", "r1c3"]
sum = 7
[[thermo]]
cells = ["r4c1", "r4c2"]
"""
)


def plain_grids(puzzle: Puzzle) -> set[str]:
    return {g.as_string() for g in solve(puzzle, limit=None, keep=None).solutions}


@pytest.mark.parametrize("puzzle", [FOUR, LOOSE], ids=["four", "loose"])
def test_random_subsets_match_the_plain_program(puzzle: Puzzle) -> None:
    board = make_board(puzzle, rules=True)
    program = SwitchedProgram(board)
    rng = random.Random(1)
    subsets = [all_on(board), []] + [
        [i for i in all_on(board) if rng.random() < 0.5] for _ in range(20)
    ]
    for on in subsets:
        got = program.solve(on, limit=None, keep=10**6)
        want = plain_grids(board.subpuzzle(on))
        assert {g.as_string() for g in got.solutions} == want, on
        assert got.count == len(want) and got.exhausted
        core = program.core(on)
        assert (core is None) == bool(want)
        if core is not None:
            assert set(core) <= set(on)
            assert not plain_grids(board.subpuzzle(core))


def test_miracle_items_one_by_one() -> None:
    puzzle = load(str(DATA / "setter" / "miracle-one-given.toml"))
    board = make_board(puzzle, rules=True)
    assert [i.kind for i in board.items] == ["rule", "rule", "rule", "given"]
    program = SwitchedProgram(board)
    assert program.solve(all_on(board), limit=None).count == 8
    assert program.solve([0, 1, 2], limit=None).count == 72  # the given off
    assert program.solve([0, 1, 3], limit=20).count == 20  # non-consecutive off: many more
    assert solve(board.subpuzzle([0, 1, 3]), limit=20).count == 20


def test_switches_stay_out_of_the_plain_program() -> None:
    text = render(FOUR).text
    assert SWITCH not in text
    board = make_board(FOUR, rules=True)
    assert SWITCH not in board.fixed


def test_extra_givens_are_items() -> None:
    board = make_board(LOOSE, givens=False, clues=False, extra_givens=[(2, 2, 3), (4, 4, 1)])
    assert [i.describe() for i in board.items] == ["given r2c2 = 3", "given r4c4 = 1"]
    assert board.subpuzzle([1]).givens == ((1, 1, 1), (3, 3, 2), (4, 4, 1))
    assert board.subpuzzle([1]).clues == LOOSE.clues
