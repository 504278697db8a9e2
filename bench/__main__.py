"""Benchmarks: `python -m bench [--quick]` from the repository root (see bench/README.md).

Times, in one run on one machine, asp-sudoku against references measured in the same run:
  seeds    the seed workloads (Miracle count, Spoons, the four killers) vs SWI-Prolog running
           the seeds' own CLP(FD) programs (bench/prolog/), each capped (--prolog-cap);
  iss      the TAREK_ALL, HS_KILLERS, EXAMPLE_EXTREME_KILLERS and MATHEMAGIC_KILLERS killers
           (prove uniqueness) vs the naive encoding (bench/naive/), each capped (--naive-limit);
  classic  the first 1000 of magictour top1465 and Royle's 17-clue sample: puzzles per second in
           one process, with --workers processes, and with the naive encoding;
  process  `asp-sudoku solve` vs `python -m clingo` on the `encode` output, whole processes;
  memory   peak RSS counting the 72 Miracle grids and enumerating 10^6 solutions of a loose grid;
  versus-iss  every puzzle ISS's recorded times cover (bench/data/versus-iss), one whole `check`
           process a collection, against those times; and magictour's first 1000, whole process.
The seeds and iss sections are in bench/killers.py, versus-iss in bench/versus_iss.py, the shared timing code in bench/runners.py.
Prints one table, writes bench/results/summary.csv, per_puzzle.csv and time_per_puzzle.png.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from pathlib import Path

from asp_sudoku import __version__
from asp_sudoku.core.model import Puzzle
from asp_sudoku.formats import load_many

from . import report
from .killers import DATA, index, section_iss, section_seeds
from .runners import (
    HERE,
    ROOT,
    naive_collection,
    ours_collection,
    python,
    run_pair,
    run_process,
)
from .versus_iss import section_versus_iss


def classic(path: Path) -> list[tuple[str, Puzzle]]:
    return [(f"{path.name}#{i}", p) for i, p in enumerate(load_many(str(path)), start=1)]


def section_classic(args: argparse.Namespace, rep: report.Report) -> None:
    rep.section("3. Classic collections with uniqueness: puzzles per second (parsing excluded)")
    for rel in ("classic/magictour_top1465_first1000.txt", "classic/royle17_sample.txt"):
        named = classic(DATA / rel)
        if args.quick:
            named = named[:200]
        # One thread, worker threads and worker processes alternate, and the medians are
        # compared, so that a burst of other work on the machine does not land on one side only.
        walls, walls2, walls3, cpus = [], [], [], []
        for _ in range(args.repeat):
            cpu = time.process_time()
            ours, wall = ours_collection(named)
            cpus.append(time.process_time() - cpu)  # this process's CPU: robust to other load
            par, wall2 = ours_collection(named, workers=args.workers)
            procs, wall3 = ours_collection(named, workers=args.workers, processes=True)
            walls.append(wall)
            walls2.append(wall2)
            walls3.append(wall3)
            for what, other in (("thread", par), ("process", procs)):
                if [t.grid for t in other] != [t.grid for t in ours]:
                    rep.problems.append(f"{rel}: the {args.workers}-{what} run gave different grids")
        wall, wall2, wall3 = statistics.median(walls), statistics.median(walls2), statistics.median(walls3)
        for t in ours:
            rep.record("classic", rel, t)
            if t.status != "unique":
                rep.problems.append(f"{t.name}: asp-sudoku says {t.status}, expected unique")
        naive, wall_naive = naive_collection(named, time_limit=args.naive_limit)
        for t in naive:
            rep.record("classic", rel, t)
        n = len(named)
        rep.row(
            f"{Path(rel).name} ({n}), one process, one thread (median of {args.repeat})",
            ours=f"{n / wall:,.0f} puzzles/s",
            answer=report.statuses(ours),
            reference=f"naive {n / wall_naive:,.0f} puzzles/s",
            ratio=report.ratio(wall_naive, wall),
            note=f"CPU time: {n / statistics.median(cpus):,.0f}/s"
            + ("; magictour target: 5,000/s (ISS 2,300/s)" if "magictour" in rel else ""),
        )
        rep.row(
            f"{Path(rel).name} ({n}), one process, {args.workers} worker threads (`--workers {args.workers}`)",
            ours=f"{n / wall2:,.0f} puzzles/s",
            reference=f"one thread {n / wall:,.0f}/s",
            ratio=report.ratio(wall, wall2),
            note="each worker grounds its own program"
            + ("; magictour target: 5,000/s in one process" if "magictour" in rel else ""),
        )
        rep.row(
            f"{Path(rel).name} ({n}), {args.workers} worker processes",
            ours=f"{n / wall3:,.0f} puzzles/s",
            reference=f"one thread {n / wall:,.0f}/s",
            ratio=report.ratio(wall, wall3),
            note="process start-up included",
        )


def section_process(args: argparse.Namespace, rep: report.Report, out: Path) -> None:
    rep.section(
        "4. Whole process: `asp-sudoku solve` vs `python -m clingo` on the `encode` output "
        f"(medians of {args.repeat * 5} paired runs)"
    )
    puzzle = ROOT / "instances" / "classic-inkala.toml"
    program = out / "inkala.lp"
    # As installed (pip writes the bytecode): let Python cache the compiled modules of the
    # source tree, which a PYTHONDONTWRITEBYTECODE in the environment would forbid.  The
    # warm-up runs also fill the rendered-template cache, as a user's first run does.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    run_process([python(), "-m", "asp_sudoku", "encode", str(puzzle), "-o", str(program)], env=env)
    ours, ref, cpu_ratio, wall_ratio = run_pair(
        [python(), "-m", "asp_sudoku", "solve", str(puzzle)],
        [python(), "-m", "clingo", str(program), "2"],
        repeat=args.repeat * 5,
        env=env,
    )
    bare = run_process([python(), "-c", "pass"], repeat=args.repeat * 3)
    rep.row(
        "classic-inkala.toml, 9x9",
        ours=f"{report.secs(ours.seconds)} ({report.secs(ours.cpu)} CPU)",
        reference=f"{report.secs(ref.seconds)} ({report.secs(ref.cpu)} CPU)",
        ratio=f"{wall_ratio:.2f}x the time ({cpu_ratio:.2f}x the CPU)",
        note=f"target: at most 1.5x; medians of paired runs; a bare `python -c pass` takes {report.secs(bare.seconds)}",
    )


def section_memory(args: argparse.Namespace, rep: report.Report) -> None:
    rep.section("5. Memory: peak resident set size of the whole process (target: under 200 MB)")
    miracle = DATA / "seeds" / "miracle-empty.toml"
    run = run_process([python(), "-m", "asp_sudoku", "count", str(miracle)])
    rep.row(
        "count the 72 Miracle grids",
        ours=f"{run.rss_mb:.0f} MB",
        note=f"{report.secs(run.seconds)}",
    )
    loose = HERE / "data" / "loose.toml"
    n = 100_000 if args.quick else 1_000_000
    run = run_process([python(), "-m", "asp_sudoku", "count", "--limit", str(n), str(loose)])
    rep.row(
        f"enumerate {n:,} solutions (count --limit)",
        ours=f"{run.rss_mb:.0f} MB",
        note=f"{report.secs(run.seconds)}",
    )
    loose_all = HERE / "data" / ("loose-9k.toml" if args.quick else "loose-50k.toml")
    run = run_process([python(), "-m", "asp_sudoku", "solve", "--all", str(loose_all)])
    rep.row(
        f"decode, check and print every solution of {loose_all.name} (solve --all)",
        ours=f"{run.rss_mb:.0f} MB",
        note=f"{report.secs(run.seconds)}",
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.split("\n")[0])
    parser.add_argument(
        "--quick",
        action="store_true",
        help="short caps, smaller samples (200 classic, 3 per ISS collection): a few minutes",
    )
    parser.add_argument(
        "--prolog-cap", type=float, help="seconds per Prolog workload (default 120; quick 10)"
    )
    parser.add_argument(
        "--naive-limit",
        type=float,
        help="seconds per puzzle for the naive encoding (default 20; quick 2)",
    )
    parser.add_argument(
        "--workers", type=int, default=2, help="workers (threads, processes) for the parallel runs (default 2)"
    )
    parser.add_argument(
        "--repeat", type=int, help="repeats of whole-process timings (default 3; quick 1)"
    )
    parser.add_argument(
        "--only", default="seeds,iss,classic,process,memory,versus-iss", help="comma-separated sections"
    )
    parser.add_argument(
        "--out",
        default=str(HERE / "results"),
        help="folder for CSV and PNG (default bench/results)",
    )
    args = parser.parse_args(argv)
    args.prolog_cap = args.prolog_cap or (10.0 if args.quick else 120.0)
    args.naive_limit = args.naive_limit or (2.0 if args.quick else 20.0)
    args.repeat = args.repeat or (1 if args.quick else 3)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    sections = set(args.only.split(","))
    idx = index()
    rep = report.Report()
    started = time.perf_counter()
    print(
        f"asp-sudoku {__version__} benchmarks; Python {platform.python_version()}, "
        f"{platform.machine()}, {report.cpu_count()} CPUs; {'quick' if args.quick else 'full'} run",
        flush=True,
    )
    if "seeds" in sections:
        section_seeds(args, rep, idx)
    if "iss" in sections:
        section_iss(args, rep, idx)
    if "classic" in sections:
        section_classic(args, rep)
    if "process" in sections:
        section_process(args, rep, out)
    if "memory" in sections:
        section_memory(args, rep)
    if "versus-iss" in sections:
        section_versus_iss(args, rep)
    rep.finish(out, seconds=time.perf_counter() - started)
    return 1 if rep.problems else 0


if __name__ == "__main__":
    sys.exit(main())
