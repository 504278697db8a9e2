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
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager

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
