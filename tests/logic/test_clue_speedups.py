"""Clue checks of the logical path use the speed-ups that follow from their clues alone
(`Speedup.clue_facts`: a cage's digit combinations, a line's running sums), which must change no
answer: on the examples of every kind with such a speed-up, with candidates going at random,
every check of a clue and of a house with the clues touching it removes the same candidates (or
finds the same contradiction) with the speed-ups as without them."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest
from helpers import puzzle_from_toml, started_examples

from asp_sudoku.rules import CLUE_KINDS, speedups
from asp_sudoku.rules.base import Speedup
from asp_sudoku.setter.logic import Solver, clue_logic
from asp_sudoku.setter.logic.clue_logic import Contradiction, group_program, group_removals
from asp_sudoku.setter.logic.grid import Mark

TWO_CAGES = puzzle_from_toml(
    """
size = 4
[[killer]]
cells = ["r1c1", "r1c2"]
sum = 7
[[killer]]
cells = ["r2c1", "r2c2", "r3c1"]
[[killer]]
cells = ["r4c3", "r4c4"]
sum = 3
"""
)


def test_a_cage_check_holds_the_combinations_of_its_own_cages_only() -> None:
    first, no_sum, last = TWO_CAGES.clues
    houses = Solver(TWO_CAGES, 0).houses
    text, _ = group_program(TWO_CAGES, [last], (), houses)
    assert "killerCombination(3,1,1).\nkillerCombination(3,1,2)." in text  # 1+2, cage 3 as the rule numbers it
    assert "killerCombination(1," not in text and not re.search(r"^killerHiddenCage\(\d", text, re.M)
    assert "killerCombination(" not in group_program(TWO_CAGES, [no_sum], (), houses)[0]  # no sum, no combination
    both, _ = group_program(TWO_CAGES, [first, last], (), houses)
    assert "killerCombination(1,1,3).\nkillerCombination(1,1,4)." in both and "killerCombination(3,1,1)." in both


def _answer(puzzle, clues, marks, houses, extra) -> list[Mark] | str:  # type: ignore[no-untyped-def]
    try:
        return group_removals(puzzle, clues, marks, houses, extra)
    except Contradiction as exc:
        return str(exc)


def test_the_kinds_with_clue_speedups() -> None:
    assert {name for name in CLUE_KINDS if any(s.clue_facts for s in speedups({name}))} == set(KINDS) - {"cage-compare"}


KINDS = ["killer", "cage-compare", "little-killer", "arrow", "weighted-sum", "renban"]  # cage comparisons need their cages


@pytest.mark.parametrize("name", KINDS)
def test_checks_answer_the_same_with_and_without_the_speedups(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(name)

    def without(kinds: set[str]) -> tuple[Speedup, ...]:
        return tuple(dataclasses.replace(speedup, clue_facts=None) for speedup in speedups(kinds))

    compared = removing = 0
    for puzzle, solver, marks in started_examples(name):
        checks = [([clue], ()) for clue in solver.clues]
        checks += [([solver.clues[i] for i in touching], solver.houses[h].cells) for h, touching in solver.house_clues if touching]
        for _ in range(4):
            for clues, extra in checks:
                monkeypatch.setattr(clue_logic, "speedups", without)
                plain = _answer(puzzle, clues, marks, solver.houses, extra)
                monkeypatch.undo()
                assert _answer(puzzle, clues, marks, solver.houses, extra) == plain, [c.describe() for c in clues]
                compared += 1
                removing += bool(plain) and not isinstance(plain, str)
            for (r, c), ds in sorted(marks.cands.items()):  # some candidates go, now and then the last
                if ds and (r, c) not in marks.solved and rng.random() < 0.3:
                    ds.discard(rng.choice(sorted(ds)))
    assert compared and removing
