"""Each technique template on random pencil marks of a 4x4 grid, against brute force: every digit
it places is the digit of that cell in every grid the marks allow, every candidate it removes is
in none of them; and each technique fires somewhere (the test is not vacuous).  A chain step's
chain is checked link by link: each strong link holds in every grid the marks allow, each weak
link in every grid at all."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest
from grid_enum import grids

from asp_sudoku.core.model import Puzzle
from asp_sudoku.setter.logic.grid import Marks, house_facts, houses
from asp_sudoku.setter.logic.techniques import CHAINS, TECHNIQUES, Programs, Step, Technique, steps

PUZZLE = Puzzle(size=4, box=(2, 2), digits=(1, 4))
ALL = list(grids(4, (2, 2)))
SMALL = [t for t in TECHNIQUES if t.n <= 3] + list(CHAINS)  # quads and jellyfish need more than 4 houses


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


Grid4 = tuple[tuple[int, ...], ...]


def _allowed(marks: Marks) -> list[Grid4]:
    return [g for g in ALL if all(g[r - 1][c - 1] in ds for (r, c), ds in marks.cands.items())]


def _found(technique: Technique, seed: int, count: int) -> Iterator[tuple[Marks, list[Grid4], Step]]:
    """Each step the technique finds on random marks, with the marks and the grids they allow."""
    all_houses = houses(PUZZLE)
    text = "\n".join(house_facts(all_houses)) + "\n"
    for marks in _states(seed, count):
        allowed = _allowed(marks)
        for step in steps(technique, marks, all_houses, text):
            yield marks, allowed, step


@pytest.mark.parametrize("technique", SMALL, ids=lambda t: t.name)
def test_every_step_agrees_with_every_grid_the_marks_allow(technique: Technique) -> None:
    fired = 0
    for marks, allowed, step in _found(technique, 7, 100):
        fired += 1
        for r, c, p in step.placed:
            assert all(g[r - 1][c - 1] == p for g in allowed), step.text
        for r, c, p in step.removed:
            assert p in marks.cands[(r, c)], step.text
            assert all(g[r - 1][c - 1] != p for g in allowed), step.text
    assert fired > 0, f"{technique.name} never fired"


@pytest.mark.parametrize("technique", [t for t in SMALL if t not in CHAINS], ids=lambda t: t.name)  # chains: afresh
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


@pytest.mark.parametrize("technique", CHAINS, ids=lambda t: t.name)
def test_every_link_of_a_chain_holds(technique: Technique) -> None:
    """The chain a step writes starts and ends with a strong link, alternates, and each link is
    what it says: a strong link a = b has a or b in every grid the marks allow; a weak link
    a - b never has both in one grid; and a chain of one digit (X-chain) or of cells of two
    digits (XY-chain) keeps to that."""
    chains = 0
    for marks, allowed, step in _found(technique, 5, 150):
        written = step.text.split(technique.name + " ", 1)[1].split(":")[0]
        nodes = [tuple(int(x) for x in m) for m in re.findall(r"r(\d)c(\d) (\d)", written)]
        links = re.findall(r" ([=-]) ", written)
        assert len(links) == len(nodes) - 1 and links[0] == links[-1] == "=", step.text
        assert all(link == ("=" if i % 2 == 0 else "-") for i, link in enumerate(links)), step.text
        for (link, (r, c, p), (r2, c2, p2)) in zip(links, nodes, nodes[1:]):
            if link == "=":
                assert all(g[r - 1][c - 1] == p or g[r2 - 1][c2 - 1] == p2 for g in allowed), step.text
            else:
                assert (r, c, p) != (r2, c2, p2), step.text
                assert not any(g[r - 1][c - 1] == p and g[r2 - 1][c2 - 1] == p2 for g in ALL), step.text
            if technique.name == "X-chain":
                assert p == p2, step.text
            if technique.name == "XY-chain":
                assert ((r, c) == (r2, c2)) == (link == "=") and len(marks.cands[(r, c)]) == 2, step.text
        chains += 1
    assert chains > 0
