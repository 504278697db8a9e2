"""Sandwich, X-sum and skyscraper clues outside the grid, from every side, including clues with a
missing side: each template against the independent checker on every 4x4 grid."""

from __future__ import annotations

import pytest
from helpers import brute_force, expected, puzzle_from_toml, solutions

from asp_sudoku.checker import violations
from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.core.model import Grid
from asp_sudoku.program.render import render
from asp_sudoku.solving.single import solve


def clue(kind: str, number: str, **place: str) -> str:
    text = f"[[{kind}]]\n{number}\n"
    return text + "".join(f'{k} = "{v}"\n' for k, v in place.items())


FOUR = [
    ("sandwich-row", "size = 4\n" + clue("sandwich", "sum = 5", line="r1"), 48),
    ("sandwich-column-bottom", "size = 4\n" + clue("sandwich", "sum = 0", clue="r5c2"), 144),
    ("sandwich-two", "size = 4\n" + clue("sandwich", "sum = 2", line="c1") + clue("sandwich", "sum = 3", clue="r1c0"), 6),
    ("sandwich-unsat", "size = 4\n" + clue("sandwich", "sum = 4", line="r1"), 0),
    ("x-sum-left", "size = 4\n" + clue("x-sum", "sum = 6", clue="r1c0"), 48),
    ("x-sum-right", "size = 4\n" + clue("x-sum", "sum = 10", line="r2", side="right"), 72),
    ("x-sum-bottom", "size = 4\n" + clue("x-sum", "sum = 1", line="c3", side="bottom"), 72),
    ("x-sum-unsat", "size = 4\n" + clue("x-sum", "sum = 2", clue="r0c1"), 0),
    ("skyscraper-1", "size = 4\n" + clue("skyscraper", "count = 1", clue="r0c1"), 72),
    ("skyscraper-4-right", "size = 4\n" + clue("skyscraper", "count = 4", clue="r2c5"), 12),
    ("skyscraper-both-ends", "size = 4\n" + clue("skyscraper", "count = 2", line="c2") + clue("skyscraper", "count = 3", line="c2", side="bottom"), 36),
    ("skyscraper-unsat", "size = 4\n" + clue("skyscraper", "count = 4", line="r1") + clue("skyscraper", "count = 2", line="r1", side="right"), 0),
]


@pytest.mark.parametrize(("text", "count"), [pytest.param(t, n, id=i) for i, t, n in FOUR])
def test_exact_solutions_4x4(text: str, count: int) -> None:
    puzzle = puzzle_from_toml(text)
    want = expected(puzzle)
    assert len(want) == count
    assert solutions(puzzle) == want


NINE_ROW = "1 . . . . . . . .\n" + ". . . . . . . . .\n" * 8


def test_sandwich_and_skyscraper_in_a_9x9_row() -> None:
    """Row 1 of a 9x9: 1 first, sandwich 35 forces the 9 last; skyscraper 9 from the left then
    forces 1..9 in order (a quick check of the 9x9 ends of the templates)."""
    text = 'size = 9\ngivens = """\n' + NINE_ROW + '"""\n'
    text += clue("sandwich", "sum = 35", line="r1") + clue("skyscraper", "count = 9", line="r1")
    result = solve(puzzle_from_toml(text), limit=1)
    assert result.solutions[0].rows[0] == (1, 2, 3, 4, 5, 6, 7, 8, 9)


SIX_TOP = 'givens = """\n415326\n326415\n......\n......\n......\n......\n"""\n'
SIX = [
    ("sandwich", "size = 6\n" + SIX_TOP + clue("sandwich", "sum = 7", line="c1") + clue("sandwich", "sum = 4", line="r4"), 28),
    ("x-sum", "size = 6\n" + SIX_TOP + clue("x-sum", "sum = 18", clue="r7c2") + clue("x-sum", "sum = 15", clue="r3c7"), 11),
    ("skyscraper", "size = 6\n" + SIX_TOP + clue("skyscraper", "count = 3", clue="r3c0") + clue("skyscraper", "count = 6", line="c6", side="bottom"), 10),
    ("skyscraper-unsat", "size = 6\n" + SIX_TOP + clue("skyscraper", "count = 5", clue="r7c1"), 0),
]


@pytest.mark.parametrize(("text", "count"), [pytest.param(t, n, id=i) for i, t, n in SIX])
def test_exact_solutions_6x6(text: str, count: int) -> None:
    puzzle = puzzle_from_toml(text)
    want = brute_force(puzzle)
    assert len(want) == count
    assert solutions(puzzle) == want


def test_render_facts() -> None:
    puzzle = puzzle_from_toml("size = 4\n" + clue("sandwich", "sum = 2", line="r2", side="right") + clue("x-sum", "sum = 3", clue="r5c1") + clue("skyscraper", "count = 2", clue="r0c4"))
    text = render(puzzle).text
    for line in ["sandwichCell(1,1,2,1).", "sandwichSum(1,2).", "xsumCell(1,1,4,1).", "xsumCell(1,4,1,1).", "xsumSum(1,3).",
                 "skyscraperCell(1,1,1,4).", "skyscraperCount(1,2)."]:
        assert line in text
    for header in ["% Sandwich: a clue outside the grid is the sum of the digits between the 1 and the 4", "% X-sum:", "% Skyscraper:"]:
        assert header in text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param(clue("sandwich", "sum = 6", line="r1"), "sum 6 is outside 0..5", id="sandwich-sum"),
        pytest.param(clue("sandwich", "sum = 1", clue="r1c1"), "must stand just outside the grid", id="inside"),
        pytest.param(clue("sandwich", "sum = 1", clue="r0c0"), "must stand just outside the grid", id="corner"),
        pytest.param(clue("sandwich", "sum = 1", clue="r6c1"), "outside the 4x4 grid", id="far"),
        pytest.param(clue("sandwich", "sum = 1"), "give either clue", id="no-place"),
        pytest.param(clue("sandwich", "sum = 1", line="r1", clue="r0c1"), "give either clue", id="two-places"),
        pytest.param(clue("sandwich", "sum = 1", line="x1"), "line must name a row or column", id="bad-line"),
        pytest.param(clue("sandwich", "sum = 1", line="r5"), "outside the 4x4 grid", id="line-outside"),
        pytest.param(clue("x-sum", "sum = 1", line="r1", side="top"), "side of a row must be left or right", id="bad-side"),
        pytest.param(clue("x-sum", "sum = 1", clue="r0c1", side="top"), "side goes with line", id="side-with-clue"),
        pytest.param(clue("x-sum", "sum = 11", line="r1"), "sum 11 is outside 0..10", id="x-sum-sum"),
        pytest.param(clue("skyscraper", "count = 5", line="r1"), "count 5 is outside 1..4", id="skyscraper-count"),
        pytest.param(clue("skyscraper", "sum = 3", line="r1"), "unknown key 'sum'", id="skyscraper-key"),
        pytest.param(clue("skyscraper", "count = 1", line="r1") + clue("skyscraper", "count = 1", clue="r1c0"), "already has a skyscraper clue", id="twice"),
        pytest.param(clue("sandwich", "sum = 1", line="c2") + clue("sandwich", "sum = 1", line="c2", side="bottom"), "already has a sandwich clue", id="sandwich-both-ends"),
    ],
)
def test_bad_clues(text: str, message: str) -> None:
    with pytest.raises(PuzzleFormatError) as info:
        puzzle_from_toml("size = 4\n" + text)
    assert message in str(info.value)
    assert str(info.value).startswith("test.toml:")


# A 4x4 holding 1-5: rows hold four different digits, so a row may lack the 1 or the 5.
FIVE_DIGITS = "1234\n3451\n2513\n4125"


@pytest.mark.parametrize(("row", "total"), [(1, 0), (2, 0), (3, 0), (4, 2)])
def test_sandwich_on_a_line_lacking_a_crust(row: int, total: int) -> None:
    """Row 1 lacks the 5, row 2 has 5 and 1 side by side, row 3 5 then 1, row 4 the 2 between:
    the template and the checker agree on every sum 0..6 (the right one only), without a crash."""
    grid = Grid(tuple(tuple(int(ch) for ch in line) for line in FIVE_DIGITS.splitlines()))
    for number in range(7):
        text = f'size = 4\nvalues = "1-5"\ngivens = """\n{FIVE_DIGITS}\n"""\n' + clue("sandwich", f"sum = {number}", line=f"r{row}")
        puzzle = puzzle_from_toml(text)
        found = solve(puzzle, limit=2).solutions
        assert (list(found) == [grid]) == (number == total) == (violations(puzzle, grid) == []), (number, found)
