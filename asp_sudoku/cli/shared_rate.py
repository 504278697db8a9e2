"""`rate` over several puzzles with `--workers N`: the puzzles shared out over N worker
processes, each puzzle rated alone in one of them, instead of one puzzle's trials shared out.
Rating many puzzles is mostly short paths (magictour: one process against two for a puzzle's
trials, the same time), which gain nothing from sharing a path's trials; side by side they do.

The output is what one process prints, in the input's order: each worker rates a puzzle with
stdout and stderr held, and the main process prints them in turn (a refused input, read here,
where it stands).  Every puzzle is rated as `rate --workers 1` rates it (the same path whatever
the workers), and at most `AHEAD` puzzles a worker are read before their turn (a warning about
reading a line comes as it is read, so that much earlier on stderr than in one process).  Ctrl-C is the
main process's: the workers ignore it and are ended with the pool.

Also here: how a refused input or puzzle is reported (`refused`, `json_error`), for this and the
main loop of `asp_sudoku.cli`.
"""

from __future__ import annotations

import argparse
import io
import multiprocessing
import signal
import sys
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import redirect_stderr, redirect_stdout
from multiprocessing.pool import AsyncResult

from asp_sudoku.cli.args import EXIT_INTERNAL, EXIT_OK, EXIT_USAGE, MAX_MESSAGE
from asp_sudoku.core.errors import AspSudokuError, InternalCheckError, PuzzleFormatError
from asp_sudoku.core.model import Puzzle
from asp_sudoku.core.safe_text import one_line

AHEAD = 4
"""Puzzles a worker read before their turn, at most."""

Action = Callable[[Puzzle, argparse.Namespace], int]
Entry = tuple[str, "Puzzle | AspSudokuError"]


def refused(exc: AspSudokuError, entry: Puzzle | AspSudokuError, path: str, args: argparse.Namespace) -> int:
    """Report an input that could not be read (`entry` is the error) or a puzzle that failed:
    one line on stderr (after what stdout holds so far), and with --json the input's line of
    JSON when it could not be read; the exit code it deserves."""
    sys.stdout.flush()  # the error line comes after the results above it
    if isinstance(exc, InternalCheckError):
        print(f"asp-sudoku: {one_line(str(exc), MAX_MESSAGE)}", file=sys.stderr)
        code = EXIT_INTERNAL
    else:
        print(f"asp-sudoku: error: {one_line(str(exc), MAX_MESSAGE)}", file=sys.stderr)
        code = EXIT_USAGE
    if entry is exc and getattr(args, "json", False):  # every input has its line of JSON, a refused one too
        json_error(exc.label if isinstance(exc, PuzzleFormatError) else path, exc)
    return code


def json_error(file: str, exc: Exception) -> None:
    """The JSON line of an input that was refused: `{"file", "status": "error", "error"}`
    (the message as on stderr), so that a program reading one line per input stays in step."""
    from asp_sudoku.picture.text import to_json

    print(to_json({"file": file, "status": "error", "error": one_line(str(exc), MAX_MESSAGE)}))
    sys.stdout.flush()


def can_share(args: argparse.Namespace, entries: list[Entry]) -> bool:
    """Whether `rate` shares these inputs' puzzles out (`run`): more than one input, more than
    one worker, and processes that start as copies of this one (not on Windows)."""
    return (
        args.command == "rate"
        and getattr(args, "workers", 1) > 1
        and len(entries) > 1
        and "fork" in multiprocessing.get_all_start_methods()
    )


_ARGS: argparse.Namespace | None = None  # a worker's arguments (`_start`)
_ACTION: Action | None = None


def _start(args: argparse.Namespace, action: Action) -> None:
    """A worker: its puzzles are rated by one process each, with no progress line, and Ctrl-C
    is the main process's."""
    global _ARGS, _ACTION
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _ARGS = argparse.Namespace(**{**vars(args), "workers": 1, "no_progress": True})
    _ACTION = action


def _rate(puzzle: Puzzle) -> tuple[str, str, int]:
    """Rate one puzzle in a worker: what it printed on stdout and stderr, and its exit code."""
    assert _ARGS is not None and _ACTION is not None
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = _ACTION(puzzle, _ARGS)
        except AspSudokuError as exc:  # InternalCheckError too
            code = refused(exc, puzzle, puzzle.label, _ARGS)
    return out.getvalue(), err.getvalue(), code


def run(entries: Iterator[Entry], args: argparse.Namespace, action: Action) -> int:
    """Rate every puzzle of `entries` over `args.workers` processes, printing as one process
    would, in order; the worst exit code."""
    worst = EXIT_OK
    waiting: deque[tuple[str, Puzzle | AspSudokuError, AsyncResult[tuple[str, str, int]] | None]] = deque()

    def emit() -> None:
        nonlocal worst
        path, entry, result = waiting.popleft()
        if result is None:
            assert isinstance(entry, AspSudokuError)
            worst = max(worst, refused(entry, entry, path, args))
            return
        out, err, code = result.get()
        sys.stdout.write(out)
        sys.stdout.flush()
        sys.stderr.write(err)
        sys.stderr.flush()
        worst = max(worst, code)

    context = multiprocessing.get_context("fork")
    with context.Pool(args.workers, initializer=_start, initargs=(args, action)) as pool:
        for path, entry in entries:
            result = pool.apply_async(_rate, (entry,)) if isinstance(entry, Puzzle) else None
            waiting.append((path, entry, result))
            while waiting and (
                waiting[0][2] is None or waiting[0][2].ready() or len(waiting) > AHEAD * args.workers
            ):
                emit()
        while waiting:
            emit()
    return worst


__all__ = ["AHEAD", "can_share", "json_error", "refused", "run"]
