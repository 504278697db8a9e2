"""The commands `steps` (a logical path, step by step) and `rate` (its difficulty).

`add_commands` adds their parsers; `COMMANDS` maps each to `(puzzle, args) -> exit code` as in
`asp_sudoku.cli`.  Both exit 0 whether the path solves the grid, gets stuck or shows there is no
solution (the status says which), 3 when the time limit stopped the path.  A puzzle with more
than one solution, which no logical path finishes, is not rated (exit 1); `steps` says so and
walks the path anyway (a setter's draft), without looking how deep a trial must go to finish.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from asp_sudoku.cli.args import (
    AUTO_MOST,
    EXIT_INTERRUPT,
    EXIT_NONE,
    EXIT_OK,
    EXIT_TIMEOUT,
    _float,
    _natural,
    _processes,
)
from asp_sudoku.cli.step_line import StepLine, step_line
from asp_sudoku.core.errors import AspSudokuError, PuzzleRefusedError
from asp_sudoku.core.model import Puzzle

FINISH_TIME = 10.0
"""Seconds a stuck path spends by default finding how deep a trial must go to finish."""


def add_commands(sub: Any, common: Callable[..., None]) -> None:
    """Add the parsers of `steps` and `rate`."""
    p = sub.add_parser("steps", help="solve like a person: every logical step, in order (--json: one object per step)")
    common(p, threads=False, path=True, progress=True, json_help="one JSON object per step, then a closing object per puzzle")
    p.add_argument("--depth", type=_natural, default=2, metavar="N", help="deepest trial when logic is stuck (default 2; 0: none)")
    p.add_argument("--svg", metavar="FILE", type=_svg_path, help="when stuck, draw the candidates left to FILE (one puzzle)")
    _finish_option(p)
    _workers_option(p)
    p = sub.add_parser("rate", help="rate the difficulty: the hardest technique a logical path needs, and how often")
    common(p, threads=False, path=True, progress=True)
    p.add_argument("--depth", type=_natural, default=2, metavar="N", help="deepest trial when logic is stuck (default 2; 0: none)")
    _finish_option(p)
    _workers_option(p, rate=True)


def _finish_option(p: Any) -> None:
    p.add_argument(
        "--finish-time", type=_seconds, default=FINISH_TIME, metavar="S",
        help=f"when stuck, seconds to find how deep a trial must go to finish (default {FINISH_TIME:g}; 0: do not look; "
        "never past --time-limit)",
    )


def _workers_option(p: Any, rate: bool = False) -> None:
    several = "; given several puzzles, rate them N at a time, one a process" if rate else ""
    p.add_argument(
        "--workers", type=_processes, default="auto", metavar="N",
        help="share each trial of depth 1 out over N processes, 1-64 or auto (default auto: one a core this "
        f"process may use, at most {AUTO_MOST}): the same path, sooner on a hard killer{several}",
    )


def _seconds(text: str) -> float:
    value = _float(text)
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"expected a finite number of seconds from 0, not {text!r}")
    return value


def _svg_path(text: str) -> str:
    if not text:  # (it was ignored: no picture and no word of it)
        raise argparse.ArgumentTypeError("expected a file name, not an empty one")
    return text


def _solver(puzzle: Puzzle, args: argparse.Namespace) -> Any:
    """The logical solver of the puzzle (a puzzle it cannot work on is refused here, naming it)."""
    from asp_sudoku.core.safe_text import one_line
    from asp_sudoku.setter.logic import Solver

    try:
        return Solver(puzzle, args.depth, time_limit=args.time_limit, finish_time=args.finish_time, workers=args.workers)
    except AspSudokuError as exc:
        raise PuzzleRefusedError(f"{one_line(puzzle.label)}: {exc}") from None


def _search_status(puzzle: Puzzle, args: argparse.Namespace, solver: Any) -> str:
    """What a search for two solutions finds (`answers.search_status`, which tells the solver
    the solutions when it found them all)."""
    from asp_sudoku.setter.logic.answers import search_status

    return search_status(puzzle, args.time_limit, solver)


SEVERAL = "it has more than one solution, and a logical path finishes only a puzzle with one"
NONE = "it has no solution (a search found none)"


def _candidates(path: Any) -> Any:
    from asp_sudoku.core.result import Candidates

    fixed = tuple(tuple(cell[0] if len(cell) == 1 else None for cell in row) for row in path.left)
    return Candidates(puzzle=path.puzzle, status="unknown", candidates=path.left, fixed=fixed, seconds=0.0)


STOPPED = "stopped by the time limit"
"""What a path that the time limit ended (not solved, no contradiction found) says it is: not stuck."""


def _stopped(path: Any) -> bool:
    """Whether the time limit ended the path before it was solved or shown to have no solution."""
    return bool(path.timed_out) and path.status == "stuck"


def _summary(path: Any) -> str:
    hardest, stopped = path.hardest, _stopped(path)
    status, so_far = (STOPPED, " so far") if stopped else (path.status, "")
    if hardest is None:
        text = f"{status} with no step; rating{so_far} 0"
    else:
        text = f"{status} {'after' if stopped else 'in'} {_many(len(path.steps), 'step')}; rating{so_far} {path.rating:.1f} ({path.hardest_name}, {path.hardest_count}x)"
        text += f"; {_many(path.eliminations, 'elimination')}"
    if path.trial_depth:
        text += f"; trial depth {path.trial_depth}"
    if path.contradiction is not None:
        text += f": {path.contradiction}"
    if path.finish is not None:
        text += f"; {path.finish.text}"
    return text


def _many(count: int, noun: str) -> str:
    """'1 step', '2 steps'."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _searched_note(path: Any, searched: str) -> str:
    """What the search for two solutions adds to the summary of a path that did not finish."""
    if searched == "multiple":
        return "; the puzzle has more than one solution"
    if searched == "unsatisfiable" and path.status != "no solution":
        return "; the puzzle has no solution (a search found none), which the path did not show"
    return ""


def cmd_steps(puzzle: Puzzle, args: argparse.Namespace) -> int:
    """steps: the logical path, one line (or JSON object) per step, then the outcome."""
    from asp_sudoku.core.safe_text import one_line
    from asp_sudoku.picture.text import to_json
    from asp_sudoku.setter import report
    from asp_sudoku.setter.logic.answers import closing_object, step_object

    shown: list[Any] = []

    def show(line: StepLine | None) -> Callable[[Any], None]:
        def print_step(step: Any) -> None:  # each step as it is found: a long path shows its progress
            shown.append(step)
            text = to_json(step_object(step)) if args.json else f"{len(shown):4}. {step.text}  [{step.technique} {step.level:.1f}]"
            if line is None:
                print(text, flush=True)
            else:
                line.print(text)  # the progress line wiped first

        return print_step

    if args.svg:
        _check_writable(args.svg)  # before the path: a long path's work is not lost to a typo
    solver = _solver(puzzle, args)  # before the first line: a refusal prints nothing else
    searched = _search_status(puzzle, args, solver)
    if searched == "multiple":  # the path can only get stuck: no time spent on how deep a trial must go to finish
        solver.finish_time = 0.0
        print(f"asp-sudoku: warning: {one_line(puzzle.label, 200)}: {SEVERAL}", file=sys.stderr)
    elif searched == "unsatisfiable":
        print(f"asp-sudoku: warning: {one_line(puzzle.label, 200)}: {NONE}; the path shows how far logic goes towards showing it", file=sys.stderr)
    if not args.json:
        print(f"{one_line(puzzle.label, 200)}:", flush=True)
    try:
        with step_line(args) as line:
            solver.on_trial = None if line is None else line.on_trial
            path = solver.path(on_step=show(line))
    except KeyboardInterrupt:  # the steps are printed: then the rating so far, as `rate` (exit 130)
        return _interrupted(puzzle, args, shown, labelled=False)
    if args.json:
        print(to_json(closing_object(puzzle, path, searched, left=True)))
    else:
        print(_summary(path) + _searched_note(path, searched))
        if _stopped(path):
            limit = f" ({args.time_limit:g} s)" if args.time_limit is not None else ""
            print(f"{STOPPED}{limit} before the path was finished; candidates left:")
            print(report.pencil_grid(_candidates(path)))
        elif path.status == "stuck":
            depth = "no trial" if args.depth == 0 else f"a trial of one cell up to depth {args.depth}"
            print(f"stuck: logic with {depth} goes no further; candidates left:")
            print(report.pencil_grid(_candidates(path)))
    if args.svg and path.status != "stuck":  # (a file there already is left as it was)
        print(f"asp-sudoku: note: {args.svg} not written: the path is not stuck ({path.status})", file=sys.stderr)
    if path.status == "stuck" and args.svg:
        from asp_sudoku.picture.candidates import candidates_svg

        try:
            with open(args.svg, "w", encoding="utf-8") as out:
                out.write(candidates_svg(_candidates(path), shaded=False))
        except OSError as exc:  # a folder, a missing folder: one line, as for -o FILE
            raise AspSudokuError(f"{args.svg}: cannot write: {exc.strerror or exc}") from None
    return EXIT_TIMEOUT if path.timed_out else EXIT_OK


def _check_writable(target: str) -> None:
    """Refuse a file that surely cannot be written (a folder, a missing folder, a folder this
    process may not write in), without creating it: `steps --svg` writes only a stuck path's."""
    import errno
    import os

    folder = os.path.dirname(target) or "."
    problem = (
        errno.EISDIR if os.path.isdir(target)
        else errno.ENOENT if not os.path.isdir(folder)
        else errno.EACCES if not os.access(folder, os.W_OK)
        else None
    )
    if problem is not None:
        raise AspSudokuError(f"{target}: cannot write: {os.strerror(problem)}")


def cmd_rate(puzzle: Puzzle, args: argparse.Namespace) -> int:
    """rate: the hardest technique of the logical path, how often, and the trial depth."""
    from asp_sudoku.core.safe_text import one_line
    from asp_sudoku.picture.text import to_json
    from asp_sudoku.setter.logic.answers import closing_object

    solver = _solver(puzzle, args)
    searched = _search_status(puzzle, args, solver)
    if searched == "multiple":
        if args.json:
            print(to_json({"file": puzzle.label, "status": "multiple", "steps": 0, "rating": None, "hardest": None}))
        else:
            print(f"{one_line(puzzle.label, 200)}: not rated: {SEVERAL} (asp-sudoku count shows how many)")
        return EXIT_NONE
    if searched == "unsatisfiable":  # rated only when the path shows the contradiction
        solver.finish_time = 0.0
    taken: list[Any] = []  # the steps so far, for a Ctrl-C
    try:
        with step_line(args) as line:
            solver.on_trial = None if line is None else line.on_trial

            def took(step: Any) -> None:
                taken.append(step)
                if line is not None:
                    line.step(step)

            path = solver.path(on_step=took)
    except KeyboardInterrupt:  # what was found so far, as the time limit says it (exit 130)
        return _interrupted(puzzle, args, taken)
    if searched == "unsatisfiable" and path.status != "no solution":
        if args.json:
            print(to_json({"file": puzzle.label, "status": "unsatisfiable", "steps": len(path.steps), "rating": None, "hardest": None}))
        else:
            stop = "was stopped by the time limit" if path.timed_out else "got stuck"
            print(f"{one_line(puzzle.label, 200)}: not rated: {NONE}, and the logical path {stop} after {_many(len(path.steps), 'step')} without showing it")
        return EXIT_NONE
    if args.json:
        print(to_json(closing_object(puzzle, path)))
    else:
        print(f"{one_line(puzzle.label, 200)}: {_summary(path)}")
    sys.stdout.flush()
    return EXIT_TIMEOUT if path.timed_out else EXIT_OK


def _interrupted(puzzle: Puzzle, args: argparse.Namespace, taken: list[Any], labelled: bool = True) -> int:
    """`rate` or `steps` stopped by Ctrl-C: the rating of the steps taken so far (stdout), exit
    130; `labelled`: the line names the puzzle (`steps` named it above its steps)."""
    from asp_sudoku.core.safe_text import one_line
    from asp_sudoku.picture.text import to_json
    from asp_sudoku.setter.logic import Path
    from asp_sudoku.setter.logic.answers import closing_object

    so_far = Path(puzzle, tuple(taken), solved=False, left=(), grid=())
    label = f"{one_line(puzzle.label, 200)}: " if labelled else ""
    if args.json:
        print(to_json({**closing_object(puzzle, so_far), "status": "interrupted"}))
    elif so_far.hardest is None:
        print(f"{label}interrupted with no step; rating so far 0")
    else:
        print(
            f"{label}interrupted after {_many(len(taken), 'step')}; rating so far {so_far.rating:.1f} "
            f"({so_far.hardest_name}, {so_far.hardest_count}x); {_many(so_far.eliminations, 'elimination')}"
            + (f"; trial depth {so_far.trial_depth}" if so_far.trial_depth else "")
        )
    sys.stdout.flush()
    return EXIT_INTERRUPT


COMMANDS: dict[str, Callable[[Puzzle, argparse.Namespace], int]] = {"steps": cmd_steps, "rate": cmd_rate}

__all__ = ["COMMANDS", "add_commands"]
