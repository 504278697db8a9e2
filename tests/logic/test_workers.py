"""Trials of depth 1 shared out over worker processes (`Solver(workers=N)`, `steps --workers N`):
the path must be the one a single process takes, step for step and word for word, and keep
the same knowledge for later steps (what each trial left); the processes end with the path,
at its time limit too."""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from asp_sudoku import load
from asp_sudoku.cli import EXIT_USAGE, main
from asp_sudoku.cli import args as cli_args
from asp_sudoku.setter import logic
from asp_sudoku.setter.logic import Solver
from asp_sudoku.setter.logic.path import workers as shared

ROOT = Path(__file__).resolve().parents[2]
INKALA = str(ROOT / "instances/classic-inkala.toml")


def walked(name: str, workers: int, limit: int = 10_000, depth: int = 2) -> tuple[list[str], Solver]:
    """The step texts of a path (up to `limit` steps) and its solver."""
    solver = Solver(load(name), depth, workers=workers)
    path = solver.path(limit=limit)
    return [step.text for step in path.steps], solver


def test_shared_trials_take_the_same_steps_and_keep_the_same_knowledge(monkeypatch: pytest.MonkeyPatch) -> None:
    """Inkala's first 20 steps: trials of depth 1 that find a contradiction and trials that
    find none (before steps of depth 2), and those inside trials of depth 2, in one process and
    shared out over two."""
    alone, one = walked(INKALA, 1, limit=20)
    sweep = shared.Workers.sweep
    tops: list[bool] = []

    def counted(self: shared.Workers, marks, order, now, top, tell=None):  # type: ignore[no-untyped-def]
        tops.append(top)
        return sweep(self, marks, order, now, top, tell)

    monkeypatch.setattr(shared.Workers, "sweep", counted)
    together, two = walked(INKALA, 2, limit=20)
    assert together == alone
    assert tops.count(True) >= 10 and tops.count(False) >= 10  # a step's trials, and trials inside trials
    assert sum("trial (depth 2)" in text for text in alone) >= 5  # sweeps that found nothing
    assert sum("trial (depth 1)" in text for text in alone) >= 3  # and sweeps that found a step
    assert two._after == one._after and two._closed == one._closed
    assert two._deep_after == one._deep_after and two._inner == one._inner
    assert two._pool is None and not multiprocessing.active_children()


@pytest.mark.slow  # about 50 s: the whole Inkala path three ways, and Miracle (its checks in clingo) two
def test_whole_paths_are_the_same_with_any_number_of_workers() -> None:
    alone, _ = walked(INKALA, 1)
    assert walked(INKALA, 2)[0] == alone
    assert walked(INKALA, 3)[0] == alone  # more workers than this machine's cores
    miracle = str(ROOT / "instances/miracle.toml")
    assert walked(miracle, 2, depth=1)[0] == walked(miracle, 1, depth=1)[0]


def test_the_first_contradiction_in_the_order_wins_wherever_it_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every candidate given to the other process, or every one to the path's own: the same
    steps (the order decides, not which worker finds a contradiction first)."""
    alone, _ = walked(INKALA, 1, limit=10)
    for owned in (0, 1):
        monkeypatch.setattr(shared, "owner", lambda mark, workers, size, owned=owned: owned)
        assert walked(INKALA, 2, limit=10)[0] == alone


def test_a_worker_that_skipped_less_is_replayed_as_one_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker's record missing (as if it had skipped a trial one process runs): the path runs
    that trial itself, and still keeps what one process keeps."""
    alone, one = walked(INKALA, 1, limit=12)
    replay = shared.Workers._replay

    def forgetful(self: shared.Workers, marks, order, now, records, top):  # type: ignore[no-untyped-def]
        return replay(self, marks, order, now, {i: r for i, r in records.items() if i % 3}, top)

    monkeypatch.setattr(shared.Workers, "_replay", forgetful)
    together, two = walked(INKALA, 2, limit=12)
    assert together == alone and two._after == one._after and two._closed == one._closed


def test_without_fork_the_path_runs_in_one_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shared, "can_fork", lambda: False)
    alone, _ = walked(INKALA, 1, limit=10)
    together, solver = walked(INKALA, 2, limit=10)
    assert together == alone and solver.workers == 1 and not multiprocessing.active_children()


def test_the_time_limit_ends_the_path_and_its_workers() -> None:
    """Inkala's path takes about 4 s, nearly all of it in trials: stopped at 1.5 s, inside them."""
    solver = Solver(load(INKALA), 2, time_limit=1.5, workers=2)
    path = solver.path()
    assert path.timed_out and not path.solved
    assert any("trial" in step.text for step in path.steps)
    assert solver._pool is None and not multiprocessing.active_children()


def test_steps_and_rate_take_workers_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    """Inkala with trials of depth 1 only: four steps (each a shared trial), then stuck."""
    args = [INKALA, "--depth", "1", "--finish-time", "0"]
    assert main(["steps", *args, "--json", "--workers", "1"]) == 0
    alone = capsys.readouterr().out
    for more in (["--workers", "2"], ["--workers", "auto"], []):
        assert main(["steps", *args, "--json", *more]) == 0
        assert capsys.readouterr().out == alone
    assert alone.count('"technique": "trial"') == 4
    assert main(["rate", *args, "--workers", "2"]) == 0
    assert "stuck in 4 steps; rating 7.0 (trial of depth 1, 4x)" in capsys.readouterr().out
    for bad in ("0", "65", "two"):
        assert main(["steps", INKALA, "--workers", bad]) == EXIT_USAGE
        assert "--workers" in capsys.readouterr().err


def test_steps_and_rate_share_trials_over_every_usable_core_by_default(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without `--workers` (or with `auto`) the command line takes one process a core this
    process may use, at most `AUTO_MOST`; `--workers N` takes N; the library's solver stays at one."""
    seen: list[int] = []

    class Recording(Solver):
        def __init__(self, *args: object, **kwargs: object) -> None:
            seen.append(kwargs["workers"])  # type: ignore[arg-type]
            super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(logic, "Solver", Recording)
    base = [INKALA, "--depth", "0", "--finish-time", "0"]
    for cores, command, more, expected in (
        (3, "steps", [], 3), (3, "rate", [], 3), (3, "steps", ["--workers", "auto"], 3),
        (3, "rate", ["--workers", "1"], 1), (3, "steps", ["--workers", "2"], 2),
        (1, "steps", [], 1), (16, "rate", [], cli_args.AUTO_MOST), (16, "steps", ["--workers", "16"], 16),
    ):
        monkeypatch.setattr(cli_args, "usable_cores", lambda cores=cores: cores)
        assert main([command, *base, *more]) == 0, (command, more)
        assert seen.pop() == expected, (cores, command, more)
    capsys.readouterr()
    assert Solver(load(INKALA)).workers == 1


def test_usable_cores_are_the_ones_this_process_may_run_on() -> None:
    if hasattr(os, "sched_getaffinity"):
        assert cli_args.usable_cores() == min(len(os.sched_getaffinity(0)), 64)
    else:
        assert cli_args.usable_cores() == min(os.cpu_count() or 1, 64)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads the process table in /proc (Linux)")
def test_workers_end_when_the_path_process_is_killed(tmp_path: Path) -> None:
    """SIGKILL leaves no time to stop the workers: each must see the path's end of its pipe
    close (it closes the copies it inherited) and end by itself."""
    script = tmp_path / "path.py"
    script.write_text(
        "import sys\nfrom asp_sudoku import load\nfrom asp_sudoku.setter.logic import Solver\n"
        f"Solver(load({INKALA!r}), 2, workers=2).path()\n"
    )
    path = subprocess.Popen([sys.executable, str(script)])
    try:
        children: list[int] = []
        deadline = time.monotonic() + 20
        while not children and time.monotonic() < deadline and path.poll() is None:
            time.sleep(0.05)
            children = [pid for pid in _pids() if _status(pid).get("PPid") == str(path.pid)]
        assert children, "no worker process started"
    finally:
        path.kill()
        path.wait()
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and any(_status(pid).get("State", "Z").startswith(("R", "S", "D")) for pid in children):
        time.sleep(0.1)
    assert not any(_status(pid).get("State", "Z").startswith(("R", "S", "D")) for pid in children)


def _pids() -> list[int]:
    return [int(name) for name in os.listdir("/proc") if name.isdigit()]


def _status(pid: int) -> dict[str, str]:
    """A process's /proc status fields (empty when it is gone)."""
    try:
        lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    except OSError:
        return {}
    return {key: value.strip() for key, _, value in (line.partition(":") for line in lines)}


@pytest.mark.parametrize("raised", ["stopped", "failed"])
def test_what_stops_or_fails_in_a_worker_reaches_the_path(raised: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A check's search stopped at the deadline inside a worker ends the path at its time limit,
    as in one process; anything else a worker raises reaches the path as an error naming it."""
    from asp_sudoku.setter.logic.path.trial import Trials
    from asp_sudoku.solving.logic import SearchStopped

    path_process = os.getpid()
    assume = Trials.assume

    def broken(self: Trials, marks, mark, depth):  # type: ignore[no-untyped-def]
        if os.getpid() != path_process:
            raise SearchStopped("stopped") if raised == "stopped" else ValueError("no such digit")
        return assume(self, marks, mark, depth)

    monkeypatch.setattr(Trials, "assume", broken)
    solver = Solver(load(INKALA), 2, workers=2)
    if raised == "stopped":
        assert solver.path().timed_out
    else:
        with pytest.raises(RuntimeError, match="a trial worker process failed: ValueError: no such digit"):
            solver.path()
    assert solver._pool is None and not multiprocessing.active_children()


@pytest.mark.slow  # about 10 s: 45 steps of a 6x6 twice
def test_checks_of_clues_that_read_other_cells_are_never_skipped_as_stale() -> None:
    """Found by a QA pass: a clue check that found nothing was remembered by the candidates of
    the clue's own cells, so an indexing, full-rank, minimum or maximum clue (whose check reads
    the whole grid) was skipped after other cells changed; worker processes, which remember
    other checks, then took other steps (here from step 41), and on a full-rank 9x9 the shared
    trial stopped with an internal error.  Such a check is now remembered by every cell."""
    name = str(ROOT / "tests/data/logic/workers-indexing-6x6.toml")
    alone, one = walked(name, 1, limit=45, depth=1)
    assert len(alone) == 45 and walked(name, 2, limit=45, depth=1)[0] == alone
    every = one.puzzle.size * one.puzzle.cols
    assert [len(reads) for reads, local in zip(one.reads, one.local) if not local] == [every] * 3  # the indexing clues


def test_each_column_and_extra_cell_has_one_worker_in_bands() -> None:
    """`owner` bands the grid's columns (a 6x8 has 8, not 6) and gives an extra cell, beyond
    the last column, the last column's worker: never an index outside the workers."""
    from asp_sudoku.setter.logic.path.workers import owner

    for workers in (2, 3, 4):
        found = [owner((1, c, 1), workers, 8) for c in range(1, 9)]
        assert found == sorted(found, reverse=True) and set(found) == set(range(workers))
        assert owner((11, 11, 1), workers, 8) == found[-1] == 0
