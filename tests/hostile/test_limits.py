"""Limits and faults: --time-limit is honoured (the search stops at the limit, within 10% plus
some slack for a loaded machine) and Ctrl-C keeps what was found.

Every command that searches is timed: solve, check, count, and the setter's candidates,
explain, minimize and generate.

Two puzzles that do not finish within any test's time (tests/data/hard/): an empty 16x16 under
the miracle rules, where clingo decides nothing (so `solve` and `check` cannot finish either),
and an empty 9x9 (6.67e21 solutions, so `count` and `solve --all` never finish).
"""

from __future__ import annotations

import _thread
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from asp_sudoku.cli import main

ROOT = Path(__file__).resolve().parents[2]
HARD = ROOT / "tests" / "data" / "hard"
MIRACLE16 = str(HARD / "empty-miracle-16x16.toml")
EMPTY9 = str(HARD / "empty-9x9.toml")
LIMIT = 1.0  # seconds; the search stops within 10% of it (the solver's own clock)
# On a loaded machine (two cores shared with other test runs and benchmarks: load averages of
# 4-5 were seen) the process is not scheduled when its deadline passes, and the command prints
# thousands of partial solutions: the search's clock and the whole command may each take up to
# this much longer than 10% over the limit.  What is tested is that the limit stops a search
# that would otherwise never end (and not before the limit), not the exact timing.
SLACK = 1.5
# The setter's tools ground a switched program of the empty 16x16 first, which no deadline can
# interrupt: about a second on a quiet machine, several on a loaded one (generate took 5.9 s in
# a full run at a load average of 7 on 2 cores).  Without the limit these commands never end.
SETTER_SLACK = 15.0

TIMED = [
    ("solve", MIRACLE16, []),
    ("check", MIRACLE16, []),
    ("count", MIRACLE16, []),
    ("count", EMPTY9, []),
    ("solve", EMPTY9, ["--all"]),
    ("solve", EMPTY9, ["-n", "100000000"]),
    ("check", MIRACLE16, ["--threads", "2"]),
]


@pytest.mark.slow
@pytest.mark.parametrize(("command", "path", "extra"), TIMED, ids=[f"{c}{''.join(e)}-{Path(p).stem}" for c, p, e in TIMED])
def test_time_limit_is_honoured_within_ten_percent(
    command: str, path: str, extra: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    start = time.perf_counter()
    code = main([command, "--json", "--time-limit", str(LIMIT), *extra, path])
    elapsed = time.perf_counter() - start
    out, err = capsys.readouterr()
    obj = json.loads(out)
    if obj["exhausted"]:
        pytest.fail(f"{path} was decided in {obj['seconds']} s: it is no longer hard; pick a harder puzzle")
    assert code == 3, err
    assert LIMIT <= obj["seconds"] <= LIMIT * 1.1 + SLACK, f"the search stopped after {obj['seconds']} s"
    assert LIMIT <= elapsed <= LIMIT * 1.1 + SLACK, f"the command took {elapsed:.3f} s"
    assert obj["exhausted"] is False
    if path == MIRACLE16:
        assert (obj["status"], obj["count"], obj["solutions"]) == ("unknown", 0, [])
    else:  # what was found so far is kept and counted
        assert obj["count"] > 0 and obj["status"] in ("satisfiable", "multiple")
        if command == "solve":
            assert len(obj["solutions"]) == obj["count"]
    assert err == ""


SETTER = [
    ["candidates", "--json", MIRACLE16],
    ["explain", "--json", MIRACLE16],
    ["minimize", "--json", MIRACLE16],
    ["generate", "--size", "16", "--rules", "miracle", "--seed", "1"],
]


@pytest.mark.slow
@pytest.mark.parametrize("argv", SETTER, ids=[a[0] for a in SETTER])
def test_setter_commands_honour_the_time_limit(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    start = time.perf_counter()
    code = main([*argv, "--time-limit", str(LIMIT)])
    elapsed = time.perf_counter() - start
    out, err = capsys.readouterr()
    assert code == 3, out + err
    assert LIMIT <= elapsed <= LIMIT * 1.1 + SETTER_SLACK, f"stopped after {elapsed:.3f} s"
    if "--json" in argv:
        assert json.loads(out)["status"] == "unknown"
    else:
        assert "stopped by the time limit" in err


@pytest.mark.slow
def test_time_limit_text_output_says_partial(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["count", "--time-limit", "1", EMPTY9]) == 3
    out = capsys.readouterr().out
    assert "at least" in out and "partial: stopped by the time limit" in out
    assert main(["check", "--time-limit", "1", MIRACLE16]) == 3
    assert ": unknown (stopped by the time limit before any solution was found; " in capsys.readouterr().out
    assert main(["solve", "--all", "--time-limit", "1", EMPTY9]) == 3
    out = capsys.readouterr().out
    assert "partial: stopped by the time limit" in out.splitlines()[-1]


@pytest.mark.slow
def test_time_limit_applies_to_each_puzzle(capsys: pytest.CaptureFixture[str]) -> None:
    start = time.perf_counter()
    assert main(["check", "--json", "--time-limit", "1", MIRACLE16, MIRACLE16]) == 3
    elapsed = time.perf_counter() - start
    lines = capsys.readouterr().out.splitlines()
    assert [json.loads(line)["status"] for line in lines] == ["unknown", "unknown"]
    assert all(LIMIT <= json.loads(line)["seconds"] <= LIMIT * 1.1 + SLACK for line in lines), lines
    assert 2 * LIMIT <= elapsed <= 2 * (LIMIT * 1.1 + SLACK), f"the command took {elapsed:.3f} s"


@pytest.mark.parametrize("value", ["0", "-1", "nan", "abc", ""])
def test_bad_time_limit_is_a_usage_error(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--time-limit", value, EMPTY9]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_interrupt_in_process_keeps_the_count(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C (simulated in the main thread) during count: the count so far, partial, exit 130."""
    import clingo

    # The Ctrl-C comes 1 s after the search has started (clingo's solve called), however long
    # loading and grounding took.
    timer = threading.Timer(1.0, _thread.interrupt_main)
    solve = clingo.Control.solve

    started: list[bool] = []

    def solve_then_interrupt(self: clingo.Control, *args: Any, **kwargs: Any) -> Any:
        if not started:
            started.append(True)
            timer.start()
        return solve(self, *args, **kwargs)

    monkeypatch.setattr(clingo.Control, "solve", solve_then_interrupt)
    try:
        code = main(["count", EMPTY9])
    finally:
        timer.cancel()
    assert started, "the search never started"
    out, err = capsys.readouterr()
    assert code == 130
    assert "at least" in out and "partial: stopped by Ctrl-C" in out
    assert int(out.split("at least ")[1].split()[0]) > 0
    assert err == "asp-sudoku: interrupted; results above are partial\n"


# --- real SIGINT to a subprocess -------------------------------------------------------


def _start(args: list[str]) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "asp_sudoku", *args],
        cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )


# `python -m asp_sudoku` as it is, except that the first call of clingo's Control.solve (or
# .ground) touches the file named by ASP_SUDOKU_TEST_READY: the test then knows the command is
# searching (or grounding), however long the process took to start on a loaded machine.
_WATCHED = """
import os, runpy, clingo
ready, method = os.environ["ASP_SUDOKU_TEST_READY"], os.environ["ASP_SUDOKU_TEST_READY_ON"]
original = getattr(clingo.Control, method)
def watched(self, *args, **kwargs):
    if not os.path.exists(ready):
        open(ready, "w").close()
    return original(self, *args, **kwargs)
setattr(clingo.Control, method, watched)
runpy.run_module("asp_sudoku", run_name="__main__", alter_sys=True)
"""
READY_DEADLINE = 120  # seconds for a child to start searching, on the slowest machine


def _start_watched(args: list[str], ready: Path, on: str = "solve") -> subprocess.Popen[str]:
    """Start `python -m asp_sudoku ARGS` and return once it has called clingo's `on` method
    (ready exists); fail if it exits or takes longer than READY_DEADLINE."""
    ready.unlink(missing_ok=True)
    proc = subprocess.Popen(
        [sys.executable, "-c", _WATCHED, *args],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), "ASP_SUDOKU_TEST_READY": str(ready),
             "ASP_SUDOKU_TEST_READY_ON": on},
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    deadline = time.perf_counter() + READY_DEADLINE
    while not ready.exists():
        if proc.poll() is not None or time.perf_counter() > deadline:
            proc.kill()
            out, err = proc.communicate()
            pytest.fail(f"{args}: never reached clingo's {on} (exit {proc.returncode}): {out[-300:]} {err[-300:]}")
        time.sleep(0.02)
    return proc


def _interrupt(proc: subprocess.Popen[str], first_line: bool) -> tuple[str, str]:
    """Send SIGINT once the search has run 1 s (after its first line of output when
    `first_line`; started by _start_watched otherwise, which waits until the search starts)."""
    head = ""
    if first_line:
        assert proc.stdout is not None
        head = proc.stdout.readline()
    time.sleep(1.0)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    return head + out, err


@pytest.mark.slow
def test_sigint_during_solve_all_prints_what_was_found() -> None:
    proc = _start(["solve", "--all", EMPTY9])
    out, err = _interrupt(proc, first_line=True)
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    assert err == "asp-sudoku: interrupted; results above are partial\n"
    last = out.rstrip().splitlines()[-1]
    assert "partial: stopped by Ctrl-C" in last
    shown = int(last.split("at least ")[1].split()[0])
    assert shown > 0 and out.count("solution ") == shown  # every solution found was printed


@pytest.mark.slow
def test_sigint_during_solve_all_json_is_one_valid_object(tmp_path: Path) -> None:
    proc = _start_watched(["solve", "--all", "--json", EMPTY9], tmp_path / "ready")
    out, err = _interrupt(proc, first_line=False)
    assert proc.returncode == 130, err
    obj = json.loads(out)
    assert obj["exhausted"] is False and obj["count"] == len(obj["solutions"]) > 0


@pytest.mark.slow
@pytest.mark.parametrize("extra", [[], ["--json"]], ids=["text", "json"])
def test_sigint_during_count_prints_the_count_so_far(extra: list[str], tmp_path: Path) -> None:
    proc = _start_watched(["count", *extra, EMPTY9], tmp_path / "ready")
    out, err = _interrupt(proc, first_line=False)
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    if extra:
        obj = json.loads(out)
        assert obj["count"] > 0 and obj["exhausted"] is False
    else:
        assert "partial: stopped by Ctrl-C" in out and "at least" in out


@pytest.mark.slow
def test_sigint_during_check_of_a_hard_puzzle(tmp_path: Path) -> None:
    proc = _start_watched(["check", MIRACLE16], tmp_path / "ready")
    out, err = _interrupt(proc, first_line=False)
    assert proc.returncode == 130
    assert ": unknown (stopped by Ctrl-C before any solution was found; " in out
    assert "Traceback" not in err


@pytest.mark.slow
def test_sigint_during_a_long_grounding(tmp_path: Path) -> None:
    """clingo cannot interrupt grounding; asp-sudoku grounds in a worker thread so that Ctrl-C
    still ends the run at once (a rules file with a huge range takes minutes and gigabytes)."""
    (tmp_path / "huge.lp").write_text("user_n(X) :- X = 1..100000000.\n", encoding="utf-8")
    (tmp_path / "p.toml").write_text('size = 4\nrules-file = "huge.lp"\n', encoding="utf-8")
    for _ in range(2):  # a crash at exit showed up one time in five before the fix
        proc = _start_watched(["count", str(tmp_path / "p.toml")], tmp_path / "ready", on="ground")
        time.sleep(0.5)  # well into the grounding
        sent = time.perf_counter()
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
        assert proc.returncode == 130, err
        assert err == "asp-sudoku: interrupted\n"
        assert time.perf_counter() - sent < 5


def test_broken_pipe_is_quiet() -> None:
    """`asp-sudoku solve --all ... | head -1`: no traceback and no complaint from Python."""
    proc = _start(["solve", "--all", EMPTY9])
    assert proc.stdout is not None
    proc.stdout.readline()
    proc.stdout.close()
    proc.wait(timeout=60)
    assert proc.stderr is not None
    err = proc.stderr.read()
    assert "Traceback" not in err and "Exception ignored" not in err


INKALA = str(ROOT / "instances" / "classic-inkala.toml")


@pytest.mark.parametrize(
    "argv",
    [["solve", "--threads", "65"], ["count", "--threads", "100000"], ["solve", "-n", "0"], ["count", "--limit", "-1"]],
    ids=["threads-65", "threads-huge", "n-zero", "limit-negative"],
)
def test_absurd_options_are_usage_errors(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*argv, INKALA]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and "internal error" not in err


@pytest.mark.parametrize("argv", [["solve", "-n", str(10**20)], ["count", "--limit", str(10**20)]], ids=["n", "limit"])
def test_huge_limits_mean_no_limit(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*argv, INKALA]) == 0
    out = capsys.readouterr().out
    assert "1 solution" in out or "unique" in out


def test_library_refuses_absurd_threads() -> None:
    from asp_sudoku import load, solve

    with pytest.raises(ValueError, match="threads must be 1-64"):  # an option out of range, as the README says
        solve(load(INKALA), threads=65)


# --- batch ---------------------------------------------------------------------------------


@pytest.mark.slow
def test_batch_honours_the_time_limit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    start = time.perf_counter()
    code = main(["batch", "--quiet", "--time-limit", str(LIMIT), MIRACLE16])
    elapsed = time.perf_counter() - start
    out = capsys.readouterr().out
    assert code == 3
    line = json.loads(out)
    assert line["status"] == "unknown"
    assert LIMIT <= line["seconds"] <= LIMIT * 1.1 + SLACK, f"the search stopped after {line['seconds']} s"
    assert LIMIT <= elapsed <= LIMIT * 1.1 + SLACK, f"the command took {elapsed:.3f} s"


@pytest.mark.slow
def test_sigint_during_batch_keeps_whole_lines_and_resume_finishes(tmp_path: Path) -> None:
    """Ctrl-C: the line being written is finished, the summary printed, exit 130; --resume
    then solves exactly the rest."""
    source = ROOT / "tests" / "data" / "formats" / "magictour_top1465.txt"
    collection = tmp_path / "c.txt"
    collection.write_text("".join(source.read_text(encoding="utf-8").splitlines(keepends=True)[:300]))
    out = tmp_path / "r.jsonl"
    proc = _start(["batch", "--out", str(out), str(collection)])
    deadline = time.perf_counter() + 60
    while time.perf_counter() < deadline and (not out.exists() or out.read_bytes().count(b"\n") < 20):
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "interrupted" in err.splitlines()[-1]
    data = out.read_bytes()
    assert data.endswith(b"\n")
    first = [json.loads(line) for line in data.decode().splitlines()]
    assert 20 <= len(first) < 300
    assert main(["batch", "--quiet", "--resume", "--out", str(out), str(collection)]) == 0
    final = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert final[: len(first)] == first
    assert len(final) == len({r["id"] for r in final}) == 300
    assert {r["status"] for r in final} == {"unique"}


@pytest.mark.slow
@pytest.mark.parametrize("workers", ["1", "2"])
def test_sigint_at_any_moment_of_a_collection_never_kills_the_process(workers: str, tmp_path: Path) -> None:
    """A collection is solved synchronously, puzzle after puzzle; a Ctrl-C that reached Python
    inside one of clingo's callbacks used to end the process ("error in
    SolveEventHandler::on_statistics going to terminate", exit 1 or a core dump).  Now it is
    held back until the search returns (asp_sudoku/solving_sigint.py): always exit 130, the
    lines printed whole, the message last."""
    source = ROOT / "bench" / "data" / "classic" / "magictour_top1465_first1000.txt"
    collection = tmp_path / "five-times.txt"  # several seconds of work, whatever the machine
    collection.write_text(source.read_text(encoding="utf-8") * 5, encoding="utf-8")
    # at moments from the first search on (workers are forked on Linux: they report it too)
    for delay in (0.0, 0.15, 0.3, 0.45, 0.6):
        proc = _start_watched(["check", "--workers", workers, str(collection)], tmp_path / "ready")
        time.sleep(delay)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 130, (delay, err)
        assert "terminate" not in err and "Traceback" not in err
        assert "interrupted" in err.splitlines()[-1]
        lines = out.splitlines()
        assert all(line.endswith(": unique") for line in lines[:-1])
        assert not lines or lines[-1].endswith(": unique") or re.search(r": (unknown|satisfiable) \(stopped by Ctrl-C ", lines[-1])


_TAREK = ROOT / "bench" / "data" / "iss" / "TAREK_ALL"
_INKALA = str(ROOT / "instances" / "classic-inkala.toml")


def _stopped_by_one_ctrl_c(patch: str, argv: list[str]) -> str:
    """Run the command line in a process of its own (the signal goes to its main thread), after
    `patch`: Python lines that send one SIGINT from inside clingo (`sent` is there to count).
    It must stop with exit 130, "interrupted" last, and no traceback; returns what it printed."""
    code = "import os, signal, sys, clingo.control\nfrom asp_sudoku.cli import main\nsent = []\n" + patch
    proc = subprocess.run([sys.executable, "-c", code + f"sys.exit(main({argv!r}))\n"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 130, (proc.returncode, proc.stderr[-2000:])
    assert "interrupted" in proc.stderr.strip().splitlines()[-1], proc.stderr[-2000:]
    for bad in ("Traceback", "Exception ignored", "terminate"):
        assert bad not in proc.stderr, proc.stderr[-2000:]
    return proc.stdout


@pytest.mark.parametrize(
    ("argv", "at"),
    [
        (["steps", _INKALA], 1),
        (["estimate", _INKALA], 1),
        (["batch", *(str(_TAREK / f"{n:02d}.toml") for n in (1, 2, 3))], 1),
        (["generate", "--size", "4", "--count", "3", "--seed", "0", "--json"], 3),
    ],
    ids=["steps", "estimate", "batch", "generate"],
)
def test_a_ctrl_c_inside_clingos_statistics_callback_stops_the_command(argv: list[str], at: int) -> None:
    """One Ctrl-C that reaches Python inside clingo's statistics callback (which every search
    calls), in callback number `at`, stops the command.  Before: the logical path's synchronous
    checks let clingo end the process ("error in SolveEventHandler::on_statistics going to
    terminate", exit 1); `estimate` took the interrupted exact count for "too many to count"
    and sampled for its full 10 s (exit 0); `batch` wrote the interrupted puzzle as
    "satisfiable" (undecided, time limit) and went on to the end (exit 3); `generate`, stopped
    in its last check of a puzzle, called it "not unique" (an internal error, exit 70)."""
    out = _stopped_by_one_ctrl_c(
        "handler = clingo.control._SolveEventHandler\n"
        "original = handler.on_statistics\n"
        "def on_statistics(self, step, accu):\n"
        "    sent.append(True)\n"
        f"    if len(sent) == {at}:\n"
        "        os.kill(os.getpid(), signal.SIGINT)\n"
        "    return original(self, step, accu)\n"
        "handler.on_statistics = on_statistics\n",
        argv,
    )
    assert '"satisfiable"' not in out and '"unknown"' not in out, out


@pytest.mark.parametrize("command", ["steps", "candidates", "solve"])
def test_a_ctrl_c_in_any_finalizer_of_a_command_interrupts_it(command: str) -> None:
    """Wherever a command frees a clingo control (the logical path frees one for each of its
    checks), a Ctrl-C that lands inside `Control.__del__` interrupts the command, instead of a
    swallowed KeyboardInterrupt and a command that runs on to exit 0 (`steps` did).  One
    Ctrl-C: a second one while the first is reported ends any Python program with a traceback."""
    _stopped_by_one_ctrl_c(
        "free = clingo.control.Control.__del__\n"
        "def __del__(self):  # arriving while the first control is freed\n"
        "    if not sent:\n"
        "        sent.append(True)\n"
        "        os.kill(os.getpid(), signal.SIGINT)\n"
        "    free(self)\n"
        "clingo.control.Control.__del__ = __del__\n",
        [command, _INKALA],
    )


def test_a_ctrl_c_while_clingo_frees_a_control_is_not_lost() -> None:
    """A Ctrl-C that reaches Python inside clingo's `Control.__del__` used to be swallowed
    ("Exception ignored in: <function Control.__del__ ...>"): a `check` over a collection then ran
    on to the end and exited 0 (seen once in `test_sigint_at_any_moment...`).  A solve now frees
    its control with SIGINT held back, so the Ctrl-C is raised when the control is gone.  Run in
    a process of its own: the signal goes to its main thread, whatever runs the tests."""
    code = (
        "import os, signal, clingo.control\n"
        "from asp_sudoku import load\n"
        "from asp_sudoku.solving.single import solve\n"
        f"puzzle = load({str(Path(__file__).resolve().parents[2] / 'instances' / 'classic-inkala.toml')!r})\n"
        "free = clingo.control.Control.__del__\n"
        "def interrupted_free(self):\n"
        "    os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C, arriving while the control is freed\n"
        "    free(self)\n"
        "clingo.control.Control.__del__ = interrupted_free\n"
        "try:\n"
        "    solve(puzzle)\n"
        "except KeyboardInterrupt:\n"
        "    raise SystemExit(0)\n"
        "raise SystemExit(1)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr


@pytest.mark.slow
def test_steps_stops_inside_a_long_check_at_the_time_limit(capsys: pytest.CaptureFixture[str]) -> None:
    """The limit was read between steps only: on the Barbed Cross one check of two clues
    searched for a minute, and `steps --time-limit 4` took 71 s."""
    path = str(ROOT / "instances" / "disjoint-groups-barbed-cross.toml")
    start = time.perf_counter()
    limit = 4.0  # its long check starts after about 1 s of steps
    code = main(["steps", "--json", "--time-limit", str(limit), path])
    elapsed = time.perf_counter() - start
    closing = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert code == 3 and closing["timed_out"] is True and closing["status"] == "stuck"
    assert elapsed <= limit * 1.1 + SETTER_SLACK, f"stopped after {elapsed:.3f} s"


ALL_CELLS_25 = ", ".join(f'"r{r}c{c}"' for r in range(1, 26) for c in range(1, 26))


@pytest.mark.parametrize("inside_any_of", [False, True], ids=["top-level", "inside-any-of"])
def test_automata_too_large_to_ground_are_refused(inside_any_of: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Found by a QA pass: four regexes `.{0,2400}` over every cell of a 25x25 (21 KB) took 8 s
    to ground past a --time-limit of 2 s, eight of them 23 s and 1.4 GB.  The cells times moves
    of all automaton clues are bounded (`MAX_AUTOMATON_MOVES`), any-of clues included."""
    clue = f'cells = [{ALL_CELLS_25}]\nregex = ".{{0,640}}"\n'  # 625 cells x 16,000 moves
    if inside_any_of:
        text = f"size = 25\n[[any-of]]\n[[any-of.alternatives]]\n[[any-of.alternatives.automaton]]\n{clue}"
    else:
        text = f"size = 25\n[[automaton]]\n{clue}"
    file = tmp_path / "big.toml"
    file.write_text(text, encoding="utf-8")
    started = time.perf_counter()
    assert main(["check", "--time-limit", "5", str(file)]) == 2
    assert time.perf_counter() - started < 5
    assert "the automaton clues have 10,000,000 cells times moves in all; the limit is 5,000,000" in capsys.readouterr().err


def test_automata_within_the_bound_are_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "ok.toml"
    file.write_text(f'size = 25\n[[automaton]]\ncells = [{ALL_CELLS_25}]\nregex = ".{{0,300}}"\n', encoding="utf-8")
    main(["count", "--limit", "1", str(file)])  # 625 cells x 7,525 moves: read (and unsatisfiable)
    assert "0 solutions (unsatisfiable" in capsys.readouterr().out
