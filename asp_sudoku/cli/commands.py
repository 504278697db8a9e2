"""The commands that read puzzle files: each `(puzzle, args[, solved]) -> exit code` prints its
output for one puzzle (`solved`: the result, found already for a collection by `solve_many`).

`asp_sudoku.cli` reads the files and calls these; the exit codes are described there.
"""

from __future__ import annotations

import argparse
import sys
import threading
from collections.abc import Callable

from asp_sudoku.cli.args import EXIT_INTERRUPT, EXIT_NONE, EXIT_OK, EXIT_TIMEOUT, LOGIC_COMMANDS
from asp_sudoku.cli.flush import Flush
from asp_sudoku.cli.formats import PICTURES, check_picture_output, write_picture
from asp_sudoku.core.errors import AspSudokuError
from asp_sudoku.core.model import Grid, Puzzle
from asp_sudoku.core.result import (
    MULTIPLE,
    SATISFIABLE,
    UNIQUE,
    UNKNOWN,
    UNSATISFIABLE,
    Result,
    status_of,
)
from asp_sudoku.core.safe_text import one_line
from asp_sudoku.picture.text import (
    check_line,
    count_line,
    extra_object,
    format_grid,
    result_object,
    status_line,
    to_json,
    wrapped,
)
from asp_sudoku.program.render import render


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


def check_solve_options(args: argparse.Namespace) -> None:
    """Refuse options of `solve` that do not go together (an AspSudokuError, a usage error),
    asked once by the main loop before any puzzle is read."""
    if args.json and args.format not in (None, "json"):
        raise AspSudokuError(f"--json and --format {args.format} do not go together (--json is --format json)")
    check_picture_output(args)
    if args.seed is not None and not args.random:
        raise AspSudokuError("--seed goes with --random (solve --random --seed N)")
    if args.format in PICTURES and not args.random and (args.all or (args.n or 1) > 1):
        raise AspSudokuError(
            f"--format {args.format} shows one solution, and {'--all' if args.all else '-n'} asks for several: "
            "use --format text or --json to list them"
        )


def _picture_status(puzzle: Puzzle, result: Result) -> None:
    """Under a picture of `solve` (which shows one solution, or the puzzle alone), one line on
    stderr unless the puzzle was proved unique: the picture cannot say so."""
    shown = {
        MULTIPLE: "not unique: the picture shows one of its solutions",
        SATISFIABLE: "satisfiable: the time limit stopped the search before uniqueness was decided; the picture shows the solution found",
        UNSATISFIABLE: "unsatisfiable: the picture shows the puzzle alone",
        UNKNOWN: "unknown: stopped by the time limit before it decided; the picture shows the puzzle alone",
    }.get(result.status)
    if result.interrupted or shown is None:
        return
    sys.stdout.flush()
    print(f"asp-sudoku: {_name(puzzle)}: {shown}", file=sys.stderr)


def _header(puzzle: Puzzle) -> str:
    title = f": {one_line(puzzle.title, 200)}" if puzzle.title else ""
    return f"{_name(puzzle)}{title}"


def _name(puzzle: Puzzle) -> str:
    """Where the puzzle came from (file, and line or id in a collection), safe to print on one line."""
    return one_line(puzzle.label)


def cmd_solve(puzzle: Puzzle, args: argparse.Namespace, solved: Result | None = None) -> int:
    """solve: print solutions and the status (`solved`: the result, found already)."""
    from asp_sudoku.solving.single import solve  # (clingo, when used)

    if args.format == "json":  # (the options were checked before any puzzle: `check_solve_options`)
        args.json = True
    if args.random:
        return _solve_random(puzzle, args)
    if solved is not None:
        return _print_solved(puzzle, solved, args)
    elif args.format in PICTURES:
        result = solve(puzzle, limit=2, keep=1, time_limit=args.time_limit, threads=args.threads)
        write_picture(puzzle, result, args)
        _picture_status(puzzle, result)
        return _outcome(result)
    if args.all and args.json:
        return _solve_all_json(puzzle, args)
    limit = None if args.all else (args.n or 2)
    shown = limit if args.all or args.n else 1
    printed = 0
    stop = threading.Event()  # set by `output` when the reader closes the pipe
    output = Flush(stop)

    def show(grid: Grid) -> None:
        nonlocal printed
        if args.json or printed >= (shown or sys.maxsize):
            return
        printed += 1
        label = f"solution {printed}:\n" if (args.all or (args.n or 1) > 1) else ""
        output.write(label + format_grid(grid, puzzle))

    if not args.json:
        print(_header(puzzle))
    # text output streams each grid as it is found; only JSON needs the grids kept
    keep = (None if args.json else 0) if args.all else shown
    try:
        result = solve(
            puzzle, limit=limit, keep=keep, time_limit=args.time_limit, threads=args.threads, on_solution=show, cancel=stop
        )
    finally:
        output.close()
    if args.json:
        print(to_json(result_object(puzzle, result)))
    else:
        print(status_line(result, shown=printed))
    return _outcome(result)


def _solve_random(puzzle: Puzzle, args: argparse.Namespace) -> int:
    """solve --random [--seed N]: one solution drawn for the seed (printed, so that the run can
    be repeated); uniformly among all solutions where they can be counted, else from a
    randomized search, which stderr (and "uniform": false in JSON) says is not uniform."""
    import os

    from asp_sudoku.core.errors import TimeLimitReached
    from asp_sudoku.solving.draw import CONFLICTS, EXACT_LIMIT, draw_solution

    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big") % 1_000_000
    try:
        drawn = draw_solution(puzzle, seed, time_limit=args.time_limit)
    except TimeLimitReached:
        result = Result(UNKNOWN, 0, False, (), args.time_limit or 0.0, timed_out=True)
        if args.json:
            print(to_json({**result_object(puzzle, result), "seed": seed, "uniform": False}))
        else:
            print(f"{_header(puzzle)}\n{status_line(result)}")
        return EXIT_TIMEOUT
    grids = (drawn.grid,) if drawn.grid is not None else ()
    if drawn.count is None:  # not counted: at least the models the listing found (one: unknown if unique)
        result = Result(status_of(drawn.at_least, False), drawn.at_least, False, grids, drawn.seconds)
    else:
        status = UNSATISFIABLE if drawn.count == 0 else UNIQUE if drawn.count == 1 else MULTIPLE
        result = Result(status, drawn.count, True, grids, drawn.seconds)
    how = (
        "the only solution" if drawn.count == 1
        else f"drawn uniformly from all {drawn.count} solutions" if drawn.uniform
        else f"from a randomized search, NOT drawn uniformly (more than {EXACT_LIMIT} solutions: too many to count)"
        if drawn.at_least > EXACT_LIMIT
        else "from a randomized search, NOT drawn uniformly (the solutions could not all be listed within "
        f"the listing's budget of {CONFLICTS} conflicts; {drawn.at_least} found)"
    )
    again = f"random solution for --seed {seed}, {how}"
    if drawn.grid is not None and not drawn.uniform:
        print(f"asp-sudoku: note: {one_line(puzzle.label)}: the solution comes {how}", file=sys.stderr)
    if args.format in PICTURES:
        write_picture(puzzle, result, args)
        if drawn.grid is not None:
            print(f"asp-sudoku: {one_line(puzzle.label)}: {again}", file=sys.stderr)
    elif args.json:
        obj = result_object(puzzle, result)
        obj.update(seed=seed, uniform=drawn.uniform, method=drawn.method)
        print(to_json(obj))
    else:
        print(_header(puzzle))
        if drawn.grid is not None:
            print(format_grid(drawn.grid, puzzle))
            print(again)
        print(status_line(result))
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

    from asp_sudoku.solving.single import solve  # (clingo, when used)

    head = result_object(puzzle, Result(UNKNOWN, 0, False, (), 0.0))
    sys.stdout.write(to_json({"file": head["file"], "title": head["title"]})[:-1] + ', "solutions": [')
    written = 0
    extra: list[dict[str, int]] = []  # the extra cells' values of each solution (small), if any

    def emit(grid: Grid) -> None:
        nonlocal written
        sys.stdout.write((", " if written else "") + json.dumps(grid.as_lists(), separators=(", ", ": ")))
        written += 1
        if puzzle.extra:
            extra.append(extra_object(grid, puzzle))

    try:
        result = solve(puzzle, limit=None, keep=0, time_limit=args.time_limit, threads=args.threads, on_solution=emit)
    except BaseException:
        sys.stdout.write("\n")  # the next output starts on its own line
        raise
    tail = {k: v for k, v in result_object(puzzle, result).items() if k not in ("file", "title", "solutions")}
    if puzzle.extra:
        tail["extra"] = extra
    sys.stdout.write("], " + to_json(tail)[1:] + "\n")
    sys.stdout.flush()
    return _outcome(result)


def cmd_count(puzzle: Puzzle, args: argparse.Namespace, solved: Result | None = None) -> int:
    """count: the exact number of solutions (or a lower bound at --limit)."""
    from asp_sudoku.solving.single import count  # (clingo, when used)

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
    """check: unique, multiple (with two solutions and where they differ) or unsatisfiable."""
    from asp_sudoku.solving.single import solve  # (clingo, when used)

    result = solved if solved is not None else solve(puzzle, limit=2, time_limit=args.time_limit, threads=args.threads)
    if args.json:
        print(to_json(result_object(puzzle, result)))
        return _outcome(result, for_check=True)
    if result.status == "multiple":
        first, second = result.solutions[:2]
        cells = [puzzle.cell_label(cell) for cell in first.diff(second)]  # and the extra cells:
        cells += [name for name, place in puzzle.extra_cells().items() if first.value(place) != second.value(place)]
        print(f"{_name(puzzle)}: multiple")
        print("solution 1:\n" + format_grid(first, puzzle))
        print("solution 2:\n" + format_grid(second, puzzle))
        print(f"they differ in {len(cells)} {'cell' if len(cells) == 1 else 'cells'}:\n  {wrapped(cells)}")
    else:
        print(f"{_name(puzzle)}: {check_line(result)}")  # unique, unsatisfiable, or why it stopped
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


def command(name: str) -> Callable[[Puzzle, argparse.Namespace], int]:
    """The per-puzzle command `name`: one of COMMANDS, or of the setter's and the logical
    solver's commands (their modules are imported only when one of theirs runs: start-up time; a
    puzzle they cannot work on, one with extra cells say, they refuse themselves, in the words
    of the library and the web page)."""
    if name in COMMANDS:
        return COMMANDS[name]
    if name in LOGIC_COMMANDS:
        from asp_sudoku.cli import logic as logic_cli

        return logic_cli.COMMANDS[name]
    from asp_sudoku.cli import setter as setter_cli

    return setter_cli.COMMANDS[name]
