"""A search watched from another thread: a stop request, and the solutions found so far.

The web page (`asp_sudoku.web`) runs each command in a worker thread.  Inside
`with watching(watch):` every search that thread starts stops as soon as `watch.stop` is set
(as Ctrl-C stops it: the result is marked interrupted, and the setter's tools raise
KeyboardInterrupt), and counts its models in `watch.found`, which the server reads to report
progress.  The watch is held in a context variable, so the setter's tools (candidates, explain)
need no extra parameter on each of their searches; outside such a block nothing changes.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar


class Watch:
    """What a worker thread's searches share with the thread that watches them."""

    def __init__(self) -> None:
        self.stop = threading.Event()  # set it to stop the search under way and any later one
        self.found = 0  # models found by the search under way (each search starts from 0)

    def stopped(self) -> bool:
        """Whether a stop was asked for."""
        return self.stop.is_set()


_WATCH: ContextVar[Watch | None] = ContextVar("asp_sudoku_watch", default=None)


@contextmanager
def watching(watch: Watch) -> Iterator[Watch]:
    """Searches started in this block (in this thread) obey `watch.stop` and count into it."""
    token = _WATCH.set(watch)
    try:
        yield watch
    finally:
        _WATCH.reset(token)


def current() -> Watch | None:
    """The watch of the searches started here, or None."""
    return _WATCH.get()
