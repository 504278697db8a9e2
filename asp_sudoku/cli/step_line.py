"""The progress line of `steps` and `rate` on a terminal (`progress.on_terminal`): how far the
path has got and, while a step's trial runs, which of its candidates it is on.  A step of depth 2
on a hard killer can take a minute; without the line the terminal shows nothing meanwhile.

It is drawn on stderr over itself, from a thread of its own every `TICK` seconds, and wiped at
the end: nothing of it stays in the output.  `rate` prints one line at the end, so its line shows
from `progress.DELAY` seconds on; `steps` prints each step as it comes, so its line shows only
while a step takes longer than that, and is wiped before each step is printed.  `rate` of
several puzzles side by side (`shared_rate`) shows how many of those read so far are rated.
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

TICK = 1.0
"""Seconds between redraws while no step comes (the time moves on)."""


class StepLine:
    """The line of one command (`steps` or `rate`), drawn from `delay` seconds on."""

    def __init__(self, command: str, delay: float) -> None:
        self.command = command
        self.start = self.last = time.monotonic()  # `last`: when the last step came
        self.delay = delay
        self.steps = 0
        self.hardest: Any = None
        self.trying: tuple[int, int, int, bool] | None = None  # the running trial (`on_trial`)
        self.drawn = 0.0  # when it was last drawn (0: never)
        self.visible = False  # drawn and not wiped since
        self.puzzles: int | None = None  # `rate` of several puzzles side by side: how many read so far
        self.lock = threading.Lock()
        self.done = threading.Event()

    def step(self, step: Any) -> None:
        """A step was taken (`rate`)."""
        with self.lock:
            self._took(step)
            self._draw(0.2)

    def print(self, text: str) -> None:
        """Print a step's line on stdout (`steps`), the progress line wiped first."""
        with self.lock:
            self._wipe()
            print(text, flush=True)
            self._took(None)

    def write(self, out: str, err: str) -> None:
        """Print a rated puzzle's held output (`shared_rate`), the progress line wiped first."""
        with self.lock:
            self._wipe()
            write_held(out, err)
            self.steps += 1

    def on_trial(self, depth: int, place: int, candidates: int, finishing: bool = False) -> None:
        """How far a step's trial has got (`Trials.on_trial`; `finishing`: the path is stuck and
        looks how deep a trial must go to finish): called before each candidate, it only notes
        it (the next tick draws it)."""
        self.trying = (depth, place, candidates, finishing)

    def tick(self) -> None:
        """Redraw every `TICK` seconds until `close` (the thread's target)."""
        from asp_sudoku.solving.sigint import block_sigint

        block_sigint()  # Ctrl-C is the main thread's
        while not self.done.wait(min(TICK, 0.25)):
            with self.lock:
                if not self.done.is_set():
                    self._draw(TICK)

    def close(self) -> None:
        """Wipe the line; nothing is drawn after."""
        self.done.set()
        with self.lock:
            self._wipe()

    def _took(self, step: Any) -> None:
        self.steps += 1
        if step is not None and (self.hardest is None or step.level > self.hardest.level):
            self.hardest = step
        self.trying = None
        self.last = time.monotonic()

    def _text(self, now: float) -> str:
        if self.puzzles is not None:
            return f"{self.steps} of the {self.puzzles} puzzles read so far rated [{now - self.start:.0f} s]"
        trial = ""
        if self.trying is not None:
            depth, place, candidates, finishing = self.trying
            trial = f"trial of depth {depth}, candidate {place + 1} of {candidates}"
            if finishing:
                trial = f"stuck; how deep a trial must go to finish: {trial}"
        if self.command == "steps":
            return f"step {self.steps + 1}: {trial or 'looking'} [{now - self.last:.0f} s]"
        if self.hardest is None:
            text = "no step yet"
        else:
            plural = "" if self.steps == 1 else "s"
            text = f"{self.steps} step{plural}, hardest {self.hardest.technique} {self.hardest.level:.1f}"
        return f"{text}{'; ' + trial if trial else ''} [{now - self.start:.0f} s]"

    def _draw(self, every: float) -> None:
        now = time.monotonic()
        since = self.last if self.command == "steps" else self.start
        if now - since < self.delay or now - self.drawn < every:
            return
        sys.stderr.write(f"\r\x1b[Kasp-sudoku {self.command}: {self._text(now)}")
        sys.stderr.flush()
        self.drawn, self.visible = now, True

    def _wipe(self) -> None:
        if self.visible:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()
            self.visible = False


def write_held(out: str, err: str) -> None:
    """A puzzle's held output, stdout then stderr (its error lines come after its results)."""
    sys.stdout.write(out)
    sys.stdout.flush()
    sys.stderr.write(err)
    sys.stderr.flush()


@contextmanager
def step_line(args: argparse.Namespace) -> Iterator[StepLine | None]:
    """The command's line while the block runs, on a terminal only (else None)."""
    from asp_sudoku.cli.progress import DELAY, on_terminal

    if not on_terminal(args):
        yield None
        return
    line = StepLine(args.command, DELAY)
    ticker = threading.Thread(target=line.tick, daemon=True)
    ticker.start()
    try:
        yield line
    finally:
        line.close()
        ticker.join()


__all__ = ["TICK", "StepLine", "step_line", "write_held"]
