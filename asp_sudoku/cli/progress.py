"""A progress line on the terminal for the commands that can run long (tqdm, imported only then).

Shown on stderr only when stderr is a terminal (or ASP_SUDOKU_PROGRESS=1 forces it, for tests),
for `count`, `solve --all`/`-n`/`--random`, `candidates --counts`, `explain`, `minimize` and
`generate`, unless `--no-progress` is given.  It reads the solving layer's progress callback
(asp_sudoku/solving/progress.py): solutions found so far, their rate, solver calls and the time
elapsed.  The line is drawn over itself and wiped at the end, so nothing of it stays in the
terminal's output; stdout is never touched (when stdout is the same terminal, the line is wiped
before each write to it and drawn again at the next tick).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, Any

from asp_sudoku.solving.progress import Tick, watching

FORCE_ENV = "ASP_SUDOKU_PROGRESS"  # "1": show progress even when stderr is no terminal; "0": never
DELAY = 0.5  # seconds before the line appears (none when forced): a quick run shows nothing


def _forced() -> bool:
    return os.environ.get(FORCE_ENV, "") == "1"


def wanted(args: argparse.Namespace) -> bool:
    """Whether this command line shows progress (see the module docstring)."""
    command = args.command
    long = command in ("count", "explain", "minimize", "generate") or (
        command == "solve" and bool(getattr(args, "all", False) or getattr(args, "n", None) or getattr(args, "random", False))
    ) or (command == "candidates" and bool(getattr(args, "counts", False)))
    return long and on_terminal(args)


def on_terminal(args: argparse.Namespace) -> bool:
    """Whether a progress line may be drawn: no `--no-progress`, and stderr a terminal (or
    ASP_SUDOKU_PROGRESS=1; =0: never)."""
    if getattr(args, "no_progress", False):
        return False
    force = os.environ.get(FORCE_ENV, "")
    if force in ("0", "1"):
        return force == "1"
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


@contextmanager
def shown(args: argparse.Namespace) -> Iterator[None]:
    """Show progress for the searches inside the block when `wanted(args)`; else do nothing."""
    if not wanted(args):
        yield
        return
    try:
        from tqdm import tqdm
    except ImportError:  # tqdm is a dependency; a broken install only loses the progress line
        yield
        return
    columns, rows = _size()
    unit = "solver calls" if args.command in ("explain", "minimize", "generate") else "solutions"
    bar = tqdm(
        file=sys.stderr, unit=f" {unit}", leave=False, delay=0.0 if _forced() else DELAY, ncols=columns, nrows=max(rows, 2), mininterval=0.2,
        desc="asp-sudoku " + args.command, bar_format="{desc}: {n_fmt}{unit} [{elapsed}, {rate_fmt}]{postfix}",
    )
    done, drawn = [0], [time.monotonic()]

    def show(tick: Tick) -> None:
        n = tick.searches if unit == "solver calls" else tick.models
        if unit == "solver calls":
            bar.set_postfix_str(f"{tick.models} solutions", refresh=False)
        elif tick.searches > 1:
            bar.set_postfix_str(f"{tick.searches} solver calls", refresh=False)
        now = time.monotonic()
        if n != done[0]:
            bar.update(n - done[0])  # drawn at most every `mininterval`
            done[0] = n
        elif now - drawn[0] >= 0.5 and tick.seconds >= bar.delay:  # the elapsed time moves on
            bar.refresh()
            drawn[0] = now

    out, err = sys.stdout, sys.stderr
    same_terminal = _isatty(out) and _isatty(err)
    if same_terminal:
        sys.stdout = _Wiping(out, bar)
    sys.stderr = _Wiping(err, bar)  # a message of the command's own comes before the line
    try:
        with watching(show):
            yield
    finally:
        sys.stdout, sys.stderr = out, err
        bar.close()


def _size() -> tuple[int, int]:
    """The terminal's columns and lines (80 and 24 when it has none, as a bare pseudo-terminal)."""
    try:
        size = os.get_terminal_size(sys.stderr.fileno())
    except (AttributeError, ValueError, OSError):
        return 80, 24
    return size.columns or 80, size.lines or 24


def _isatty(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class _Wiping:
    """stdout or stderr, wiping the progress line before each write (it is drawn again at the
    next tick)."""

    def __init__(self, real: IO[str], bar: Any) -> None:
        self._real = real
        self._bar = bar

    def write(self, text: str) -> int:
        bar = self._bar
        if bar.last_print_t >= bar.start_t + bar.delay:  # the line is on the terminal (tqdm's own test)
            bar.clear()
        return self._real.write(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)


__all__ = ["DELAY", "FORCE_ENV", "on_terminal", "shown", "wanted"]
