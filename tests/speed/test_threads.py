"""Collections solved by several threads of one process (`solve_many(..., workers=N)`, the CLI's
`--workers N`): the same answers, in input order, as one thread; errors raised at their puzzle;
Ctrl-C and an early stop end every worker."""

from __future__ import annotations

import dataclasses
import json
import signal
import threading
import time
from pathlib import Path

import pytest
from helpers import ROOT, puzzle_from_toml
from test_multishot import MAGICTOUR, mixed, same

from asp_sudoku.cli import main
from asp_sudoku.core.errors import AspSudokuError
from asp_sudoku.formats import load_many
from asp_sudoku.solving.many import SolverCache, solve_with_cache
from asp_sudoku.solving.single import solve_many

HS_KILLERS = sorted((ROOT / "bench" / "data" / "iss" / "HS_KILLERS").glob("*.toml"))


def solver_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("asp-sudoku-solve-")]


@pytest.mark.parametrize("workers", [2, 3])
@pytest.mark.parametrize(
    "options",
    [{}, {"limit": None, "keep": None}, {"limit": 5, "keep": 3}, {"time_limit": 60}],
    ids=["uniqueness", "all", "limit-5-keep-3", "time-limit-path"],
)
def test_threads_give_the_answers_of_one_thread_in_input_order(workers: int, options: dict[str, object]) -> None:
    puzzles = load_many(str(MAGICTOUR))[:40] + mixed() + [load_many(str(p))[0] for p in HS_KILLERS[:2]]
    one = list(solve_many(puzzles, **options))  # type: ignore[arg-type]
    many = list(solve_many(puzzles, workers=workers, **options))  # type: ignore[arg-type]
    assert [p for p, _ in many] == puzzles
    for (puzzle, a), (_, b) in zip(one, many):
        assert same(a, b), puzzle.label
    assert not solver_threads()


def test_a_generator_as_input_is_read_once_and_in_order() -> None:
    puzzles = load_many(str(MAGICTOUR))[:30]
    read: list[int] = []

    def source():  # type: ignore[no-untyped-def]
        for i, p in enumerate(puzzles):
            read.append(i)
            yield p

    got = [p for p, _ in solve_many(source(), workers=2)]
    assert got == puzzles and read == list(range(30))


def test_an_error_is_raised_at_its_puzzle_after_the_results_before_it() -> None:
    good = load_many(str(MAGICTOUR))[:6]
    bad = puzzle_from_toml("size = 4\n[[killer]]\ncells = ['r1c1', 'r1c2']\nsum = 3\n")
    broken = dataclasses.replace(bad, clues=(dataclasses.replace(bad.clues[0], total=10**9),))
    seen = []
    with pytest.raises(AspSudokuError, match="outside the range"):
        for puzzle, result in solve_many(good[:3] + [broken] + good[3:], workers=2):
            seen.append(puzzle)
            assert result.status == "unique"
    assert seen == good[:3]
    deadline = time.monotonic() + 10
    while solver_threads() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not solver_threads()


def test_an_error_of_the_input_itself_is_raised_in_its_place() -> None:
    puzzles = load_many(str(MAGICTOUR))[:4]

    def source():  # type: ignore[no-untyped-def]
        yield from puzzles
        raise AspSudokuError("the input broke")

    got = []
    with pytest.raises(AspSudokuError, match="the input broke"):
        for puzzle, _ in solve_many(source(), workers=2):
            got.append(puzzle)
    assert got == puzzles


def test_stopping_early_ends_every_worker() -> None:
    empty_9 = puzzle_from_toml("size = 9\n")
    generator = solve_many([empty_9] * 6, limit=None, keep=0, workers=2)  # endless counts
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        timer = threading.Timer(0.5, signal.raise_signal, (signal.SIGINT,))
        timer.start()
        next(generator)
    assert time.monotonic() - start < 5  # the searches under way were interrupted
    assert not solver_threads()


def test_close_after_some_results_ends_every_worker() -> None:
    generator = solve_many(load_many(str(MAGICTOUR))[:200], workers=2)
    for _ in range(5):
        next(generator)
    generator.close()
    assert not solver_threads()


@pytest.mark.parametrize("first_alone", [True, False])
def test_a_cancelled_or_interrupted_search_is_marked_interrupted(first_alone: bool) -> None:
    """`cancel` stops a puzzle solved on its own; `SolverCache.interrupt` one solved multi-shot,
    even when the interrupt comes before the search starts."""
    empty_9 = puzzle_from_toml("size = 9\n")
    cache = SolverCache(first_alone=first_alone)
    cancel = threading.Event()
    threading.Timer(0.3, lambda: (cancel.set(), cache.interrupt())).start()
    start = time.monotonic()
    result = solve_with_cache(empty_9, cache, limit=None, keep=0, cancel=cancel)
    assert time.monotonic() - start < 5
    assert result.interrupted and not result.exhausted and result.count > 2
    if not first_alone:
        again = cache.solve(empty_9, limit=None, keep=0)  # interrupted before it starts
        assert again is not None and again.interrupted and not again.exhausted


def test_processes_still_give_the_same_answers() -> None:
    puzzles = load_many(str(MAGICTOUR))[:20] + mixed()
    one = list(solve_many(puzzles))
    many = list(solve_many(puzzles, workers=2, processes=True))
    assert [p for p, _ in many] == puzzles
    assert all(same(a, b) for (_, a), (_, b) in zip(one, many))


# ---------------------------------------------------------------------------------------------
# The command line: --workers on solve, check and count, across files


@pytest.mark.slow
def test_cli_workers_print_what_one_worker_prints(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(p) for p in HS_KILLERS[:3]]
    bad = tmp_path / "bad.toml"
    bad.write_text("size = 9\nbox = '2x2'\n", encoding="utf-8")
    argv_files = [files[0], str(bad), files[1], str(MAGICTOUR), files[2]]
    outputs = {}
    for command in (["check"], ["solve", "--json"], ["count", "--limit", "2"]):
        for workers in ("1", "2"):
            code = main([*command, "--workers", workers, *argv_files])
            out, err = capsys.readouterr()
            outputs[(command[0], workers)] = (code, _without_times(out), err)
        assert outputs[(command[0], "1")] == outputs[(command[0], "2")]
        code, out, err = outputs[(command[0], "2")]
        assert code == 2 and err.count("\n") == 1 and "bad.toml" in err
    check_lines = outputs[("check", "2")][1].splitlines()
    assert len(check_lines) == 3 + 1000 and all(ln.endswith(": unique") for ln in check_lines)
    assert check_lines[0].startswith(files[0]) and check_lines[1].startswith(files[1])
    assert check_lines[-1].startswith(files[2])


# Two lines of Royle's 17-clue puzzle #2 with givens taken out: both have several solutions, so
# which grids `check` shows is up to the search (found by a QA pass: the second line's grids
# depended on the first line's search and on --workers).
SEVERAL = (
    "000000010400000000020000000000050407008000300001090000300400200050100000000000000\n"
    "000000010400000000020000000000050407008000300001090000300400200000100000000806000\n"
)


@pytest.mark.parametrize("command", [["check"], ["solve", "--json"]])
def test_a_collection_shows_the_grids_each_puzzle_alone_shows(
    command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = 1 if command == ["check"] else 0  # check's exit code says "several solutions"
    both = tmp_path / "both.txt"
    both.write_text(SEVERAL, encoding="utf-8")
    alone = []
    for i, line in enumerate(SEVERAL.splitlines()):
        one = tmp_path / f"line{i + 1}.txt"
        one.write_text(line + "\n", encoding="utf-8")
        assert main([*command, str(one)]) == code
        alone.append(capsys.readouterr().out.split("\n", 1)[1] if command == ["check"] else capsys.readouterr().out)
    for workers in ("1", "2"):
        assert main([*command, "--workers", workers, str(both)]) == code
        out = capsys.readouterr().out
        if command == ["check"]:
            parts = out.split(f"{both}:")[1:]  # each puzzle's block, named by file:line
            assert [p.split("\n", 1)[1] for p in parts] == alone, workers
        else:
            got = [json.loads(line) for line in out.splitlines()]
            want = [json.loads(text) for text in alone]
            assert [(g["status"], g["solutions"]) for g in got] == [(w["status"], w["solutions"]) for w in want]
            assert [g["status"] for g in got] == ["multiple", "multiple"]


def _without_times(text: str) -> str:
    import re

    text = re.sub(r"\d+\.\d+ s\)", "T s)", text)
    return re.sub(r'"seconds": [0-9.e-]+', '"seconds": T', text)


def test_cli_workers_are_refused_out_of_range(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--workers", "0", str(HS_KILLERS[0])]) == 2
    assert "--workers" in capsys.readouterr().err


@pytest.mark.parametrize("workers", ["1", "2"])
def test_cli_an_error_while_solving_one_file_leaves_the_others(
    workers: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An error raised while solving (here: planted in the renderer for one file) is that file's
    error line; the files before and after it are solved and printed in order."""
    import sys as _sys

    solve_module = _sys.modules["asp_sudoku.solving.many"]  # `solve_with_cache` renders there
    real = solve_module.program_text

    def program_text(puzzle):  # type: ignore[no-untyped-def]
        if "02.toml" in puzzle.path:
            raise AspSudokuError(f"{puzzle.path}: planted failure")
        return real(puzzle)

    monkeypatch.setattr(solve_module, "program_text", program_text)
    files = [str(p) for p in HS_KILLERS[:4]]
    code = main(["check", "--workers", workers, *files])
    out, err = capsys.readouterr()
    assert code == 2
    assert [line.split(":")[0] for line in out.splitlines()] == [files[0], files[2], files[3]]
    assert all(line.endswith(": unique") for line in out.splitlines())
    assert err.count("\n") == 1 and "planted failure" in err and "02.toml" in err
