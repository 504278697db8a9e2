"""The `generate` command: K puzzles for seeds S..S+K-1, printed or written as each is made.

(The parser is in `asp_sudoku.cli.setter`, which also holds the per-puzzle commands.)
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from asp_sudoku.cli import progress
from asp_sudoku.cli.args import (
    EXIT_INTERNAL,
    EXIT_INTERRUPT,
    EXIT_NONE,
    EXIT_OK,
    EXIT_TIMEOUT,
    EXIT_USAGE,
)
from asp_sudoku.core.errors import AspSudokuError, InternalCheckError, TimeLimitReached
from asp_sudoku.core.model import DEFAULT_BOXES
from asp_sudoku.core.result import Result
from asp_sudoku.formats.toml.writer import to_toml
from asp_sudoku.picture.text import format_grid, result_object, to_json
from asp_sudoku.setter import report
from asp_sudoku.setter.generate import Generated, generate
from asp_sudoku.setter.generate.options import check_options
from asp_sudoku.setter.generate.rating import number_text


def _print(text: str) -> None:
    print(text, flush=True)


def _write(path: str, text: str) -> None:
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise AspSudokuError(f"{path}: cannot write: {exc.strerror or exc}") from None


def _command_line(args: argparse.Namespace, seed: int) -> str:
    """The command that makes this puzzle again: each rule and clue kind on its own (`--clues
    "killer, thermo"` is read as two), every value shell-quoted."""
    import shlex

    parts = ["asp-sudoku", "generate", "--size", str(args.size)]
    if args.box is not None:
        parts += ["--box", "none" if args.box == "none" else f"{args.box[0]}x{args.box[1]}"]
    for option, specs in (("--rules", args.rules), ("--clues", args.clues)):
        for name in (n.strip() for spec in specs for n in spec.split(",")):
            if name:
                parts += [option, name]
    if args.values is not None:
        parts += ["--values", args.values.strip()]
    if args.givens is not None:
        parts += ["--givens", str(args.givens)]
    if args.rating is not None:
        low, high = args.rating
        parts += ["--rating", f"{number_text(low)}-" + ("" if high == float("inf") else number_text(high))]
    if args.givens is not None or args.rating is not None:
        parts += ["--attempts", str(args.attempts)]  # other grids (or puzzles) tried: part of the result
    parts += ["--seed", str(seed)]
    return " ".join(shlex.quote(part) for part in parts)


def _rating(made: Generated) -> str:
    return "above 8.5 (not finished by trials of depth 2)" if made.rating is None else f"{made.rating:.1f}"


def _render(made: Generated, args: argparse.Namespace, fmt: str, path: str) -> str:
    header = [_command_line(args, made.seed), report.generated_summary(made)]
    if fmt == "json":
        obj = result_object(made.puzzle, Result("unique", 1, True, (made.solution,), made.seconds))
        obj["file"] = path
        obj.update(report.puzzle_object(made.puzzle))
        obj.update(
            seed=made.seed,
            method=made.method,
            minimal=made.minimal,
            fewest=made.fewest,
            target_reached=made.target_reached,
            undecided=made.undecided,
        )
        if args.rating is not None:
            obj.update(rating=made.rating, rating_reached=made.rating_reached)
        return to_json(obj) + "\n"
    if fmt == "text":
        lines = [f"# {h}" for h in header]
        return "\n".join(lines + [format_grid(made.puzzle.given_grid(), made.puzzle)]) + "\n"
    return to_toml(made.puzzle, comments=header)


def run_generate(args: argparse.Namespace) -> int:
    """generate: K puzzles, seeds S..S+K-1, each printed (or written) as soon as it is made."""
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big") % 1_000_000
    try:
        with progress.shown(args):
            return _generate_all(args, seed)
    except InternalCheckError as exc:
        print(f"asp-sudoku: {exc}", file=sys.stderr)
        return EXIT_INTERNAL
    except AspSudokuError as exc:
        print(f"asp-sudoku: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("asp-sudoku: interrupted", file=sys.stderr)
        return EXIT_INTERRUPT


def _generate_all(args: argparse.Namespace, seed: int) -> int:
    """The puzzles of `run_generate`, each printed or written when made; the exit code."""
    fmt = "json" if args.json else args.format
    rules = [r for spec in args.rules for r in spec.split(",") if r.strip()]
    kinds = [k.strip() for spec in args.clues for k in spec.split(",") if k.strip()]  # (`generate` makes each kind once)
    box = "default" if args.box is None else None if args.box == "none" else args.box
    other_box = args.box is not None and (args.box == "none" or tuple(args.box) != DEFAULT_BOXES.get(args.size))
    other_values = args.values is not None
    if fmt == "text" and (rules or kinds or other_box or other_values):
        # a text grid holds givens only: read back, it would be another puzzle
        raise AspSudokuError(
            "--format text writes the givens only, and these puzzles have "
            + " and ".join(what for what, given in (("rules", rules), ("clues", kinds), ("other boxes than a text grid's", other_box),
                                                    ("other digits than 1 to the size", other_values)) if given)
            + ": use --format toml or --json"
        )
    try:  # (what the library names as a TypeError or ValueError is a usage error here)
        check_options(args.size, rules, seed, args.givens, kinds, args.attempts, args.time_limit, args.rating, args.values)
    except (TypeError, ValueError) as exc:
        raise AspSudokuError(str(exc)) from None
    if args.count > 1 and not args.output_dir and fmt in ("toml", "text"):
        # (as minimize of several puzzles: `generate > puzzles.toml` must read back)
        raise AspSudokuError(
            f"--count {args.count} makes {args.count} puzzles, and {fmt} on stdout holds one: give --output-dir DIR "
            "(a file each) or --json (an object per line)"
        )
    if args.output_dir:  # before any puzzle is made: a minute's work is not lost to a typo
        try:
            Path(args.output_dir).mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise AspSudokuError(f"{args.output_dir}: cannot create: {exc.strerror or exc}") from None
    worst = EXIT_OK
    start = time.perf_counter()
    made_count = 0
    for i in range(args.count):
        try:
            made = generate(
                args.size,
                rules,
                seed=seed + i,
                givens=args.givens,
                clues=kinds,
                box=box,
                attempts=args.attempts,
                time_limit=args.time_limit,
                rating=args.rating,
                values=args.values,
            )
        except TimeLimitReached:
            print(f"asp-sudoku: seed {seed + i}: stopped by the time limit", file=sys.stderr)
            worst = max(worst, EXIT_TIMEOUT)
            continue
        made_count += 1
        if not made.target_reached:
            print(
                f"asp-sudoku: seed {seed + i}: could not reach {args.givens} givens "
                f"(fewest found: {len(made.puzzle.givens)})",
                file=sys.stderr,
            )
            worst = max(worst, EXIT_NONE)
        if not made.rating_reached:
            print(f"asp-sudoku: seed {seed + i}: no puzzle of the {args.attempts} made was rated as asked "
                  f"(kept the nearest: {_rating(made)})", file=sys.stderr)
            worst = max(worst, EXIT_NONE)
        path = ""
        if args.output_dir:
            ext = {"toml": "toml", "json": "json", "text": "txt"}[fmt]
            folder = Path(args.output_dir)
            path = str(folder / f"generated-{args.size}x{args.size}-seed{seed + i}.{ext}")
        text = _render(made, args, fmt, path)
        if path:
            _write(path, text)
            print(f"{path}: {report.generated_summary(made)}", file=sys.stderr, flush=True)  # a report
        else:
            if i and fmt != "json":
                _print("")
            sys.stdout.write(text)
            sys.stdout.flush()
    if args.count > 1 and made_count:
        seconds = time.perf_counter() - start
        print(
            f"asp-sudoku: {made_count} puzzles in {seconds:.2f} s ({seconds / made_count:.3f} s per puzzle)",
            file=sys.stderr,
        )
    return worst
