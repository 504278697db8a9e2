"""The clues of killer steps: every step of a killer technique lists the killer cages it used,
each as its clue's `describe()` says, once, in the puzzle's clue order, and each touching the
region or the cage the step's text names.  On random 4x4 killers (each technique), a crafted
one (the exact list), and `steps --json` on a killer whose path needs innies and outies."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path

import pytest
from helpers import puzzle_from_toml
from test_killer_techniques import PARTS, _cases

from asp_sudoku import load
from asp_sudoku.cli import main
from asp_sudoku.core.model import Puzzle
from asp_sudoku.rules.killer import Killer
from asp_sudoku.setter.logic.grid import Cell, Marks, houses
from asp_sudoku.setter.logic.killer import KILLER_TECHNIQUES, Killers
from asp_sudoku.setter.logic.killer.geometry import Geometry, masks_of
from asp_sudoku.setter.logic.killer.innies import innies_steps

ROOT = Path(__file__).resolve().parents[2]


def _region(name: str, puzzle: Puzzle) -> set[Cell]:
    """The cells of a region named as the 45 rule names it: a house, two boxes ("boxes 3 and
    6") or other houses joined by "and", or a run of rows or columns ("rows 1-3")."""
    by_name = {house.name: set(house.cells) for house in houses(puzzle)}
    run = re.fullmatch(r"(row|column)s (\d+)-(\d+)", name)
    boxes = re.fullmatch(r"boxes (\d+) and (\d+)", name)
    parts = (
        [f"{run[1]} {i}" for i in range(int(run[2]), int(run[3]) + 1)] if run
        else [f"box {boxes[1]}", f"box {boxes[2]}"] if boxes
        else name.split(" and ")
    )
    return set().union(*(by_name[part] for part in parts))


def _where(text: str, puzzle: Puzzle) -> set[Cell]:
    """The cells of the region, or else of the cage, that a killer step's text names."""
    named = re.search(r"the digits of (.+?) add up|^(.+?) split into cages", text)
    if named:
        return _region(named[1] or named[2], puzzle)
    return set().union(*(k.cells for k in puzzle.clues if isinstance(k, Killer) and k.describe() in text))


def check_clues(clues: Sequence[str], text: str, puzzle: Puzzle) -> None:
    """A killer step's clues: killer cages of the puzzle, described, each once in the puzzle's
    clue order, each with a cell in the region (or cage) the text names; every cage the text
    names among them."""
    killers = [k for k in puzzle.clues if isinstance(k, Killer)]
    names = [k.describe() for k in killers]
    assert clues, text
    assert all(name in names for name in clues), (clues, text)
    assert list(clues) == sorted(set(clues), key=names.index), (clues, text)
    where = _where(text, puzzle)
    for name in clues:
        assert set(killers[names.index(name)].cells) & where, (name, text)
    assert all(name in clues for name in names if name in text), (clues, text)


def test_every_killer_technique_names_the_cages_it_used() -> None:
    fired = dict.fromkeys(PARTS, 0)
    for puzzle, marks, _ in _cases(3, 250):
        geometry = Geometry(puzzle, marks.houses, marks.peers)
        for name, part in PARTS.items():
            for found in part(geometry, masks_of(marks)):
                fired[name] += 1
                check_clues(geometry.named(found[3]), found[2], puzzle)
    assert all(fired.values()), fired


def test_killer_steps_carry_the_cages_they_used() -> None:
    fired = 0
    for puzzle, marks, _ in _cases(5, 250):
        step = Killers(puzzle, marks.houses, marks).step(marks)
        if step is not None:
            fired += 1
            check_clues(step.clues, step.text, puzzle)
    assert fired > 0


def test_outies_name_the_cages_inside_and_the_cage_sticking_out() -> None:
    """Row 1 of a 4x4: the cage r1c1 r1c2 (sum 3) lies inside, the cage r1c3 r2c3 (sum 5) sticks
    out; with r1c3 and r1c4 down to 3 and 4, the innies say nothing, and the outies say r1c4 -
    r2c3 = 10 - 3 - 5 = 2.  The cages in row 2 and row 4 are not used; clue order, not the text's."""
    cages = [("r4c1", "r4c2", 3), ("r1c3", "r2c3", 5), ("r2c1", "r2c2", 7), ("r1c1", "r1c2", 3)]
    puzzle = puzzle_from_toml("size = 4\n" + "".join(
        f'[[killer]]\nsum = {total}\ncells = ["{a}", "{b}"]\n' for a, b, total in cages
    ))
    marks = Marks(puzzle, houses(puzzle))
    for cell in ((1, 3), (1, 4)):
        marks.cands[cell].intersection_update({3, 4})
    geometry = Geometry(puzzle, marks.houses, marks.peers)
    found = next(innies_steps(geometry, masks_of(marks), set()), None)
    assert found is not None
    placed, removed, text, cages_used = found
    assert (placed, removed) == ([], [(2, 3, 3), (2, 3, 4)]) and "r1c4 - r2c3 = 2" in text
    killers = [k for k in puzzle.clues if isinstance(k, Killer)]
    assert geometry.named(cages_used) == (killers[1].describe(), killers[3].describe())
    assert geometry.named(cages_used) == ("killer cage (sum 5: r1c3 r2c3)", "killer cage (sum 3: r1c1 r1c2)")


@pytest.mark.slow  # about 2 s: the path's clue logic before its innies
def test_steps_json_lists_the_cages_of_killer_steps(capsys: pytest.CaptureFixture[str]) -> None:
    file = ROOT / "instances/killer-most-difficult.toml"
    assert main(["steps", "--json", "--depth", "0", "--finish-time", "0", str(file)]) == 0
    *steps, _ = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    killer_steps = [s for s in steps if s["technique"] in KILLER_TECHNIQUES]
    assert killer_steps
    for step in killer_steps:
        check_clues(step["clues"], step["text"], load(str(file)))
    assert "killer cage a (sum 17: r1c1 r2c1 r3c1)" in killer_steps[0]["clues"]


def test_the_sums_an_innies_sentence_shows_add_up() -> None:
    """Each innies-and-outies sentence's numbers add up as written: the region's total, less the
    cages wholly inside and those sticking out, is the equation's value over every cell; with
    the cells that hold a digit named, the open cells' equation follows (a QA pass found
    "add up to 180, the cages wholly inside to 161; so r1c6 + r5c6 = 16", r9c6 = 3 unsaid), and
    no equation starts with a minus."""
    from asp_sudoku.setter.logic import Solver

    seen = 0
    for name in ("5.8-innies-and-outies.toml", "6.0-house-split-into-cages.toml"):
        for step in Solver(load(str(ROOT / "instances/scale" / name)), 0).path().steps:
            if step.technique != "innies and outies":
                continue
            seen += 1
            m = re.match(
                r"innies and outies: the digits of .+? add up to (\d+)(?:, the cages wholly inside to (\d+))?"
                r"(?:, the cages sticking out \(.+\) to (\d+))?; so ([^;:=]+) = (-?\d+)(?:; with ([^:]+?), ([^;:=]+) = (-?\d+))?: ",
                step.text,
            )
            assert m, step.text
            total, inside, out, whole, value = int(m[1]), int(m[2] or 0), int(m[3] or 0), m[4], int(m[5])
            assert total - inside - out == value or total - inside - out == -value, step.text  # (signs turned when all are minus)
            assert not whole.startswith("-") and not (m[7] or "").startswith("-"), step.text
            if m[6]:
                known = dict((cell, int(d)) for cell, d in re.findall(r"(r\d+c\d+) = (\d+)", m[6]))
                signs = dict((cell, -1 if sign == "-" else 1) for sign, cell in re.findall(r"(?:^|([+-]) )(r\d+c\d+)", whole))
                reduced = dict((cell, -1 if sign == "-" else 1) for sign, cell in re.findall(r"(?:^|([+-]) )(r\d+c\d+)", m[7]))
                cell = next(iter(reduced))
                factor = reduced[cell] * signs[cell]  # -1: the open cells' signs turned (none was added)
                assert all(reduced[c] == factor * signs[c] for c in reduced) and set(reduced) | set(known) == set(signs)
                assert value - sum(signs[c] * d for c, d in known.items()) == factor * int(m[8]), step.text
    assert seen >= 5
