"""The words of the checks' steps (a QA pass of the step sentences): a check of a house with its
clues lists the clues as a person does ("A, B and C with row 4"), not "A with B with C"; a
clue, two clues, a house with its clues and the global rules say why a candidate goes (no
filling of the cells with the candidates left puts that digit there), and what the reason names
is exactly what the step removes."""

from __future__ import annotations

import re
from functools import cache
from itertools import product
from pathlib import Path

import pytest
from helpers import puzzle_from_toml

from asp_sudoku import load
from asp_sudoku.core.model import Puzzle
from asp_sudoku.rules.killer import Killer
from asp_sudoku.setter.logic import Solver
from asp_sudoku.setter.logic.grid import Cell, Mark, Marks, houses
from asp_sudoku.setter.logic.techniques import Step, apply

ROOT = Path(__file__).resolve().parents[2]
SPLIT_EXAMPLE = ROOT / "instances/scale/6.0-house-split-into-cages.toml"


def _listed(items: list[str], word: str = "and") -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {word} {items[-1]}"


def _cells(text: str) -> list[Cell]:
    return [(int(r), int(c)) for r, c in re.findall(r"r(\d+)c(\d+)", text)]


def _unsaid(phrase: str) -> set[Mark]:
    """The candidates a reason names ("1 or 2 in r1c3 or r2c4, nor 5 in r2c3"), read back; each
    part must be a proper list of digits, then of cells."""
    found: set[Mark] = set()
    for part in phrase.split(", nor "):
        m = re.fullmatch(r"(\d+(?:, \d+)*(?: or \d+)?) in (r\d+c\d+(?:, r\d+c\d+)*(?: or r\d+c\d+)?)", part)
        assert m, (part, phrase)
        digits = [int(d) for d in re.findall(r"\d+", m[1])]
        found |= {(r, c, p) for p in digits for r, c in _cells(m[2])}
    return found


def _marks(text: str) -> list[Mark]:
    """The removals a sentence ends with."""
    tail = text.rsplit(": ", 1)[1]
    return [(int(r), int(c), int(p)) for r, c, p in re.findall(r"r(\d+)c(\d+)<>(\d+)", tail)]


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


def test_a_clue_and_a_house_with_its_clues_say_why_a_candidate_goes() -> None:
    """Clue logic read "killer cage c (...): r1c3<>1, ...", with no reason.  Now "killer cage c
    (...): no filling of its cells with the candidates left puts 1 or 2 in r1c3 or r2c4: ...",
    and a house with its clues "...: no filling of their cells and row 2's with the candidates
    left puts 4 in r2c1: r2c1<>4"; the reason names exactly what the step removes.  Each
    clue-logic step on a cage is checked by brute force over the cage's cells: the candidates no
    filling supports are exactly those it names."""
    puzzle, steps = _example(84)
    seen = {"clue logic": 0, "house and clues": 0}
    for step, marks in steps:
        if step.technique not in seen:
            continue
        seen[step.technique] += 1
        assert _marks(step.text) == list(step.removed), step.text
        if step.technique == "house and clues":
            m = re.fullmatch(r"(.+) with (.+?): no filling of their cells and \2's with the candidates left puts (?P<why>.+): r\d.*", step.text)
            assert m, step.text
        else:
            (name,) = step.clues
            m = re.fullmatch(r"(.+?): no filling of its cells with the candidates left puts (?P<why>.+): r\d.*", step.text)
            assert m and m[1] == name, step.text
            cage = next(k for k in puzzle.clues if isinstance(k, Killer) and k.describe() == name)
            held: set[Mark] = set()
            for digits in product(*(sorted(marks.cands[cell]) for cell in cage.cells)):
                if len(set(digits)) == len(digits) and sum(digits) == cage.total:
                    held |= {(r, c, p) for (r, c), p in zip(cage.cells, digits)}
            gone = {(r, c, p) for r, c in cage.cells for p in marks.cands[(r, c)]} - held
            assert gone == set(step.removed), step.text
        assert _unsaid(m["why"]) == set(step.removed), step.text
    assert seen["clue logic"] >= 10 and seen["house and clues"] >= 20, seen


@pytest.mark.parametrize(
    ("name", "technique", "limit", "heading"),
    [
        ("x-sum.toml", "two clues", 30, r"(?P<clues>.+) with (?P<other>.+?): no filling of their cells with the candidates left"),
        ("miracle.toml", "rule logic", 3, r"(?P<rules>.+?): no filling of the grid with the candidates left that keeps them"),
    ],
    ids=["two clues", "rule logic"],
)
def test_two_clues_and_the_global_rules_say_why_a_candidate_goes(name: str, technique: str, limit: int, heading: str) -> None:
    """"x-sum 27 at r0c2 with x-sum 27 at r10c2: r1c2<>4, ..." and "anti-king, anti-knight,
    non-consecutive on the candidates left: r3c2<>1, ..." gave no reason; the reason's digits
    and cells are what the step removes, and the rules are a proper list."""
    seen = 0
    for step, _ in _steps(load(str(ROOT / "instances" / name)), limit):
        if step.technique != technique:
            continue
        seen += 1
        m = re.fullmatch(heading + r" puts (?P<why>.+): r\d.*", step.text)
        assert m, step.text
        if technique == "two clues":
            assert [m["clues"], m["other"]] == list(step.clues), step.text
        else:
            assert m["rules"] == _listed(list(step.clues)), step.text
        assert _unsaid(m["why"]) == set(step.removed) and _marks(step.text) == list(step.removed), step.text
    assert seen, technique


def test_a_group_step_names_every_clue_whose_cells_it_touches() -> None:
    """A check of clues with a house fills the cells of the clues they read too (a cage compare's
    cages): its step names those clues, so that every cell it removes from lies in a named clue
    or the house (a QA pass: greater-killer-daily-hard's step 82 removed from cage y, which only
    a cage compare named)."""
    from asp_sudoku.setter.logic.clue_logic import clue_cells

    puzzle = load(str(ROOT / "instances/greater-killer-daily-hard.toml"))
    cells_of = {clue.describe(): set(clue_cells(clue, puzzle)) for clue in puzzle.clues}
    house_cells = {house.name: set(house.cells) for house in houses(puzzle)}
    path = Solver(puzzle, 0).path(limit=90)
    group_steps = [step for step in path.steps if step.technique in ("house and clues", "two clues")]
    assert len(group_steps) >= 5
    touched = 0
    for step in group_steps:
        named = set().union(*(cells_of[name] for name in step.clues))
        house = next((cells for name, cells in house_cells.items() if f" with {name}: " in step.text), set())
        assert all((r, c) in named | house for r, c, _ in step.removed), step.text
        touched += any(name.startswith("killer cage y ") for name in step.clues)
    assert touched


@pytest.mark.parametrize("name", ["3.0-naked-pair", "3.6-naked-triple", "3.8-swordfish", "4.4-xyz-wing"])
def test_naked_subsets_name_their_digits_and_fish_their_cover_lines(name: str) -> None:
    """A naked subset says which digits its cells hold (all of them, as many as its cells, and the
    removals are of those digits); a fish names the lines its digit's places in the base lines lie
    in (as many as the base lines, every removal in one of them and outside the base lines)."""
    seen = set()
    for step, marks in _steps(load(ROOT / f"instances/scale/{name}.toml"), 400):
        if step.technique.startswith("naked") and step.technique != "naked single":
            m = re.fullmatch(r"naked \w+ (.+) in .+ holds ([\d,]+): .+", step.text)
            assert m, step.text
            cells, digits = _cells(m[1]), {int(d) for d in m[2].split(",")}
            assert digits == set().union(*(marks.cands[cell] for cell in cells)), step.text
            assert len(digits) == len(cells) and {p for _, _, p in step.removed} <= digits, step.text
            seen.add("naked")
        if "fish" in step.technique or step.technique == "X-wing":
            m = re.fullmatch(r"\S+ on (\d+) in (rows|columns) ([\d,]+) \(its places there lie in (rows|columns) ([\d,]+)\): .+", step.text)
            assert m, step.text
            p, base, covers = int(m[1]), {int(x) for x in m[3].split(",")}, {int(x) for x in m[5].split(",")}
            assert m[2] != m[4] and len(base) == len(covers), step.text
            across = m[2] == "rows"  # base rows: the covers are columns
            at = {(r, c) for (r, c), ds in marks.cands.items() if p in ds and (r if across else c) in base}
            assert {c if across else r for r, c in at} == covers, step.text
            for r, c, q in step.removed:
                assert q == p and (c if across else r) in covers and (r if across else c) not in base, step.text
            seen.add("fish")
    assert seen, name
