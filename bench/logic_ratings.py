"""Ratings of magictour top1465 (a sample) by the logical solver, as a distribution, and how they
correlate with search effort (clingo's conflicts proving the solution unique) compared with the
number of givens.

    python -m bench.logic_ratings [--count 200] [--depth 1] [--time-limit 20] [--seeds 8] [--sample first|held-out|all] [--workers N]

Prints the distribution of the hardest technique, then Spearman's rank correlations with
conflicts (of clingo's default search, and the mean over `--seeds` runs with random signs) of the rating, of the rating with how often the path needed its hardest level (ties of
the rating broken by that count, as `rate` reports both), of the givens, and of the path's
eliminations (the candidates its steps remove).  `--sample held-out` rates the last 465 of the
collection instead (the eliminations were chosen as the work measure on the first 1000),
`--sample all` the whole 1465 (with `--count 1465`).  A puzzle stopped at the time limit is rated as a trial one level
deeper than the path reached.  `--workers N` (default: one a usable core, at most 4) rates N
puzzles at a time, one a process, printing in the sample's order (the same figures).  Figures go
in docs/logic.md by hand.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import multiprocessing
import signal
import sys
import time
from functools import partial
from pathlib import Path

import clingo

from asp_sudoku.cli.args import AUTO_MOST, _natural, _positive, usable_cores
from asp_sudoku.core.errors import AspSudokuError
from asp_sudoku.core.model import Puzzle
from asp_sudoku.formats import load_many
from asp_sudoku.program.render import render
from asp_sudoku.setter.logic import Solver
from asp_sudoku.setter.logic.path import trial_level
from bench import options

DATA = Path(__file__).parent / "data" / "classic" / "magictour_top1465_first1000.txt"
HELD_OUT = DATA.with_name("magictour_top1465_last465.txt")


def conflicts(puzzle: object, seed: int = 0) -> int:
    """Clingo's conflicts while finding the solution and proving there is no second (seed 0:
    clingo's default search; another seed: random signs, seeded)."""
    args = ["--models=2", "--warn=none"] + ([f"--seed={seed}", "--sign-def=rnd"] if seed else [])
    ctl = clingo.Control(args)
    ctl.add("base", [], render(puzzle).text)  # type: ignore[arg-type]
    ctl.ground([("base", [])])
    ctl.solve()
    return int(ctl.statistics["solving"]["solvers"]["conflicts"])


def mean_conflicts(puzzle: object, seeds: int) -> float:
    """The mean of `conflicts` over seeds 1..`seeds`: one run's conflicts depend on the luck of
    its first choices (on these puzzles 2 to 106, median 14), the mean much less."""
    return sum(conflicts(puzzle, seed) for seed in range(1, seeds + 1)) / seeds


def ranks(values: list[float]) -> list[float]:
    """Ranks with ties averaged."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2
        i = j + 1
    return out


def spearman(xs: list[float], ys: list[float]) -> float | None:
    """Spearman's rank correlation (None when either side is all ties: undefined)."""
    rx, ry = ranks(xs), ranks(ys)
    n = len(xs)
    mx, my = sum(rx) / n, sum(ry) / n
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    vx = sum((a - mx) ** 2 for a in rx) ** 0.5
    vy = sum((b - my) ** 2 for b in ry) ** 0.5
    return cov / (vx * vy) if vx and vy else None


def shown(value: float | None) -> str:
    """A correlation as printed: three places, or "undefined" (one side all ties)."""
    return "undefined (one side is all ties)" if value is None else f"{value:.3f}"


Row = tuple[float, str, int, int, int, float, int]
"""A puzzle's rating, hardest technique, givens, conflicts, how often the hardest level came,
mean conflicts over the seeds, eliminations."""


def rate_one(depth: int, time_limit: float, seeds: int, puzzle: Puzzle) -> Row:
    """One puzzle's row (in a worker process when there are several)."""
    path = Solver(puzzle, depth, time_limit=time_limit).path()
    rating = path.rating
    hardest = path.hardest.technique if path.hardest else "none"
    often = sum(1 for step in path.steps if step.level == rating)
    if path.timed_out or not path.solved:
        rating, hardest = trial_level(depth + 1), f"trial deeper than {depth}" + (" (time)" if path.timed_out else "")
        often = 0
    return (rating, hardest, len(puzzle.givens), conflicts(puzzle), often, mean_conflicts(puzzle, seeds), path.eliminations)


def main() -> int:
    """Rate a sample and print the figures (exit 130 on Ctrl-C, 2 on a missing data file)."""
    try:
        return _main()
    except KeyboardInterrupt:
        print("bench.logic_ratings: interrupted", file=sys.stderr)
        return 130


def _main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=_positive, default=200, help="how many puzzles of the sample, from its start")
    parser.add_argument("--depth", type=_natural, default=1)
    parser.add_argument("--time-limit", type=options.seconds, default=20.0)
    parser.add_argument("--seeds", type=_positive, default=8, help="runs of random signs whose mean conflicts are the second effort measure")
    parser.add_argument(
        "--sample", choices=("first", "held-out", "all"), default="first",
        help=f"the first 1000 ({DATA.name}, the default), the last 465 ({HELD_OUT.name}), or all 1465",
    )
    parser.add_argument("--workers", type=_positive, default=min(usable_cores(), AUTO_MOST), help="puzzles rated at a time, one a process")
    args = parser.parse_args()
    files = {"first": [DATA], "held-out": [HELD_OUT], "all": [DATA, HELD_OUT]}[args.sample]
    try:
        puzzles = [puzzle for file in files for puzzle in load_many(str(file))][: args.count]
    except AspSudokuError as exc:  # a missing data file: bench/make_data.py writes them
        print(f"bench.logic_ratings: {exc}", file=sys.stderr)
        return 2
    rows: list[Row] = []
    start = time.perf_counter()
    one = partial(rate_one, args.depth, args.time_limit, args.seeds)
    pool = multiprocessing.get_context("fork").Pool(args.workers, initializer=_quiet_interrupt) if args.workers > 1 else None
    with pool or contextlib.nullcontext():
        for i, row in enumerate(map(one, puzzles) if pool is None else pool.imap(one, puzzles), start=1):
            rows.append(row)
            rating, hardest, givens, found, often, mean, eliminations = row
            print(
                f"{i:4} {rating:4.1f} {hardest:28} x{often:<3} givens {givens:2} conflicts {found:5}"
                f" mean of {args.seeds} seeds {mean:7.1f} eliminations {eliminations:4}",
                flush=True,
            )
    print(f"\n{len(rows)} puzzles in {time.perf_counter() - start:.0f} s")
    tally = collections.Counter((r[0], r[1]) for r in rows)
    for (rating, hardest), n in sorted(tally.items()):
        print(f"  {rating:4.1f} {hardest:28} {n:4}")
    for name, effort in (("conflicts", [float(r[3]) for r in rows]), (f"mean conflicts of {args.seeds} seeds", [r[5] for r in rows])):
        print(f"Spearman(rating, {name}) = {shown(spearman([r[0] for r in rows], effort))}")
        print(f"Spearman(rating then how often, {name}) = {shown(spearman([r[0] + r[4] / 1000 for r in rows], effort))}")
        print(f"Spearman(givens, {name}) = {shown(spearman([float(r[2]) for r in rows], effort))}")
        print(f"Spearman(eliminations, {name}) = {shown(spearman([float(r[6]) for r in rows], effort))}")
    return 0


def _quiet_interrupt() -> None:
    """A pool worker leaves Ctrl-C to the main process, which ends the pool (no traceback each)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


if __name__ == "__main__":
    sys.exit(main())
