"""Logical paths checked step by step: every digit placed is the puzzle's digit there (cautious
consequences), every candidate removed is in no solution (brave consequences, from `candidates`),
and a finished path ends in the solution, which the independent checker accepts."""

from __future__ import annotations

from pathlib import Path

import pytest

from asp_sudoku import load
from asp_sudoku.checker import violations
from asp_sudoku.cli import main
from asp_sudoku.core.model import Grid, Puzzle
from asp_sudoku.setter.candidates import candidates
from asp_sudoku.setter.logic import Solver
from asp_sudoku.setter.logic.path import Path as LogicPath

ROOT = Path(__file__).resolve().parents[2]
SINGLES = {"hidden single", "naked single"}


def checked(puzzle: Puzzle, depth: int = 1) -> LogicPath:
    """The path of a puzzle with a unique solution, every step checked."""
    path = Solver(puzzle, depth).path()
    found = candidates(puzzle)
    assert found.status == "unique"
    for step in path.steps:
        assert step.placed or step.removed, step.text
        for r, c, p in step.placed:
            assert found.fixed[r - 1][c - 1] == p, step.text
        for r, c, p in step.removed:
            assert p not in found.candidates[r - 1][c - 1], step.text
    if path.solved:
        grid = Grid(path.grid)
        assert violations(puzzle, grid) == []
        assert all(grid.rows[r][c] == found.fixed[r][c] for r in range(puzzle.size) for c in range(puzzle.size))
    return path


def test_the_wikipedia_classic_finishes_with_singles_only() -> None:
    path = checked(load(str(ROOT / "tests/data/iss/001-classic-sudoku.toml")))
    assert path.solved
    assert {s.technique for s in path.steps} <= SINGLES
    assert path.rating <= 2.3


@pytest.mark.parametrize(
    "name", ["classic-9x9-seed", "classic-4x4-seed-a", "between-lines-sudoku"]
)
def test_paths_of_seed_puzzles_are_right_at_every_step(name: str) -> None:
    path = checked(load(str(ROOT / "instances" / f"{name}.toml")))
    assert path.solved


@pytest.mark.slow
@pytest.mark.parametrize("name", ["killer-wikipedia", "killer-daily-hard", "between-1-and-9-sudoku"])
def test_seed_killers_finish_with_clue_logic(name: str) -> None:
    path = checked(load(str(ROOT / "instances" / f"{name}.toml")), depth=0)
    assert path.solved
    assert path.trial_depth == 0
    assert {"clue logic", "house and clues"} & {s.technique for s in path.steps}


# The little killer takes about two minutes on 2 cores (each trial is Python around clingo
# calls): nightly, so that the suite stays short; Spoons (about 25 s) runs every time.
@pytest.mark.slow
@pytest.mark.parametrize("name", ["spoons", pytest.param("little-killer", marks=pytest.mark.nightly)])
def test_spoons_and_the_little_killer_finish_with_a_shallow_trial(name: str) -> None:
    path = checked(load(str(ROOT / "instances" / f"{name}.toml")), depth=1)
    assert path.solved
    assert path.trial_depth <= 1


@pytest.mark.slow
def test_the_inkala_puzzle_needs_trial() -> None:
    path = Solver(load(str(ROOT / "instances/classic-inkala.toml")), 0).path()
    assert not path.solved  # no pattern technique of ours cracks it: trial is needed


def test_a_path_without_trial_gets_stuck_and_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["steps", "--depth", "0", str(ROOT / "instances/classic-inkala.toml")])
    out = capsys.readouterr().out
    assert code == 0
    assert "stuck" in out and "candidates left" in out


def test_steps_json_ends_with_the_closing_object(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    code = main(["steps", "--json", str(ROOT / "instances/classic-4x4-seed-a.toml")])
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 0
    *steps, closing = lines
    assert closing["status"] == "solved" and closing["steps"] == len(steps) and closing["hardest"] == "hidden single"
    assert all(set(s) >= {"technique", "level", "placed", "removed", "clues"} for s in steps)
    placed = {tuple(m) for s in steps for m in s["placed"]}
    puzzle = load(str(ROOT / "instances/classic-4x4-seed-a.toml"))
    assert len(placed) + len(puzzle.givens) == 16


def test_rate_prints_the_hardest_technique(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["rate", str(ROOT / "instances/classic-9x9-seed.toml")])
    assert code == 0
    assert "rating 1.5 (hidden single" in capsys.readouterr().out
