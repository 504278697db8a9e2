"""The command line: parse arguments, call the library, print.  `main(argv) -> int`.

Exit codes: 0 a solution was found (for `check`: unique); 1 no solution (for `check`: not
unique); 2 bad input or usage; 3 a time limit stopped the search before it decided;
130 interrupted by Ctrl-C; 70 an internal error (a grid that failed the checker).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import warnings
from collections.abc import Callable, Generator, Sequence
from typing import TYPE_CHECKING

from .cli_args import (  # the exit codes are re-exported: part of cli's API
    EXIT_INTERNAL,
    EXIT_INTERRUPT,
    EXIT_NONE,
    EXIT_OK,
    EXIT_TIMEOUT,
    EXIT_USAGE,
)
from .cli_formats import WHOLE_COMMANDS, solve_output
from .cli_parser import UsageError, build_parser, command_of
from .errors import AspSudokuError, FormatWarning, InternalCheckError
from .formats import load_many
from .model import Grid, Puzzle, cell_name
from .output import count_line, format_grid, result_object, status_line, to_json
from .render import render
from .safe_text import one_line
from .setter import cli as setter_cli
from .solve import MULTIPLE, UNIQUE, UNKNOWN, UNSATISFIABLE, Result, count, solve, solve_many

if TYPE_CHECKING:
    from .user_rules import UserRules

MAX_MESSAGE = 1000  # an error line is cut to this many characters


def _outcome(result: Result, *, for_check: bool = False) -> int:
    if result.interrupted:
        return EXIT_INTERRUPT
    if for_check and result.status == MULTIPLE:
        return EXIT_NONE  # decided, even when a limit stopped the search afterwards
    if result.timed_out or result.status == UNKNOWN:
        return EXIT_TIMEOUT
    if for_check:
        return EXIT_OK if result.status == UNIQUE else EXIT_NONE
    return EXIT_NONE if result.status == UNSATISFIABLE else EXIT_OK


def _header(puzzle: Puzzle) -> str:
    title = f": {one_line(puzzle.title, 200)}" if puzzle.title else ""
    return f"{_name(puzzle)}{title}"


def _name(puzzle: Puzzle) -> str:
    """Where the puzzle came from (file, and line or id in a collection), safe to print on one line."""
    return one_line(puzzle.label)


def cmd_solve(puzzle: Puzzle, args: argparse.Namespace, solved: Result | None = None) -> int:
    """solve: print solutions and the status (`solved`: the result, found already)."""
    if args.format == "json":
        args.json = True
    if solved is not None:
        return _print_solved(puzzle, solved, args)
    elif args.format in ("svg", "fpuzzles"):
        result = solve(puzzle, limit=2, keep=1, time_limit=args.time_limit, threads=args.threads)
        print(solve_output(puzzle, result, args.format).rstrip("\n"))
        return _outcome(result)
    if args.all and args.json:
        return _solve_all_json(puzzle, args)
    limit = None if args.all else (args.n or 2)
    shown = limit if args.all or args.n else 1
    printed = 0

    def show(grid: Grid) -> None:
        nonlocal printed
        if args.json or printed >= (shown or sys.maxsize):
            return
        printed += 1
        label = f"solution {printed}:\n" if (args.all or (args.n or 1) > 1) else ""
        print(label + format_grid(grid, puzzle), flush=True)

    if not args.json:
        print(_header(puzzle))
    # text output streams each grid as it is found; only JSON needs the grids kept
    keep = (None if args.json else 0) if args.all else shown
    result = solve(puzzle, limit=limit, keep=keep, time_limit=args.time_limit, threads=args.threads, on_solution=show)
    if args.json:
        print(to_json(result_object(puzzle, result)))
    else:
        print(status_line(result, shown=printed))
    return _outcome(result)


def _print_solved(puzzle: Puzzle, result: Result, args: argparse.Namespace) -> int:
    """solve's output for a result found already (a puzzle of a collection: `_presolved`)."""
    if args.json:
        print(to_json(result_object(puzzle, result)))
        return _outcome(result)
    print(_header(puzzle))
    for grid in result.solutions[:1]:
        print(format_grid(grid, puzzle), flush=True)
    print(status_line(result, shown=min(1, len(result.solutions))))
    return _outcome(result)


def _solve_all_json(puzzle: Puzzle, args: argparse.Namespace) -> int:
    """solve --all --json: the object is written while solutions arrive, so memory stays bounded.

    Same keys as every other --json object; "solutions" comes before "status" here.
    """
    import json

    head = result_object(puzzle, Result(UNKNOWN, 0, False, (), 0.0))
    sys.stdout.write(to_json({"file": head["file"], "title": head["title"]})[:-1] + ', "solutions": [')
    written = 0

    def emit(grid: Grid) -> None:
        nonlocal written
        sys.stdout.write((", " if written else "") + json.dumps(grid.as_lists(), separators=(", ", ": ")))
        written += 1

    try:
        result = solve(puzzle, limit=None, keep=0, time_limit=args.time_limit, threads=args.threads, on_solution=emit)
    except BaseException:
        sys.stdout.write("\n")  # the next output starts on its own line
        raise
    tail = {k: v for k, v in result_object(puzzle, result).items() if k not in ("file", "title", "solutions")}
    sys.stdout.write("], " + to_json(tail)[1:] + "\n")
    sys.stdout.flush()
    return _outcome(result)


def cmd_count(puzzle: Puzzle, args: argparse.Namespace, solved: Result | None = None) -> int:
    """count: the exact number of solutions (or a lower bound at --limit)."""
    result = solved if solved is not None else count(puzzle, limit=args.limit, time_limit=args.time_limit, threads=args.threads)
    if args.json:
        print(to_json(result_object(puzzle, result)))
    else:
        print(f"{_name(puzzle)}: {count_line(result, args.limit)}")
    if result.interrupted:
        return EXIT_INTERRUPT
    if result.timed_out and (args.limit is None or result.count < args.limit):
        return EXIT_TIMEOUT
    return EXIT_NONE if result.count == 0 else EXIT_OK


def cmd_check(puzzle: Puzzle, args: argparse.Namespace, solved: Result | None = None) -> int:
    """check: unique, multiple (with two solutions and where they differ) or none."""
    result = solved if solved is not None else solve(puzzle, limit=2, time_limit=args.time_limit, threads=args.threads)
    if args.json:
        print(to_json(result_object(puzzle, result)))
        return _outcome(result, for_check=True)
    word = {UNIQUE: "unique", UNSATISFIABLE: "none"}.get(result.status, result.status)
    if result.status == "multiple":
        first, second = result.solutions[:2]
        cells = first.diff(second)
        print(f"{_name(puzzle)}: multiple")
        print("solution 1:\n" + format_grid(first, puzzle))
        print("solution 2:\n" + format_grid(second, puzzle))
        print(f"they differ in {len(cells)} cells: {' '.join(cell_name(c) for c in cells)}")
    else:
        print(f"{_name(puzzle)}: {word}")
    return _outcome(result, for_check=True)


def cmd_encode(puzzle: Puzzle, args: argparse.Namespace) -> int:
    """encode: the complete program, to stdout or a file."""
    text = render(puzzle, plain=args.plain).text
    if args.output:
        try:
            with open(args.output, "w", encoding="utf-8") as out:
                out.write(text)
        except OSError as exc:
            raise AspSudokuError(f"{args.output}: cannot write: {exc.strerror or exc}") from None
    else:
        sys.stdout.write(text)
    return EXIT_OK


COMMANDS: dict[str, Callable[[Puzzle, argparse.Namespace], int]] = {
    "solve": cmd_solve,
    "count": cmd_count,
    "check": cmd_check,
    "encode": cmd_encode,
}
COMMANDS.update(setter_cli.COMMANDS)


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
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("always", FormatWarning)
            warnings.showwarning = _show_warning
            if args.command in WHOLE_COMMANDS:
                try:
                    return WHOLE_COMMANDS[args.command](args)
                except AspSudokuError as exc:
                    print(f"asp-sudoku: error: {one_line(str(exc), MAX_MESSAGE)}", file=sys.stderr)
                    return EXIT_USAGE
            return _run(args)
    except KeyboardInterrupt:
        print("asp-sudoku: interrupted", file=sys.stderr)
        return EXIT_INTERRUPT
    except BrokenPipeError:  # e.g. `asp-sudoku solve --all ... | head`: stop quietly
        _silence_stdout()
        return EXIT_OK
    except Exception as exc:  # a bug, never a user's mistake: one line, no traceback
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
        return setter_cli.run_generate(args)
    files = args.files if isinstance(args.files, list) else [args.files]
    action = COMMANDS[args.command]
    worst = EXIT_OK
    extra: tuple[UserRules, ...] = ()
    if getattr(args, "rules_file", None):
        try:
            from .user_rules import read_user_rules

            extra = (read_user_rules(args.rules_file),)
        except AspSudokuError as exc:
            print(f"asp-sudoku: error: {one_line(str(exc), MAX_MESSAGE)}", file=sys.stderr)
            return EXIT_USAGE
    loaded = [_load(path, args, extra) for path in files]
    every = [p for item in loaded if isinstance(item, list) for p in item]
    results = _presolved(every, args)
    done = 0  # puzzles of the files before the one at hand
    try:
        for item in loaded:
            try:
                if isinstance(item, AspSudokuError):
                    raise item
                for puzzle in item:
                    solved = next(results)
                    code = action(puzzle, args) if solved is None else _PRESOLVED[args.command](puzzle, args, solved)
                    worst = max(worst, code)
                    if code == EXIT_INTERRUPT:
                        print("asp-sudoku: interrupted; results above are partial", file=sys.stderr)
                        return EXIT_INTERRUPT
            except (InternalCheckError, AspSudokuError) as exc:
                if isinstance(exc, InternalCheckError):
                    print(f"asp-sudoku: {one_line(str(exc), MAX_MESSAGE)}", file=sys.stderr)
                    worst = max(worst, EXIT_INTERNAL)
                else:
                    print(f"asp-sudoku: error: {one_line(str(exc), MAX_MESSAGE)}", file=sys.stderr)
                    worst = max(worst, EXIT_USAGE)
                if isinstance(item, list):  # the rest goes on without this file's puzzles
                    results.close()
                    results = _presolved(every[done + len(item) :], args)
            if isinstance(item, list):
                done += len(item)
    except KeyboardInterrupt:
        print("asp-sudoku: interrupted", file=sys.stderr)
        return EXIT_INTERRUPT
    except BrokenPipeError:  # e.g. `asp-sudoku solve --all ... | head`: stop quietly
        _silence_stdout()
        return worst
    finally:
        results.close()  # stops any solver threads still at work
    return worst


def _load(path: str, args: argparse.Namespace, extra: tuple[UserRules, ...]) -> list[Puzzle] | AspSudokuError:
    """A file's puzzles (with the --rules-file rules), or the error that reading it gave."""
    try:
        puzzles = load_many(path, args.fmt)
        if args.command == "encode" and len(puzzles) != 1:
            raise AspSudokuError(f"{one_line(path)}: holds {len(puzzles)} puzzles; encode takes one")
    except AspSudokuError as exc:
        return exc
    if extra:
        puzzles = [dataclasses.replace(p, user_rules=p.user_rules + extra) for p in puzzles]
    return puzzles


# Commands whose results, for several puzzles, come from `solve_many`.
_PRESOLVED: dict[str, Callable[[Puzzle, argparse.Namespace, Result], int]] = {
    "solve": cmd_solve,
    "check": cmd_check,
    "count": cmd_count,
}


def _presolved(puzzles: list[Puzzle], args: argparse.Namespace) -> Generator[Result | None, None, None]:
    """For several puzzles (a collection, or several files), each one's result from `solve_many`,
    in order (puzzles that differ only in their givens share one grounded program: a collection
    of classic puzzles solves about 20 times as fast as one `solve` each; `--workers N` solves N
    at a time); else None for each puzzle (the command then solves it on its own)."""
    streamed = args.command == "solve" and (args.all or args.n or args.format in ("svg", "fpuzzles"))
    if len(puzzles) < 2 or args.command not in _PRESOLVED or streamed:
        yield from (None for _ in puzzles)
        return
    counting = args.command == "count"
    for _, result in solve_many(
        puzzles,
        limit=args.limit if counting else 2,
        keep=0 if counting else 2 if args.command == "check" else 1,
        time_limit=args.time_limit,
        threads=args.threads,
        workers=getattr(args, "workers", 1),
    ):
        yield result


def _silence_stdout() -> None:
    """Point stdout at /dev/null so that Python's final flush does not complain of the pipe."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass  # stdout is not a real file (e.g. captured by a test)
