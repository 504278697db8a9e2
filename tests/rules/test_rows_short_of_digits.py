"""Outside clues on grids whose rows and columns need not hold every digit: more digits than a
row has cells (``values = "1-5"`` on a 4x4) or ISS's raw grids (``latin = false``: rows and
columns may repeat digits).  Each rule is restated here from docs/rules.md and every grid is
enumerated, sharing nothing with the templates or the checker; the solver's set of solutions
must be that set exactly.  Found by a brute-force QA pass: full rank assumed every digit starts
four numbers (9,223 solutions instead of 9,260), and skyscrapers counted a building as tall as
one before it as seen."""

from __future__ import annotations

from itertools import product

import pytest
from grid_enum import grids
from helpers import puzzle_from_toml

from asp_sudoku import checker as check
from asp_sudoku.solving.single import solve

Rows = tuple[tuple[int, ...], ...]


def _solutions(text: str) -> set[Rows]:
    puzzle = puzzle_from_toml(text)
    result = solve(puzzle, limit=None, keep=None)
    assert result.exhausted
    for grid in result.solutions:
        assert check.violations(puzzle, grid) == []
    return {grid.rows for grid in result.solutions}


def _readings(rows: Rows) -> dict[str, tuple[int, ...]]:
    """Every row and column read from each end, by the clue cell outside that end."""
    n = len(rows)
    out = {}
    for i in range(n):
        row = rows[i]
        col = tuple(rows[r][i] for r in range(n))
        out[f"r{i + 1}c0"], out[f"r{i + 1}c{n + 1}"] = row, row[::-1]
        out[f"r0c{i + 1}"], out[f"r{n + 1}c{i + 1}"] = col, col[::-1]
    return out


def _full_rank(clue: str, rank: int) -> object:
    def holds(rows: Rows) -> bool:
        numbers = _readings(rows)
        mine = numbers[clue]
        every = [tuple(row) for row in rows] + [row[::-1] for row in rows]
        cols = [tuple(rows[r][c] for r in range(len(rows))) for c in range(len(rows))]
        every += cols + [col[::-1] for col in cols]
        smaller = sum(1 for number in every if number < mine)
        ties = sum(1 for number in every if number == mine)
        return smaller == rank - 1 and ties == 1  # default ties: no other number equals it
    return holds


@pytest.mark.parametrize(("clue", "rank"), [("r0c1", 1), ("r3c5", 1), ("r2c0", 6), ("r5c4", 16)])
def test_full_rank_with_more_digits_than_a_row_has_cells(clue: str, rank: int) -> None:
    text = f'size = 4\nbox = "2x2"\nvalues = "1-5"\n[[full-rank]]\nclue = "{clue}"\nrank = {rank}\n'
    expected = {g for g in grids(4, (2, 2), low=1, high=5) if _full_rank(clue, rank)(g)}  # type: ignore[operator]
    assert expected and _solutions(text) == expected


def _raw_grids(n: int, low: int, high: int) -> list[Rows]:
    return [tuple(tuple(v[r * n:(r + 1) * n]) for r in range(n)) for v in product(range(low, high + 1), repeat=n * n)]


def test_full_rank_on_a_raw_grid() -> None:
    text = 'size = 3\nlatin = false\nbox = "none"\n[[full-rank]]\nclue = "r0c1"\nrank = 1\n'
    expected = {g for g in _raw_grids(3, 1, 3) if _full_rank("r0c1", 1)(g)}  # type: ignore[operator]
    assert _solutions(text) == expected


def _seen(line: tuple[int, ...], ground: int = -1) -> int:
    """Buildings seen from the clue: each taller than every one before it (one as tall hides) and
    than `ground` (0 where a 0 is no building)."""
    tallest, seen = ground, 0
    for height in line:
        if height > tallest:
            seen, tallest = seen + 1, height
    return seen


def _first_hidden(line: tuple[int, ...]) -> int | None:
    """The first building that a taller one before it hides."""
    tallest = -1
    for height in line:
        if height < tallest:
            return height
        tallest = max(tallest, height)
    return None


@pytest.mark.parametrize("count", [1, 2, 3])
def test_skyscrapers_on_a_raw_grid(count: int) -> None:
    text = f'size = 3\nlatin = false\nbox = "none"\n[[skyscraper]]\nclue = "r1c0"\ncount = {count}\n'
    expected = {g for g in _raw_grids(3, 1, 3) if _seen(_readings(g)["r1c0"]) == count}
    assert expected and _solutions(text) == expected


@pytest.mark.parametrize("digit", [1, 2])
def test_hidden_skyscrapers_on_a_raw_grid(digit: int) -> None:
    text = f'size = 3\nlatin = false\nbox = "none"\n[[hidden-skyscraper]]\nclue = "r1c0"\ndigit = {digit}\n'
    expected = {g for g in _raw_grids(3, 1, 3) if _first_hidden(_readings(g)["r1c0"]) == digit}
    assert expected and _solutions(text) == expected


def _x_sum(line: tuple[int, ...]) -> int | None:
    """The first X digits added up, X the first digit (None when the line is shorter than X)."""
    return sum(line[: line[0]]) if line[0] <= len(line) else None


@pytest.mark.parametrize("total", range(10))
def test_x_sums_on_a_raw_grid(total: int) -> None:
    """Every sum up to 9 (three 3s), which repeated digits reach: 4 and more were refused as
    "outside 0..6" before (a QA pass)."""
    text = f'size = 3\nlatin = false\nbox = "none"\n[[x-sum]]\nclue = "r0c1"\nsum = {total}\n'
    expected = {g for g in _raw_grids(3, 1, 3) if _x_sum(_readings(g)["r0c1"]) == total}
    assert _solutions(text) == expected


def _sandwich(line: tuple[int, ...], low: int, high: int) -> int:
    """The digits between the first and the last cell holding the smallest or the largest digit,
    added; 0 when the line lacks either of them."""
    if low not in line or high not in line:
        return 0
    ends = [i for i, v in enumerate(line) if v in (low, high)]
    return sum(line[ends[0] + 1 : ends[-1]])


@pytest.mark.parametrize("total", range(4))
def test_sandwich_sums_on_a_raw_grid(total: int) -> None:
    """Every sandwich sum up to 3 (a 3 between the ends of a 3-cell line of 1-3) is read (4 and
    more were refused), and a line without a 3 sums to 0, whatever its 1s enclose (a QA pass:
    1 3 2 1 on a 4x4 of 1-4 read as 5)."""
    text = f'size = 3\nlatin = false\nbox = "none"\n[[sandwich]]\nclue = "r0c1"\nsum = {total}\n'
    expected = {g for g in _raw_grids(3, 1, 3) if _sandwich(_readings(g)["r0c1"], 1, 3) == total}
    assert _solutions(text) == expected


@pytest.mark.parametrize("count", [0, 1, 2])
def test_skyscrapers_of_digits_from_0_on_a_raw_grid(count: int) -> None:
    """A line of 0s shows no building, so a count of 0 is read on a raw grid of digits from 0 (it
    was refused as "outside 1..3": a QA pass)."""
    text = f'size = 3\nlatin = false\nbox = "none"\nvalues = "0-2"\n[[skyscraper]]\nclue = "r1c0"\ncount = {count}\n'
    expected = {g for g in _raw_grids(3, 0, 2) if _seen(_readings(g)["r1c0"], ground=0) == count}
    assert expected and _solutions(text) == expected


@pytest.mark.parametrize(("letter", "total"), [("X", 10), ("V", 5)])
def test_xv_on_a_raw_grid_may_join_equal_digits(letter: str, total: int) -> None:
    """On a raw grid two neighbours may hold one digit, so an X joins 5 and 5 where the digits run
    to 5 (it was refused: "no two different digits of 1..5 add up to 10"; a QA pass)."""
    text = f'size = 2\nlatin = false\nbox = "none"\nvalues = "1-5"\n[[xv]]\ncells = ["r1c1", "r1c2"]\nvalue = "{letter}"\n'
    expected = {g for g in _raw_grids(2, 1, 5) if g[0][0] + g[0][1] == total}
    assert expected and _solutions(text) == expected


def test_an_x_of_two_different_digits_out_of_reach_is_still_refused() -> None:
    from asp_sudoku.core.errors import PuzzleFormatError

    with pytest.raises(PuzzleFormatError, match="no two different digits of 1..5 add up to 10"):
        puzzle_from_toml('size = 4\nvalues = "1-5"\n[[xv]]\ncells = ["r1c1", "r1c2"]\nvalue = "X"\n')


@pytest.mark.parametrize("digits", [[1, 1, 1], [1, 1, 1, 1], [2, 2, 2, 1]])
def test_quadruples_on_a_raw_grid_may_list_a_digit_more_than_twice(digits: list[int]) -> None:
    """Four cells of a raw grid may all hold one digit (a digit listed three or four times was
    refused: "four cells of a 2x2 hold it at most twice"; a QA pass)."""
    text = f'size = 3\nlatin = false\nbox = "none"\n[[quadruple]]\ncell = "r1c1"\ndigits = {digits}\n'

    def holds(rows: Rows) -> bool:
        four = [rows[0][0], rows[0][1], rows[1][0], rows[1][1]]
        return all(four.count(d) >= digits.count(d) for d in set(digits))

    expected = {g for g in _raw_grids(3, 1, 3) if holds(g)}
    assert expected and _solutions(text) == expected
