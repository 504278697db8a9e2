"""Disjoint groups' rule logic in Python (`setter/logic/disjoint.py`) against the global rules'
check it stands in for (`brave_kept`: clingo's brave consequences of `global.lp.j2` with
`disjoint_groups.lp.j2`), on random candidates of several grid shapes: the same candidates
kept, and no filling for both or for neither."""

from __future__ import annotations

import random

import pytest

from asp_sudoku.core.model import Puzzle
from asp_sudoku.setter.logic.clue_logic import Contradiction, brave_kept, global_removals
from asp_sudoku.setter.logic.disjoint import disjoint_supported, groups_of
from asp_sudoku.setter.logic.grid import Marks, house_facts, houses


@pytest.mark.parametrize(
    ("size", "cols", "box", "high"),
    [(9, 9, (3, 3), 9), (6, 6, (2, 3), 6), (4, 4, (2, 2), 4), (6, 8, (2, 4), 8)],
)
def test_disjoint_groups_keep_what_the_brave_check_keeps(size: int, cols: int, box: tuple[int, int], high: int) -> None:
    puzzle = Puzzle(size=size, cols=cols, box=box, digits=(1, high), rules=("disjoint-groups",))
    all_houses = houses(puzzle)
    houses_text = "\n".join(house_facts(tuple(h for h in all_houses if h.full))) + "\n"
    groups = groups_of(puzzle)
    assert sorted(cell for group in groups for cell in group) == sorted(puzzle.all_cells())
    rng = random.Random(size * 100 + cols)
    removed = none = 0
    for k in range(40):
        marks = Marks(puzzle, all_houses)
        keep = 0.25 + 0.6 * rng.random()  # from few candidates (often no filling) to many
        for cell in sorted(marks.cands):
            marks.cands[cell].intersection_update(d for d in range(1, high + 1) if rng.random() < keep)
            if not marks.cands[cell]:
                marks.cands[cell].add(rng.randint(1, high))
        expected = brave_kept(puzzle, ["disjoint-groups"], marks, houses_text)
        found = disjoint_supported(groups, marks)
        assert found == (None if expected is None else {m for m in expected}), k
        if expected is None:
            none += 1
            with pytest.raises(Contradiction, match="disjoint-groups"):
                global_removals(puzzle, marks, houses_text)
        else:
            removed += len(global_removals(puzzle, marks, houses_text))
    assert removed and none  # both kinds of answer came up


def test_boxes_larger_than_the_digits_keep_the_brave_check() -> None:
    """A Puzzle built in code, 6x6 with 3x3 boxes: the template asks each of 6 digits exactly once
    in groups of 4 cells, which no filling does; the Python check, which asks only different
    digits, would keep candidates (a QA pass), so such a puzzle keeps clingo's check."""
    puzzle = Puzzle(size=6, box=(3, 3), digits=(1, 6), rules=("disjoint-groups",))
    all_houses = houses(puzzle)
    houses_text = "\n".join(house_facts(tuple(h for h in all_houses if h.full))) + "\n"
    marks = Marks(puzzle, all_houses)
    assert disjoint_supported(groups_of(puzzle), marks) is not None
    assert brave_kept(puzzle, ["disjoint-groups"], marks, houses_text) is None
    with pytest.raises(Contradiction):
        global_removals(puzzle, marks, houses_text)
