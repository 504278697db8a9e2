"""The ISS input forms beside its constraint strings that ISS itself accepts: the pencilmark grid
(729 characters for a 9x9), the one-line jigsaw (givens, then the region layout), a cage with an
empty sum, and a constraint string that begins with an empty item (``..Cage~...``), given to the
library and to the CLI."""

from __future__ import annotations

import pytest
from helpers import checked_solutions

from asp_sudoku import check, count, is_solution, load, solve
from asp_sudoku.cli import main
from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.formats import detect
from asp_sudoku.rules.pencilmarks import Pencilmarks

EMPTY_4 = "1234" * 16


def test_pencilmark_grid_limits_cells() -> None:
    # A 4x4 pencilmark grid (64 characters): r1c1 may be only 1, r1c2 only 2 or 3.
    text = "1..." + ".23." + "1234" * 14
    assert detect(text) == "iss"
    puzzle = load(text)
    assert puzzle.givens == ((1, 1, 1),)
    assert [(c.cells, c.digits) for c in puzzle.clues if isinstance(c, Pencilmarks)] == [(((1, 2),), (2, 3))]
    # 72 grids have r1c1 = 1; by symmetry a third of them have r1c2 = 4.
    assert count(puzzle).count == len(checked_solutions(puzzle)) == 48


def test_pencilmark_grid_all_digits_is_the_empty_grid() -> None:
    assert count(load(EMPTY_4)).count == 288


def test_pencilmark_grid_cell_with_no_digit_is_an_error() -> None:
    # 729 characters (a 9x9's): no other reading (64 with a cell of no digit are an 8x8 grid, below)
    with pytest.raises(Exception, match=r"R1C1 holds '\.{9}'"):
        load("." * 9 + "123456789" * 80)


@pytest.mark.parametrize(
    "line",
    [
        "2..6..8..3..1..6..6..8..3..7..6..2..8..3..3..6..8..1..3..7..6..8",  # digits past 4
        "." * 64,  # the empty 8x8
        "1..." + "...." * 15,  # cells of no digit
    ],
    ids=["digits", "empty", "no-digit-cells"],
)
def test_a_one_line_8x8_grid_is_no_pencilmark_grid(line: str, capsys: pytest.CaptureFixture[str]) -> None:
    """64 characters are an 8x8 one-line grid (docs/formats.md) or a 4x4 pencilmark grid; every
    8x8 line was read as the latter and refused ("ISS pencilmarks: cell R1C1 holds '2..6'")."""
    puzzle = load(line)
    assert (puzzle.size, puzzle.cols) == (8, 8)
    assert len(puzzle.givens) == sum(ch != "." for ch in line)
    assert main(["check", "--time-limit", "5", line]) in (0, 1)
    assert "error" not in capsys.readouterr().err


def test_one_line_jigsaw() -> None:
    # 4x4 givens, then the layout: regions are the four 2x2 boxes, named by letters.
    givens = "1..." + "...." * 3
    layout = "AABB" "AABB" "CCDD" "CCDD"
    puzzle = load(givens + " " + layout)
    assert puzzle.regions is not None and puzzle.box is None
    assert count(puzzle).count == count(load("size = 4\ngivens = \"1...\\n....\\n....\\n....\"")).count


def test_cage_with_an_empty_sum_is_a_cage_without_a_sum() -> None:
    puzzle = load(".Shape~4x4.Cage~~R1C1~R2C2")
    [cage] = puzzle.clues
    assert cage.kind == "killer" and getattr(cage, "total", None) in (None, 0)
    # A cage without a sum still keeps its digits different: 288 grids less those with r1c1 = r2c2.
    assert count(puzzle).count == 288 - len([g for g in count(load(".Shape~4x4")).solutions if g.rows[0][0] == g.rows[1][1]])


def test_string_beginning_with_an_empty_item(capsys: pytest.CaptureFixture[str]) -> None:
    text = "..Shape~4x4.Cage~3~R1C1~R1C2.~R1C1_1"
    assert detect(text) == "iss"
    assert check(text).status == check(text[1:]).status == "multiple"
    assert main(["check", text]) == 1
    assert "multiple" in capsys.readouterr().out


def test_a_sandwich_on_a_line_that_cannot_hold_every_digit_sums_between_its_own_ends() -> None:
    # ISS builds Sandwich as a Lunchbox unless the line holds every digit (handlers.js: _isHouse);
    # we summed between the grid's 1 and 5, which a row of a 4x4 holding 1-5 may lack: 0 solutions
    short = load(".Shape~4x4~1-5.~R1C1_2.~R1C4_3.Sandwich~4~R1")
    (clue,) = short.clues
    assert clue.kind == "lunchbox" and clue.cells == ((1, 1), (1, 2), (1, 3), (1, 4))
    grids = solve(load(".Shape~4x4~1-5.~R1C1_2.~R1C4_3"), limit=None).solutions  # without the clue

    def between_ends(row: tuple[int, ...]) -> int:  # ISS's Lunchbox: strictly between min and max
        i, j = sorted((row.index(min(row)), row.index(max(row))))
        return sum(row[i + 1 : j])

    assert count(short).count == sum(between_ends(g.rows[0]) == 4 for g in grids) > 0
    full = load(".Sandwich~10~R1")
    assert [c.kind for c in full.clues] == ["sandwich"]


def test_an_entropic_line_of_two_cells_holds_two_thirds() -> None:
    # refused before ("cells needs at least 3 cell(s)"); ISS and Rangsk read it so
    assert check(".Entropic~R1C1~R2C1.~R1C1_1~R2C1_2").status == "unsatisfiable"  # 1 and 2: both low
    assert check(".Entropic~R1C1~R2C1.~R1C1_1~R2C1_4").status == "multiple"


def test_an_x_sum_whose_first_digit_is_past_the_line_breaks_the_clue() -> None:
    # ISS's XSum (sudoku_builder.js) branches on X = 2..the line's length: a row of a 4x4 holding
    # 1-5 that starts with 5 breaks it; we summed the whole row (16 solutions here, ISS's 8)
    rows = ".~R3C1_1~R3C2_2~R3C3_3~R3C4_4~R4C1_3~R4C2_4~R4C3_1~R4C4_2"
    puzzle = load(".Shape~4x4~1-5.XSum~R1~13~" + rows)
    (clue,) = puzzle.clues
    assert clue.kind == "x-sum"
    grids = solve(load(".Shape~4x4~1-5" + rows), limit=None).solutions  # without the clue

    def iss_reads(row: tuple[int, ...]) -> bool:
        return row[0] <= len(row) and sum(row[: row[0]]) == 13

    assert count(puzzle, limit=None).count == sum(iss_reads(g.rows[0]) for g in grids) == 8
    # the checker agrees: a 5 first, whatever the row adds up to, breaks the clue
    for grid in grids:
        assert is_solution(puzzle, grid) == iss_reads(grid.rows[0])


def test_an_iss_x_sum_of_0_is_refused() -> None:
    # ISS refuses it (sudoku_constraint.js: "Clue value can't be 0"); we read it as a clue no grid
    # of digits from 1 keeps (0 solutions)
    with pytest.raises(PuzzleFormatError, match="XSum: a clue of 0"):
        load(".Shape~4x4.XSum~R1~0~3")


def test_a_sum_with_weights_written_without_the_equals_sign() -> None:
    # sudoku_constraint.js (Sum): 'S_w1_w2' is the sum and one coefficient a cell; we read only
    # 'S_=_w1_w2' and took the weights of '8_2_1' for 1 each (0 solutions: no two digits make 8)
    new, old = load(".Shape~4x4.Sum~8_2_1~R1C1~R1C2"), load(".Shape~4x4.Sum~8_=_2_1~R1C1~R1C2")
    assert new.clues == old.clues
    (clue,) = new.clues
    assert clue.kind == "weighted-sum" and clue.weights == (2, 1)
    grids = solve(load(".Shape~4x4"), limit=None).solutions
    assert count(new, limit=None).count == sum(2 * g.rows[0][0] + g.rows[0][1] == 8 for g in grids) == 48


def test_a_lockout_of_difference_0_keeps_its_ends_different() -> None:
    # handlers.js Lockout: the ends are exclusion cells whatever the difference, so 0 is 1 (we
    # refused it: "difference 0 is outside 1..3")
    zero = load(".Shape~4x4.Lockout~0~R1C1~R2C2~R1C3")
    assert zero.clues == load(".Shape~4x4.Lockout~1~R1C1~R2C2~R1C3").clues
    grids = solve(load(".Shape~4x4"), limit=None).solutions

    def iss_reads(g: tuple[tuple[int, ...], ...]) -> bool:
        a, m, b = g[0][0], g[1][1], g[0][2]
        return a != b and not min(a, b) <= m <= max(a, b)

    assert count(zero, limit=None).count == sum(iss_reads(g.rows) for g in grids) > 0
