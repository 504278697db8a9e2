"""A clue check of the logical path removes exactly the candidates that no filling of the clue's
cells supports: on every clue kind's examples that the logical solver takes, each check of one
clue whose template reads only its own cells (`is_local`) is compared with brute force over
those cells' candidates (different digits where two of them share a house), judged by the
kind's own pure-Python checker (no clingo, no template).  Soundness alone (`test_rule_logic`)
cannot see a check that removes too little: an any-of clue's check once held no rule of the
clues inside its alternatives, so it removed nothing and `steps` stalled on every Or puzzle."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest
from helpers import puzzle_from_toml, started_examples

from asp_sudoku.core.model import Grid, Puzzle
from asp_sudoku.rules import CLUE_KINDS
from asp_sudoku.setter.logic import Solver
from asp_sudoku.setter.logic.clue_logic import (
    Contradiction,
    clue_removals,
    group_removals,
    is_local,
)
from asp_sudoku.setter.logic.grid import Cell, Mark, Marks

MOST = 3000
"""The most fillings a brute-force check enumerates (larger clues are left out)."""


def _fillings(puzzle: Puzzle, marks: Marks, scope: tuple[Cell, ...]) -> Iterator[dict[Cell, int]]:
    """Every filling of the scope from its candidates, different digits where two cells share a house."""
    for digits in itertools.product(*(sorted(marks.cands[cell]) for cell in scope)):
        filling = dict(zip(scope, digits))
        if all(
            filling[a] != filling[b] for a, b in itertools.combinations(scope, 2) if b in marks.peers[a]
        ):
            yield filling


def _supported(puzzle: Puzzle, clues: list[Any], marks: Marks, scope: tuple[Cell, ...]) -> set[Mark]:
    """The candidates of the scope some filling keeps, by the clues' own checkers."""
    kept: set[Mark] = set()
    for filling in _fillings(puzzle, marks, scope):
        rows = tuple(tuple(filling.get((r, c), 0) for c in range(1, puzzle.cols + 1)) for r in range(1, puzzle.size + 1))
        grid = Grid(rows=rows)
        if not any(next(iter(CLUE_KINDS[clue.kind].check(puzzle, grid, clue)), None) for clue in clues):
            kept.update((r, c, p) for (r, c), p in filling.items())
    return kept


def _size(marks: Marks, scope: tuple[Cell, ...]) -> int:
    total = 1
    for cell in scope:
        total *= len(marks.cands[cell])
    return total


def _cases() -> Iterator[Any]:
    for name in CLUE_KINDS:
        yield pytest.param(name, id=name)


@pytest.mark.parametrize("name", list(_cases()))
def test_a_clue_check_removes_what_no_filling_of_its_cells_supports(name: str) -> None:
    compared = 0
    for puzzle, solver, marks in started_examples(name):
        for i, clue in enumerate(solver.clues):
            scope = solver.scopes[i]
            if clue.kind != name or not solver.local[i] or _size(marks, scope) > MOST:
                continue
            kept = _supported(puzzle, [clue], marks, scope)
            try:
                removed = clue_removals(puzzle, clue, marks, solver.houses, local=True)
            except Contradiction:
                assert not kept, clue.describe()
                continue
            expected = [(r, c, p) for r, c in scope for p in sorted(marks.cands[(r, c)]) if (r, c, p) not in kept]
            assert removed == expected, clue.describe()
            compared += 1
    if not compared:
        pytest.skip(f"no example of {name} has a local clue small enough to enumerate")


ORS = puzzle_from_toml(
    """
size = 4
[["any-of"]]
alternatives = [{pencilmarks = [{cell = "r1c1", digits = [1]}]}, {pencilmarks = [{cell = "r1c2", digits = [1]}]}]
[["any-of"]]
alternatives = [{pencilmarks = [{cell = "r2c3", digits = [2]}]}, {pencilmarks = [{cell = "r2c3", digits = [3]}]}]
"""
)


def test_an_any_of_check_holds_the_rules_of_its_alternatives() -> None:
    solver = Solver(ORS, 0)
    marks = solver.start()
    first, second = ORS.clues
    assert clue_removals(ORS, second, marks, solver.houses, local=True) == [(2, 3, 1), (2, 3, 4)]
    row = solver.houses[0].cells  # row 1: its 1 is in r1c1 or r1c2
    assert group_removals(ORS, [first], marks, solver.houses, row, True) == [(1, 3, 1), (1, 4, 1)]
    assert is_local(ORS, first)


def test_steps_take_an_or_puzzle_through_its_clues() -> None:
    path = Solver(ORS, 0).path(limit=3)
    assert path.steps[0].technique == "clue logic" and path.steps[0].removed == ((2, 3, 1), (2, 3, 4))
