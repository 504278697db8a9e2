"""The words of the checks' steps (a QA pass of the step sentences): a check of a house with its
clues lists the clues as a person does ("A, B and C with row 4"), not "A with B with C"."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from helpers import puzzle_from_toml

from asp_sudoku import load
from asp_sudoku.core.model import Puzzle
from asp_sudoku.setter.logic import Solver
from asp_sudoku.setter.logic.grid import Marks, houses
from asp_sudoku.setter.logic.techniques import Step, apply

ROOT = Path(__file__).resolve().parents[2]
SPLIT_EXAMPLE = ROOT / "instances/scale/6.0-house-split-into-cages.toml"


def _listed(items: list[str], word: str = "and") -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {word} {items[-1]}"


def _steps(puzzle: Puzzle, limit: int) -> list[tuple[Step, Marks]]:
    """The path's steps without trial, each with the candidates before it."""
    solver = Solver(puzzle, 0)
    path = solver.path(limit=limit)
    marks = solver.start()
    found = []
    for step in path.steps:
        found.append((step, marks.copy()))
        apply(marks, step)
    return found


@cache
def _example(limit: int) -> tuple[Puzzle, list[tuple[Step, Marks]]]:
    """The split example and its first steps (read only)."""
    puzzle = load(str(SPLIT_EXAMPLE))
    return puzzle, _steps(puzzle, limit)


def test_a_house_check_lists_its_clues_as_a_person_does() -> None:
    """A house with its clues read "killer cage a (...) with killer cage b (...) with killer
    cage c (...) in row 2: r2c1<>4"; now "killer cage a (...), killer cage b (...) and killer
    cage c (...) with row 2: ...", the clues as the step's `clues` give them."""
    puzzle, steps = _example(84)
    names = {house.name for house in houses(puzzle)}
    seen = 0
    for step, _ in steps:
        if step.technique == "house and clues":
            seen += 1
            (house,) = [name for name in names if f" with {name}: " in step.text]
            listing = step.text.split(f" with {house}: ")[0]
            assert listing == _listed(list(step.clues)), step.text
            assert " with killer cage" not in step.text, step.text
    assert seen >= 5


def test_a_house_check_with_no_filling_names_its_clues_as_a_list_and_the_house() -> None:
    """Row 1 of a 6x6 cannot hold the cages 1+2 and 1+3 side by side: the check of row 1 with
    its three cages finds no filling.  The contradiction read "A and B and C have no filling
    left", without the house whose cells the check filled too."""
    cages = [("r1c1", "r1c2", 3), ("r1c3", "r1c4", 4), ("r1c5", "r2c5", 7)]
    puzzle = puzzle_from_toml("size = 6\n" + "".join(
        f'[[killer]]\nsum = {total}\ncells = ["{a}", "{b}"]\n' for a, b, total in cages
    ))
    path = Solver(puzzle, 0).path()
    assert path.status == "no solution"
    assert path.contradiction == (
        "killer cage (sum 3: r1c1 r1c2), killer cage (sum 4: r1c3 r1c4) and killer cage (sum 7: r1c5 r2c5)"
        " with row 1 have no filling left"
    )
