"""bench/logic_ratings.py prints the same figures whatever its workers (they only rate puzzles
side by side); no timing is asserted."""

from __future__ import annotations

import subprocess
import sys

import pytest
from helpers import ROOT


def _figures(workers: int) -> list[str]:
    out = subprocess.run(
        [sys.executable, "-m", "bench.logic_ratings", "--count", "5", "--seeds", "1", "--workers", str(workers)],
        cwd=ROOT, capture_output=True, text=True, check=True, timeout=300,
    ).stdout
    return [line for line in out.splitlines() if " puzzles in " not in line]


@pytest.mark.slow
def test_the_ratings_are_the_same_over_two_workers() -> None:
    alone = _figures(1)
    assert len([line for line in alone if " givens " in line]) == 5 and any("Spearman(rating, conflicts)" in line for line in alone)
    assert _figures(2) == alone


def _bench(module: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", module, *args], cwd=ROOT, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize(
    ("module", "args", "said"),
    [  # options that made a traceback or a silent wrong run (a QA pass): now one line, exit 2
        ("bench.logic_ratings", ["--count", "0"], "--count: must be at least 1"),
        ("bench.logic_ratings", ["--count", "-5"], "--count: must be at least 1"),
        ("bench.logic_ratings", ["--seeds", "0"], "--seeds: must be at least 1"),
        ("bench.logic_ratings", ["--time-limit", "0"], "--time-limit: expected a finite number of seconds above 0"),
        ("bench.logic_ratings", ["--depth", "-1"], "--depth:"),
        ("bench.logic_steps", ["--steps", "0"], "--steps: expected a whole number from 1"),
        ("bench.logic_steps", ["--workers", "0"], "--workers: expected a whole number from 1"),
        ("bench.logic_steps", ["--rounds", "0"], "--rounds: expected a whole number from 1"),
        ("bench.logic_steps", ["--time-limit", "-5"], "--time-limit: expected a finite number of seconds above 0"),
        ("bench.logic_steps", ["8"], "no TAREK killer '8': neither 8.toml nor 8.iss"),
    ],
)
def test_a_benchmark_refuses_bad_options_in_one_line(module: str, args: list[str], said: str) -> None:
    done = _bench(module, *args)
    assert done.returncode == 2 and said in done.stderr and "Traceback" not in done.stderr, done.stderr
    assert done.stdout == ""


def test_an_undefined_correlation_is_not_printed_as_zero() -> None:
    """All ties on one side (the first puzzles all have 18 givens) leave Spearman's correlation
    undefined: it was printed as 0.000, which reads as a measured zero."""
    from bench.logic_ratings import shown, spearman

    assert spearman([18.0, 18.0, 18.0], [3.0, 1.0, 2.0]) is None
    assert shown(None).startswith("undefined") and shown(spearman([1.0, 2.0, 3.0], [2.0, 4.0, 9.0])) == "1.000"
