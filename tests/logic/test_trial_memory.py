"""What a step's trial of depth 2 keeps for later (`Memory.enter`, `Memory.leave`): a later trial
of the same candidate starts from where the last one ended, and the trials of depth 1 inside it
from where they ended there.  Started so, on fewer candidates (as later on the path), it must
end as a trial started afresh: in a contradiction both ways, or in the same candidates."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

from asp_sudoku import load
from asp_sudoku.setter.logic import Solver
from asp_sudoku.setter.logic.grid import Mark, Marks
from asp_sudoku.setter.logic.path.memory import bitmasks

ROOT = Path(__file__).resolve().parents[2]
INKALA = str(ROOT / "instances/classic-inkala.toml")


def deep_trial(solver: Solver, marks: Marks, assumed: Mark) -> tuple[str | None, Marks]:
    """A step's trial of depth 2 of one candidate, as `Trials.trial` runs it."""
    solver.deep = True
    try:
        return solver.assume(marks, assumed, 2, top=True)
    finally:
        solver.deep = False


def test_a_trial_of_depth_2_started_from_where_its_last_one_ended_ends_the_same() -> None:
    """Inkala's puzzle with five givens fewer (many solutions: most trials of depth 2 lead
    nowhere, some find a contradiction), twelve candidates tried, then tried again on fewer
    candidates three times over: each against the same trial in a solver that knows nothing."""
    inkala = load(INKALA)
    puzzle = dataclasses.replace(inkala, givens=inkala.givens[5:])
    solver = Solver(puzzle, 2)
    marks = solver.start()
    open_marks = sorted((r, c, p) for (r, c), ds in marks.cands.items() if (r, c) not in marks.solved for p in ds)
    rng = random.Random(31)
    assumed = rng.sample(open_marks, 12)
    led_nowhere = []
    for mark in assumed:  # the first trials: what each leads to, kept
        why, _ = deep_trial(solver, marks, mark)
        if why is None:
            led_nowhere.append(mark)
            assert mark in solver._deep_after and solver._inner[mark]
        else:
            assert mark not in solver._deep_after and mark not in solver._inner
    assert led_nowhere
    started = contradictions = 0
    solution = dict(((r, c), p) for r, c, p in inkala.givens)  # a grid the fewer candidates keep
    later = marks.copy()
    for _ in range(3):  # fewer candidates each time, as later on the path
        later = later.copy()
        later.remove([m for m in open_marks if m[:2] not in solution and rng.random() < 0.05])
        for mark in led_nowhere:
            if mark[2] not in later.cands[mark[:2]]:
                continue
            started += mark in solver._deep_after
            why, ended = deep_trial(solver, later, mark)
            why_fresh, ended_fresh = deep_trial(Solver(puzzle, 2), later, mark)
            assert (why is None) == (why_fresh is None), (mark, why, why_fresh)
            if why is None:
                assert ended.cands == ended_fresh.cands
                assert solver._deep_after[mark] == bitmasks(ended)
            contradictions += why is not None
    assert started and contradictions, (started, contradictions)
