"""How often the hardest technique was needed: the steps of the rating's level, so a path rated for
a trial of depth 2 does not count its trials of depth 1 (a QA pass found "trial, 39x" where 8
trials were of depth 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from asp_sudoku import load
from asp_sudoku.cli import main
from asp_sudoku.setter.logic.path import Path as LogicPath
from asp_sudoku.setter.logic.path import trial_level
from asp_sudoku.setter.logic.techniques import Step

ROOT = Path(__file__).resolve().parents[2]
PUZZLE = load(ROOT / "instances/classic-9x9-seed.toml")


def _trial(depth: int) -> Step:
    return Step("trial", trial_level(depth), (), ((1, 1, 1),), (), "a trial", depth)


def _single() -> Step:
    return Step("hidden single", 1.5, ((1, 1, 1),), (), (), "a single")


def _chain(level: float) -> Step:
    return Step("XY-chain", level, (), ((1, 1, 2),), (), "a chain")


@pytest.mark.parametrize(
    ("steps", "name", "count"),
    [
        ((), None, 0),
        ((_single(), _single()), "hidden single", 2),
        ((_trial(1), _trial(2), _trial(1), _trial(2), _trial(1)), "trial of depth 2", 2),
        ((_trial(1), _single(), _trial(1)), "trial of depth 1", 2),
        ((_chain(6.6), _chain(6.8), _chain(6.7), _chain(6.8)), "XY-chain", 2),
    ],
)
def test_the_count_is_of_the_steps_at_the_rating(steps: tuple[Step, ...], name: str | None, count: int) -> None:
    path = LogicPath(PUZZLE, steps, False, (), ())
    assert (path.hardest_name, path.hardest_count) == (name, count)


@pytest.mark.slow
def test_inkala_counts_its_trials_of_depth_2(capsys: pytest.CaptureFixture[str]) -> None:
    """Inkala's path has trials of depth 1 and 2; the rating counts those of depth 2 alone."""
    assert main(["steps", str(ROOT / "instances/classic-inkala.toml"), "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    steps = [json.loads(line) for line in lines[:-1]]
    deep = sum(1 for s in steps if s["technique"] == "trial" and s["level"] == trial_level(2))
    shallow = sum(1 for s in steps if s["technique"] == "trial" and s["level"] == trial_level(1))
    assert deep and shallow
    closing = json.loads(lines[-1])
    assert (closing["rating"], closing["hardest"], closing["hardest_count"]) == (8.5, "trial", deep)
