"""The quick Python tests for the XY-wing and XYZ-wing templates (`guards.may_find`): true exactly
when the template finds a step, on random candidates of a 9x9, a 6x6 and a 6x6 jigsaw (the
templates read the full houses: a cell sees the cells it shares one with)."""

from __future__ import annotations

import random

import pytest
from test_quick import PUZZLES

from asp_sudoku.core.model import Puzzle
from asp_sudoku.setter.logic.grid import Marks, house_facts, houses
from asp_sudoku.setter.logic.guards import may_find
from asp_sudoku.setter.logic.techniques import TECHNIQUES, steps

WINGS = [t for t in TECHNIQUES if t.template in ("xy_wing.lp.j2", "xyz_wing.lp.j2")]


def _marks(puzzle: Puzzle, rng: random.Random) -> Marks:
    """Random candidates, two or three in most cells (the wings' cells), some cells solved: the
    templates read the candidates as they are, consistent or not."""
    marks = Marks(puzzle, houses(puzzle))
    sizes = (1, 2, 2, 2, 3, 3, 4) if puzzle.size < 9 else (1, 2, 3, 4, 4, 5, 5, 6)
    for cell, ds in marks.cands.items():
        keep = rng.choice(sizes)
        marks.cands[cell] = set(rng.sample(sorted(ds), keep))
        if keep == 1 and rng.random() < 0.8:
            marks.solved.add(cell)
    return marks


@pytest.mark.parametrize("name", sorted(PUZZLES))
@pytest.mark.parametrize("technique", WINGS, ids=lambda t: t.name)
def test_the_quick_python_test_of_a_wing_says_exactly_when_its_template_finds_something(name: str, technique) -> None:  # type: ignore[no-untyped-def]
    puzzle, rng = PUZZLES[name], random.Random(f"{name} {technique.name}")
    text = "\n".join(house_facts(Marks(puzzle, houses(puzzle)).houses)) + "\n"
    fired = tried = 0
    for _ in range(80):
        marks = _marks(puzzle, rng)
        found = bool(steps(technique, marks, marks.houses, text))
        assert may_find(technique, marks) == found
        fired += found
        tried += 1
    assert 3 <= fired <= tried - 3  # both answers seen often enough to be tested


@pytest.mark.parametrize("open_cell", [False, True])
def test_an_xy_wing_removes_only_from_open_cells(open_cell: bool) -> None:
    """Pivot r1c1 (1,2), pincers r1c5 (1,3) and r2c2 (2,3): 3 leaves the cells that see both
    pincers; r1c2 holds only 3 and is solved, so there is nothing to remove unless r1c3 is open
    with a 3 (the template and its quick test agree both ways)."""
    puzzle = PUZZLES["classic 9x9"]
    marks = Marks(puzzle, houses(puzzle))
    for ds in marks.cands.values():
        ds.difference_update({1, 2, 3})
    marks.cands[(1, 1)], marks.cands[(1, 5)], marks.cands[(2, 2)] = {1, 2}, {1, 3}, {2, 3}
    marks.cands[(1, 2)] = {3}
    marks.solved.add((1, 2))
    if open_cell:
        marks.cands[(1, 3)] = {3, 4}
    technique = next(t for t in WINGS if t.name == "XY-wing")
    text = "\n".join(house_facts(marks.houses)) + "\n"
    found = steps(technique, marks, marks.houses, text)
    assert bool(found) == open_cell == may_find(technique, marks)
    if open_cell:
        assert [m for step in found for m in step.removed] == [(1, 3, 3)]
