"""Option values the logical solver's benchmarks (`logic_steps`, `logic_ratings`) take from the
command line, refused in one line when out of range (a QA pass found tracebacks and silent wrong
runs)."""

from __future__ import annotations

import argparse


def count(text: str) -> int:
    """A whole number from 1 (steps, workers, rounds)."""
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number from 1, not {text!r}")
    return value


def seconds(text: str) -> float:
    """A time limit: a finite number of seconds above 0."""
    value = float(text)
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"expected a finite number of seconds above 0, not {text!r}")
    return value
