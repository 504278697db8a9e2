"""The ``estimate`` command: a Monte-Carlo estimate of a puzzle's number of solutions with a
confidence interval, or the exact count when the solutions are few (the method:
`asp_sudoku.solving.estimate`)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from asp_sudoku.cli.args import (
    EXIT_NONE,
    EXIT_OK,
    EXIT_TIMEOUT,
    _float,
    _natural,
    _positive,
    _seconds,
)
from asp_sudoku.core.errors import AspSudokuError
from asp_sudoku.formats import FORMATS

DEFAULT_SECONDS = 10.0


def _confidence(text: str) -> float:
    value = _float(text, "a number between 0 and 1, like 0.95")
    if not 0 < value < 1:
        raise argparse.ArgumentTypeError(f"must be between 0 and 1, like 0.95, not {text}")
    return value


def add_command(sub: Any) -> None:
    """Add the ``estimate`` subcommand."""
    p = sub.add_parser("estimate", help="estimate the number of solutions (Monte Carlo, with a confidence interval)")
    p.add_argument("file", metavar="FILE", help="puzzle file, link or ISS string")
    p.add_argument("--from", dest="fmt", choices=FORMATS, help="input format (default: detect)")
    p.add_argument("--samples", type=_positive, metavar="N", help="stop after N samples")
    p.add_argument(
        "--seconds", "--time-limit", dest="seconds", type=_seconds, metavar="S",
        help=f"stop after S seconds (default {DEFAULT_SECONDS:g} when --samples is not given; both: whichever comes first)",
    )
    p.add_argument("--seed", type=_natural, default=0, help="random seed (default 0): the same seed and --samples give the same estimate")
    p.add_argument("--confidence", type=_confidence, default=0.95, help="of the interval (default 0.95)")
    p.add_argument("--exact-limit", type=_natural, default=1000, metavar="N", help="count exactly when there are at most N solutions (default 1000; 0: never)")
    p.add_argument("--json", action="store_true", help="one JSON object: estimate, low, high, samples, seconds, file, confidence")
    p.add_argument("--no-progress", action="store_true", help=argparse.SUPPRESS)  # it draws none; accepted as everywhere


def _number(value: float) -> str:
    """Whole numbers with thousands separators up to 10^15; beyond, four significant digits."""
    if abs(value) < 1e15:
        return f"{round(value):,}"
    return f"{value:.4g}"


def cmd_estimate(args: argparse.Namespace) -> int:
    """estimate: print the estimate and its interval (or the exact count)."""
    from asp_sudoku.core.safe_text import one_line
    from asp_sudoku.formats import load_many
    from asp_sudoku.picture.text import to_json
    from asp_sudoku.solving.estimate import estimate_solutions

    # read as every command reads FILE: a file, `-`, or a pasted link, ISS string or grid
    puzzles = load_many(args.file, args.fmt)
    if len(puzzles) != 1:
        raise AspSudokuError(f"{one_line(args.file)}: holds {len(puzzles)} puzzles; estimate takes one")
    puzzle = puzzles[0]
    name = one_line(puzzle.label)
    seconds = args.seconds if args.seconds is not None or args.samples is not None else DEFAULT_SECONDS
    found = estimate_solutions(
        puzzle, samples=args.samples, seconds=seconds, seed=args.seed, confidence=args.confidence,
        exact_limit=args.exact_limit,
    )
    if found.samples == 0 and not found.exact:  # the time limit, not bad input: exit 3
        print(f"asp-sudoku: {name}: no sample finished within {seconds:g} seconds; give more --seconds", file=sys.stderr)
        return EXIT_TIMEOUT
    if args.json:
        print(to_json({
            "file": puzzle.label, "estimate": found.estimate, "low": found.low, "high": found.high,
            "confidence": found.confidence, "samples": found.samples, "seconds": round(found.seconds, 3),
        }))
    elif found.exact:
        noun = "solution" if found.estimate == 1 else "solutions"
        print(f"{name}: {_number(found.estimate)} {noun} (exact: all counted, {found.seconds:.2f} s)")
    else:
        about = f"{name}: about {_number(found.estimate)} solution{'' if _number(found.estimate) == '1' else 's'}, "
        tail = f"{found.samples} sample{'' if found.samples == 1 else 's'}, {found.seconds:.1f} s, seed {args.seed}"
        if found.high is None:  # one sample, or every sample the same: no spread to measure
            why = "one sample" if found.samples == 1 else f"all {found.samples} samples gave {_number(found.estimate)}"
            print(f"{about}no interval ({why}: no spread to measure; more samples, or `count` for the exact number; {tail})")
        else:
            print(
                f"{about}{round(found.confidence * 100, 10):.12g}% interval "
                f"{_number(found.low)} to {_number(found.high)} (log-normal; {tail})"
            )
    return EXIT_NONE if found.exact and found.estimate == 0 else EXIT_OK
