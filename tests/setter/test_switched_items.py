"""The setter's switched program (explain, minimize): for every set of items switched on, it
counts the same solutions as the sub-puzzle of those items solved on its own.  Found by a QA pass:
two clues marking one cell (even, odd, minimum, maximum, pencilmarks) shared a fact that only the
first one's item held, so switching the first off lost the second's mark (the checker then
refused the solver's grid, "internal error"); pencilmarks on one cell could not be switched at
all; with rules switchable, chaos construction lost its projection."""

from __future__ import annotations

import dataclasses
import itertools
import random

import pytest
from helpers import puzzle_from_toml

from asp_sudoku import solve
from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.formats import parse_many
from asp_sudoku.program.board import make_board
from asp_sudoku.rules import CLUE_KINDS
from asp_sudoku.rules.validate import validate_rules
from asp_sudoku.solving.switches import SwitchedProgram

GRID = 'size = 4\ngivens = """\n1 . . .\n. . . .\n. . . .\n. . . .\n"""\n'
CASES = {
    "even": '[[even]]\ncells = ["r2c1"]\n\n[[even]]\ncells = ["r3c1", "r2c1"]\n',
    "odd": '[[odd]]\ncells = ["r1c2", "r2c2"]\n\n[[odd]]\ncells = ["r2c2"]\n',
    "minimum": '[[minimum]]\ncells = ["r2c2"]\n\n[[minimum]]\ncells = ["r2c2", "r4c4"]\n',
    "maximum": '[[maximum]]\ncells = ["r3c3"]\n\n[[maximum]]\ncells = ["r3c3"]\n',
    "pencilmarks": '[[pencilmarks]]\ncell = "r2c2"\ndigits = [2, 3]\n\n[[pencilmarks]]\ncell = "r2c2"\ndigits = [3, 4]\n\n'
    '[[pencilmarks]]\ncell = "r2c2"\ndigits = [2, 4]\n',
    "chaos": 'box = "none"\nrules = ["chaos-construction"]\n\n[[chaos-count]]\ncell = "r1c1"\noffset = 0\ncells = ["r1c1", "r1c2", "r2c1"]\n'
    '\n[[chaos-same-region]]\ncells = ["r4c4", "r3c3"]\n',
}


@pytest.mark.parametrize("name", list(CASES))
def test_every_set_of_items_counts_as_its_sub_puzzle(name: str) -> None:
    puzzle = puzzle_from_toml(GRID + CASES[name])
    board = make_board(puzzle, rules=True)
    program = SwitchedProgram(board)
    for size in range(len(board.items) + 1):
        for on in itertools.combinations(range(len(board.items)), size):
            switched = program.solve(on, limit=None, keep=2)  # two grids checked
            alone = solve(board.subpuzzle(on), limit=None, keep=0)
            assert switched.count == alone.count and switched.exhausted, [board.items[i].describe() for i in on]


def _example_cases() -> list[tuple[str, int]]:
    return [(name, i) for name in CLUE_KINDS for i in range(len(CLUE_KINDS[name].examples))]


@pytest.mark.parametrize(("name", "index"), _example_cases())
def test_every_kinds_examples_switch_as_their_sub_puzzles(name: str, index: int) -> None:
    """Each clue kind's examples (docs/rules.md), and the same with every clue written twice
    where the kind accepts that: up to 40 sets of items switched on (all when there are few),
    each solved for at most three solutions with two grids checked, against the sub-puzzle
    solved on its own."""
    (example,) = parse_many(CLUE_KINDS[name].examples[index].toml, "<example>.toml", "toml")
    puzzles = [example]
    twice = dataclasses.replace(example, clues=example.clues + example.clues)
    try:
        validate_rules(twice)
        puzzles.append(twice)
    except PuzzleFormatError:
        pass  # a kind that refuses a clue written twice (cages sharing cells, say)
    rng = random.Random(index)
    for puzzle in puzzles:
        board = make_board(puzzle, rules=True)
        program = SwitchedProgram(board)
        n = len(board.items)
        sets = [c for k in range(n + 1) for c in itertools.combinations(range(n), k)] if n <= 5 else [
            tuple(i for i in range(n) if rng.random() < 0.5) for _ in range(40)
        ]
        for on in sets:
            switched = program.solve(on, limit=3, keep=2)
            alone = solve(board.subpuzzle(on), limit=3, keep=2)
            assert (switched.status, switched.count) == (alone.status, alone.count), [board.items[i].describe() for i in on]


def test_a_cage_record_given_twice_is_two_cages() -> None:
    """Found by this test: a puzzle whose killer list holds one record object twice (a library
    caller's `clues + clues`) numbered both copies as one cage, and the other number's cage
    combinations had no cells: no solution instead of the puzzle's own."""
    (puzzle,) = parse_many(CLUE_KINDS["killer"].examples[0].toml, "<example>.toml", "toml")
    once = solve(puzzle, limit=None)
    twice = solve(dataclasses.replace(puzzle, clues=puzzle.clues + puzzle.clues), limit=None)
    assert once.count == twice.count == 8 and set(twice.solutions) == set(once.solutions)
