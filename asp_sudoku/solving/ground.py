"""Grounding: a quiet Control with a guarded program grounded (`grounded_control`, for the
setter's and the logical solver's programs), and grounding that Ctrl-C can stop
(`ground_in_worker`: clingo's `ground` in a worker thread while the caller waits; used by
`single`, `shape` and `user_rules`).
"""

from __future__ import annotations

import atexit
import os
import signal
import sys
import threading
from collections.abc import Sequence

import clingo

from asp_sudoku.core.errors import AspSudokuError
from asp_sudoku.program.guard import check_program_text


def grounded_control(args: Sequence[str], text: str, what: str = "the program") -> clingo.Control:
    """A quiet Control with `args`, holding `text` (checked by the program guard) grounded as
    part "base"; a grounding error is an AspSudokuError naming `what` was grounded."""
    check_program_text(text)
    ctl = clingo.Control(["--warn=none", *args], logger=lambda code, msg: None)
    try:
        ctl.add("base", [], text)
        ctl.ground([("base", [])])
    except RuntimeError as exc:
        raise AspSudokuError(f"{what} could not be grounded: {exc}") from None
    return ctl


def ground_in_worker(ctl: clingo.Control, text: str) -> None:
    """Add and ground `text` as part "base" in a worker thread while the calling thread waits.

    clingo cannot interrupt grounding, and Python delivers Ctrl-C only to the main thread
    between bytecodes: waiting here keeps Ctrl-C working during a long grounding (a user rules
    file with a huge range, say).  An interrupted grounding runs on in its daemon thread until
    it ends or the process exits.  clingo's exceptions (RuntimeError, MemoryError) are re-raised
    here.
    """
    errors: list[BaseException] = []
    done = threading.Event()

    def work() -> None:
        if hasattr(signal, "pthread_sigmask"):  # signals go to the waiting main thread
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
        try:
            ctl.add("base", [], text)
            ctl.ground([("base", [])])
        except BaseException as exc:  # re-raised in the caller's thread
            errors.append(exc)
        finally:
            done.set()

    worker = threading.Thread(target=work, name="asp-sudoku-ground", daemon=True)
    worker.start()
    try:
        while not done.wait(0.05):
            pass
    except KeyboardInterrupt:
        atexit.register(_exit_before_finalizing, done)
        raise
    if errors:
        raise errors[0]


def _exit_before_finalizing(done: threading.Event) -> None:
    """At exit, if an interrupted grounding still runs, leave without finalizing: clingo's
    static destructors under a thread still inside clingo crash the process (SIGSEGV, seen
    one time in five).  (`Thread.is_alive()` is already False for daemon threads here.)"""
    if not done.is_set():
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
        os._exit(130)


OUT_OF_MEMORY = (
    "ran out of memory while {what} the program (a rules file with a huge range, or a puzzle "
    "too large for this machine's memory limit)"
)
