"""`solve --all` and `-n` flush standard output at most every 0.1 s into a pipe or file (a flush a
grid was a write call a grid), yet a grid printed just after a flush still shows within about
that time, not only at the next grid or the end of the search (`Flush` in cli/flush.py)."""

from __future__ import annotations

import io
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from helpers import INSTANCES

from asp_sudoku.cli.flush import Flush


class Recorder(io.StringIO):
    """Standard output that remembers, at each flush, how many lines had been written."""

    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty
        self.flushes: list[int] = []

    def isatty(self) -> bool:
        return self.tty

    def flush(self) -> None:
        self.flushes.append(self.getvalue().count("\n"))


def _wait_for(condition, seconds: float = 5.0) -> bool:  # type: ignore[no-untyped-def]
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.01)
    return condition()


def _printed(monkeypatch: pytest.MonkeyPatch, tty: bool, lines: int, every: float) -> tuple[Recorder, Flush]:
    """Print `lines` grids through a `Flush` flushing at most every `every` seconds."""
    out = Recorder(tty)
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(Flush, "EVERY", every)
    flush = Flush()
    for i in range(lines):
        flush.write(f"grid {i}")
    return out, flush


def test_a_burst_is_flushed_once_then_its_tail_by_the_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    out, flush = _printed(monkeypatch, tty=False, lines=5, every=1.0)
    assert out.flushes == [1]  # the first grid at once; the other four wait...
    assert _wait_for(lambda: out.flushes[-1] == 5)  # ...for the thread, not for a sixth grid
    assert len(out.flushes) == 2
    flush.close()
    assert out.flushes == [1, 5] and out.getvalue() == "".join(f"grid {i}\n" for i in range(5))
    assert not flush.thread.is_alive()  # type: ignore[union-attr]


def test_a_terminal_is_flushed_after_every_grid(monkeypatch: pytest.MonkeyPatch) -> None:
    out, flush = _printed(monkeypatch, tty=True, lines=3, every=60.0)
    flush.close()
    assert out.flushes == [1, 2, 3] and flush.thread is None


def test_close_flushes_what_the_thread_has_not_yet(monkeypatch: pytest.MonkeyPatch) -> None:
    out, flush = _printed(monkeypatch, tty=False, lines=2, every=60.0)  # the thread would wait a minute
    flush.close()
    assert out.flushes == [1, 2]


def test_solve_all_through_a_pipe_prints_every_grid_whole(tmp_path: Path) -> None:
    """The 72 Miracle grids of an empty board through a pipe, without PYTHONUNBUFFERED: every
    grid, in order, then the status line."""
    empty = tmp_path / "miracle-empty.toml"
    empty.write_text('size = 9\nrules = ["anti-king", "anti-knight", "non-consecutive"]\n')
    env = {"PATH": "/usr/bin:/bin", "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "asp_sudoku", "solve", "--all", str(empty)],
        capture_output=True, text=True, env=env, check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    labels = [line for line in lines if line.startswith("solution ")]
    assert labels == [f"solution {i}:" for i in range(1, 73)]
    assert lines[-1].startswith("multiple: 72 solutions")
    assert len(lines) == 1 + 72 * 12 + 1  # header, 72 x (label + 11 grid lines), status


class Closed(Recorder):
    """A pipe whose reader leaves after the first flush."""

    def flush(self) -> None:
        super().flush()
        if len(self.flushes) > 1:
            raise BrokenPipeError(32, "Broken pipe")


def test_a_closed_pipe_ends_the_thread_quietly_and_stops_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """The thread's flush into a pipe the reader closed: no "Exception in thread" on stderr; it
    sets the search's cancel event, and `write` and `close` raise the error."""
    out = Closed(tty=False)
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(Flush, "EVERY", 0.05)
    seen: list[BaseException] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: seen.append(args.exc_value))
    stop = threading.Event()
    flush = Flush(stop)
    flush.write("a")
    flush.write("b")  # left to the thread, whose flush fails
    assert flush.thread is not None
    flush.thread.join(5)
    assert not flush.thread.is_alive() and seen == [] and stop.is_set()
    with pytest.raises(BrokenPipeError):
        flush.write("c")
    assert "c" not in out.getvalue()
    with pytest.raises(BrokenPipeError):
        flush.close()


def test_solve_stops_searching_when_the_reader_leaves_after_a_burst(monkeypatch: pytest.MonkeyPatch) -> None:
    """`solve --all | head`: the reader leaves during a burst of grids after which the search goes
    on for long; the search stops within moments (it ran to its end: a QA pass), exit 141."""
    import asp_sudoku.solving.single as single
    from asp_sudoku.cli import main
    from asp_sudoku.core.result import UNKNOWN, Result

    cancelled: list[float] = []

    def search(puzzle, *, on_solution, cancel, **options):  # type: ignore[no-untyped-def]
        from asp_sudoku.core.model import Grid

        grid = Grid(tuple(tuple((r + c) % 4 + 1 for c in range(4)) for r in range(4)))
        for _ in range(5):  # a burst...
            on_solution(grid)
        start = time.monotonic()
        assert cancel.wait(30)  # ...then a long search, until the pipe's failure stops it
        cancelled.append(time.monotonic() - start)
        return Result(UNKNOWN, 5, False, (), 0.0, interrupted=True)

    monkeypatch.setattr(single, "solve", search)
    monkeypatch.setattr(sys, "stdout", Closed(tty=False))
    monkeypatch.setattr(Flush, "EVERY", 0.05)
    assert main(["solve", "--all", str(INSTANCES / "classic-4x4-seed-a.toml")]) == 141
    assert cancelled and cancelled[0] < 5
