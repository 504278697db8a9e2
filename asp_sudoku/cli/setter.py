"""The setter's commands on the command line: candidates, explain, minimize, generate.

`add_commands` adds their parsers to the main parser; `COMMANDS` maps the per-puzzle commands
to functions `(puzzle, args) -> exit code` as in `asp_sudoku.cli`; `run_generate(args)` (from
`cli_generate`) runs `generate`, which reads no file.  Exit codes as in `asp_sudoku.cli`; a time limit reached is 3.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from asp_sudoku.cli.args import (
    EXIT_NONE,
    EXIT_OK,
    EXIT_TIMEOUT,
    _natural,
    _seconds,
)
from asp_sudoku.cli.args import _positive as _count
from asp_sudoku.core.errors import AspSudokuError, TimeLimitReached
from asp_sudoku.core.model import Puzzle
from asp_sudoku.picture.text import to_json
from asp_sudoku.setter import CLUE_KIND_NAMES

# The tools themselves (and the report and picture modules) are imported by the commands that
# use them: `asp-sudoku solve` does not pay for them (start-up time).


def run_generate(args: argparse.Namespace) -> int:
    """generate: see `setter.cli_generate`."""
    from asp_sudoku.cli.generate import run_generate as run

    return run(args)


def _box(text: str) -> tuple[int, int] | str:
    """--box as `generate` checks it (`checked_box`): "none", or (rows, columns) of at least 1."""
    from asp_sudoku.setter.generate.options import checked_box  # (with generate: it loads clingo)

    if text.strip().lower() == "none":
        return "none"
    try:
        box = checked_box(text)
    except (TypeError, ValueError):
        box = None
    if not isinstance(box, tuple):  # (also "default", which only the library takes)
        raise argparse.ArgumentTypeError(f"must look like 3x3 (sides at least 1) or none, not {text[:20]!r}")
    return box


def add_commands(
    sub: argparse._SubParsersAction,  # type: ignore[type-arg]
    common: Callable[..., None],
) -> None:
    """Add the parsers of candidates, explain, minimize and generate."""
    p = sub.add_parser(
        "candidates", help="the digits each cell takes in some solution (true candidates)"
    )
    common(p, threads=False, progress=True)
    p.add_argument(
        "--format", choices=("text", "json", "svg"), default="text", help="output (default text)"
    )
    p.add_argument(
        "--counts", action="store_true", help="also count the solutions per digit and cell"
    )
    p.add_argument(
        "--limit", type=_count, metavar="N", help="with --counts: count at most N solutions"
    )
    p = sub.add_parser("explain", help="why a puzzle has no solution, or several")
    common(p, threads=False, progress=True)
    p.add_argument(
        "--limit",
        type=_count,
        default=500,
        metavar="N",
        help="list up to N solutions to prove the fewest extra givens (default 500)",
    )
    p = sub.add_parser("minimize", help="redundant givens and clues, and a minimal puzzle")
    common(p, threads=False, progress=True)
    p.add_argument("--rules", action="store_true", help="also try dropping global rules")
    p.add_argument("-o", "--output", metavar="FILE", help="write the minimal puzzle (TOML) to FILE")
    p = sub.add_parser("generate", help="make puzzles with a unique solution")
    p.add_argument("--size", type=_count, default=9, help="grid side (default 9)")
    p.add_argument(
        "--box", type=_box, metavar="RxC", help="box shape, or none (default: from size)"
    )
    p.add_argument(
        "--rules",
        action="append",
        default=[],
        metavar="NAMES",
        help="global rules, comma-separated (e.g. miracle)",
    )
    p.add_argument(
        "--clues",
        action="append",
        default=[],
        metavar="KIND",
        help="clue kinds to make (repeat for several): " + ", ".join(CLUE_KIND_NAMES),
    )
    p.add_argument(
        "--givens",
        type=_natural,
        metavar="N",
        help="exactly N givens if possible (default: as few as found)",
    )
    p.add_argument(
        "--seed",
        type=_natural,
        metavar="S",
        help="random seed (default: a random one, printed); puzzle i uses S+i",
    )
    p.add_argument(
        "--count", type=_count, default=1, metavar="K", help="how many puzzles (default 1)"
    )
    p.add_argument(
        "--values",
        metavar="LOW-HIGH",
        help='the digits, as in TOML: "0-8", or "1-9" on a 6x6 (default 1 to the size; doppelganger needs "0-9")',
    )
    p.add_argument(
        "--rating",
        type=_rating_range,
        metavar="RANGE",
        help="the logical path's rating (as `rate`): 6.2-8.5, 7- (at least), -2.5 (at most) or 7.0 (exactly)",
    )
    p.add_argument(
        "--attempts",
        type=_count,
        default=10,
        metavar="A",
        help="grids tried to reach --givens, puzzles made to reach --rating (default 10)",
    )
    p.add_argument(
        "--format", choices=("toml", "text", "json"), default="toml", help="output (default toml)"
    )
    p.add_argument("--json", action="store_true", help="same as --format json")
    p.add_argument("--output-dir", metavar="DIR", help="write one file per puzzle into DIR")
    p.add_argument(
        "--time-limit", type=_seconds, metavar="SECONDS", help="stop each puzzle after this long"
    )
    p.add_argument("--no-progress", action="store_true", help="no progress line on the terminal (stderr)")


def _rating_range(text: str) -> tuple[float, float]:
    """--rating: LOW-HIGH, LOW- (no upper end), -HIGH, or one level (exactly it)."""
    import math

    low_text, dash, high_text = text.strip().partition("-")
    try:
        low = float(low_text) if low_text.strip() else 0.0
        high = float(high_text) if high_text.strip() else (math.inf if dash else low)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a rating range is like 6.2-8.5, 7- or -2.5, not {text[:20]!r}") from None
    if not (0 <= low <= high) or math.isnan(low) or math.isnan(high) or not (low_text.strip() or high_text.strip()):
        raise argparse.ArgumentTypeError(f"a rating range is like 6.2-8.5, 7- or -2.5, not {text[:20]!r}")
    return low, high


def _print(text: str) -> None:
    print(text, flush=True)


def _report(text: str) -> None:
    """A line of minimize's report: on stderr, so that stdout is the puzzle alone."""
    sys.stdout.flush()
    print(text, file=sys.stderr, flush=True)


def _lines(say: Callable[[str], None], label: str, lines: list[str], seconds: float, solves: int) -> None:
    """A setter tool's report in words: the puzzle's label before the first line, then the time
    and the solver calls the tool took."""
    say(f"{label}: {lines[0]}")
    for line in lines[1:]:
        say(line)
    say(f"({seconds:.3f} s, {solves} solver calls)")


def _timeout(puzzle: Puzzle, args: argparse.Namespace, say: Callable[[str], None] = _print) -> int:
    if getattr(args, "json", False) or getattr(args, "format", "") == "json":
        from asp_sudoku.setter.answers import unknown_object

        _print(to_json(unknown_object(puzzle, args.time_limit or 0.0)))
    else:
        say(f"{puzzle.label}: unknown: stopped by the time limit before it decided")
    return EXIT_TIMEOUT


def cmd_candidates(puzzle: Puzzle, args: argparse.Namespace) -> int:
    """candidates: true candidates as a pencil-mark grid, JSON or SVG."""
    from asp_sudoku.picture.candidates import candidates_svg
    from asp_sudoku.setter import report
    from asp_sudoku.setter.candidates import candidates

    try:
        found = candidates(puzzle, counts=args.counts, limit=args.limit, time_limit=args.time_limit)
    except TimeLimitReached:
        if args.format == "svg" and not args.json:
            # a picture on stdout as `solve --format svg` leaves one (`> FILE.svg` stays an SVG):
            # the puzzle without candidates; what happened goes to stderr
            from asp_sudoku.picture.svg import render_svg

            sys.stdout.write(render_svg(puzzle, None).rstrip("\n") + "\n")
            sys.stdout.flush()
            return _timeout(puzzle, args, lambda line: print(f"asp-sudoku: {line}", file=sys.stderr))
        return _timeout(puzzle, args)
    code = EXIT_NONE if found.status == "unsatisfiable" else EXIT_OK
    if report.counts_timed_out(found, args.limit):
        code = EXIT_TIMEOUT  # the candidates are complete; the counts are not (as for `count`)
    if args.json or args.format == "json":
        from asp_sudoku.setter.answers import candidates_answer

        _print(to_json(candidates_answer(puzzle, found, args.limit)))
    elif args.format == "svg":
        sys.stdout.write(candidates_svg(found, shaded=not report.counts_timed_out(found, args.limit)))
        if code == EXIT_TIMEOUT:
            sys.stdout.flush()
            print(f"asp-sudoku: {puzzle.label}: {report.counts_lines(found, args.limit)[0]}", file=sys.stderr)
    else:
        _print(f"{puzzle.label}: {report.candidates_summary(found)} ({found.seconds:.3f} s)")
        if found.status != "unsatisfiable":
            _print(report.pencil_grid(found))
            if found.extra:
                _print(report.extra_candidates_line(found))
        for line in report.counts_lines(found, args.limit):
            _print(line)
    return code


def cmd_explain(puzzle: Puzzle, args: argparse.Namespace) -> int:
    """explain: a minimal conflicting set, or differing cells and extra givens."""
    from asp_sudoku.setter import report
    from asp_sudoku.setter.explain import explain

    try:
        found = explain(puzzle, limit=args.limit, time_limit=args.time_limit)
    except TimeLimitReached:
        return _timeout(puzzle, args)
    if args.json:
        from asp_sudoku.setter.answers import explanation_answer

        _print(to_json(explanation_answer(puzzle, found)))
    else:
        _lines(_print, puzzle.label, report.explanation_lines(found), found.seconds, found.solves)
    return EXIT_OK if found.status == "unique" else EXIT_NONE


def cmd_minimize(puzzle: Puzzle, args: argparse.Namespace) -> int:
    """minimize: redundant items and a minimal puzzle.  The minimal puzzle (TOML) goes to stdout
    (or to -o FILE), the report to stderr: `minimize FILE > min.toml` is a valid puzzle file."""
    from asp_sudoku.formats.toml.writer import to_toml
    from asp_sudoku.setter import report
    from asp_sudoku.setter.minimize import minimize

    try:
        found = minimize(puzzle, rules=args.rules, time_limit=args.time_limit)
    except TimeLimitReached:
        return _timeout(puzzle, args, _report)
    text = None
    if found.minimal is not None:
        note = f"A minimal version of {puzzle.label or 'a puzzle'}, made by asp-sudoku minimize."
        text = to_toml(found.minimal, comments=[note])
        if args.output:
            _write(args.output, text)
    if args.json:
        from asp_sudoku.setter.answers import minimized_answer

        _print(to_json(minimized_answer(puzzle, found)))
    else:
        _lines(_report, puzzle.label, report.minimized_lines(found), found.seconds, found.solves)
        if text is not None:
            if args.output:
                _report(f"minimal puzzle written to {args.output}")
            else:  # the puzzle itself when nothing could be dropped: stdout is always a puzzle
                sys.stdout.write(text)
                sys.stdout.flush()
    return EXIT_OK if found.status == "unique" else EXIT_NONE


def _write(path: str, text: str) -> None:
    try:
        with open(path, "w", encoding="utf-8") as out:
            out.write(text)
    except OSError as exc:
        raise AspSudokuError(f"{path}: cannot write: {exc.strerror or exc}") from None


__all__ = ["COMMANDS", "add_commands", "run_generate"]

COMMANDS: dict[str, Callable[[Puzzle, argparse.Namespace], int]] = {
    "candidates": cmd_candidates,
    "explain": cmd_explain,
    "minimize": cmd_minimize,
}
