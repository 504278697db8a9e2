"""Standard output for a stream of grids (`solve --all`, `solve -n N`): flushed in batches into a
pipe or file, after each grid on a terminal."""

from __future__ import annotations

import sys
import threading
import time


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
