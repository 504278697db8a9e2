"""The library's `Solver` as a programmer meets it (QA passes): options out of range refused as the
command line refuses them (a negative depth, no workers, a negative time limit were taken without
a word), a Puzzle built in code checked as a file is, its time limit per path, its step limit
said."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from asp_sudoku import load
from asp_sudoku.core.errors import AspSudokuError
from asp_sudoku.core.model import Puzzle
from asp_sudoku.rules.killer import Killer
from asp_sudoku.setter.logic import Solver, solve_path

ROOT = Path(__file__).resolve().parents[2]
PUZZLE = load(str(ROOT / "instances/classic-9x9-seed.toml"))
FOUR = {"size": 4, "box": (2, 2), "digits": (1, 4)}


@pytest.mark.parametrize(
    ("options", "error", "said"),
    [
        ({"max_depth": -1}, ValueError, "max_depth must be at least 0, not -1"),
        ({"max_depth": 1.5}, TypeError, "max_depth must be a whole number, not float"),
        ({"max_depth": True}, TypeError, "max_depth must be a whole number, not bool"),
        ({"workers": 0}, ValueError, "workers must be at least 1, not 0"),
        ({"workers": "2"}, TypeError, "workers must be a whole number, not str"),
        ({"time_limit": -1}, ValueError, "time_limit must be a finite number of seconds above 0"),
        ({"time_limit": float("inf")}, ValueError, "time_limit must be a finite number of seconds above 0"),
        ({"finish_time": -0.5}, ValueError, "finish_time must be a finite number of seconds from 0"),
        ({"finish_time": float("nan")}, ValueError, "finish_time must be a finite number of seconds from 0"),
        ({"finish_time": "10"}, TypeError, "finish_time must be a number of seconds, not str"),
    ],
)
def test_an_option_out_of_range_is_refused(options: dict[str, object], error: type[Exception], said: str) -> None:
    with pytest.raises(error, match=said):
        Solver(PUZZLE, **options)  # type: ignore[arg-type]


@pytest.mark.parametrize("options", [{}, {"max_depth": 0}, {"time_limit": 30, "finish_time": 0, "workers": 1}, {"time_limit": None}])
def test_options_in_range_are_taken(options: dict[str, object]) -> None:
    assert Solver(PUZZLE, **options).path().solved  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("puzzle", "said"),
    [  # a KeyError mid-path, and confident wrong outcomes ("no solution"), before
        (Puzzle(**FOUR, clues=(Killer(cells=((5, 5), (1, 2)), total=3),)), "killer #1: cell 'r5c5' is outside the 4x4 grid"),
        (Puzzle(size=6, cols=8, box=(3, 4), digits=(1, 8)), "box 3x4 has 12 cells, more than the 8 digits"),
        (Puzzle(size=4, box=None, digits=(1, 4), regions=((1, 1, 1, 1), (1, 2, 2, 2), (3, 3, 4, 4), (3, 3, 4, 4))),
         "region '1' has 5 cells; each region needs 4"),
    ],
)
def test_a_puzzle_built_in_code_is_checked_as_a_file_is(puzzle: Puzzle, said: str) -> None:
    with pytest.raises(AspSudokuError, match=f"^invalid Puzzle: .*{said}"):
        Solver(puzzle)
    with pytest.raises(AspSudokuError, match="^invalid Puzzle: "):
        solve_path(puzzle)


@pytest.mark.parametrize("given", [str(ROOT / "instances/classic-4x4-seed-a.toml"), ROOT / "instances/spoons.toml", None])
def test_what_is_no_puzzle_is_a_type_error_naming_load(given: object) -> None:
    with pytest.raises(TypeError, match=r"expected a Puzzle \(asp_sudoku.load reads a file or puzzle text\)"):
        Solver(given)  # type: ignore[arg-type]


def test_each_later_path_has_a_time_limit_of_its_own() -> None:
    """The deadline was fixed when the Solver was made: a second path() after it had passed
    returned at once, stopped with no step."""
    solver = Solver(PUZZLE, time_limit=0.5)
    first = solver.path()
    time.sleep(0.6)  # the first path's limit has passed
    again = solver.path()
    assert first.solved and again.solved and again.steps == first.steps and not again.timed_out


def test_a_path_the_step_limit_stops_says_so_and_does_not_look_for_a_finishing_depth() -> None:
    """It said "stuck" and "a trial of depth 3 finishes it" on a grid singles finish."""
    path = Solver(PUZZLE, finish_time=5).path(limit=3)
    assert len(path.steps) == 3 and path.step_limited and path.finish is None and not path.timed_out
    whole = Solver(PUZZLE, finish_time=5).path()
    assert whole.solved and not whole.step_limited
    with pytest.raises(ValueError, match="limit must be at least 1, not 0"):
        Solver(PUZZLE).path(limit=0)
    with pytest.raises(TypeError, match="on_step must be callable or None, not int"):
        Solver(PUZZLE).path(on_step=1)  # type: ignore[arg-type]


def test_givens_that_clash_leave_the_other_givens_placed() -> None:
    """The candidates left ignored every given when two clashed (the web page's left out only the
    clashing one)."""
    path = Solver(load("1..1\n....\n..3.\n....")).path()
    assert path.status == "no solution" and path.contradiction == "the given 1 at r1c4 repeats the given 1 at r1c1 in row 1"
    assert path.left[2][2] == (3,) and path.grid[0][0] == 1


def test_the_time_limit_counts_the_solvers_set_up() -> None:
    """The deadline was set after the clues' scopes were worked out: about a second on this
    puzzle, so `--time-limit 1` ran 2.5 s."""
    puzzle = load(str(ROOT / "instances/full-rank-dsm-2023.toml"))
    started = time.perf_counter()
    solver = Solver(puzzle, time_limit=1)
    assert solver.deadline is not None and solver.deadline - started <= 1.05


def _many_cages(count: int) -> Puzzle:
    """A 9x9 with `count` cages of three cells in rows (overlapping: only the set-up matters)."""
    cages = tuple(
        Killer(cells=tuple((1 + i % 9, 1 + (i // 9) % 7 + k) for k in range(3)), total=6 + i % 19) for i in range(count)
    )
    return Puzzle(size=9, box=(3, 3), digits=(1, 9), clues=cages, path="<many cages>")


@pytest.mark.filterwarnings("ignore")
def test_a_set_up_past_the_time_limit_ends_the_path_at_once() -> None:
    """Working out each clue's checks grounds its template (about 10 ms a clue): 8,000 cages ran
    80 s past a 3 s limit, and the web page's Stop did not end it (a QA pass).  The set-up now
    stops at the limit (or the stop) and the path ends at once, stopped with no step."""
    started = time.perf_counter()
    solver = Solver(_many_cages(600), time_limit=0.5)
    path = solver.path()
    took = time.perf_counter() - started
    assert solver.late and path.timed_out and path.steps == () and path.status == "stuck"
    assert took < 2.0, took
    again = solver.path()  # its checks are not all ready: a later path ends at once as well
    assert again.timed_out and again.steps == ()


def test_a_second_path_of_one_solver_is_the_first_word_for_word() -> None:
    """A Solver's later `path()` starts afresh: what the first path's trials left (where they
    ended, where each depth's trial left off) goes, so the same steps come again (a QA pass:
    Inkala's second path took 110 steps instead of 101)."""
    solver = Solver(load(str(ROOT / "instances/classic-inkala.toml")), 2)
    first = [step.text for step in solver.path().steps]
    assert [step.text for step in solver.path().steps] == first
    assert sum("trial (depth 2)" in text for text in first) >= 5
