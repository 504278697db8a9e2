"""The progress line of `steps` and `rate` (asp_sudoku/cli/step_line.py) and what feeds it: a
step's trial telling which candidate it is on (`Trials.on_trial`)."""

from __future__ import annotations

import re
import threading
import time
from functools import cache
from pathlib import Path

import pytest

from asp_sudoku.cli import main
from asp_sudoku.core.model import Puzzle
from asp_sudoku.formats import load_many
from asp_sudoku.setter.logic import Solver
from asp_sudoku.setter.logic.path import Path as LogicPath
from asp_sudoku.setter.logic.techniques import Step

ROOT = Path(__file__).resolve().parents[2]
NORVIG = ROOT / "tests" / "data" / "classic" / "norvig_hardest.txt"


def _norvig(n: int) -> Puzzle:
    """The n-th (1-based) of Norvig's hardest: the 3rd needs one trial of depth 1, the 2nd trials of depth 2."""
    return load_many(str(NORVIG))[n - 1]


Heard = list[list[tuple[int, int, int]]]


def _told(puzzle: Puzzle, depth: int, workers: int = 1, limit: int = 10_000, finish: float = 0.0) -> tuple[LogicPath, Heard, Heard]:
    """The path with `on_trial` listening: what it heard while each step was being found, and
    while the stuck path looked how deep a trial must go to finish (`finish` seconds)."""
    heard: Heard = [[]]
    finishing: Heard = [[]]

    def on_trial(depth: int, place: int, candidates: int, looking: bool) -> None:
        (finishing if looking else heard)[-1].append((depth, place, candidates))

    solver = Solver(puzzle, depth, workers=workers, finish_time=finish)
    solver.on_trial = on_trial
    path = solver.path(limit=limit, on_step=lambda step: heard.append([]))
    return path, heard[: len(path.steps)] + ([heard[-1]] if heard[-1] else []), finishing[0]


@cache
def _plain_path() -> list[str]:
    """The words of the 3rd puzzle's path at depth 1, taken without `on_trial`."""
    return [step.text for step in Solver(_norvig(3), 1).path().steps]


@pytest.mark.parametrize("workers", [1, 2])
def test_a_steps_trial_tells_which_candidate_it_is_on_and_the_path_stays_the_same(workers: int) -> None:
    """Before each candidate a step's trial assumes, `on_trial` hears its depth, its place and
    how many candidates the trial has (shared out over workers: the path's own share, in
    order); a step without trial hears nothing; the path is word for word the one taken
    without it."""
    path, heard, _ = _told(_norvig(3), 1, workers)
    assert [step.text for step in path.steps] == _plain_path() and path.solved
    for step, items in zip(path.steps, heard):
        if step.technique != "trial":
            assert items == [], step.text  # quick techniques found it first
            continue
        assert items and all(depth == 1 and 0 <= place < candidates for depth, place, candidates in items)
        assert len({candidates for _, _, candidates in items}) == 1  # one trial
        places = [place for _, place, _ in items]
        assert places == sorted(set(places))  # in the trial's order, each once
        if workers == 1:
            assert places == list(range(len(places)))  # every place, from the first


def test_only_a_steps_own_trials_are_told() -> None:
    """The trials of depth 1 inside a step's trial of depth 2 are not told of (the line would
    jump about): while a step is found, its trial of depth 1 is heard, then its trial of depth 2,
    never depth 1 again after it."""
    path, heard, _ = _told(_norvig(2), 2, limit=7)
    deep = [items for step, items in zip(path.steps, heard) if step.technique == "trial" and step.depth == 2]
    assert deep, "the puzzle no longer needs a trial of depth 2 in its first 7 steps"
    for items in deep:
        depths = [depth for depth, _, _ in items]
        assert depths[0] == 1 and 2 in depths
        assert depths == sorted(depths), "a trial of depth 1 told of inside the trial of depth 2"


def test_a_stuck_path_tells_that_it_looks_how_deep_a_trial_must_go() -> None:
    """Stuck at depth 1, the path looks how deep a trial must go to finish: the trials of that
    look (of depth 1 and 2 here) are told as such; before it, the last trial of depth 1 (which
    found nothing) is told as a step's."""
    path, heard, finishing = _told(_norvig(2), 1, finish=3.0)
    assert path.status == "stuck" and path.finish is not None
    assert {depth for depth, _, _ in finishing} >= {2}
    # after the last step, the trial of depth 1 that found nothing, then only the look
    assert len(heard) == len(path.steps) + 1 and {depth for depth, _, _ in heard[-1]} == {1}


def _step(technique: str, level: float) -> Step:
    return Step(technique, level, (), (), (), technique)


def test_the_lines_words(monkeypatch: pytest.MonkeyPatch) -> None:
    """What each command's line says: `steps` the step being worked on, the trial's candidate
    and the seconds on that step; `rate` the steps so far, the hardest and the trial."""
    from asp_sudoku.cli.step_line import StepLine

    line = StepLine("steps", 0.0)
    now = line.last
    assert line._text(now) == "step 1: looking [0 s]"
    line.on_trial(2, 14, 380)
    assert line._text(now + 12.2) == "step 1: trial of depth 2, candidate 15 of 380 [12 s]"
    monkeypatch.setattr("builtins.print", lambda *args, **kwargs: None)
    line.print("   1. a step")
    assert line._text(line.last) == "step 2: looking [0 s]"  # a step ends its trial
    line.on_trial(1, 0, 41, True)  # the stuck path looks how deep a trial must go (`finish`)
    assert line._text(line.last) == "step 2: stuck; how deep a trial must go to finish: trial of depth 1, candidate 1 of 41 [0 s]"
    rate = StepLine("rate", 0.0)
    assert rate._text(rate.start) == "no step yet [0 s]"
    rate.step(_step("hidden single", 1.5))
    rate.step(_step("trial", 8.5))
    rate.step(_step("naked single", 2.3))
    rate.on_trial(1, 0, 52)
    assert rate._text(rate.start + 3) == "3 steps, hardest trial 8.5; trial of depth 1, candidate 1 of 52 [3 s]"


def test_steps_draws_its_line_only_while_a_step_takes_long_and_wipes_it_before_each_step(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`steps` prints each step as it comes: its line shows on stderr only once no step has come
    for `DELAY` seconds, and is wiped before the next step is printed and at the end."""
    from asp_sudoku.cli.step_line import StepLine

    line = StepLine("steps", 0.2)
    line._draw(0.0)
    assert capsys.readouterr().err == ""  # a step came (the start) under DELAY ago
    line.last -= 1.0
    line.on_trial(1, 3, 40)
    line._draw(0.0)
    err = capsys.readouterr().err
    assert err == "\r\x1b[Kasp-sudoku steps: step 1: trial of depth 1, candidate 4 of 40 [1 s]"
    line.print("   1. r1c1 = 5")
    shown = capsys.readouterr()
    assert shown.err == "\r\x1b[K" and shown.out == "   1. r1c1 = 5\n"
    line.close()
    assert capsys.readouterr().err == ""  # nothing drawn since: nothing to wipe


def test_steps_output_is_the_same_with_its_line_and_its_line_names_the_trial(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a terminal (forced), with the line drawn at every tick: stdout is the same as with
    --no-progress, the line never reaches stdout, it names the trial being run, and it is
    wiped at the end."""
    import asp_sudoku.cli.progress as progress
    import asp_sudoku.cli.step_line as step_line

    monkeypatch.setenv(progress.FORCE_ENV, "1")
    monkeypatch.setattr(progress, "DELAY", 0.0)
    monkeypatch.setattr(step_line, "TICK", 0.002)
    slow = step_line.StepLine.on_trial

    def on_trial(self: step_line.StepLine, depth: int, place: int, candidates: int, finishing: bool = False) -> None:
        slow(self, depth, place, candidates, finishing)
        time.sleep(0.003)  # each candidate long enough for the ticker to draw it

    monkeypatch.setattr(step_line.StepLine, "on_trial", on_trial)
    line = NORVIG.read_text().splitlines()
    puzzle = [text for text in line if text and not text.startswith("#")][2]
    argv = ["steps", "--workers", "1", "--depth", "1", "--finish-time", "0", puzzle]
    assert main(argv) == 0
    shown = capsys.readouterr()
    assert main([*argv, "--no-progress"]) == 0
    quiet = capsys.readouterr()
    assert shown.out == quiet.out and "\r" not in shown.out and quiet.err == ""
    assert "asp-sudoku steps: step " in shown.err and ": trial of depth 1, candidate " in shown.err
    assert shown.err.endswith("\r\x1b[K")


def test_rate_shows_its_steps_on_a_terminal_and_wipes_the_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`rate` prints one line at the end; on a terminal (forced here) a progress line of the
    steps so far and the hardest is drawn on stderr meanwhile and wiped at the end; with
    --no-progress, nothing.  stdout is the same either way."""
    import asp_sudoku.cli.progress as progress

    monkeypatch.setenv(progress.FORCE_ENV, "1")
    monkeypatch.setattr(progress, "DELAY", 0.0)
    file = str(ROOT / "instances/classic-9x9-seed.toml")
    assert main(["rate", file]) == 0
    shown = capsys.readouterr()
    # the seconds are wall time: [1 s] or more when the machine is loaded
    assert re.search(r"\r\x1b\[Kasp-sudoku rate: 1 step, hardest hidden single 1\.5 \[\d+ s\]", shown.err)
    assert shown.err.endswith("\r\x1b[K")
    assert main(["rate", "--no-progress", file]) == 0
    quiet = capsys.readouterr()
    assert quiet.err == "" and quiet.out == shown.out and "solved in" in shown.out


def test_rates_line_moves_on_while_no_step_comes(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A step of depth 2 can take a minute: the line is drawn again every TICK seconds meanwhile
    (from a thread of its own), and nothing is drawn after it is wiped."""
    import asp_sudoku.cli.step_line as step_line

    monkeypatch.setattr(step_line, "TICK", 0.05)
    line = step_line.StepLine("rate", 0.0)
    ticker = threading.Thread(target=line.tick, daemon=True)
    ticker.start()
    time.sleep(0.4)
    line.close()
    ticker.join()
    err = capsys.readouterr().err
    assert err.count("asp-sudoku rate: no step yet [0 s]") >= 2 and err.endswith("\r\x1b[K")
    time.sleep(0.15)
    assert capsys.readouterr().err == ""
