"""`draw_solution`: a solution drawn for a seed, uniformly, by each of its three ways.

The solutions are listed by brute force (tests/helpers.checked_solutions, no clingo); each drawn
grid goes through the checker; frequencies over fixed seeds (0..N-1, so the test cannot flake)
pass a chi-square test with a lenient bound."""

from __future__ import annotations

import collections
from pathlib import Path

import pytest
from helpers import assert_solution, checked_solutions, puzzle_from_toml

from asp_sudoku.core.model import Grid, Puzzle
from asp_sudoku.solving.draw import draw_solution

# 4x4 puzzles with 24 and with 6 solutions, and one with none.
ONE_BOX = 'size = 4\ngivens = """\n1 2 . .\n. . . .\n. . . .\n. . . .\n"""\n'
ONE_ROW = 'size = 4\ngivens = """\n1 2 3 4\n3 . . .\n. . . .\n. . . .\n"""\n'
NONE = 'size = 4\ngivens = """\n1 1 . .\n. . . .\n. . . .\n. . . .\n"""\n'


def key(grid: Grid) -> str:
    return "".join(str(v) for row in grid.rows for v in row)


def chi_square(seen: collections.Counter[str], every: list[str], draws: int) -> float:
    expected = draws / len(every)
    return sum((seen[s] - expected) ** 2 / expected for s in every)


def draws(puzzle: Puzzle, seeds: range, **options: int) -> collections.Counter[str]:
    seen: collections.Counter[str] = collections.Counter()
    for seed in seeds:
        drawn = draw_solution(puzzle, seed, **options)
        assert drawn.grid is not None and drawn.uniform
        assert_solution(puzzle, drawn.grid)
        seen[key(drawn.grid)] += 1
    return seen


@pytest.mark.slow  # 360 draws: about 5 s
def test_every_solution_is_drawn_about_equally_often() -> None:
    puzzle = puzzle_from_toml(ONE_BOX)
    every = checked_solutions(puzzle)
    assert len(every) == 24
    n = 24 * 15
    first = draw_solution(puzzle, 0)
    assert first.method == "enumerated" and first.count == len(every)
    seen = draws(puzzle, range(n))
    assert set(seen) == set(every)  # every solution appears, and nothing else
    # 23 degrees of freedom: P(chi2 > 70) is about 1e-6; a biased draw (one solution never
    # drawn, or one drawn twice as often) goes far past it
    assert chi_square(seen, every, n) < 70, seen


@pytest.mark.slow  # each conditioned draw grounds a program per branch: about 15 s in all
def test_conditioned_draws_are_uniform_too() -> None:
    puzzle = puzzle_from_toml(ONE_ROW)
    every = checked_solutions(puzzle)
    assert len(every) == 6
    n = 6 * 12
    first = draw_solution(puzzle, 0, limit=2)  # more solutions than the limit: split cells
    assert first.method == "conditioned" and first.count == len(every)
    seen = draws(puzzle, range(n), limit=2)
    assert set(seen) == set(every)
    # 5 degrees of freedom: P(chi2 > 30) is about 1.5e-5
    assert chi_square(seen, every, n) < 30, seen


def test_the_same_seed_draws_the_same_grid() -> None:
    puzzle = puzzle_from_toml(ONE_ROW)
    for limit in (100_000, 2):
        first = [draw_solution(puzzle, seed, limit=limit).grid for seed in range(4)]
        again = [draw_solution(puzzle, seed, limit=limit).grid for seed in range(4)]
        assert first == again
        assert len(set(first)) > 1  # the seed matters


def test_beyond_the_budget_the_draw_says_it_is_not_uniform() -> None:
    puzzle = puzzle_from_toml('size = 4\n')
    drawn = draw_solution(puzzle, 7, limit=5, budget=0)
    assert drawn.method == "randomized search" and not drawn.uniform and drawn.count is None
    assert drawn.grid is not None
    assert_solution(puzzle, drawn.grid)
    assert draw_solution(puzzle, 7, limit=5, budget=0).grid == drawn.grid


def test_no_solution_draws_nothing() -> None:
    drawn = draw_solution(puzzle_from_toml(NONE), 1)
    assert drawn.grid is None and drawn.count == 0 and drawn.method == "none"


def test_a_listing_out_of_conflicts_says_it_is_not_uniform_and_counts_only_what_it_found() -> None:
    """The listing stops after its conflicts (an empty non-consecutive 9x9 listed solutions for
    minutes before): then a randomized search, not uniform, and no claim of "more than 100,000"."""
    puzzle = puzzle_from_toml(ONE_BOX)
    drawn = draw_solution(puzzle, 3, conflicts=0)
    assert drawn.method == "randomized search" and not drawn.uniform and drawn.count is None
    assert drawn.at_least == 1 and drawn.grid is not None
    assert_solution(puzzle, drawn.grid)
    nothing = draw_solution(puzzle_from_toml(NONE), 3, conflicts=0)
    assert nothing.grid is None and nothing.count == 0 and nothing.method == "none"
    assert draw_solution(puzzle, 3).uniform  # the default budget lists these 24 at once


def test_the_command_line_says_why_a_draw_is_not_uniform(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An empty non-consecutive 6x6 with a listing budget of 100 conflicts (some of its 48
    solutions, not all): the solutions found are "at least" that many (never "more than
    100000"), and stderr says why it is not uniform."""
    import asp_sudoku.solving.draw as draw
    from asp_sudoku.cli import main

    monkeypatch.setattr(draw, "CONFLICTS", 100)
    path = tmp_path / "nc.toml"
    path.write_text('size = 6\nrules = ["non-consecutive"]\n', encoding="utf-8")
    assert main(["solve", "--random", "--seed", "5", str(path)]) == 0
    out, err = capsys.readouterr()
    assert "NOT drawn uniformly (the solutions could not all be listed within the listing's budget of 100 conflicts" in err
    assert "100000" not in out + err and "at least" in out
