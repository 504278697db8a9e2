"""Standard output: a stream of grids (`solve --all`, `solve -n N`) flushed in batches into a
pipe or file, after each grid on a terminal; and what the command says when standard output
cannot be written (a full disk)."""

from __future__ import annotations

import errno
import os
import sys
import threading
import time
from typing import TypeGuard

from asp_sudoku.cli.args import EXIT_OUTPUT


class Flush:
    """Flushes standard output as grids are printed: after every grid on a terminal, else at
    most every `EVERY` seconds (a flush a grid cost `solve --all | ...` a write call a grid: 1.4
    s of 7.0 s for 50,532 grids).  A grid printed within `EVERY` of the last flush is flushed by
    a thread of its own `EVERY` later at most, so that a burst of grids followed by a long
    search shows them all.  Each line goes out in one write call (`print` makes two: a Ctrl-C
    between them left a grid's last line without its newline, once in about 55 runs).  The text
    layer of standard output is not safe to use from two threads at once, so `write` and the
    thread hold one lock.  When the thread's flush fails (the reader closed the pipe), it sets
    `stop` (the search's cancel event), so that the search ends at once, as when each grid's own
    flush failed, and `close` raises the error."""

    EVERY = 0.1

    def __init__(self, stop: threading.Event | None = None) -> None:
        self.stop_search = stop  # set when the thread's flush fails: the search under way stops
        self.tty = sys.stdout.isatty()
        self.last = 0.0
        self.dirty = False
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.thread: threading.Thread | None = None
        self.broken: OSError | ValueError | None = None  # what the thread's flush raised

    def write(self, text: str) -> None:
        """Print a line of text, and flush now unless moments ago (then the thread will).  Raises
        what the thread's flush raised (a pipe the reader closed)."""
        if self.broken is not None:
            raise self.broken
        with self.lock:
            sys.stdout.write(text + "\n")  # one write: a Ctrl-C cannot fall between a grid and its newline
            now = time.monotonic()
            if self.tty or now - self.last >= self.EVERY:
                sys.stdout.flush()
                self.last, self.dirty = now, False
                return
            self.dirty = True
        if self.thread is None:
            self.thread = threading.Thread(target=self._run, name="asp-sudoku flush", daemon=True)
            self.thread.start()

    def _run(self) -> None:
        """Every `EVERY` seconds, flush what was printed since the last flush."""
        while not self.stop.wait(self.EVERY):
            with self.lock:
                if self.dirty:
                    try:
                        sys.stdout.flush()
                    except (OSError, ValueError) as exc:  # a closed pipe: `write` and `close` raise it
                        self.broken = exc
                        if self.stop_search is not None:
                            self.stop_search.set()
                        return
                    self.last, self.dirty = time.monotonic(), False

    def close(self) -> None:
        """End the thread, flushing what is left (raising what the thread's flush raised)."""
        self.stop.set()
        if self.thread is not None:
            self.thread.join()
        if self.broken is not None:
            raise self.broken
        with self.lock:
            if self.dirty:
                sys.stdout.flush()
                self.dirty = False


OUTPUT_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})
"""What writing standard output raises on a full disk or a failing device: reading a puzzle
file turns its own errors into format errors, so at the top these come from the output."""


def output_failed(exc: BaseException) -> TypeGuard[OSError]:
    """Whether an exception that reached the top is standard output failing (`OUTPUT_ERRNOS`)."""
    return isinstance(exc, OSError) and exc.errno in OUTPUT_ERRNOS


def cannot_write(exc: OSError) -> int:
    """Say in one line that standard output could not be written, and give EXIT_OUTPUT (what was
    printed before may be cut short; nothing more is written)."""
    print(f"asp-sudoku: error: cannot write the output: {exc.strerror or exc}", file=sys.stderr)
    silence_stdout()
    return EXIT_OUTPUT


def silence_stdout() -> None:
    """Point stdout at /dev/null so that Python's final flush does not complain of the pipe."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass  # stdout is not a real file (e.g. captured by a test)
