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
