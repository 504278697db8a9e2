"""The logical path on grids whose houses need not hold every digit: more digits than a row has
cells (a 6x6 holding 1-9, a 4x4 holding 0-4), non-square grids (a 4x6's columns hold 4 of its 6
digits), and grids that are no Latin square (`latin = false`: only boxes).  Every house holds
different digits; only a full house (as many cells as digits) holds each digit once, and only
full houses feed the techniques that say where a digit must go (hidden singles, locked
candidates, hidden subsets, chains, the killer techniques; fish only when every row and column
is full).  Random puzzles of each shape, with givens and clues cut from a random solution: every
step of the path (trials up to depth 2) agrees with every solution."""

from __future__ import annotations

import random

import pytest
from helpers import puzzle_from_toml

from asp_sudoku.core.model import Grid, Puzzle
from asp_sudoku.setter.logic import Solver
from asp_sudoku.setter.logic.grid import houses, lines_full, supported
from asp_sudoku.solving.setter import all_solutions, random_solution


def _full(puzzle: Puzzle) -> dict[str, bool]:
    return {house.name: house.full for house in houses(puzzle)}


def test_which_houses_are_full() -> None:
    wide = _full(puzzle_from_toml('size = "4x6"'))  # digits 1-6, boxes of 2x3
    assert wide["row 1"] and not wide["column 1"] and wide["box 1"] and len(wide) == 4 + 6 + 4
    six = _full(puzzle_from_toml('size = 6\nvalues = "1-9"'))  # 3x3 boxes hold 1-9
    assert not six["row 1"] and not six["column 6"] and six["box 4"] and len(six) == 6 + 6 + 4
    raw = _full(puzzle_from_toml('size = 4\nlatin = false'))  # boxes only
    assert set(raw) == {"box 1", "box 2", "box 3", "box 4"} and all(raw.values())
    assert lines_full(houses(puzzle_from_toml("size = 4"))) and not lines_full(houses(puzzle_from_toml('size = "4x6"')))
    assert not lines_full(houses(puzzle_from_toml('size = 4\nlatin = false')))


SHAPES = {
    "4x4 holding 1-5": 'size = 4\nvalues = "1-5"',
    "4x4 holding 0-4": 'size = 4\nvalues = "0-4"',
    "4x6": 'size = "4x6"',
    "6x4": 'size = "6x4"',
    "6x6 holding 1-9": 'size = 6\nvalues = "1-9"',
    "4x4 no Latin square": 'size = 4\nlatin = false',
    "6x6 no Latin square": 'size = 6\nlatin = false',
}


def _cells_text(cells: list[tuple[int, int]]) -> str:
    return ", ".join(f'"r{r}c{c}"' for r, c in cells)


def _random_puzzle(header: str, rng: random.Random) -> tuple[Puzzle, tuple[Grid, ...]]:
    """A killer cage and maybe a thermo cut from a random solution, then givens from it, one at a
    time in random order, until the puzzle has at most 30 solutions; with them all."""
    empty = puzzle_from_toml(header)
    grid = random_solution(empty, rng.randrange(1000))
    assert grid is not None
    n, m = empty.size, empty.cols
    value = {(r, c): grid.rows[r - 1][c - 1] for r in range(1, n + 1) for c in range(1, m + 1)}
    cells = sorted(value)
    clues = []
    cage = [rng.choice(cells)]
    while len(cage) < 3 and rng.random() > 0.1:  # up to three joined cells with different digits
        r, c = rng.choice(cage)
        dr, dc = rng.choice([(0, 1), (1, 0), (0, -1), (-1, 0)])
        nxt = (r + dr, c + dc)
        if nxt in value and nxt not in cage and value[nxt] not in {value[x] for x in cage}:
            cage.append(nxt)
    clues.append(f"[[killer]]\ncells = [{_cells_text(cage)}]\nsum = {sum(value[x] for x in cage)}")
    for a in rng.sample(cells, len(cells)):
        b = (a[0], a[1] + 1)
        if b in value and value[a] != value[b]:
            clues.append(f"[[thermo]]\ncells = [{_cells_text(sorted([a, b], key=value.__getitem__))}]")
            break
    rows = [["." for _ in range(m)] for _ in range(n)]
    for r, c in rng.sample(cells, len(cells)):
        text = [header, 'givens = """\n' + "\n".join(" ".join(row) for row in rows) + '\n"""', *clues]
        puzzle = puzzle_from_toml("\n".join(text) + "\n")
        solutions = all_solutions(puzzle, 30)
        if solutions is not None:
            return puzzle, solutions
        rows[r - 1][c - 1] = str(value[(r, c)])
    raise AssertionError("a full grid of givens has one solution")


CASES = [(name, seed) for name in SHAPES for seed in range(3)]


@pytest.mark.parametrize(("name", "seed"), CASES)
def test_every_step_agrees_with_every_solution(name: str, seed: int) -> None:
    rng = random.Random(f"{name}-{seed}")
    puzzle, solutions = _random_puzzle(SHAPES[name], rng)
    assert supported(puzzle) is None and solutions, "cut from a solution, so it has one"
    path = Solver(puzzle, 2).path(limit=400)
    assert path.status != "no solution", path.contradiction
    for step in path.steps:
        for r, c, p in step.placed:
            assert all(g.rows[r - 1][c - 1] == p for g in solutions), step.text
        for r, c, p in step.removed:
            assert all(g.rows[r - 1][c - 1] != p for g in solutions), step.text
        if step.technique == "hidden single":  # only a full house says where a digit must go
            house = step.text.split(" in ", 1)[1]
            assert _full(puzzle)[house], step.text
    if len(solutions) == 1:
        assert path.solved and Grid(path.grid) == solutions[0]
