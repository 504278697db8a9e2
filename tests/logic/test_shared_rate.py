"""`rate --workers N` over several puzzles: each puzzle rated in one of N worker processes
(asp_sudoku/cli/shared_rate.py), the output as one process prints it."""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import asp_sudoku.cli as cli
from asp_sudoku.cli import EXIT_INTERNAL, EXIT_INTERRUPT, EXIT_USAGE, main, shared_rate
from asp_sudoku.core.errors import AspSudokuError

ROOT = Path(__file__).resolve().parents[2]


SOLUTION = (
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
)  # Inkala's puzzle's solution (README)


def _collection(tmp_path: Path) -> Path:
    """Six quick puzzles cut from one solution (a different third of the cells open in each:
    singles and a little more) with a bad line among them."""
    puzzles = [
        "".join("." if (i * 7 + k) % 3 == 0 else digit for i, digit in enumerate(SOLUTION)) for k in range(6)
    ]
    path = tmp_path / "seven.txt"
    path.write_text("\n".join(puzzles[:4] + ["this is no puzzle"] + puzzles[4:]) + "\n")
    return path


@pytest.mark.parametrize("json", [False, True])
def test_a_collection_is_rated_a_puzzle_a_worker_with_the_output_of_one_process(
    json: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With two workers every puzzle is rated in a worker process (each says its process here),
    and stdout, stderr (the bad line's error where it stands) and the exit code are those of one
    process rating them in turn."""
    collection = str(_collection(tmp_path))
    argv = ["rate", "--depth", "1", "--finish-time", "0", *(["--json"] if json else []), collection]
    real = cli.command("rate")

    def told(puzzle, args):  # type: ignore[no-untyped-def]
        print(f"rated in {os.getpid()} with {args.workers} worker", file=sys.stderr)
        return real(puzzle, args)

    monkeypatch.setattr(cli, "command", lambda name: told)
    assert main([*argv[:1], "--workers", "1", *argv[1:]]) == EXIT_USAGE  # the bad line
    alone = capsys.readouterr()
    assert main([*argv[:1], "--workers", "2", *argv[1:]]) == EXIT_USAGE
    shared = capsys.readouterr()
    assert shared.out == alone.out and len(shared.out.splitlines()) == 6 + json
    assert "seven.txt:5" in alone.err
    here = f"rated in {os.getpid()} "

    def plain(err: str) -> list[str]:
        return [line for line in err.splitlines() if not line.startswith("rated in ")]

    assert plain(shared.err) == plain(alone.err) and shared.err.count("with 1 worker") == 6
    assert alone.err.count(here) == 6 and here not in shared.err  # all in workers


def test_one_puzzle_keeps_its_trials_shared_and_one_worker_rates_in_turn() -> None:
    """Only several inputs with several workers are shared out by puzzle (and only by `rate`);
    one puzzle shares its trials out instead."""
    entries: list[tuple[str, object]] = [("a", object()), ("b", AspSudokuError("bad"))]

    def args(command: str, workers: int) -> argparse.Namespace:
        return argparse.Namespace(command=command, workers=workers)

    assert shared_rate.can_share(args("rate", 2), entries)  # type: ignore[arg-type]
    assert not shared_rate.can_share(args("rate", 2), entries[:1])  # type: ignore[arg-type]
    assert not shared_rate.can_share(args("rate", 1), entries)  # type: ignore[arg-type]
    assert not shared_rate.can_share(args("steps", 2), entries)  # type: ignore[arg-type]


def _rating_forty(tmp_path: Path, start_new_session: bool = False) -> tuple[Path, subprocess.Popen[str], str]:
    """`rate --workers 2 --depth 1` of magictour's first forty started as a process of its own
    (several seconds of work), once its first line is out: the collection, the process, that line."""
    source = ROOT / "bench" / "data" / "classic" / "magictour_top1465_first1000.txt"
    collection = tmp_path / "forty.txt"
    collection.write_text("".join(source.read_text().splitlines(keepends=True)[:40]))
    proc = subprocess.Popen(
        [sys.executable, "-m", "asp_sudoku", "rate", "--workers", "2", "--depth", "1", str(collection)],
        cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=start_new_session,
    )
    assert proc.stdout is not None
    first = proc.stdout.readline()  # the first puzzle rated
    assert first.startswith(f"{collection}:") and ": solved in " in first
    return collection, proc, first


@pytest.mark.slow
def test_ctrl_c_while_a_collection_is_rated_over_workers(tmp_path: Path) -> None:
    """Ctrl-C (to the whole process group, as a terminal sends it): the lines printed so far
    stay whole, "interrupted" last, exit 130, no traceback (the workers ignore it), and no
    worker process is left."""
    collection, proc, first = _rating_forty(tmp_path, start_new_session=True)
    time.sleep(0.3)
    os.killpg(proc.pid, signal.SIGINT)  # as a terminal's Ctrl-C: to the workers too
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == EXIT_INTERRUPT, err
    # as one process says it (it said only "interrupted": a QA pass); nothing from the workers
    # ("Process ForkPoolWorker-1: Traceback ...")
    assert err == "asp-sudoku: interrupted; results above are partial\n"
    lines = [first, *out.splitlines(keepends=True)]
    assert all(line.endswith("\n") and ": solved in " in line for line in lines)
    assert len(lines) < 40
    time.sleep(0.5)
    ps = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True, check=True)
    assert not [line for line in ps.stdout.splitlines() if str(collection) in line]  # the workers too


@pytest.mark.slow
def test_ctrl_c_keeps_the_input_order_of_what_is_printed() -> None:
    """Ctrl-C while the main process waited for a puzzle still being rated: that puzzle had left
    the queue, so a later puzzle already rated was printed as if it came first (a review found
    the 9x9 printed after the 4x4, and the hard killer between them never).  Now nothing after
    the puzzle still being rated is printed."""
    files = [str(ROOT / "instances/classic-4x4-seed-a.toml"), str(ROOT / "bench/data/iss/TAREK_ALL/31.iss"),
             str(ROOT / "instances/classic-9x9-seed.toml")]
    proc = subprocess.Popen(
        [sys.executable, "-m", "asp_sudoku", "rate", "--workers", "2", "--no-progress", *files],
        cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )
    assert proc.stdout is not None
    first = proc.stdout.readline()
    assert first.startswith(f"{files[0]}: solved in ")
    time.sleep(1.5)  # the 9x9 is rated by then (a fraction of a second); TAREK 31 takes minutes
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == EXIT_INTERRUPT and err == "asp-sudoku: interrupted; results above are partial\n"
    assert out == "", out  # neither the 9x9 (it comes after the killer) nor the killer


@pytest.mark.slow
def test_a_worker_that_dies_ends_the_command_with_an_internal_error(tmp_path: Path) -> None:
    """A worker killed mid-puzzle (out of memory, say): the command stops with one internal
    error line and exit 70 instead of waiting forever, and leaves no worker behind."""
    collection, proc, _ = _rating_forty(tmp_path)
    children = subprocess.run(["ps", "-o", "pid=", "--ppid", str(proc.pid)], capture_output=True, text=True).stdout.split()
    assert len(children) == 2
    os.kill(int(children[0]), signal.SIGKILL)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == EXIT_INTERNAL, err
    assert err.startswith("asp-sudoku: internal error: RuntimeError: a worker process rating puzzles ended unexpectedly")
    assert err.count("\n") == 1
    time.sleep(0.5)
    ps = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True, check=True)
    assert not [line for line in ps.stdout.splitlines() if str(collection) in line]


def test_the_main_process_draws_the_line_of_puzzles_rated(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a terminal (forced), rating side by side, the main process draws how many of the
    puzzles read so far are rated, wiped before each puzzle's lines and at the end; stdout is
    the same as without the line."""
    import asp_sudoku.cli.progress as progress
    import asp_sudoku.cli.step_line as step_line

    collection = str(_collection(tmp_path))
    argv = ["rate", "--workers", "2", "--depth", "1", "--finish-time", "0", collection]
    assert main([*argv, "--no-progress"]) == EXIT_USAGE
    quiet = capsys.readouterr()
    monkeypatch.setenv(progress.FORCE_ENV, "1")
    monkeypatch.setattr(progress, "DELAY", 0.0)
    monkeypatch.setattr(step_line, "TICK", 0.001)
    real = cli.command("rate")

    def slow(puzzle, args):  # type: ignore[no-untyped-def]
        time.sleep(0.05)  # (in a worker) long enough for the main process to draw
        return real(puzzle, args)

    monkeypatch.setattr(cli, "command", lambda name: slow)
    assert main(argv) == EXIT_USAGE
    shown = capsys.readouterr()
    assert shown.out == quiet.out and "\r" not in shown.out
    assert "asp-sudoku rate: 0 of the " in shown.err and " puzzles read so far rated [" in shown.err
    assert shown.err.endswith("\r\x1b[K") and "seven.txt:5" in shown.err


@pytest.mark.slow
def test_the_workers_end_when_the_main_process_is_killed(tmp_path: Path) -> None:
    """The main process killed outright (SIGKILL, no clean-up): each worker reads the end of its
    pipe once its puzzle is rated, and ends; none waits forever."""
    _, proc, _ = _rating_forty(tmp_path)
    children = subprocess.run(["ps", "-o", "pid=", "--ppid", str(proc.pid)], capture_output=True, text=True).stdout.split()
    assert len(children) == 2
    proc.kill()
    proc.wait(timeout=60)  # (its output pipes stay open while a worker lives)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and any(_alive(int(pid)) for pid in children):
        time.sleep(0.2)
    assert not any(_alive(int(pid)) for pid in children)


def _alive(pid: int) -> bool:
    """Whether a process runs (not gone, not a zombie waiting for its parent)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False
