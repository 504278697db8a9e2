"""Grids holding more digits than a row has cells (a 6x6 holding 1-9, a 9x9 holding 0-9): every
row, column, box and region holds different digits, and holds them all only when it has a cell
for each.  Counts are compared with a plain backtracking count written here (no clingo), and every
grid clingo returns passes the independent checker."""

from __future__ import annotations

import itertools

import pytest
from helpers import assert_solution, puzzle_from_toml

from asp_sudoku import count, solve
from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.core.model import Puzzle
from asp_sudoku.formats.shape import box_for_digits


def houses(puzzle: Puzzle) -> list[list[tuple[int, int]]]:
    n = puzzle.size
    found = [[(r, c) for c in range(n)] for r in range(n)] + [[(r, c) for r in range(n)] for c in range(n)]
    if puzzle.box:
        h, w = puzzle.box
        found += [[(r, c) for r in range(top, top + h) for c in range(left, left + w)] for top in range(0, n, h) for left in range(0, n, w)]
    if puzzle.regions:
        ids = {g for row in puzzle.regions for g in row}
        found += [[(r, c) for r in range(n) for c in range(n) if puzzle.regions[r][c] == g] for g in ids]
    return found


def brute_count(puzzle: Puzzle) -> int:
    """Fill cells row by row with different digits in every house; a house with a cell for every
    digit then holds them all by counting."""
    n = puzzle.size
    digits = list(puzzle.digit_range)
    given = {(r - 1, c - 1): v for r, c, v in puzzle.givens}
    of_cell = {cell: [h for h in houses(puzzle) if cell in h] for cell in itertools.product(range(n), range(n))}
    grid: dict[tuple[int, int], int] = {}

    def fill(i: int) -> int:
        if i == n * n:
            return 1
        cell = divmod(i, n)
        total = 0
        for v in [given[cell]] if cell in given else digits:
            if all(grid.get(other) != v for h in of_cell[cell] for other in h if other != cell):
                grid[cell] = v
                total += fill(i + 1)
                del grid[cell]
        return total

    return fill(0)


CASES = {
    "4x4 holding 1-5, no boxes": 'size = 4\nvalues = "1-5"\nbox = "none"\ngivens = ["12..", ".3..", "....", "..45"]',
    "4x4 holding 0-4, 2x2 boxes": 'size = 4\nvalues = "0-4"\nbox = "2x2"\ngivens = ["0 1 . .", ". 2 . .", ". . . .", ". . 3 4"]',
    "4x4 holding 1-6, 2x2 boxes": 'size = 4\nvalues = "1-6"\nbox = "2x2"\ngivens = ["1 2 3 .", "4 5 6 .", ". . 1 2", ". . . ."]',
    "4x4 holding 1-5 with a jigsaw": 'size = 4\nvalues = "1-5"\ngivens = ["12..", ".3..", "....", "...."]\nregions = """\naabb\naabb\nccdd\nccdd"""',
}


@pytest.mark.parametrize("name", list(CASES))
def test_count_matches_a_brute_force(name: str) -> None:
    puzzle = puzzle_from_toml(CASES[name])
    result = solve(puzzle, limit=None)
    assert result.count == brute_count(puzzle) > 1
    for grid in result.solutions:
        assert_solution(puzzle, grid)


def test_full_boxes_hold_every_digit() -> None:
    # A 6x6 holding 1-9 in 3x3 boxes (the default for nine digits): each box holds 1-9.
    puzzle = puzzle_from_toml('size = 6\nvalues = "1-9"\ngivens = ["1 2 3 . . .", "4 5 6 . . .", "7 8 . . . .", ". . . . . .", ". . . . . .", ". . . . . ."]')
    assert puzzle.box == (3, 3)
    grid = solve(puzzle).solutions[0]
    assert grid.value((3, 3)) == 9
    assert_solution(puzzle, grid)


@pytest.mark.parametrize(("size", "digits", "box"), [(9, 9, (3, 3)), (6, 6, (2, 3)), (6, 9, (3, 3)), (9, 10, None), (7, 9, None), (6, 8, None), (8, 8, (2, 4)), (4, 6, None)])
def test_default_box(size: int, digits: int, box: tuple[int, int] | None) -> None:
    assert box_for_digits(size, digits) == box


@pytest.mark.parametrize(("toml", "message"), [
    ('size = 6\nvalues = "1-5"', "values must run from 0 or 1"),
    ('size = 6\nvalues = "2-9"', "values must run from 0 or 1"),
    ('size = 6\nvalues = "1-9"\nbox = "3x4"', "does not tile"),
    ('size = 4\nvalues = "1-5"\nbox = "2x3"', "does not tile"),
    ('size = 4\nvalues = "1-5"\nregions = """\naaab\naaab\nccbb\nccdd"""', "more than the 5 digits"),
])
def test_bad_shapes_are_refused(toml: str, message: str) -> None:
    with pytest.raises(PuzzleFormatError, match=message):
        puzzle_from_toml(toml)


@pytest.mark.slow
def test_full_grids_keep_their_program() -> None:
    # The usual 1..N grid still says "each digit appears": the new rules appear only when needed.
    from asp_sudoku.program.render import render

    program = render(puzzle_from_toml('size = 4\ngivens = ["1...", "....", "....", "...."]'))
    assert "Each digit appears in each row." in program.text
    wide = render(puzzle_from_toml('size = 4\nvalues = "1-5"\nbox = "none"')).text
    assert "Each digit appears in each row." not in wide and count(puzzle_from_toml('size = 4\nvalues = "1-5"\nbox = "none"')).count > 288
