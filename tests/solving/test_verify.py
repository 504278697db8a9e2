"""Every way of solving hands out only grids the independent checker passed: with a checker that
rejects every grid, each entry point stops with the same internal error instead of an answer."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from helpers import puzzle_from_toml

from asp_sudoku.core.errors import InternalCheckError
from asp_sudoku.core.model import Grid, Puzzle
from asp_sudoku.program.board import make_board
from asp_sudoku.solving import verify
from asp_sudoku.solving.draw import draw_solution
from asp_sudoku.solving.setter import all_solutions, random_solution
from asp_sudoku.solving.single import count, solve, solve_many
from asp_sudoku.solving.switches import SwitchedProgram

FOUR = puzzle_from_toml(
    """
givens = \"\"\"
1 . . .
. . . .
. . 2 .
. . . .
\"\"\"
"""
)

ENTRY_POINTS: dict[str, Callable[[Puzzle], object]] = {
    "solve": lambda p: solve(p),
    "count": lambda p: count(p),
    "solve_many": lambda p: list(solve_many([p, p, p])),  # the later ones multi-shot
    "solve_many in threads": lambda p: list(solve_many([p, p, p], workers=2)),
    "all_solutions": lambda p: all_solutions(p, 1000),
    "random_solution": lambda p: random_solution(p, 1),
    "draw_solution": lambda p: draw_solution(p, 1),
    "switched program": lambda p: SwitchedProgram(make_board(p)).solve([]),
}


def test_the_message_names_the_rule_and_asks_for_a_report() -> None:
    grid = Grid(((1, 1, 1, 1),) * 4)
    with pytest.raises(InternalCheckError, match=r"breaks the rules \(.*\); please report"):
        verify.checked(FOUR, grid)


@pytest.mark.parametrize("name", sorted(ENTRY_POINTS))
def test_every_entry_point_checks_its_grids(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert ENTRY_POINTS[name](FOUR)  # a real answer with the real checker
    monkeypatch.setattr(verify, "violations", lambda puzzle, grid: ["planted failure"])
    with pytest.raises(InternalCheckError, match="planted failure"):
        ENTRY_POINTS[name](FOUR)
