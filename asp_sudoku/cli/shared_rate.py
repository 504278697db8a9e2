"""`rate` over several puzzles with `--workers N`: the puzzles shared out over N worker
processes, each puzzle rated alone in one of them, instead of one puzzle's trials shared out.
Rating many puzzles is mostly short paths (magictour: one process against two for a puzzle's
trials, the same time), which gain nothing from sharing a path's trials; side by side they do.

Each worker rates a puzzle with stdout and stderr held, and the main process prints them in the
input's order (a refused input, read here, where it stands), so the output is what one process
prints; only a wall-clock limit (`--time-limit`, `--finish-time`) can end a path sooner when the
cores are shared.  At most `AHEAD` puzzles a worker are read before their turn (a warning about
reading a line comes as it is read, so that much earlier on stderr than in one process).  The
workers are forked with Ctrl-C ignored: it is the main process's, which ends them; a worker that
dies (killed, out of memory) ends the command with an internal error instead of a wait forever.
On a terminal the main process draws the progress line (`step_line`): puzzles rated so far.
"""

from __future__ import annotations

import argparse
import io
import multiprocessing
import os
import sys
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import redirect_stderr, redirect_stdout
from multiprocessing.connection import Connection, wait

from asp_sudoku.cli.args import EXIT_INTERRUPT, EXIT_OK, PARTIAL
from asp_sudoku.cli.refusals import refused
from asp_sudoku.cli.step_line import StepLine, step_line, write_held
from asp_sudoku.core.errors import AspSudokuError
from asp_sudoku.core.model import Puzzle
from asp_sudoku.solving.sigint import sigint_ignored

AHEAD = 4
"""Puzzles a worker read before their turn, at most."""

Action = Callable[[Puzzle, argparse.Namespace], int]
Entry = tuple[str, "Puzzle | AspSudokuError"]
Answer = tuple[str, str, int] | str
"""What rating a puzzle printed on stdout and on stderr, and its exit code; or, when the worker
failed on it (a bug), why."""


def can_share(args: argparse.Namespace, entries: list[Entry]) -> bool:
    """Whether `rate` shares these inputs' puzzles out (`run`): more than one input, more than
    one worker, and processes that start as copies of this one (not on Windows)."""
    return (
        args.command == "rate"
        and getattr(args, "workers", 1) > 1
        and len(entries) > 1
        and "fork" in multiprocessing.get_all_start_methods()
    )


def _rate(puzzle: Puzzle, args: argparse.Namespace, action: Action) -> Answer:
    """Rate one puzzle in a worker, its output held."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = action(puzzle, args)
        except AspSudokuError as exc:  # InternalCheckError too
            code = refused(exc, puzzle, puzzle.label, args)
    return out.getvalue(), err.getvalue(), code


def _serve(conn: Connection, args: argparse.Namespace, action: Action, theirs: list[Connection]) -> None:
    """A worker process: rate the puzzles it is sent (one process each, no progress line) until
    told to stop or until the main process is gone."""
    for other in theirs:  # the main process's ends of the pipes (when it dies, the worker reads the end)
        other.close()
    mine = argparse.Namespace(**{**vars(args), "workers": 1, "no_progress": True})
    try:
        while (message := conn.recv()) is not None:
            ticket, puzzle = message
            try:
                answer = _rate(puzzle, mine, action)
            except Exception as exc:  # a bug: the main process stops with it, as one process would
                answer = f"{type(exc).__name__}: {exc}"
            conn.send((ticket, answer))
    except (EOFError, OSError):  # the main process is gone
        pass
    os._exit(0)


class _Workers:
    """The worker processes, each with a pipe of its own, and which of them is rating what."""

    def __init__(self, count: int, args: argparse.Namespace, action: Action) -> None:
        context = multiprocessing.get_context("fork")
        self.conns: list[Connection] = []
        self.procs: list[multiprocessing.process.BaseProcess] = []
        with sigint_ignored():  # a worker starts with SIGINT ignored
            for _ in range(count):
                here, there = context.Pipe()
                proc = context.Process(target=_serve, args=(there, args, action, [*self.conns, here]), daemon=True)
                proc.start()
                there.close()
                self.conns.append(here)
                self.procs.append(proc)
        self.free = list(range(count))[::-1]  # idle workers (the first on top)
        self.busy: dict[Connection, int] = {}  # a busy worker's pipe: its index

    def send(self, ticket: int, puzzle: Puzzle) -> None:
        k = self.free.pop()
        self.conns[k].send((ticket, puzzle))
        self.busy[self.conns[k]] = k

    def answers(self) -> Iterator[tuple[int, Answer]]:
        """The answers ready now, waiting for one when none is; raises RuntimeError when a
        worker died."""
        ready = set(wait(list(self.busy)))
        for conn in [conn for conn in self.busy if conn in ready]:
            try:
                ticket, answer = conn.recv()
            except EOFError:
                raise RuntimeError("a worker process rating puzzles ended unexpectedly") from None
            self.free.append(self.busy.pop(conn))
            yield ticket, answer

    def close(self, kill: bool) -> None:
        """End the workers: told to stop, or killed (Ctrl-C, an error: they may be mid-puzzle)."""
        for conn, proc in zip(self.conns, self.procs):
            if kill:
                proc.kill()
            else:
                try:
                    conn.send(None)
                except OSError:
                    pass
            conn.close()
        for proc in self.procs:
            proc.join()


def run(entries: Iterator[Entry], args: argparse.Namespace, action: Action) -> int:
    """Rate every puzzle of `entries` over `args.workers` processes, printing as one process
    would, in order; the worst exit code."""
    with step_line(args) as line:
        return _run(entries, args, action, line)


def _run(entries: Iterator[Entry], args: argparse.Namespace, action: Action, line: StepLine | None) -> int:
    worst = EXIT_OK
    waiting: deque[tuple[str, Puzzle | AspSudokuError, int | None]] = deque()  # in the input's order
    unsent: deque[tuple[int, Puzzle]] = deque()
    answers: dict[int, Answer] = {}
    workers = _Workers(args.workers, args, action)

    def pump(block: bool) -> None:
        while unsent and workers.free:
            workers.send(*unsent.popleft())
        if block or any(conn.poll() for conn in workers.busy):
            answers.update(workers.answers())
        while unsent and workers.free:
            workers.send(*unsent.popleft())

    def emit() -> None:
        nonlocal worst
        path, entry, ticket = waiting[0]  # left first in line until its answer is in (a Ctrl-C meanwhile)
        if ticket is None:
            waiting.popleft()
            assert isinstance(entry, AspSudokuError)
            worst = max(worst, refused(entry, entry, path, args))
            return
        while ticket not in answers:
            pump(block=True)
        waiting.popleft()
        answer = answers.pop(ticket)
        if isinstance(answer, str):
            raise RuntimeError(answer)  # the worker failed: as one process, the command stops here
        out, err, code = answer
        if line is None:
            write_held(out, err)
        else:
            line.write(out, err)
        worst = max(worst, code)

    try:
        for ticket, (path, entry) in enumerate(entries):
            if isinstance(entry, Puzzle):
                unsent.append((ticket, entry))
                waiting.append((path, entry, ticket))
            else:
                waiting.append((path, entry, None))
            if line is not None:
                line.puzzles = ticket + 1
            pump(block=False)
            while waiting and (waiting[0][2] is None or waiting[0][2] in answers or len(waiting) > AHEAD * args.workers):
                emit()
        while waiting:
            emit()
    except KeyboardInterrupt:
        # Ctrl-C: the puzzles rated so far, in order, up to the first still being rated (whose
        # worker is stopped with the rest: a path in another process has nothing to show)
        try:
            if any(conn.poll() for conn in workers.busy):
                answers.update(workers.answers())
            while waiting and (waiting[0][2] is None or waiting[0][2] in answers):
                emit()
        except Exception:  # a pipe cut mid-message, a worker that failed: the interrupt still ends it
            pass
        finally:
            workers.close(kill=True)
        sys.stdout.flush()
        print(PARTIAL, file=sys.stderr)  # as one process says it after a puzzle's Ctrl-C
        return EXIT_INTERRUPT
    except BaseException:
        workers.close(kill=True)
        raise
    workers.close(kill=False)
    return worst


__all__ = ["AHEAD", "can_share", "run"]
