"""The killer sections of the benchmarks (`python -m bench`, bench/README.md).

  seeds  the seed workloads (Miracle count, Spoons, the four killers) vs SWI-Prolog running the
         seeds' own CLP(FD) programs (bench/prolog/), each capped (--prolog-cap);
  iss    the TAREK_ALL, HS_KILLERS, EXAMPLE_EXTREME_KILLERS and MATHEMAGIC_KILLERS killers (prove
         uniqueness) vs the naive encoding (bench/naive/), each capped (--naive-limit), and the
         parallel and whole-process rows.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from asp_sudoku.core.model import Puzzle
from asp_sudoku.formats import load

from . import report
from .runners import (
    HERE,
    PrologRun,
    Timed,
    naive_collection,
    ours_collection,
    ours_single,
    prolog,
    python,
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
