"""Shared test helpers: paths, and a solver wrapper that checks every grid independently.

A plain module (not conftest.py), so that test files import it the same way whether the suite
runs as `pytest` or `python -m pytest`: pyproject.toml puts tests/ (and the repository root) on
sys.path with pytest's `pythonpath` option.  Write `from helpers import ROOT, ...`.
"""

from __future__ import annotations

from pathlib import Path

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
