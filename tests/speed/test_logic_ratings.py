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
