"""pytest set-up for the whole suite: a private template cache, the Hypothesis profile, the
`root` fixture and the `nightly` marker.  The helpers the tests import live in helpers.py (a
test file never imports conftest: `pytest` and `python -m pytest` would import it differently)."""

from __future__ import annotations

import atexit
import os
import shutil
import signal
import tempfile
from pathlib import Path

import pytest

# Tests import these from helpers; re-exported for a test file still written `from conftest import`.
from helpers import DATA, INSTANCES, ROOT, assert_solution, puzzle_from_toml  # noqa: F401
from hypothesis import settings

# The tests (and the processes they start) keep rendered templates in a cache of their own, not
# in the user's ~/.cache (asp_sudoku/templates.py); a test of the cache sets its own folder.
if "ASP_SUDOKU_CACHE_DIR" not in os.environ:
    _cache = tempfile.mkdtemp(prefix="asp-sudoku-test-cache-")
    os.environ["ASP_SUDOKU_CACHE_DIR"] = _cache
    atexit.register(shutil.rmtree, _cache, True)

# A shell without job control starts a background command (`python -m pytest &`) with Ctrl-C
# ignored, and Python then installs no handler of its own: the tests that interrupt a search
# (tests/hostile/test_limits.py, tests/speed/test_threads.py) would wait for ever.  They get
# Python's usual handler back; the processes they start inherit it (an ignored signal would stay
# ignored across exec).
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# Property tests draw the same examples on every run (a test run must not pass or fail by
# chance; CI lands on it).  `HYPOTHESIS_PROFILE=explore python -m pytest tests/hostile/`
# draws new ones each run, for looking for new bugs.
settings.register_profile("repeatable", derandomize=True, database=None)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))


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
