"""Benchmarks: `python -m bench [--quick]` from the repository root (see bench/README.md).

Times, in one run on one machine, asp-sudoku against references measured in the same run:
  seeds    the seed workloads (Miracle count, Spoons, the four killers) vs SWI-Prolog running
           the seeds' own CLP(FD) programs (bench/prolog/), each capped (--prolog-cap);
  iss      the TAREK_ALL, HS_KILLERS, EXAMPLE_EXTREME_KILLERS and MATHEMAGIC_KILLERS killers
           (prove uniqueness) vs the naive encoding (bench/naive/), each capped (--naive-limit);
  classic  the first 1000 of magictour top1465 and Royle's 17-clue sample: puzzles per second in
           one process, with --workers processes, and with the naive encoding;
  process  `asp-sudoku solve` vs `python -m clingo` on the `encode` output, whole processes;
  memory   peak RSS counting the 72 Miracle grids and enumerating 10^6 solutions of a loose grid.
Prints one table, writes bench/results/summary.csv, per_puzzle.csv and time_per_puzzle.png.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

from asp_sudoku import __version__
from asp_sudoku.formats import load, load_many
from asp_sudoku.model import Puzzle

from . import report
from .runners import (
    HERE,
    ROOT,
    PrologRun,
    Timed,
    naive_collection,
    ours_collection,
    ours_single,
    prolog,
    python,
    run_pair,
    run_process,
    swipl,
)

DATA = HERE / "data"
ISS = ("TAREK_ALL", "HS_KILLERS", "EXAMPLE_EXTREME_KILLERS", "MATHEMAGIC_KILLERS")
# Quoted from issue 5 (ISS headless under Node on this kind of machine); not measured here.
ISS_QUOTED = {
    "TAREK_ALL": "ISS: 0.85 s for its 42 (20 ms each)",
    "MATHEMAGIC_KILLERS": "ISS: 39 s for its 14, slowest 4.9 s",
}
SEEDS = [
    # (label, data file, prolog program, prolog workload, solutions to look for: 0 = all)
    ("Miracle, count all 72 grids", "seeds/miracle-empty.toml", "miracle.pl", "empty", 0),
    ("Spoons, uniqueness", "seeds/spoons.toml", "spoons.pl", "spoons", 2),
    ("Killer: wiki", "seeds/killer-wiki.toml", "killer.pl", "wiki", 2),
    (
        "Killer: daily hard",
        "seeds/killer-daily_killer_sudoku_hard.toml",
        "killer.pl",
        "daily_killer_sudoku_hard",
        2,
    ),
    (
        "Killer: most difficult",
        "seeds/killer-most_difficult_killer_sudoku.toml",
        "killer.pl",
        "most_difficult_killer_sudoku",
        2,
    ),
    (
        "Greater killer: daily hard",
        "seeds/killer-daily_greater_killer_sudoku_hard.toml",
        "killer.pl",
        "daily_greater_killer_sudoku_hard",
        2,
    ),
]


def index() -> dict[str, dict[str, object]]:
    """bench/data/index.json by file."""
    return {e["file"]: e for e in json.loads((DATA / "index.json").read_text(encoding="utf-8"))}


def load_file(rel: str) -> Puzzle | str:
    """A data file as a puzzle, or the reason it cannot be read (e.g. a rule not on this branch)."""
    try:
        return load(str(DATA / rel))
    except Exception as exc:  # noqa: BLE001 - reported in the table, the run goes on
        return f"{type(exc).__name__}: {exc}"


def expect(rel: str, timed: Timed, idx: dict[str, dict[str, object]], problems: list[str]) -> None:
    """Record a problem when a benchmarked answer differs from the recorded one."""
    entry = idx.get(rel, {})
    if entry.get("count") is not None and timed.status != "unknown" and not timed.timed_out:
        if timed.count != entry["count"]:
            problems.append(
                f"{rel}: {timed.solver} counted {timed.count}, expected {entry['count']}"
            )
        return
    if timed.timed_out or timed.status == "unknown":
        return
    if entry.get("unique") and timed.status != "unique":
        problems.append(f"{rel}: {timed.solver} says {timed.status}, expected unique")
    if entry.get("solution") and timed.grid and timed.grid != entry["solution"]:
        problems.append(
            f"{rel}: {timed.solver} found a grid that differs from the recorded solution"
        )


def section_seeds(
    args: argparse.Namespace, rep: report.Report, idx: dict[str, dict[str, object]]
) -> None:
    rep.section(
        "1. Seed workloads vs SWI-Prolog running the seeds' CLP(FD) programs "
        f"(Prolog capped at {args.prolog_cap:g} s each)"
    )
    have_prolog = swipl() is not None
    ours_total = prolog_total = 0.0
    all_finished = True
    for label, rel, program, workload, limit in SEEDS:
        puzzle = load_file(rel)
        if isinstance(puzzle, str):
            rep.row(label, ours="not run", note=puzzle)
            all_finished = False
            continue
        timed = ours_single(rel, puzzle, count_all=(limit == 0), repeat=args.repeat)
        rep.record("seeds", label, timed)
        expect(rel, timed, idx, rep.problems)
        ours_total += timed.seconds
        if not have_prolog:
            rep.row(
                label,
                ours=report.secs(timed.seconds),
                answer=report.answer(timed),
                note="swipl not installed",
            )
            all_finished = False
            continue
        run: PrologRun = prolog(program, workload, limit, args.prolog_cap)
        prolog_total += run.seconds
        all_finished &= run.finished
        rep.record(
            "seeds",
            label,
            Timed(
                "swi-prolog",
                rel,
                run.seconds,
                "done" if run.finished else "capped",
                run.count,
                not run.finished,
                run.first,
            ),
        )
        if run.finished and run.first and timed.grid and limit != 0:
            entry = idx.get(rel, {})
            if entry.get("solution") and run.first != entry["solution"]:
                rep.problems.append(
                    f"{rel}: SWI-Prolog's first solution differs from the recorded one"
                )
        if run.finished and limit == 0 and idx.get(rel, {}).get("count") not in (None, run.count):
            rep.problems.append(f"{rel}: SWI-Prolog counted {run.count}")
        rep.row(
            label,
            ours=report.secs(timed.seconds),
            answer=report.answer(timed),
            reference=report.secs(run.seconds, capped=not run.finished),
            ratio=report.ratio(run.seconds, timed.seconds, lower_bound=not run.finished),
            note="" if run.finished else f"Prolog stopped at the cap after {run.count} solution(s)",
        )
    if have_prolog:
        rep.row(
            "All seed workloads together",
            ours=report.secs(ours_total),
            reference=report.secs(prolog_total, capped=not all_finished),
            ratio=report.ratio(prolog_total, ours_total, lower_bound=not all_finished),
            note="target: at least 10,000x",
        )


def iss_puzzles(collection: str) -> list[tuple[str, Puzzle | str]]:
    folder = DATA / "iss" / collection
    return [
        (f"iss/{collection}/{p.name}", load_file(f"iss/{collection}/{p.name}"))
        for p in puzzle_files(folder)
    ]


def puzzle_files(folder: Path) -> list[Path]:
    """A collection's puzzles: TOML files (from iss_neutral.jsonl) and ISS strings (.iss, the
    entries only iss_puzzles_raw.jsonl has), in file-name order."""
    return sorted(p for p in folder.iterdir() if p.suffix in (".toml", ".iss"))


def section_iss(
    args: argparse.Namespace, rep: report.Report, idx: dict[str, dict[str, object]]
) -> None:
    rep.section(
        "2. ISS killer collections: prove uniqueness (stop at the 2nd solution), one process; "
        f"naive encoding capped at {args.naive_limit:g} s a puzzle"
    )
    for collection in ISS:
        loaded = iss_puzzles(collection)
        if args.quick:
            loaded = loaded[:3]
        named = [(n, p) for n, p in loaded if not isinstance(p, str)]
        skipped = [n for n, p in loaded if isinstance(p, str)]
        if not named:
            rep.row(
                collection, ours="not run", note=f"{len(skipped)} files not readable on this branch"
            )
            continue
        ours, wall = ours_collection(named)
        for t in ours:
            rep.record("iss", collection, t)
            expect(t.name, t, idx, rep.problems)
        naive, _ = naive_collection(named, time_limit=args.naive_limit)
        for t in naive:
            rep.record("iss", collection, t)
            expect(t.name, t, idx, rep.problems)
        capped = sum(t.timed_out for t in naive)
        ours_sum = sum(t.seconds for t in ours)
        naive_sum = sum(t.seconds for t in naive)
        per = [t.seconds for t in ours]
        note = ISS_QUOTED.get(collection, "")
        if skipped:
            note += f"; {len(skipped)} not readable on this branch"
        rep.row(
            f"{collection} ({len(named)} puzzles)",
            ours=f"{report.secs(ours_sum)} total, mean {report.secs(ours_sum / len(per))}, "
            f"max {report.secs(max(per))}",
            answer=report.statuses(ours),
            reference=f"{report.secs(naive_sum, capped=capped > 0)} total"
            + (f" ({capped} capped)" if capped else ""),
            ratio=report.ratio(naive_sum, ours_sum, lower_bound=capped > 0),
            note=note.strip("; "),
        )
        if collection == "MATHEMAGIC_KILLERS":
            iss_parallel_rows(args, rep, collection, named, ours_sum, max(per))
    # TAREK with start-up included: one whole `check` process over all its files.
    files = [
        str(DATA / "iss" / "TAREK_ALL" / p.name)
        for p in puzzle_files(DATA / "iss" / "TAREK_ALL")
    ]
    if args.quick:
        files = files[:3]
    for workers in (1, args.workers):
        run = run_process(
            [python(), "-m", "asp_sudoku", "check", "--workers", str(workers), *files],
            repeat=args.repeat,
        )
        rep.row(
            f"TAREK_ALL whole process (`asp-sudoku check --workers {workers}` on {len(files)} files)",
            ours=f"{report.secs(run.seconds)} = {report.secs(run.seconds / len(files))} a puzzle",
            note="target: at most 20 ms a puzzle, start-up included",
        )


def iss_parallel_rows(
    args: argparse.Namespace, rep: report.Report, collection: str,
    named: list[tuple[str, Puzzle]], one_sum: float, one_max: float,
) -> None:
    """The hard killers with both cores: clingo's parallel search on each puzzle (`--threads`),
    and two puzzles at a time (`--workers`), against one thread in the same run."""
    for label, options in (
        (f"--threads {args.workers} (clingo's parallel search on each puzzle)", {"threads": args.workers}),
        (f"--workers {args.workers} (puzzles at a time, one process)", {"workers": args.workers}),
    ):
        timed, wall = ours_collection(named, **options)
        statuses = report.statuses(timed)
        if options.get("threads"):
            per = [t.seconds for t in timed]
            ours = f"{report.secs(sum(per))} total, max {report.secs(max(per))}"
            ratio = report.ratio(one_max, max(per))
            reference = f"one thread: max {report.secs(one_max)}"
        else:
            ours = f"{report.secs(wall)} wall for {len(named)}"
            ratio = report.ratio(one_sum, wall)
            reference = f"one thread: {report.secs(one_sum)}"
        rep.row(f"{collection}, {label}", ours=ours, answer=statuses, reference=reference, ratio=ratio,
                note="target: the slowest under 2 s")


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
        "--only", default="seeds,iss,classic,process,memory", help="comma-separated sections"
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
    rep.finish(out, seconds=time.perf_counter() - started)
    return 1 if rep.problems else 0


if __name__ == "__main__":
    sys.exit(main())
