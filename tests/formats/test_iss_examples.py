"""Real puzzles for the issue-7 rules (ISS examples: converted from the neutral form, plus a few
transcribed from the raw file for rules the neutral file lacks): each is solved and compared with
the solution its source records."""

from __future__ import annotations

import json

import pytest
from helpers import DATA

from asp_sudoku import load
from asp_sudoku.solving.single import solve

FOLDER = DATA / "iss_more"
INDEX = json.loads((FOLDER / "index.json").read_text(encoding="utf-8"))
PICKED = json.loads((FOLDER / "picked.json").read_text(encoding="utf-8"))

# What we find where the source records no unique solution, and why.
STATUS = {
    # Sandwich clues alone cannot tell 1 from 9: swapping them keeps every sum, so a sandwich
    # puzzle without givens has solutions in pairs.  The recorded grid is one of the two found.
    "sandwich-snipe-18.toml": "multiple",
    # ISS's "slow cases" with no recorded solution.
    "sandwich-partial-slow.toml": "multiple",
    "skyscaper-2-3.toml": "multiple",
    # Named "Zero solution" by its source.
    "zero-solution-renban.toml": "unsatisfiable",
}
SLOW = {"iss-the-zip-that-zips-the-zips.toml", "iss-region-sum-lines-hard.toml", "sandwich-snipe-18.toml", "skyscaper-2-3.toml", "renban-skyscrapers.toml", "hard-renban-1.toml",
        "hard-renban-2.toml", "hard-renban-3.toml", "skyscraper-all-5.toml"}


# Solved again by tests/formats/test_iss.py (ISS's own strings) and 2.5-8 s each: -m nightly here.
NIGHTLY = {"sandwich-snipe-18", "skyscaper-2-3", "zero-solution-renban", "hard-renban-1", "hard-renban-2",
           "skyscraper-all-5"}


def _param(entry: dict[str, object]) -> object:
    marks = [pytest.mark.slow] if entry["file"] in SLOW else []
    if str(entry["file"]).removesuffix(".toml") in NIGHTLY:
        marks = [pytest.mark.nightly]
    return pytest.param(entry, id=str(entry["file"]).removesuffix(".toml"), marks=marks)


@pytest.mark.parametrize("entry", [_param(e) for e in INDEX + PICKED])
def test_iss_puzzle(entry: dict[str, object]) -> None:
    puzzle = load(str(FOLDER / str(entry["file"])))
    result = solve(puzzle, limit=2)
    assert result.status == STATUS.get(str(entry["file"]), "unique")
    if entry["solution"]:
        assert entry["solution"] in {grid.as_string() for grid in result.solutions}


def test_rules_covered_by_real_puzzles() -> None:
    used = {rule for entry in INDEX + PICKED for rule in entry["rules"]}
    assert {"kropki-white", "kropki-black", "xv", "sandwich", "x-sum", "skyscraper", "whispers", "renban",
            "even", "odd", "regions", "between", "palindrome", "zipper", "region-sum", "quadruple",
            "weighted-sum", "kropki-negative", "xv-negative"} <= used
