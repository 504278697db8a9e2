"""Interactive Sudoku Solver's puzzles whose rules are the seed rules (killers, little killers,
thermometers, arrows, anti-knight/king, non-consecutive, diagonals, windoku, and from ISS's own
strings pill arrows, greater-than signs, disjoint groups): each solved, uniqueness as recorded,
equal to the recorded solution, every grid checked independently.

The files and what their sources recorded are in tests/data/iss/ and tests/data/iss-raw/, written
by tools/convert_neutral.py and tools/convert_iss_raw.py (see the README there).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers import DATA, assert_solution

from asp_sudoku.formats import load
from asp_sudoku.solving.single import solve

# Recorded puzzles that take the solver more than a second or so.
SLOW = {
    "037-wecoc-1.toml",
    "038-wecoc-1-mod-a.toml",
    "098-littlekiller-39-r2c1-littlekiller-39-r3.toml",
    "the-barbed-cross.toml",
    # A 32-cell arrow shaft each (ISS's "Long sums"): 3-8 s of CPU since the running sums got
    # distinct-digit bounds and the backward check (bench/README.md, "Long lines").
    "long-sums-1.toml",
    "long-sums-2.toml",
    "long-sums-3.toml",
}
NOT_RUN: set[str] = set()


def recorded(folder: str) -> list[dict[str, Any]]:
    """Index entries of a data folder that record a result."""
    index = json.loads((DATA / folder / "index.json").read_text(encoding="utf-8"))
    return [e for e in index if e["status"] is not None and e["file"] not in NOT_RUN]


def params(folder: str) -> list[Any]:
    """One test parameter per recorded puzzle, the slow ones marked."""
    out = []
    for e in recorded(folder):
        marks = [pytest.mark.slow] if e["file"] in SLOW else []
        if e["file"].removesuffix(".toml") == "long-sums-1":  # 6-11 s; also bench section 6's (nightly)
            marks = [pytest.mark.nightly]
        out.append(pytest.param(folder, e, id=e["file"].removesuffix(".toml"), marks=marks))
    return out


def test_at_least_forty_recorded_neutral_puzzles() -> None:
    entries = recorded("iss")
    assert len(entries) >= 40
    assert sum(e["status"] == "unique" for e in entries) >= 40


@pytest.mark.parametrize(("folder", "entry"), params("iss") + params("iss-raw"))
def test_recorded_result(folder: str, entry: dict[str, Any]) -> None:
    path: Path = DATA / folder / entry["file"]
    puzzle = load(str(path))
    result = solve(puzzle, limit=2, keep=2)
    assert result.status == entry["status"]
    for grid in result.solutions:
        assert_solution(puzzle, grid)
    if entry["solution"] is not None:
        assert result.solutions[0].as_string() == entry["solution"]


@pytest.mark.slow
def test_wecoc_mod_b_has_six_solutions_including_the_recorded_one() -> None:
    """The source found one solution of this modified puzzle without proving it unique; there are
    exactly six (found here, each checked)."""
    path = DATA / "iss" / "039-wecoc-1-mod-b.toml"
    recorded_grid = "163498752527613984984725631319872465672534819845961273258146397736259148491387526"
    assert recorded_grid in path.read_text(encoding="utf-8")
    puzzle = load(str(path))
    result = solve(puzzle, limit=None, keep=None)
    assert result.exhausted and result.count == 6
    for grid in result.solutions:
        assert_solution(puzzle, grid)
    assert recorded_grid in {g.as_string() for g in result.solutions}
