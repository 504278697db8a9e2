"""A trial whose singles fill the grid checks that grid against every clue and rule: the
singles of a trial's round come before any clue's check, so a filled grid was taken for no
contradiction (found by a QA pass with a brute force: three puzzles with one solution ended
"stuck", and one with none was rated instead of ending in "no solution")."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_steps import checked

from asp_sudoku import load
from asp_sudoku.core.model import Puzzle
from asp_sudoku.setter.candidates import candidates
from asp_sudoku.setter.logic import Solver

# A 6x6 whose three wrong completions of the candidates left without trial break only the
# ratio-3 black dot; with r1c1 = 2 given as well there is no solution at all.
SIX = '''size = 6
box = "2x3"
givens = """
{first} . . 4 . .
. 4 . . . .
. . . 1 . .
. . . . 6 .
. 2 4 . . .
1 . . . . .
"""

[[palindrome]]
cells = ["r6c2", "r5c2", "r4c1"]

[[kropki-black]]
cells = ["r2c5", "r2c6"]
ratio = 3

[[skyscraper]]
clue = "r4c0"
count = 3

[[skyscraper]]
clue = "r5c7"
count = 2
'''

# A 6x6 where the anti-diagonal is what the singles of a trial break.
DIAGONAL = '''size = 6
box = "2x3"
rules = ["diagonal+"]
givens = """
. . . . . 1
5 . . 6 . .
. . . . . .
4 . . . . .
. . . . . .
2 . . . 1 .
"""

[[modular]]
cells = ["r5c1", "r4c2", "r5c3", "r4c3", "r3c4"]

[[modular]]
cells = ["r5c6", "r6c6", "r6c5"]

[[nabner]]
cells = ["r6c2", "r5c1"]
'''


def puzzle(text: str, tmp_path: Path) -> Puzzle:
    file = tmp_path / "p.toml"
    file.write_text(text, encoding="utf-8")
    return load(str(file))


@pytest.mark.parametrize("text", [SIX.format(first="."), DIAGONAL], ids=["black-dot", "anti-diagonal"])
def test_a_trial_that_fills_the_grid_sees_what_it_breaks(text: str, tmp_path: Path) -> None:
    path = checked(puzzle(text, tmp_path), depth=1)  # every step right, and the end the solution
    assert path.solved
    assert any("the filled grid breaks a rule" in s.text for s in path.steps if s.technique == "trial")


def test_a_trial_that_fills_the_grid_shows_there_is_no_solution(tmp_path: Path) -> None:
    p = puzzle(SIX.format(first="2"), tmp_path)
    assert candidates(p).status == "unsatisfiable"  # clingo agrees there is none
    path = Solver(p, 1, finish_time=5).path()
    assert path.status == "no solution" and path.finish is None
    assert path.contradiction is not None and "the filled grid breaks a rule" in path.contradiction
