"""Ctrl-C during a synchronous search: held back until clingo has returned.

A synchronous `Control.solve` runs clingo in the calling thread, and clingo calls back into
Python for every solve event (models, statistics, the end).  When Ctrl-C arrives on the main
thread during such a search, Python raises KeyboardInterrupt inside the next of those callbacks;
in the statistics callback clingo cannot pass an error on and ends the process ("error in
SolveEventHandler::on_statistics going to terminate").  So while `SolverCache` searches
synchronously on the main thread, SIGINT is blocked (two system calls, about 3 us a puzzle): a
Ctrl-C stays pending, the model callback stops the search when it sees one pending, and it is
delivered - as KeyboardInterrupt - as soon as the search has returned.  Elsewhere (other
threads, platforms without `pthread_sigmask`) nothing changes.

An asynchronous search (one with a time limit, or one another thread may stop) is waited for by
`wait_for`, which cancels it at its deadline, when asked to stop, or on Ctrl-C.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import clingo

_CAN_BLOCK = hasattr(signal, "pthread_sigmask") and hasattr(signal, "sigpending")
_SIGINT = {signal.SIGINT}


@contextmanager
def sigint_held() -> Iterator[bool]:
    """Hold SIGINT back on the main thread while the block runs; yields whether it is held
    (then `sigint_pending` tells whether a Ctrl-C waits)."""
    if not _CAN_BLOCK or threading.current_thread() is not threading.main_thread():
        yield False
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, _SIGINT)
    try:
        yield True
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)  # a pending Ctrl-C is raised here


def sigint_pending() -> bool:
    """Whether a Ctrl-C is held back (only meaningful inside `sigint_held`)."""
    return signal.SIGINT in signal.sigpending()


def wait_for(
    handle: clingo.SolveHandle,
    deadline: float | None,
    stop: Callable[[], bool] | None = None,
    tick: Callable[[], None] | None = None,
) -> tuple[bool, bool]:
    """Wait for an asynchronous search to end, cancelling it at `deadline` (a `perf_counter`
    time; None: no limit), as soon as `stop()` is true (when given) or the thread's `Watch` is
    stopped (`asp_sudoku.solving.watch`), or on Ctrl-C.  Returns (timed out, interrupted); the
    caller then reads `handle.get()`.  `tick()` (when given) is called about 20 times a second
    while the search runs (progress: asp_sudoku/solving/progress.py)."""
    from asp_sudoku.solving.watch import current

    watch = current()
    try:
        while True:
            step = 0.05 if deadline is None else max(0.0, min(0.05, deadline - time.perf_counter()))
            if handle.wait(step):
                return False, False
            if tick is not None:
                tick()
            if deadline is not None and time.perf_counter() >= deadline:
                handle.cancel()
                return True, False
            if (stop is not None and stop()) or (watch is not None and watch.stopped()):
                handle.cancel()
                return False, True
    except KeyboardInterrupt:
        handle.cancel()
        return False, True
