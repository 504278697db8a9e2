"""Shared test helpers: paths, and a solver wrapper that checks every grid independently."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

from asp_sudoku import checker as check
from asp_sudoku.core.model import Grid, Puzzle
from asp_sudoku.formats import parse_many

# The tests (and the processes they start) keep rendered templates in a cache of their own, not
# in the user's ~/.cache (asp_sudoku/templates.py); a test of the cache sets its own folder.
if "ASP_SUDOKU_CACHE_DIR" not in os.environ:
    _cache = tempfile.mkdtemp(prefix="asp-sudoku-test-cache-")
    os.environ["ASP_SUDOKU_CACHE_DIR"] = _cache
    atexit.register(shutil.rmtree, _cache, True)

# Property tests draw the same examples on every run (a test run must not pass or fail by
# chance; CI lands on it).  `HYPOTHESIS_PROFILE=explore python -m pytest tests/test_hostile_*.py`
# draws new ones each run, for looking for new bugs.
settings.register_profile("repeatable", derandomize=True, database=None)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))

ROOT = Path(__file__).resolve().parent.parent
INSTANCES = ROOT / "instances"
DATA = Path(__file__).resolve().parent / "data"


def puzzle_from_toml(text: str, path: str = "test.toml") -> Puzzle:
    """Parse a TOML puzzle text (one puzzle)."""
    [puzzle] = parse_many(text, path, "toml")
    return puzzle


def assert_solution(puzzle: Puzzle, grid: Grid) -> None:
    """Fail with the checker's words when a grid is not a solution."""
    assert check.violations(puzzle, grid) == []


@pytest.fixture
def root() -> Path:
    return ROOT


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked `nightly` run only when asked for (`-m nightly`), as pyproject.toml says."""
    if config.getoption("-m"):
        return
    skip = pytest.mark.skip(reason="nightly: run with -m nightly")
    for item in items:
        if "nightly" in item.keywords:
            item.add_marker(skip)
