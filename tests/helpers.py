"""Shared test helpers: paths, puzzle parsing, the checker's verdict on a grid, and solution
sets found without the solver (`checked_solutions`, `expected` over every 4x4 Latin square,
`brute_force`) to compare with the solver's own (`solutions`).

A plain module (not conftest.py), so that test files import it the same way whether the suite
runs as `pytest` or `python -m pytest`: pyproject.toml puts tests/ (and the repository root) on
sys.path with pytest's `pythonpath` option.  Write `from helpers import ROOT, ...`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache
from itertools import permutations
from pathlib import Path
from typing import Any

from asp_sudoku import checker as check
from asp_sudoku.core.model import Grid, Puzzle
from asp_sudoku.formats import parse_many

ROOT = Path(__file__).resolve().parent.parent
INSTANCES = ROOT / "instances"
DATA = Path(__file__).resolve().parent / "data"


def puzzle_from_toml(text: str, path: str = "test.toml") -> Puzzle:
    """Parse a TOML puzzle text (one puzzle)."""
    [puzzle] = parse_many(text, path, "toml")
    return puzzle


def assert_solution(puzzle: Puzzle, grid: Grid) -> None:
    """Fail with the checker's words when a grid is not a solution."""
    assert check.violations(puzzle, grid) == []


def checked_solutions(puzzle: Puzzle) -> list[str]:
    """Every solution of a small puzzle by brute force, no clingo: each filled grid of its shape
    (`grid_enum`, a naive enumerator) that the independent checker accepts, as row-major digits,
    sorted.  The rules' examples record exactly these (tools/example_solutions.py prints them)."""
    from grid_enum import grids

    givens = {(r, c): v for r, c, v in puzzle.givens}
    return sorted(
        "".join(str(v) for row in rows for v in row)
        for rows in grids(puzzle.size, puzzle.box, givens, low=puzzle.digits[0], high=puzzle.digits[1])
        if not check.violations(puzzle, Grid(rows))
    )


@cache
def latin_squares(n: int = 4) -> tuple[Grid, ...]:
    """Every n x n Latin square on 1..n (576 for n = 4)."""
    rows = list(permutations(range(1, n + 1)))
    out: list[Grid] = []

    def extend(done: list[tuple[int, ...]]) -> None:
        if len(done) == n:
            out.append(Grid(tuple(done)))
            return
        for row in rows:
            if all(row[c] != prev[c] for prev in done for c in range(n)):
                extend(done + [row])

    extend([])
    return tuple(out)


def expected(puzzle: Puzzle) -> set[str]:
    """The 4x4 grids (as digit strings) that the checker accepts for a puzzle."""
    assert puzzle.size == 4
    return {g.as_string() for g in latin_squares(4) if not check.violations(puzzle, g)}


def solutions(puzzle: Puzzle) -> set[str]:
    """Every solution the solver finds (each already passed the checker), as digit strings.
    (The solver is imported here: conftest.py imports this module, whose other helpers need none.)"""
    from asp_sudoku.solving.single import solve

    result = solve(puzzle, limit=None)
    assert result.exhausted
    found = [g.as_string() for g in result.solutions]
    assert len(found) == len(set(found)) == result.count
    return set(found)


def brute_force(puzzle: Puzzle, cap: int = 200_000, key: Callable[[Grid], Any] = Grid.as_string) -> set[Any]:
    """Every grid the checker accepts, found by plain backtracking over the cells (rows,
    columns, boxes and regions only), then filtered by the checker.  For small or well-given
    grids (it stops with an error after `cap` candidate grids)."""
    n = puzzle.size
    grid = puzzle.given_grid()
    units: dict[tuple[int, int], list[tuple[str, int]]] = {}
    for r in range(n):
        for c in range(n):
            keys = [("r", r), ("c", c)]
            if puzzle.box:
                h, w = puzzle.box
                keys.append(("b", (r // h) * (n // w) + c // w))
            if puzzle.regions:
                keys.append(("g", puzzle.regions[r][c]))
            units[(r, c)] = keys
    used: dict[tuple[str, int], set[int]] = {}
    for (r, c), keys in units.items():
        if grid[r][c] is not None:
            for k in keys:
                used.setdefault(k, set()).add(grid[r][c])  # type: ignore[arg-type]
    empty = [(r, c) for r in range(n) for c in range(n) if grid[r][c] is None]
    found: set[Any] = set()
    candidates = 0

    def go(i: int) -> None:
        nonlocal candidates
        if i == len(empty):
            candidates += 1
            assert candidates <= cap, "brute force: too many candidate grids"
            g = Grid(tuple(tuple(v for v in row) for row in grid))  # type: ignore[misc]
            if not check.violations(puzzle, g):
                found.add(key(g))
            return
        r, c = empty[i]
        for v in puzzle.digit_range:
            if all(v not in used.get(k, ()) for k in units[(r, c)]):
                for k in units[(r, c)]:
                    used.setdefault(k, set()).add(v)
                grid[r][c] = v
                go(i + 1)
                grid[r][c] = None
                for k in units[(r, c)]:
                    used[k].discard(v)

    go(0)
    return found


def started_examples(kind: str, refused: set[str] | None = None) -> Iterator[tuple[Puzzle, Any, Any]]:
    """Each example of a clue kind that the logical solver takes, with its `Solver(puzzle, 0)`
    and starting candidates: an example whose givens clash is left out, and `refused` collects
    why the solver refuses the others."""
    from asp_sudoku.rules import CLUE_KINDS
    from asp_sudoku.setter.logic import Solver
    from asp_sudoku.setter.logic.clue_logic import Contradiction
    from asp_sudoku.setter.logic.grid import supported

    for example in CLUE_KINDS[kind].examples:
        (puzzle,) = parse_many(example.toml, "<example>.toml", "toml")
        why = supported(puzzle)
        if why is not None:
            if refused is not None:
                refused.add(why)
            continue
        solver = Solver(puzzle, 0)
        try:
            marks = solver.start()
        except Contradiction:
            continue
        yield puzzle, solver, marks
