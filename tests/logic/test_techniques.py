"""Each technique template on random pencil marks of a 4x4 grid, against brute force: every digit
it places is the digit of that cell in every grid the marks allow, every candidate it removes is
in none of them; and each technique fires somewhere (the test is not vacuous)."""

from __future__ import annotations

import random

import pytest
from grid_enum import grids

from asp_sudoku.core.model import Puzzle
from asp_sudoku.setter.logic.grid import Marks, house_facts, houses
from asp_sudoku.setter.logic.techniques import TECHNIQUES, Programs, Technique, steps

PUZZLE = Puzzle(size=4, box=(2, 2), digits=(1, 4))
ALL = list(grids(4, (2, 2)))
SMALL = [t for t in TECHNIQUES if t.n <= 3]  # quads and jellyfish need more than 4 houses


def _states(seed: int, count: int) -> list[Marks]:
    """Pencil marks that keep some grid: each cell holds its digit of a random grid and random
    others; a few cells are solved (their digit alone, gone from their peers)."""
    rng = random.Random(seed)
    all_houses = houses(PUZZLE)
    found = []
    for _ in range(count):
        grid = rng.choice(ALL)
        marks = Marks(PUZZLE, all_houses)
        for (r, c), ds in marks.cands.items():
            keep = {grid[r - 1][c - 1]} | {d for d in range(1, 5) if rng.random() < 0.45}
            ds.intersection_update(keep)
        for (r, c) in rng.sample(sorted(marks.cands), rng.randint(0, 3)):
            marks.place(r, c, grid[r - 1][c - 1])
        found.append(marks)
    return found


def _allowed(marks: Marks) -> list[tuple[tuple[int, ...], ...]]:
    return [g for g in ALL if all(g[r - 1][c - 1] in ds for (r, c), ds in marks.cands.items())]


@pytest.mark.parametrize("technique", SMALL, ids=lambda t: t.name)
def test_every_step_agrees_with_every_grid_the_marks_allow(technique: Technique) -> None:
    all_houses = houses(PUZZLE)
    text = "\n".join(house_facts(all_houses)) + "\n"
    fired = 0
    for marks in _states(7, 100):
        allowed = _allowed(marks)
        for step in steps(technique, marks, all_houses, text):
            fired += 1
            for r, c, p in step.placed:
                assert all(g[r - 1][c - 1] == p for g in allowed), step.text
            for r, c, p in step.removed:
                assert p in marks.cands[(r, c)], step.text
                assert all(g[r - 1][c - 1] != p for g in allowed), step.text
    assert fired > 0, f"{technique.name} never fired"


@pytest.mark.parametrize("technique", SMALL, ids=lambda t: t.name)
def test_a_program_grounded_once_answers_as_a_fresh_one(technique: Technique) -> None:
    """The program grounded once with the candidates as externals (`programs`), asked about
    one set of marks after another, finds exactly the steps a fresh program finds each time."""
    all_houses = houses(PUZZLE)
    text = "\n".join(house_facts(all_houses)) + "\n"
    programs: Programs = {}
    fired = 0
    for marks in _states(11, 60):
        fresh = steps(technique, marks, all_houses, text)
        fired += len(fresh)
        assert steps(technique, marks, all_houses, text, programs) == fresh
    assert fired > 0 and list(programs) == [technique]
