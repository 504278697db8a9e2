"""batch: one durable JSON line per puzzle, errors as lines, resume after SIGKILL, backends agree."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from helpers import DATA, INSTANCES, ROOT

from asp_sudoku.batch import ResultsFile, run_batch, solve_chunk
from asp_sudoku.checker import violations
from asp_sudoku.cli import main
from asp_sudoku.core.errors import AspSudokuError
from asp_sudoku.core.model import Grid
from asp_sudoku.formats import parse_many

TOP1465 = DATA / "formats" / "magictour_top1465.txt"


def lines_of(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def write_collection(tmp_path: Path, count: int, bad: bool = True) -> Path:
    rows = TOP1465.read_text().splitlines()[:count]
    if bad:
        rows.insert(2, "1234")  # not a grid
        rows.insert(4, "11" + "." * 79)  # contradictory givens: none
    path = tmp_path / "collection.txt"
    path.write_text("# a comment\n" + "\n".join(rows) + "\n")
    return path


def assert_valid(line: dict[str, object], source: Path) -> None:
    """A unique line's solution passes the checker for the puzzle on that line."""
    path, number = str(line["id"]).rsplit(":", 1)
    text = source.read_text().splitlines()[int(number) - 1]
    [puzzle] = parse_many(text, path, "text")
    digits = str(line["solution"])
    grid = Grid(tuple(tuple(int(d) for d in digits[r * 9 : (r + 1) * 9]) for r in range(9)))
    assert violations(puzzle, grid) == []


def test_batch_writes_a_line_per_puzzle_and_errors_go_on(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = write_collection(tmp_path, 6)
    out = tmp_path / "results.jsonl"
    missing = tmp_path / "missing.txt"
    code = main(["batch", str(source), str(INSTANCES / "classic-inkala.toml"), str(missing), "--out", str(out)])
    assert code == 2  # some puzzles could not be read
    lines = lines_of(out)
    assert len(lines) == 6 + 2 + 1 + 1
    by_status: dict[str, int] = {}
    for line in lines:
        by_status[str(line["status"])] = by_status.get(str(line["status"]), 0) + 1
        assert set(line) >= {"id", "status", "solution", "seconds"}
    assert by_status == {"unique": 7, "unsatisfiable": 1, "error": 2}
    errors = {str(line["id"]): str(line["error"]) for line in lines if line["status"] == "error"}
    assert f"{source}:4" in errors and "not a grid" in errors[f"{source}:4"]
    assert str(missing) in errors
    summary = capsys.readouterr().err
    assert "10 puzzles: 7 unique, 0 multiple, 1 unsatisfiable, 2 errors" in summary
    for line in lines:
        if line["status"] == "unique" and str(line["id"]).startswith(str(source)):
            assert_valid(line, source)


def test_stdout_when_no_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = write_collection(tmp_path, 3, bad=False)
    assert main(["batch", str(source), "--quiet"]) == 0
    captured = capsys.readouterr()
    assert len([json.loads(line) for line in captured.out.splitlines()]) == 3
    assert captured.err == ""


def test_existing_results_need_resume(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = write_collection(tmp_path, 2, bad=False)
    out = tmp_path / "r.jsonl"
    out.write_text('{"id": "x", "status": "unique"}\n')
    assert main(["batch", str(source), "--out", str(out)]) == 2
    assert "use --resume" in capsys.readouterr().err
    assert main(["batch", str(source), "--resume"]) == 2
    assert "--resume needs --out" in capsys.readouterr().err


def test_resume_skips_done_and_cuts_a_partial_line(tmp_path: Path) -> None:
    source = write_collection(tmp_path, 5, bad=False)
    out = tmp_path / "r.jsonl"
    assert main(["batch", str(source), "--out", str(out), "--quiet"]) == 0
    full = out.read_text().splitlines()
    # keep two complete lines and half of the third, as a crash mid-write would
    out.write_text(full[0] + "\n" + full[1] + "\n" + full[2][: len(full[2]) // 2])
    assert main(["batch", str(source), "--out", str(out), "--resume", "--quiet"]) == 0
    lines = lines_of(out)
    assert len(lines) == 5
    assert sorted(str(x["id"]) for x in lines) == sorted(json.loads(x)["id"] for x in full)
    assert lines[:2] == [json.loads(full[0]), json.loads(full[1])]


def test_resume_redoes_error_lines_and_keeps_good_results(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A line that was an error and is fixed afterwards is solved by --resume; the rest is kept."""
    rows = TOP1465.read_text().splitlines()[:4]
    source = tmp_path / "collection.txt"
    source.write_text("\n".join([rows[0], "1234", rows[1]]) + "\n")
    out = tmp_path / "r.jsonl"
    assert main(["batch", str(source), "--out", str(out), "--quiet"]) == 2
    first = lines_of(out)
    assert {str(x["id"]): x["status"] for x in first} == {f"{source}:1": "unique", f"{source}:2": "error", f"{source}:3": "unique"}
    source.write_text("\n".join([rows[0], rows[2], rows[1]]) + "\n")  # line 2 fixed
    assert main(["batch", str(source), "--out", str(out), "--resume"]) == 0
    assert "1 puzzle: 1 unique, 0 multiple, 0 unsatisfiable, 0 errors" in capsys.readouterr().err
    lines = lines_of(out)
    assert [x for x in lines if x["status"] != "error"] == lines  # the old error line is gone
    assert [str(x["id"]) for x in lines] == [f"{source}:1", f"{source}:3", f"{source}:2"]
    assert lines[:2] == [x for x in first if x["status"] != "error"]  # good results kept as they were
    assert lines[2]["status"] == "unique"
    assert_valid(lines[2], source)


def test_results_file_recovers_ids(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    path.write_bytes(b'{"id":"a","status":"unique"}\n{"id":"b","sta')
    results = ResultsFile(str(path), resume=True)
    results.close()
    assert results.done == {"a"}
    assert path.read_bytes() == b'{"id":"a","status":"unique"}\n'


@pytest.mark.parametrize(
    "data",
    [
        b'{"id":"a","status":"unique"}\n{"id":"b","status":"unique"}\n\x00\x00\x00\x00',
        b'{"id":"a","status":"unique"}\n{"id":"b","sta\x00\x00\x00\n{"id":"c","status":"unique"}\n',
        b'{"id":"a","status":"unique"}\n\x00\x00\x00\x00\x00\x00\n\x00\x00',
    ],
    ids=["zeros-after-lines", "zeros-inside-a-line", "zero-lines"],
)
def test_resume_after_a_crash_of_the_machine_cuts_what_was_not_written(tmp_path: Path, data: bytes) -> None:
    """The file is fsynced about once a second: a machine that crashed in between may leave NUL
    bytes where lines were not yet written.  --resume keeps the lines before the first line that
    holds one and redoes the rest (before, NUL bytes were "not a result line": resume refused)."""
    path = tmp_path / "r.jsonl"
    path.write_bytes(data)
    results = ResultsFile(str(path), resume=True)
    results.close()
    kept = data[: data.rfind(b"\n", 0, data.index(b"\x00")) + 1]
    assert path.read_bytes() == kept
    assert results.done == {json.loads(line)["id"] for line in kept.splitlines()}


def test_results_are_fsynced_about_once_a_second_and_at_the_end(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An fsync after every line made a batch of classic puzzles 6.5 times as slow (3.5 ms a
    line on this machine's disk).  A line is still written whole at once (SIGKILL loses nothing
    written: test_sigkill_half_way_then_resume), and the file is fsynced when closed."""
    synced: list[int] = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real(fd))[1])
    path = tmp_path / "r.jsonl"
    results = ResultsFile(str(path), resume=False)
    for i in range(200):
        results.write({"id": str(i), "status": "unique"})
    assert len(path.read_bytes().splitlines()) == 200  # every line is in the file at once
    assert len(synced) <= 1
    results.close()
    assert synced and synced[-1] == results.fd  # the end is synced
    monkeypatch.setattr("asp_sudoku.batch.results_file.SYNC_SECONDS", 0.0)
    synced.clear()
    results = ResultsFile(str(path), resume=True)
    results.write({"id": "x", "status": "unique"})
    assert synced == [results.fd]  # a line written when the last fsync is old enough is synced
    results.close()


@pytest.mark.parametrize(
    "line", [b'{"id":"b","status":"bogus"}', b'{"id":"b","status":["unique"]}', b'{"id":7,"status":"unique"}',
             b'{"id":"b"}'],
    ids=["unknown-status", "status-list", "id-number", "no-status"],
)
def test_a_line_that_is_no_result_stops_resume(tmp_path: Path, line: bytes) -> None:
    """Found by a QA pass: a line with a status we never write (or an id that is not text)
    counted its puzzle as done, so --resume skipped it for good.  It is somebody else's edit:
    --resume refuses the file, naming the line, and changes nothing."""
    path = tmp_path / "r.jsonl"
    data = b'{"id":"a","status":"unique"}\n' + line + b"\n"
    path.write_bytes(data)
    with pytest.raises(AspSudokuError, match=r"r.jsonl:2: not a result line of asp-sudoku batch"):
        ResultsFile(str(path), resume=True)
    assert path.read_bytes() == data


def key(lines: list[dict[str, object]]) -> list[tuple[object, ...]]:
    return sorted((x["id"], x["status"], json.dumps(x["solution"]), x.get("error")) for x in lines)


def collect(files: list[str], **kwargs: object) -> list[dict[str, object]]:
    got: list[dict[str, object]] = []
    run_batch(files, emit=got.append, **kwargs)  # type: ignore[arg-type]
    return got


def test_workers_give_the_same_lines(tmp_path: Path) -> None:
    source = write_collection(tmp_path, 12)
    files = [str(source), str(INSTANCES / "classic-16x16-seed.toml")]
    single = collect(files)
    assert key(collect(files, workers=2)) == key(single)
    assert len(single) == 15


def test_dask_local_cluster_gives_the_same_lines(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    source = write_collection(tmp_path, 8)
    single = collect([str(source)])
    with distributed.LocalCluster(processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None) as cluster:
        out = tmp_path / "dask.jsonl"
        code = main(["batch", str(source), "--out", str(out), "--dask", cluster.scheduler_address, "--quiet"])
    assert code == 2  # the two bad lines
    assert key(lines_of(out)) == key(single)


@pytest.mark.slow
def test_unreachable_dask_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("distributed")
    source = write_collection(tmp_path, 1, bad=False)
    assert main(["batch", str(source), "--dask", "tcp://127.0.0.1:9", "--quiet"]) == 2
    assert "cannot reach the Dask scheduler" in capsys.readouterr().err


@pytest.mark.slow
def test_all_1465(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r.jsonl"
    assert main(["batch", str(TOP1465), "--out", str(out)]) == 0
    lines = lines_of(out)
    assert len(lines) == 1465
    assert {x["status"] for x in lines} == {"unique"}
    assert len({x["id"] for x in lines}) == 1465
    assert "1465 puzzles: 1465 unique, 0 multiple, 0 unsatisfiable, 0 errors" in capsys.readouterr().err


@pytest.mark.slow
def test_sigkill_half_way_then_resume(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "asp_sudoku", "batch", str(TOP1465), "--out", str(out), "--quiet"],
        cwd=str(tmp_path), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        if out.exists() and out.read_bytes().count(b"\n") >= 700:
            break
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    killed_at = out.read_bytes().count(b"\n")
    assert 700 <= killed_at < 1465
    assert main(["batch", str(TOP1465), "--out", str(out), "--resume", "--quiet"]) == 0
    raw = out.read_text().splitlines()
    lines = [json.loads(line) for line in raw]
    assert len(raw) == 1465
    assert len({x["id"] for x in lines}) == 1465
    assert {x["status"] for x in lines} == {"unique"}
    for line in lines[:: 50]:
        assert_valid(line, TOP1465)


def test_progress_line_only_on_a_terminal(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    source = write_collection(tmp_path, 3, bad=False)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main(["batch", str(source), "--out", str(tmp_path / "r.jsonl")]) == 0
    err = capsys.readouterr().err
    assert "\r3/3 puzzles" in err and "3 puzzles: 3 unique" in err
    assert main(["batch", str(source), "--out", str(tmp_path / "q.jsonl"), "--quiet"]) == 0
    assert capsys.readouterr().err == ""


def test_every_line_says_whether_its_count_is_exact(tmp_path: Path) -> None:
    """A batch looks for two solutions: a multiple puzzle's line says "count": 2 with "exhausted":
    false (at least two), a unique or unsatisfiable one is exhausted, an error line is not
    (issue 19: "count": 2 alone read as exactly two)."""
    rows = [TOP1465.read_text().splitlines()[0], "." * 81, "11" + "." * 79, "1234"]
    source = tmp_path / "mixed.txt"
    source.write_text("\n".join(rows) + "\n")
    out = tmp_path / "out.jsonl"
    main(["batch", str(source), "--out", str(out), "--quiet"])
    seen = {line["status"]: line for line in lines_of(out)}
    assert seen["unique"]["exhausted"] is True and seen["unique"]["count"] == 1
    assert seen["multiple"]["exhausted"] is False and seen["multiple"]["count"] == 2
    assert seen["unsatisfiable"]["exhausted"] is True and seen["unsatisfiable"]["count"] == 0
    assert seen["error"]["exhausted"] is False


@pytest.mark.parametrize(
    ("out", "resume", "said"),
    [
        ("missing/dir/x.jsonl", False, "cannot write: No such file or directory"),
        ("folder", False, "is a folder: give --out a file name"),
        ("folder", True, "is a folder: give --out a file name"),
        ("/dev/full", False, "cannot write: No space left on device"),
    ],
)
def test_a_results_file_that_cannot_be_written_is_a_usage_error(
    out: str, resume: bool, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # each was 'internal error: FileNotFoundError / IsADirectoryError / OSError', exit 70
    if out == "/dev/full" and not os.path.exists(out):
        pytest.skip("no /dev/full here")
    (tmp_path / "folder").mkdir()
    puzzles = tmp_path / "c.txt"
    puzzles.write_text("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n", encoding="utf-8")
    target = out if out.startswith("/") else str(tmp_path / out)
    assert main(["batch", str(puzzles), "--out", target, *(["--resume"] if resume else [])]) == 2
    err = capsys.readouterr().err
    assert said in err and "internal error" not in err


def test_a_fixed_puzzle_file_is_redone_under_its_own_id(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An error in a whole TOML file had the id of the error's line (`file.toml:11`) where a
    result has the file's (a QA pass): --resume then kept the stale error beside the result."""
    source = tmp_path / "p.toml"
    source.write_text('size = 4\n[[killer]]\ncells = ["r1c1", "r1c2"]\nsum = 9\n')  # 9 cannot be made
    out = tmp_path / "r.jsonl"
    assert main(["batch", str(source), "--out", str(out), "--quiet"]) == 2
    assert [(x["id"], x["status"]) for x in lines_of(out)] == [(str(source), "error")]
    source.write_text('size = 4\n[[killer]]\ncells = ["r1c1", "r1c2"]\nsum = 7\n')
    assert main(["batch", str(source), "--out", str(out), "--resume", "--quiet"]) == 0
    assert [(x["id"], x["status"]) for x in lines_of(out)] == [(str(source), "multiple")]


def _workers_of(pid: int) -> list[int]:
    """The worker processes (multiprocessing's spawned children, not its resource tracker) of a
    process, from /proc."""
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return []
    found = []
    for child in children:
        try:
            command = Path(f"/proc/{child}/cmdline").read_bytes()
        except OSError:
            continue
        if b"spawn_main" in command and b"resource_tracker" not in command:
            found.append(int(child))
    return found


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads the worker processes from /proc")
@pytest.mark.parametrize("wait_for_lines", [0, 100], ids=["while-starting", "half-way"])
def test_ctrl_c_with_workers_says_interrupted_and_nothing_else(tmp_path: Path, wait_for_lines: int) -> None:
    """Found by a QA pass: Ctrl-C (SIGINT to the whole process group, as a terminal sends it)
    during `batch --workers 2` printed each worker's KeyboardInterrupt traceback and a
    resource_tracker warning of leaked semaphores.  Now: the summary, "interrupted", exit 130,
    and the lines written are whole (a resume completes them)."""
    out = tmp_path / "r.jsonl"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "asp_sudoku", "batch", str(TOP1465), "--out", str(out), "--workers", "2", "--no-progress"],
        cwd=str(tmp_path), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True,
    )
    deadline = time.monotonic() + 120
    if wait_for_lines:
        while time.monotonic() < deadline and not (out.exists() and out.read_bytes().count(b"\n") >= wait_for_lines):
            time.sleep(0.02)
    else:  # both workers exist and are still starting (importing, unpickling); the parent has
        # left the 25-55 ms in which it starts them with SIGINT ignored (a Ctrl-C then is lost)
        while time.monotonic() < deadline and len(_workers_of(proc.pid)) < 2:
            time.sleep(0.005)
        time.sleep(0.1)
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    text = err.decode()
    assert proc.returncode == 130, text
    assert "-- interrupted" in text and "Traceback" not in text and "resource_tracker" not in text, text
    assert main(["batch", str(TOP1465), "--out", str(out), "--resume", "--quiet"]) == 0
    assert len(lines_of(out)) == 1465


def test_workers_are_at_most_64_and_no_more_than_the_chunks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by a QA pass: `batch --workers 100` started 100 processes for 2 puzzles (3 s where one
    takes 0.4 s); --workers is 1-64 as for the other commands, and a pool has no more processes
    than chunks of work."""
    assert main(["batch", "--workers", "100", str(TOP1465)]) == 2
    assert "must be at most 64, not 100" in capsys.readouterr().err
    import multiprocessing.context

    sizes: list[int] = []
    real = multiprocessing.context.SpawnContext.Pool

    def pool(self: object, processes: int | None = None, *args: object, **kwargs: object) -> object:
        sizes.append(int(processes or 0))
        return real(self, processes, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(multiprocessing.context.SpawnContext, "Pool", pool)
    two = write_collection(tmp_path, 2, bad=False)
    out = tmp_path / "r.jsonl"
    assert main(["batch", str(two), "--workers", "8", "--out", str(out), "--quiet"]) == 0
    assert sizes == [2] and len(lines_of(out)) == 2


def test_results_to_a_pipe_through_dev_stdout(tmp_path: Path) -> None:
    """`--out /dev/stdout` into a pipe: a pipe cannot be fsynced (EINVAL), which is nothing to
    report (before: the line was written, then "cannot write: Invalid argument", exit 2)."""
    if not os.path.exists("/dev/stdout"):
        pytest.skip("no /dev/stdout here")
    puzzles = tmp_path / "c.txt"
    puzzles.write_text(TOP1465.read_text().splitlines()[0] + "\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "asp_sudoku", "batch", str(puzzles), "--out", "/dev/stdout", "--quiet"],
        capture_output=True, text=True, timeout=60, cwd=ROOT,
    )
    assert (done.returncode, done.stderr) == (0, "")
    [line] = done.stdout.splitlines()
    assert json.loads(line)["status"] == "unique"


WORKER_POKED = """
import json, signal, sys, threading, time
from asp_sudoku.batch import solve_chunk
from asp_sudoku.formats import parse_many
signal.signal(signal.SIGINT, signal.SIG_IGN)  # as a batch worker process starts
puzzles = parse_many(open(sys.argv[1], encoding="utf-8").read())[:60]
main = threading.main_thread().ident
def poke():
    for _ in range(100):
        time.sleep(0.005)
        signal.pthread_kill(main, signal.SIGINT)
threading.Thread(target=poke, daemon=True).start()
for _ in range(3):
    lines = solve_chunk([(str(i), p) for i, p in enumerate(puzzles)])
print(json.dumps(sorted({line["status"] for line in lines})), len(lines))
"""


def test_a_worker_that_ignores_ctrl_c_finishes_its_searches() -> None:
    """Found in stop 42: a batch worker ignores SIGINT (the parent stops it), but a search holds
    SIGINT back, and a held signal stays pending even when ignored: the search stopped as
    interrupted and the worker died with a KeyboardInterrupt traceback (seen in
    test_ctrl_c_with_workers_says_interrupted_and_nothing_else once workers kept their grounded
    programs and spent their time searching).  Now a process that ignores SIGINT holds nothing
    back."""
    done = subprocess.run(
        [sys.executable, "-c", WORKER_POKED, str(TOP1465)], capture_output=True, text=True, timeout=120, cwd=ROOT,
    )
    assert (done.returncode, done.stdout.strip()) == (0, '["unique"] 60'), done.stderr[-2000:]


def test_a_worker_grounds_a_shape_once_for_all_its_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Found in stop 42: every chunk (25 puzzles) had a new solver cache, so a worker grounded
    the grid again for each (some 60 ms): `batch --workers 2` took 5.1 s on magictour's 1465
    against 1.4 s in one process.  A worker's thread keeps its cache for its next chunks."""
    import asp_sudoku.solving.many as many

    grounded: list[int] = []
    real = many.ground_shape
    monkeypatch.setattr(many, "ground_shape", lambda *a, **k: (grounded.append(1), real(*a, **k))[1])
    puzzles = parse_many(TOP1465.read_text(encoding="utf-8"))[:40]
    jobs = [(str(i), p) for i, p in enumerate(puzzles)]

    def chunks() -> list[list[dict[str, object]]]:
        return [solve_chunk(jobs[i : i + 10]) for i in range(0, 40, 10)]

    out: list[list[list[dict[str, object]]]] = []
    thread = threading.Thread(target=lambda: out.append(chunks()))  # a fresh worker thread: no cache yet
    thread.start()
    thread.join()
    lines = [line for chunk in out[0] for line in chunk]
    assert [line["status"] for line in lines] == ["unique"] * 40
    assert len(grounded) == 1
    for line, puzzle in zip(lines, puzzles):
        digits = str(line["solution"])
        assert violations(puzzle, Grid(tuple(tuple(int(d) for d in digits[r * 9 : r * 9 + 9]) for r in range(9)))) == []


def test_one_process_without_a_progress_line_solves_each_puzzle_as_it_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Stop 42: every puzzle was read before the first was solved (50,050 classic puzzles held
    92 MB; 55 MB now).  Each line is emitted right after its puzzle is read, error lines in input
    order; with a progress line (which shows the total) all are read first, as before."""
    import asp_sudoku.batch as batch

    read: list[object] = []
    real = batch.jobs

    def counted(files: list[str], fmt: str | None = None):  # type: ignore[no-untyped-def]
        for job in real(files, fmt):
            read.append(job)
            yield job

    monkeypatch.setattr(batch, "jobs", counted)
    source = write_collection(tmp_path, 12)
    when: list[int] = []
    statuses: list[object] = []
    run_batch([str(source)], emit=lambda line: (when.append(len(read)), statuses.append(line["status"])))
    assert when == list(range(1, 15))
    assert statuses[2] == "error" and statuses[4] == "unsatisfiable" and statuses.count("unique") == 12
    read.clear()
    when.clear()
    run_batch([str(source)], emit=lambda line: when.append(len(read)), progress=lambda summary, total: None)
    assert when == [3] + [14] * 13  # the error line as read, every result after the last is read


def test_pasted_puzzles_with_the_same_start_are_two_puzzles(capsys: pytest.CaptureFixture[str]) -> None:
    """Every f-puzzles link starts with the same 45 characters, and a pasted puzzle's name was
    its first 45 characters and "...": `batch LINK1 LINK2` gave one line (the second taken for
    one already done), and `check` named both alike.  Two grids that differ only at the end
    likewise."""
    from asp_sudoku.formats.fpuzzles.writer import fpuzzles_url

    spoons, killer = (fpuzzles_url(parse_many((INSTANCES / name).read_text(), name)[0]) for name in ("spoons.toml", "killer-wikipedia.toml"))
    assert spoons[:45] == killer[:45]
    grid = (INSTANCES / "classic-9x9-seed.toml").read_text()
    first = "".join(ch for row in parse_many(grid, "g.toml")[0].given_grid() for ch in (str(v) if v else "." for v in row))
    other = first[:-1] + ("." if first[-1] != "." else "1")  # the same 80 first characters
    for pair in ((spoons, killer), (first, other)):
        assert main(["batch", *pair]) == 0
        lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
        assert len(lines) == 2 and lines[0]["id"] != lines[1]["id"], lines
        assert all(line["id"].startswith(text[:32]) and len(line["id"]) < 80 for line, text in zip(lines, pair))


def test_the_solution_form_follows_the_puzzles_digits(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A 4x4 holding 1-12 gave a digit string when its solution used digits up to 9 and rows
    when it used 10-12: one shape, two forms (a QA pass).  The puzzle's digits decide now."""
    small = tmp_path / "small.toml"
    small.write_text('size = 4\nvalues = "1-12"\nbox = "none"\ngivens = "1 2 3 4\\n2 3 4 5\\n3 4 5 6\\n4 5 6 ."\n')
    large = tmp_path / "large.toml"
    large.write_text('size = 4\nvalues = "1-12"\nbox = "none"\ngivens = "12 11 10 9\\n11 10 9 8\\n10 9 8 7\\n9 8 7 ."\n')
    nine = tmp_path / "nine.toml"
    nine.write_text('size = 4\ngivens = "1 2 3 4\\n3 4 1 2\\n2 1 4 3\\n4 3 2 ."\n')
    assert main(["batch", str(small), str(large), str(nine)]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [type(line["solution"]).__name__ for line in lines] == ["list", "list", "str"], lines
