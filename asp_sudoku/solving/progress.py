"""Progress of long searches, told to a callback that the caller installs: the library draws nothing.

A caller that wants to show progress (the command line, on a terminal) wraps its call in
``with watching(callback):``; every search started inside the block (solving, counting, the
setter's solver calls) then reports to the callback, from the thread that waits for the search,
about 20 times a second and once at its end, with a `Tick`: the searches started so far, the
models found by all of them and the seconds since the block began.  Outside such a block a search
pays one context-variable lookup and reports nothing.

Searches run in other threads (``--workers``) are not watched: a context variable is per thread.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass


@dataclass(frozen=True)
class Tick:
    """Where the watched work stands: `searches` started, `models` found by all of them (each
    search's models counted once), `seconds` since watching began."""

    searches: int
    models: int
    seconds: float


class _Watch:
    """The state of one `watching` block."""

    def __init__(self, callback: Callable[[Tick], None]) -> None:
        self.callback = callback
        self.start = time.perf_counter()
        self.searches = 0
        self.models = 0  # of the searches that have ended

    def tell(self, current: int) -> None:
        self.callback(Tick(self.searches, self.models + current, time.perf_counter() - self.start))


_WATCH: ContextVar[_Watch | None] = ContextVar("asp_sudoku_progress", default=None)


@contextmanager
def watching(callback: Callable[[Tick], None]) -> Iterator[None]:
    """Report every search started inside the block to `callback` (see the module docstring)."""
    token = _WATCH.set(_Watch(callback))
    try:
        yield
    finally:
        _WATCH.reset(token)


class Meter:
    """One search's line to the watcher: `update(models)` while it runs, `done(models)` at its end."""

    def __init__(self, watch: _Watch) -> None:
        self._watch = watch
        watch.searches += 1
        watch.tell(0)

    def update(self, models: int) -> None:
        """The search has found `models` models so far."""
        self._watch.tell(models)

    def done(self, models: int) -> None:
        """The search ended with `models` models."""
        self._watch.models += models
        self._watch.tell(0)


def meter() -> Meter | None:
    """A `Meter` for a search about to start, or None when nobody is watching."""
    watch = _WATCH.get()
    return None if watch is None else Meter(watch)


__all__ = ["Meter", "Tick", "meter", "watching"]
