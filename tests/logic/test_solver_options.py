"""The library's `Solver` refuses options out of range as the command line does (a QA pass found
a negative depth, no workers and a negative time limit taken without a word)."""

from __future__ import annotations

from pathlib import Path

import pytest

from asp_sudoku import load
from asp_sudoku.setter.logic import Solver

PUZZLE = load(str(Path(__file__).resolve().parents[2] / "instances/classic-9x9-seed.toml"))


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
