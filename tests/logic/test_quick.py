"""The quick techniques trials propagate with (`setter/logic/quick.py`, pure Python) against
their templates and against the clue check they stand in for, on random pencil marks: the
same placements and removals every time (and the same contradiction for a cage with no
filling)."""

from __future__ import annotations

import random

import pytest

from asp_sudoku.core.model import Puzzle
from asp_sudoku.rules.killer import Killer
from asp_sudoku.setter.logic.clue_logic import Contradiction, clue_removals
from asp_sudoku.setter.logic.grid import Mark, Marks, house_facts, houses
from asp_sudoku.setter.logic.killer.geometry import Geometry
from asp_sudoku.setter.logic.quick import Locked, cage_removals, hidden_singles, naked_singles
from asp_sudoku.setter.logic.techniques import TECHNIQUES, steps

JIGSAW_6 = ((1, 1, 1, 2, 2, 2), (1, 1, 3, 3, 2, 2), (1, 3, 3, 3, 4, 2), (5, 3, 4, 4, 4, 6),
            (5, 5, 4, 6, 6, 6), (5, 5, 5, 5, 6, 6))
PUZZLES = {
    "classic 9x9": Puzzle(size=9, box=(3, 3), digits=(1, 9)),
    "6x6 boxes 2x3": Puzzle(size=6, box=(2, 3), digits=(1, 6)),
    "jigsaw 6x6": Puzzle(size=6, box=None, digits=(1, 6), regions=JIGSAW_6),
}


def random_marks(puzzle: Puzzle, rng: random.Random) -> Marks:
    """Random candidates, sparse or dense, with some cells solved (a single candidate each):
    the techniques read the marks as they are, consistent or not."""
    marks = Marks(puzzle, houses(puzzle))
    keep = rng.choice([0.2, 0.4, 0.7])
    for ds in marks.cands.values():
        ds.intersection_update({d for d in ds if rng.random() < keep} or {rng.choice(sorted(ds))})
    for cell in rng.sample(sorted(marks.cands), rng.randint(0, puzzle.size * 2)):
        marks.cands[cell] = {rng.choice(sorted(marks.cands[cell]))}
        marks.solved.add(cell)
    return marks


def template(k: int, marks: Marks) -> tuple[list[Mark], list[Mark]]:
    """What TECHNIQUES[k]'s template places and removes, all steps together."""
    found = steps(TECHNIQUES[k], marks, marks.houses, "\n".join(house_facts(marks.houses)) + "\n")
    return sorted({m for s in found for m in s.placed}), sorted({m for s in found for m in s.removed})


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_singles_and_locked_candidates_find_what_their_templates_find(name: str) -> None:
    puzzle, rng = PUZZLES[name], random.Random(name)
    found = {"hidden": 0, "naked": 0, "locked": 0}
    for _ in range(40):
        marks = random_marks(puzzle, rng)
        hidden, naked, locked = hidden_singles(marks), naked_singles(marks), Locked(marks.houses).removals(marks)
        assert (hidden, []) == template(0, marks)
        assert (naked, []) == template(1, marks)
        assert ([], locked) == template(2, marks)
        found = {key: n + bool(got) for (key, n), got in zip(found.items(), (hidden, naked, locked))}
    assert min(found.values()) >= 5, found  # each found something often enough to be tested


def random_cage(puzzle: Puzzle, rng: random.Random) -> Killer:
    """A connected cage of 1-6 cells with a sum that may or may not fit its candidates."""
    n = puzzle.size
    cage = [(rng.randint(1, n), rng.randint(1, n))]
    for _ in range(rng.randint(0, 5)):
        near = sorted({(r + dr, c + dc) for r, c in cage for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                       if 1 <= r + dr <= n and 1 <= c + dc <= n} - set(cage))
        cage.append(rng.choice(near))
    k = len(cage)
    rng.shuffle(cage)  # a cage lists its cells in any order
    return Killer(cells=tuple(cage), total=rng.randint(k * (k + 1) // 2, k * (2 * n + 1 - k) // 2))


@pytest.mark.parametrize("name", ["classic 9x9", "6x6 boxes 2x3"])
def test_a_cage_check_in_python_removes_what_the_clue_check_removes(name: str) -> None:
    base, rng = PUZZLES[name], random.Random(name)
    outcomes = {"removes": 0, "nothing": 0, "contradiction": 0}
    for _ in range(100):
        cage = random_cage(base, rng)
        puzzle = Puzzle(size=base.size, box=base.box, digits=base.digits, clues=(cage,))
        marks = random_marks(puzzle, rng)
        geometry = Geometry(puzzle, marks.houses, marks.peers)
        try:
            expected: list[Mark] | str = clue_removals(puzzle, cage, marks, marks.houses, local=True)
        except Contradiction as exc:
            expected = str(exc)
        try:
            got: list[Mark] | str = cage_removals(geometry.cages[0], marks, geometry)
        except Contradiction as exc:
            got = str(exc)
        assert got == expected, (cage, marks.cands)  # the same removals in the same order, or the same words
        key = "contradiction" if isinstance(got, str) else "removes" if got else "nothing"
        outcomes[key] += 1
    assert min(outcomes.values()) >= 4, outcomes


def test_a_trial_words_two_clashing_singles_as_its_contradiction() -> None:
    """Singles of one round are applied together; two that clash (r1c1 and r1c2 both down to 1;
    two hidden singles in r1c1) are the trial's contradiction, in words (it used to read
    "internal error: r1c2 = 1 is not a candidate")."""
    from asp_sudoku.setter.logic.path.trial import Trials

    puzzle = Puzzle(size=4, box=(2, 2), digits=(1, 4))
    marks = Marks(puzzle, houses(puzzle))
    marks.cands[(1, 1)] = {1}
    marks.cands[(1, 2)] = {1}
    assert Trials(puzzle).propagate(marks, 0) == "r1c2 and r1c1 must both be 1, and they see each other"
    marks = Marks(puzzle, houses(puzzle))  # 3 is a hidden single in row 1 and 4 in column 1, both at r1c1
    for cell in ((1, 2), (1, 3), (1, 4)):
        marks.cands[cell].discard(3)
    for cell in ((2, 1), (3, 1), (4, 1)):
        marks.cands[cell].discard(4)
    assert Trials(puzzle).propagate(marks, 0) == "r1c1 must be both 3 and 4"
