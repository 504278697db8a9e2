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

A Ctrl-C that reaches Python inside a finalizer (`__del__`: clingo's `Control.__del__` frees the
solver, and a long logical path frees thousands of checks' controls) is printed and swallowed by
Python ("Exception ignored in ...").  The command line runs inside `finalizers_passed`, whose
handler sends such a Ctrl-C again once the finalizer is over.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import clingo

_CAN_BLOCK = hasattr(signal, "pthread_sigmask") and hasattr(signal, "sigpending")
_SIGINT = {signal.SIGINT}
AGAIN_AFTER = 0.01
"""Seconds after which a Ctrl-C that landed in a finalizer is sent again (`finalizers_passed`)."""
_resending: list[threading.Thread] = []  # the threads sending one again (`finalizers_passed`)


@contextmanager
def sigint_held() -> Iterator[bool]:
    """Hold SIGINT back on the main thread while the block runs; yields whether it is held
    (then `sigint_pending` tells whether a Ctrl-C waits).  Not where SIGINT is ignored (a batch
    worker process: the parent stops it): a blocked signal stays pending even when ignored, and
    the search would stop for a Ctrl-C meant for the parent."""
    if (
        not _CAN_BLOCK
        or threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGINT) == signal.SIG_IGN
    ):
        yield False
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, _SIGINT)
    try:
        yield True
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)  # a pending Ctrl-C is raised here


@contextmanager
def sigint_ignored() -> Iterator[None]:
    """SIGINT ignored while the block starts worker processes: a process started (forked or
    spawned) with SIGINT ignored keeps it ignored until it says otherwise (Python installs its
    KeyboardInterrupt handler only over the default), so a Ctrl-C in the moment a worker
    starts, before it sets SIGINT aside itself, cannot reach it.  (One pressed in these few
    milliseconds is lost to the parent too.)  Only the main thread may change it."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


@contextmanager
def finalizers_passed() -> Iterator[None]:
    """Inside the block, a Ctrl-C that lands in a finalizer (`__del__`), where Python would print
    KeyboardInterrupt and go on, is sent to the main thread again `AGAIN_AFTER` seconds later
    (and again, should it land in a finalizer once more); anywhere else it raises
    KeyboardInterrupt, as Python's own handler does.  Only on the main thread, and only when
    SIGINT has Python's own handler (a caller's handler is left alone)."""
    if (
        not hasattr(signal, "pthread_kill")
        or threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGINT) is not signal.default_int_handler
    ):
        yield
        return
    signal.signal(signal.SIGINT, _interrupt)
    try:
        yield
    finally:
        try:
            while _resending:  # a Ctrl-C still to be sent again: it interrupts here
                _resending.pop().join()
        finally:
            signal.signal(signal.SIGINT, signal.default_int_handler)


def _interrupt(signum: int, frame: FrameType | None) -> None:
    while frame is not None:
        if frame.f_code.co_name == "__del__":
            again = threading.Thread(target=_send_again, args=(threading.main_thread().ident,), daemon=True)
            _resending.append(again)
            again.start()
            return
        frame = frame.f_back
    raise KeyboardInterrupt


def _send_again(main: int) -> None:
    """Send SIGINT to the main thread (to it alone: this thread does not take it in its place,
    and while the main thread holds SIGINT back it waits there)."""
    block_sigint()
    time.sleep(AGAIN_AFTER)
    signal.pthread_kill(main, signal.SIGINT)


def block_sigint() -> None:
    """Block SIGINT in the calling thread (a helper thread's first call): a Ctrl-C then reaches
    the main thread, or waits while the main thread holds it back (`sigint_held`), instead of
    being taken here and raised in the main thread inside a clingo callback."""
    if _CAN_BLOCK:
        signal.pthread_sigmask(signal.SIG_BLOCK, _SIGINT)


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
