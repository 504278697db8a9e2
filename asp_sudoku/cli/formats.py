"""The command line's format commands: ``convert``, ``batch`` and ``solve --format``.

Kept apart from cli.py (which registers them) so that the core CLI stays small.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from asp_sudoku.cli.args import _count_1_64, _seconds
from asp_sudoku.core.errors import AspSudokuError, PuzzleFormatError
from asp_sudoku.core.model import Puzzle
from asp_sudoku.formats import FORMATS, load_many

if TYPE_CHECKING:
    from asp_sudoku.batch import Line, Summary
    from asp_sudoku.core.result import Result

# The writers, the SVG drawing and the batch runner are imported by the commands that use them
# (start-up time).

SOLVE_FORMATS = ("text", "json", "svg", "png", "fpuzzles")
PICTURES = ("svg", "png", "fpuzzles")  # one output for one puzzle: -o FILE may take it
CONVERT_TARGETS = ("toml", "fpuzzles", "fpuzzles-json", "svg", "iss", "sudokupad")


def solve_output(puzzle: Puzzle, result: Result, fmt: str) -> str:
    """`solve --format svg|fpuzzles`: the picture or link of the puzzle with its solution."""
    from asp_sudoku.formats.fpuzzles.writer import fpuzzles_url
    from asp_sudoku.picture.svg import render_svg

    solution = result.solutions[0] if result.solutions else None
    if fmt == "svg":
        return render_svg(puzzle, solution)
    return fpuzzles_url(puzzle, solution)


def check_picture_output(args: argparse.Namespace) -> None:
    """Refuse, before any solving, what `solve --format/-o` cannot write: -o for text or JSON,
    and PNG bytes to a terminal."""
    if getattr(args, "output", None) and args.format not in PICTURES:
        raise AspSudokuError("-o FILE writes a picture or a link: add --format svg, png or fpuzzles")
    if args.format == "png" and not args.output and _isatty(sys.stdout):
        raise AspSudokuError("--format png writes binary data: give -o FILE.png, or redirect stdout to a file")


def write_picture(puzzle: Puzzle, result: Result, args: argparse.Namespace) -> None:
    """`solve --format svg|png|fpuzzles`: the picture or link, to -o FILE or stdout."""
    if args.format == "png":
        from asp_sudoku.picture.png import svg_to_png

        data = svg_to_png(_named(puzzle, lambda p: solve_output(p, result, "svg")))
        if args.output:
            _write_bytes(data, args.output)
        else:
            sys.stdout.flush()
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()
        return
    text = _named(puzzle, lambda p: solve_output(p, result, args.format)).rstrip("\n") + "\n"  # a refusal names the file
    _write(text, args.output)


def _write_bytes(data: bytes, output: str) -> None:
    try:
        with open(output, "wb") as out:
            out.write(data)
    except OSError as exc:
        raise AspSudokuError(f"{output}: cannot write: {exc.strerror or exc}") from None


def _isatty(stream: object) -> bool:
    try:
        return bool(stream.isatty())  # type: ignore[attr-defined]
    except (AttributeError, ValueError):
        return False


def add_commands(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the ``convert`` and ``batch`` subcommands."""
    p = sub.add_parser("convert", help="convert puzzles between formats without solving")
    p.add_argument("files", nargs="+", metavar="FILE", help="puzzle file(s), links or ISS strings")
    p.add_argument("--from", dest="fmt", choices=FORMATS, help="input format (default: detect)")
    p.add_argument("--to", required=True, choices=CONVERT_TARGETS, help="output format")
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE (one puzzle only)")
    p.add_argument("--no-progress", action="store_true", help=argparse.SUPPRESS)  # it draws none; accepted as everywhere
    p = sub.add_parser("batch", help="solve every puzzle of collections: one JSON line per puzzle")
    p.add_argument("files", nargs="+", metavar="FILE", help="collections and puzzle files")
    p.add_argument("--from", dest="fmt", choices=FORMATS, help="input format (default: detect)")
    p.add_argument("--out", metavar="FILE", help="append results to FILE (default: stdout)")
    p.add_argument("--resume", action="store_true", help="skip puzzles already answered in --out (error lines are redone)")
    p.add_argument("--workers", type=_count_1_64, default=1, help="local worker processes, 1-64 (default 1)")
    p.add_argument("--dask", metavar="ADDRESS", help="send the work to a Dask scheduler (needs asp-sudoku[dask])")
    p.add_argument("--time-limit", type=_seconds, metavar="SECONDS", help="stop each puzzle's search after this long")
    p.add_argument("--quiet", action="store_true", help="no progress line and no summary")
    p.add_argument("--no-progress", action="store_true", help="no progress line on the terminal (stderr); the summary stays")
    p = sub.add_parser("completion", help="print the shell completion script (bash, zsh or fish)")
    p.add_argument("shell", choices=("bash", "zsh", "fish"), help="the shell")


def _write(text: str, output: str | None) -> None:
    if output:
        try:
            with open(output, "w", encoding="utf-8") as out:
                out.write(text)
        except OSError as exc:
            raise AspSudokuError(f"{output}: cannot write: {exc.strerror or exc}") from None
    else:
        sys.stdout.write(text)


def _named(puzzle: Puzzle, write: Callable[[Puzzle], str]) -> str:
    """What `write` makes of a puzzle; a refusal names the puzzle's file (and its line in a
    collection), as a reader's error does."""
    try:
        return write(puzzle)
    except PuzzleFormatError:
        raise
    except AspSudokuError as exc:
        raise AspSudokuError(f"{puzzle.label or '<input>'}: {exc}") from None


def cmd_convert(args: argparse.Namespace) -> int:
    """convert: each puzzle in the target format (links one per line)."""
    import json

    from asp_sudoku.formats.fpuzzles.writer import fpuzzles_url, to_fpuzzles
    from asp_sudoku.formats.toml.writer import to_toml
    from asp_sudoku.picture.svg import render_svg

    puzzles: list[Puzzle] = []
    for path in args.files:
        puzzles += load_many(path, args.fmt)
    if len(puzzles) != 1 and (args.output or args.to in ("toml", "svg", "fpuzzles-json")):
        raise AspSudokuError(
            f"{len(puzzles)} puzzles given; --to {args.to} writes one "
            "(--to fpuzzles, sudokupad and iss write one line per puzzle)"
        )
    if args.to == "toml":
        text = _named(puzzles[0], lambda p: to_toml(p, where=args.output, check=True))
    elif args.to == "svg":
        text = _named(puzzles[0], render_svg)
    elif args.to == "fpuzzles-json":
        text = _named(puzzles[0], lambda p: json.dumps(to_fpuzzles(p), ensure_ascii=False) + "\n")
    else:
        if args.to == "iss":
            from asp_sudoku.formats.iss.writer import to_iss as line_of
        elif args.to == "sudokupad":
            from asp_sudoku.formats.fpuzzles.writer import sudokupad_url as line_of
        else:
            line_of = fpuzzles_url
        text = "".join(_named(p, line_of) + "\n" for p in puzzles)
    _write(text, args.output)
    return 0


class _Progress:
    """A one-line progress display on stderr (only when stderr is a terminal)."""

    def __init__(self) -> None:
        self.last = 0.0

    def __call__(self, summary: Summary, total: int) -> None:
        now = time.perf_counter()
        if now - self.last < 0.2 and summary.total < total:
            return
        self.last = now
        elapsed = max(now - summary.started, 1e-9)
        c = summary.counts
        sys.stderr.write(
            f"\r{summary.total}/{total} puzzles  {summary.total / elapsed:.1f}/s  unique {c['unique']}  "
            f"multiple {c['multiple']}  none {c['unsatisfiable']}  errors {c['error']}   "
        )
        sys.stderr.flush()


def cmd_batch(args: argparse.Namespace) -> int:
    """batch: solve everything, one JSON line per puzzle, a summary at the end."""
    from asp_sudoku.batch import ResultsFile, json_line, run_batch
    from asp_sudoku.cli.progress import on_terminal

    if args.resume and not args.out:
        raise AspSudokuError("--resume needs --out FILE")
    results = ResultsFile(args.out, args.resume) if args.out else None
    emit: Callable[[Line], None]
    if results is not None:
        emit = results.write
    else:
        def emit(line: Line) -> None:
            sys.stdout.write(json_line(line) + "\n")
            sys.stdout.flush()
    show = not args.quiet and on_terminal(args)
    try:
        summary = run_batch(
            args.files,
            emit=emit,
            fmt=args.fmt,
            done=results.done if results else None,
            workers=args.workers,
            dask_address=args.dask,
            time_limit=args.time_limit,
            progress=_Progress() if show else None,
        )
    finally:
        if results is not None:
            results.close()
    if show:
        sys.stderr.write("\n")
    if not args.quiet:
        print(summary.text(), file=sys.stderr)
    if summary.interrupted:
        return 130
    if summary.counts["error"]:
        return 2
    if summary.counts.get("unknown") or summary.counts.get("satisfiable"):
        return 3
    return 0


def cmd_completion(args: argparse.Namespace) -> int:
    """completion: see asp_sudoku/cli/completion.py."""
    from asp_sudoku.cli.completion import cmd_completion as run

    return run(args)


def cmd_estimate(args: argparse.Namespace) -> int:
    """estimate: see `asp_sudoku.cli.estimate`."""
    from asp_sudoku.cli.estimate import cmd_estimate as run

    return run(args)


WHOLE_COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "convert": cmd_convert,
    "batch": cmd_batch,
    "completion": cmd_completion,
    "estimate": cmd_estimate,
}

__all__ = ["PICTURES", "SOLVE_FORMATS", "WHOLE_COMMANDS", "add_commands", "check_picture_output", "solve_output", "write_picture"]
