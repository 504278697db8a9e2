"""The command line: parse arguments, read the files, call the library.  `main(argv) -> int`.

Each command's printing for one puzzle is in asp_sudoku/cli/commands.py; the process's entry point
(`asp-sudoku`, `python -m asp_sudoku`) is `asp_sudoku.__main__.run`, which imports this package and
calls `entry.run` (a Ctrl-C during that import says "interrupted" there).

Exit codes: 0 a solution was found (for `check`: unique); 1 no solution (for `check`: not
unique); 2 bad input or usage; 3 a time limit stopped the search before it decided;
130 interrupted by Ctrl-C; 141 the reader closed the output; 74 the output could not be written (a
full disk); 70 an internal error (a grid that failed the checker).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import warnings
from collections.abc import Callable, Generator, Iterator, Sequence
from itertools import chain, islice, tee
from typing import TYPE_CHECKING

from asp_sudoku.cli import progress
from asp_sudoku.cli.args import (  # the exit codes are re-exported: part of cli's API
    EXIT_INTERNAL,
    EXIT_INTERRUPT,
    EXIT_NONE,
    EXIT_OK,
    EXIT_OUTPUT,
    EXIT_PIPE,
    EXIT_TIMEOUT,
    EXIT_USAGE,
    MAX_MESSAGE,
    PARTIAL,
)
from asp_sudoku.cli.commands import check_solve_options, cmd_check, cmd_count, cmd_solve, command
from asp_sudoku.cli.flush import cannot_write, output_failed, silence_stdout
from asp_sudoku.cli.formats import WHOLE_COMMANDS
from asp_sudoku.cli.parser import UsageError, build_parser, command_of
from asp_sudoku.cli.refusals import refused
from asp_sudoku.core.errors import AspSudokuError, FormatWarning
from asp_sudoku.core.model import Puzzle
from asp_sudoku.core.result import Result, counted_to, past
from asp_sudoku.core.safe_text import one_line
from asp_sudoku.formats import iter_entries, read_source
from asp_sudoku.solving.sigint import finalizers_passed

if TYPE_CHECKING:
    from asp_sudoku.core.user_rules import UserRules

__all__ = [
    "EXIT_INTERNAL",
    "EXIT_INTERRUPT",
    "EXIT_NONE",
    "EXIT_OK",
    "EXIT_OUTPUT",
    "EXIT_PIPE",
    "EXIT_TIMEOUT",
    "EXIT_USAGE",
    "MAX_MESSAGE",
    "main",
]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    try:
        argv = sys.argv[1:] if argv is None else list(argv)
        args = build_parser(command_of(argv)).parse_args(argv)
    except UsageError as exc:
        print(one_line(str(exc), MAX_MESSAGE), file=sys.stderr)
        return EXIT_USAGE
    except SystemExit as exc:  # --help and --version
        return int(exc.code or 0)
    except KeyboardInterrupt:  # building the parser imports the command's options
        return _interrupted()
    try:
        with warnings.catch_warnings(), finalizers_passed():
            warnings.simplefilter("always", FormatWarning)
            warnings.showwarning = _show_warning
            if args.command == "serve":
                from asp_sudoku.cli.serve import run_serve

                return run_serve(args)
            if args.command in WHOLE_COMMANDS:
                try:
                    return WHOLE_COMMANDS[args.command](args)
                except AspSudokuError as exc:
                    print(f"asp-sudoku: error: {one_line(str(exc), MAX_MESSAGE)}", file=sys.stderr)
                    return EXIT_USAGE
            return _run(args)
    except KeyboardInterrupt:
        return _interrupted()
    except BrokenPipeError:  # e.g. `asp-sudoku solve --all ... | head`: stop quietly, output cut short
        silence_stdout()
        return EXIT_PIPE
    except Exception as exc:  # a bug, never a user's mistake: one line, no traceback
        if output_failed(exc):  # writing standard output failed: a full disk, not a bug
            return cannot_write(exc)
        if os.environ.get("ASP_SUDOKU_TRACEBACK"):
            raise
        print(
            f"asp-sudoku: internal error: {type(exc).__name__}: {one_line(str(exc), 300)} "
            "(please report this with the input; ASP_SUDOKU_TRACEBACK=1 shows the traceback)",
            file=sys.stderr,
        )
        return EXIT_INTERNAL


def _show_warning(message: Warning | str, category: type[Warning], filename: str, lineno: int, file: object = None, line: str | None = None) -> None:
    print(f"asp-sudoku: warning: {one_line(str(message), MAX_MESSAGE)}", file=sys.stderr)


def _run(args: argparse.Namespace) -> int:
    if args.command == "generate":
        from asp_sudoku.cli.setter import run_generate

        return run_generate(args)
    files = args.files if isinstance(args.files, list) else [args.files]
    action = command(args.command)
    worst = EXIT_OK
    if args.command == "solve":
        try:  # options that cannot go together: said once, before any puzzle is read
            check_solve_options(args)
        except AspSudokuError as exc:
            print(f"asp-sudoku: error: {one_line(str(exc), MAX_MESSAGE)}", file=sys.stderr)
            return EXIT_USAGE
    extra: tuple[UserRules, ...] = ()
    if getattr(args, "rules_file", None):
        try:
            from asp_sudoku.core.user_rules import read_user_rules
            from asp_sudoku.solving.user_rules import verify_rules

            extra = (read_user_rules(args.rules_file),)
            verify_rules(extra)
        except AspSudokuError as exc:
            print(f"asp-sudoku: error: {one_line(str(exc), MAX_MESSAGE)}", file=sys.stderr)
            return EXIT_USAGE
    # The inputs are read as they are needed, so that a collection's puzzles are never held
    # all at once (`check` of 200,200 classic puzzles: 221 MB at most when all were read first,
    # 57 MB now): `ahead`, a copy of `stream`, gives `solve_many` the puzzles (one puzzle
    # ahead at most).  Worker threads read their input from threads of their own, which a copy
    # (`tee`) may not be read from: with workers every input is read first (`steps` and `rate`,
    # whose workers are processes sharing one path's trials, read as they go).
    reader = _load if args.command == "encode" else _entries
    stream: Iterator[tuple[str, Puzzle | AspSudokuError]] = (
        (path, entry) for path in files for entry in reader(path, args, extra)
    )
    fmt = getattr(args, "format", None)
    # minimize's TOML on stdout is one puzzle file (`minimize FILE > min.toml`): two would not read
    one_toml = args.command == "minimize" and not getattr(args, "json", False)
    # `steps --svg FILE` draws a stuck path's candidates to FILE: a second puzzle's would overwrite it
    one_svg = args.command == "steps" and bool(getattr(args, "svg", None))
    one_only = fmt in ("svg", "png") or getattr(args, "output", None) or one_toml or one_svg
    if one_only or (getattr(args, "workers", 1) > 1 and args.command in _PRESOLVED):
        loaded = list(stream)
        stream = iter(loaded)
        given = sum(isinstance(entry, Puzzle) for _, entry in loaded)
        if one_only and given > 1:
            # one picture per output (several would be concatenated into no valid picture), and one
            # puzzle per file written (each would overwrite the one before)
            what = f"--format {fmt} draws" if fmt in ("svg", "png") else "--svg FILE takes" if one_svg else "-o FILE takes"
            if one_toml and not getattr(args, "output", None):
                what = "minimize writes its puzzle as one TOML file, which takes"
            print(
                f"asp-sudoku: error: {what} one puzzle, and {given} were given; "
                f"give {args.command} one puzzle at a time" + (", or --json for an object per puzzle" if one_toml else ""),
                file=sys.stderr,
            )
            return EXIT_USAGE
    if args.command == "rate" and getattr(args, "workers", 1) > 1:  # several puzzles: a puzzle a worker
        first = list(islice(stream, 2))
        stream = chain(first, stream)
        from asp_sudoku.cli import shared_rate

        if shared_rate.can_share(args, first):
            return shared_rate.run(stream, args, action)
    stream, ahead = tee(stream)
    results = _presolved(_puzzles(ahead), args)
    try:
        with progress.shown(args):
            while (item := next(stream, None)) is not None:  # (the loop may replace `stream`)
                path, entry = item
                try:
                    if isinstance(entry, AspSudokuError):
                        raise entry
                    solved = next(results)
                    code = action(entry, args) if solved is None else _PRESOLVED[args.command](entry, args, solved)
                    worst = max(worst, code)
                    if code == EXIT_INTERRUPT:
                        print(PARTIAL, file=sys.stderr)
                        return EXIT_INTERRUPT
                except AspSudokuError as exc:  # InternalCheckError too
                    worst = max(worst, refused(exc, entry, path, args))
                    if isinstance(entry, Puzzle):  # the rest goes on without this puzzle
                        results.close()
                        stream, ahead = tee(stream)
                        results = _presolved(_puzzles(ahead), args)
    except KeyboardInterrupt:
        return _interrupted()
    except BrokenPipeError:  # e.g. `asp-sudoku solve --all ... | head`: stop quietly, output cut short
        silence_stdout()
        return EXIT_PIPE
    finally:
        results.close()  # stops any solver threads still at work
    return worst


def _entries(path: str, args: argparse.Namespace, extra: tuple[UserRules, ...]) -> Iterator[Puzzle | AspSudokuError]:
    """A file's entries, in order, as they are read: each puzzle (with the --rules-file rules),
    or the error that reading it gave.  A collection goes on past a bad line (the line is its
    own error); a file that cannot be read at all is one error."""
    try:
        for item in iter_entries(*read_source(path), args.fmt):
            if isinstance(item, Puzzle) and item.user_rules:  # the reader only scans a rules file's text
                from asp_sudoku.solving.user_rules import verify

                try:
                    verify(item)
                except AspSudokuError as exc:
                    yield exc
                    continue
            if extra and isinstance(item, Puzzle):
                item = dataclasses.replace(item, user_rules=item.user_rules + extra)
            yield item
    except AspSudokuError as exc:
        yield exc


def _load(path: str, args: argparse.Namespace, extra: tuple[UserRules, ...]) -> list[Puzzle | AspSudokuError]:
    """`encode`'s entries of a file: its one puzzle, or the first error, or an error saying
    the file holds several puzzles."""
    entries = list(_entries(path, args, extra))
    bad = next((e for e in entries if isinstance(e, AspSudokuError)), None)
    if bad is not None:
        return [bad]
    if len(entries) != 1:
        return [AspSudokuError(f"{one_line(path)}: holds {len(entries)} puzzles; encode takes one")]
    return entries


def _puzzles(entries: Iterator[tuple[str, Puzzle | AspSudokuError]]) -> Iterator[Puzzle]:
    """The puzzles among these entries."""
    return (entry for _, entry in entries if isinstance(entry, Puzzle))


# Commands whose results, for several puzzles, come from `solve_many`.
_PRESOLVED: dict[str, Callable[[Puzzle, argparse.Namespace, Result], int]] = {
    "solve": cmd_solve,
    "check": cmd_check,
    "count": cmd_count,
}


def _presolved(puzzles: Iterator[Puzzle], args: argparse.Namespace) -> Generator[Result | None, None, None]:
    """For several puzzles (a collection, or several files), each one's result from `solve_many`,
    in order (puzzles that differ only in their givens share one grounded program: a collection
    of classic puzzles solves about 20 times as fast as one `solve` each; `--workers N` solves N
    at a time); else None for each puzzle (the command then solves it on its own)."""
    from asp_sudoku.solving.single import solve_many  # (clingo, when used)

    streamed = args.command == "solve" and (args.all or args.n or args.random or args.format in ("svg", "png", "fpuzzles"))
    first = list(islice(puzzles, 2))  # one puzzle alone is solved by the command itself
    if len(first) < 2 or args.command not in _PRESOLVED or streamed:
        yield from (None for _ in chain(first, puzzles))
        return
    counting = args.command == "count"
    for _, result in solve_many(
        chain(first, puzzles),
        limit=past(args.limit) if counting else 2,
        keep=0 if counting else 2 if args.command == "check" else 1,
        time_limit=args.time_limit,
        threads=args.threads,
        workers=getattr(args, "workers", 1),
    ):
        yield counted_to(result, args.limit) if counting else result


def _interrupted() -> int:
    """Say that Ctrl-C stopped the command, and give EXIT_INTERRUPT."""
    print("asp-sudoku: interrupted", file=sys.stderr)
    return EXIT_INTERRUPT
