"""Setter tools on puzzles with cage comparisons: a comparison never outlives the cages it
compares (minimize, explain and generate's switches drop it with them)."""

from __future__ import annotations

import pytest
from helpers import assert_solution, puzzle_from_toml

from asp_sudoku import explain, minimize, solve
from asp_sudoku.core.model import Puzzle
from asp_sudoku.formats.toml.writer import to_toml
from asp_sudoku.program.board import make_board

# 4x4, solution 1234/3412/2143/4321.  Cages a (r1c1 r1c2, sum 3) < b (r2c1 r2c2, no sum);
# c (r4c3 r4c4) < d (r3c3 r3c4), no sums; four givens that leave it unique.
SOLUTION = ((1, 2, 3, 4), (3, 4, 1, 2), (2, 1, 4, 3), (4, 3, 2, 1))
TOML = """size = 4
givens = \"\"\"
1 . 3 .
3 . 1 .
. . . .
. . . .
\"\"\"
[[killer]]
cells = ["r1c1", "r1c2"]
sum = 3
label = "a"
[[killer]]
cells = ["r2c1", "r2c2"]
label = "b"
[[killer]]
cells = ["r4c3", "r4c4"]
label = "c"
[[killer]]
cells = ["r3c3", "r3c4"]
label = "d"
[[cage-compare]]
left = "a"
right = "b"
relation = "<"
[[cage-compare]]
left = "c"
right = "d"
relation = "<"
"""


def compared_cages_present(puzzle: Puzzle) -> bool:
    labels = {c.label for c in puzzle.clues_of("killer")}
    return all({c.left, c.right} <= labels for c in puzzle.clues_of("cage-compare"))


def test_the_puzzle_is_unique() -> None:
    result = solve(puzzle_from_toml(TOML))
    assert result.status == "unique" and result.solutions[0].rows == SOLUTION


def test_dropping_a_cage_drops_its_comparisons() -> None:
    board = make_board(puzzle_from_toml(TOML), givens=False, clues=True)
    kinds = [(item.clue.kind, getattr(item.clue, "label", None)) for item in board.items]  # type: ignore[union-attr]
    b = kinds.index(("killer", "b"))
    first_compare = kinds.index(("cage-compare", None))
    everything = list(range(len(board.items)))
    assert first_compare not in board.without(everything, b)
    assert set(board.without(everything, first_compare)) == set(everything) - {first_compare}
    assert b in board.close([first_compare])


def test_minimize_keeps_every_comparison_with_its_cages() -> None:
    found = minimize(puzzle_from_toml(TOML))
    assert found.status == "unique" and found.minimal is not None
    assert compared_cages_present(found.minimal)
    again = solve(puzzle_from_toml(to_toml(found.minimal)))  # the written puzzle reads back
    assert again.status == "unique" and again.solutions[0].rows == SOLUTION
    for item in found.removed:
        assert item.clue is None or item.clue not in found.minimal.clues


@pytest.mark.parametrize("relation", [">"])
def test_explain_names_a_conflict_that_holds_its_cages(relation: str) -> None:
    # a (sum 3) > b, with r2c1 = 3 in b: impossible.
    text = TOML.replace('relation = "<"', f'relation = "{relation}"', 1)
    puzzle = puzzle_from_toml(text)
    assert solve(puzzle).status == "unsatisfiable"
    found = explain(puzzle)
    assert found.status == "unsatisfiable" and found.conflict
    labels = {i.clue.label for i in found.conflict if i.clue is not None and i.clue.kind == "killer"}
    for item in found.conflict:
        if item.clue is not None and item.clue.kind == "cage-compare":
            assert {item.clue.left, item.clue.right} <= labels


def test_solution_passes_the_checker() -> None:
    puzzle = puzzle_from_toml(TOML)
    assert_solution(puzzle, solve(puzzle).solutions[0])
