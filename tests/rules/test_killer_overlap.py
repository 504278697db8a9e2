"""A cell in two killer cages: usually a typo, so the reader warns (naming both cages' lines)."""

from __future__ import annotations

import warnings

import pytest
from helpers import DATA, INSTANCES

from asp_sudoku import load
from asp_sudoku.core.errors import FormatWarning
from asp_sudoku.formats.toml import parse_toml

TWO_CAGES = """size = 4

[[killer]]
cells = ["r1c1", "r1c2"]
sum = 3

[[killer]]
cells = ["r1c2", "r2c2"]
sum = 5
"""


def test_a_cell_in_two_cages_is_warned_with_file_lines_and_cell() -> None:
    with pytest.warns(FormatWarning, match=r"^t\.toml:7: r1c2 is in two killer cages, this one and the cage on line 3 "):
        puzzle = parse_toml(TWO_CAGES, "t.toml")
    assert len(puzzle.clues_of("killer")) == 2  # still read: some published puzzles overlap on purpose


def test_cages_apart_give_no_warning() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        parse_toml(TWO_CAGES.replace('"r1c2", "r2c2"', '"r2c1", "r2c2"'), "t.toml")


def test_formats_without_lines_name_the_cage_by_position() -> None:
    # an Interactive Sudoku Solver string: two cages sharing R1C2
    text = ".Shape~4x4.Cage~3~R1C1~R1C2.Cage~5~R1C2~R2C2"
    with pytest.warns(FormatWarning, match=r"r1c2 is in two killer cages, this one and cage 1 "):
        load(text)


def test_the_published_overlap_puzzle_still_loads() -> None:
    with pytest.warns(FormatWarning, match="r1c5 is in two killer cages"):
        puzzle = load(str(DATA / "iss" / "016-killer-sudoku-overlap.toml"))
    assert puzzle.clues_of("killer")


def test_the_cage_combinations_of_a_puzzle_are_capped_and_the_answers_stay(monkeypatch: pytest.MonkeyPatch) -> None:
    """1000 cages of a 25x25 made 1.5 million combination facts (100 s, 5 GB of grounding); past
    MAX_FACTS the cages left go without the speed-up, which adds no solution."""
    from asp_sudoku import solve
    from asp_sudoku.rules import killer_combinations

    puzzle = load(str(INSTANCES / "killer-wikipedia.toml"))
    def combinations() -> int:
        return sum(line.startswith("killerCombination(") for line in killer_combinations.facts(puzzle))

    full = combinations()
    before = solve(puzzle)
    monkeypatch.setattr(killer_combinations, "MAX_FACTS", full // 3)
    assert 0 < combinations() <= full // 3
    after = solve(puzzle)
    assert after.status == before.status == "unique" and after.solutions == before.solutions
