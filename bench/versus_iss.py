"""Section 6 of the benchmarks: asp-sudoku against Interactive Sudoku Solver's recorded times.

ISS itself is not run here (it needs Node and ISS's sources): its times were recorded on a
machine of the same kind as ours (bench/data/versus-iss/README.md), one puzzle at a time, the
Node JIT warm.  Each collection is one whole `asp-sudoku check --json --time-limit 60 --from iss`
process over its puzzles (one worker, as a user runs it): the table gives the sum of our
per-puzzle times (what `--json` reports as `seconds`: reading excluded; building the program,
grounding and search included, as ISS's time counts its parse, build and search) against the sum of ISS's, the whole process's wall time, and per puzzle how often we
are faster and the medians.  Every answer is compared with ISS's and with the solution
iss_puzzles_raw.jsonl records.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from . import report
from .runners import HERE, ROOT, Timed, python

FOLDER = HERE / "data" / "versus-iss"
COLLECTIONS = (
    "TAREK_ALL",
    "EXAMPLE_EXTREME_KILLERS",
    "MATHEMAGIC_KILLERS",
    "HS_KILLERS",
    "LITTLE_KILLER_SNIPES",
    "EXAMPLE_SLOW_CASES",
    "HARD_PENCILMARKS",
    "EXAMPLE_HARD_BENCHMARKS",
    "EXAMPLE_LONG_SUMS",
)
LIMIT = 60.0  # seconds a puzzle, as ISS's recording
UNDECIDED = "not decided in 60 s"
# ISS's statuses in our words.
SAME = {"unique": "unique", "multiple": "multiple", "none": "unsatisfiable"}
# Whole-process figures recorded with the times (bench/data/versus-iss/README.md).
ISS_WHOLE = {
    "TAREK_ALL": "1.14 s for its 42",
    "EXAMPLE_EXTREME_KILLERS": "0.83 s",
    "MATHEMAGIC_KILLERS": "39 s for its 14",
}
ISS_MAGICTOUR_WHOLE = 0.78  # seconds, the first 1000 of magictour top1465, whole process


@dataclass(frozen=True)
class Recorded:
    """One puzzle's line of times.jsonl."""

    file: Path
    name: str
    status: str
    seconds: float | None  # None: ISS did not decide it within 60 s


def recorded() -> dict[str, list[Recorded]]:
    """times.jsonl by collection, in its order."""
    out: dict[str, list[Recorded]] = {c: [] for c in COLLECTIONS}
    for line in (FOLDER / "times.jsonl").read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        entry = json.loads(line)
        ms = entry.get("iss_ms")
        out.setdefault(entry["collection"], []).append(
            Recorded(
                FOLDER / entry["collection"] / f"{entry['raw_line']:03d}.iss",
                entry.get("name") or f"line {entry['raw_line']}",
                entry["iss_status"],
                None if ms is None else ms / 1000,
            )
        )
    return out


def check_process(files: list[Path]) -> tuple[list[dict[str, object]], float]:
    """One whole `asp-sudoku check --json` process over the files: its objects and wall time."""
    start = time.perf_counter()
    proc = subprocess.run(
        [python(), "-m", "asp_sudoku", "check", "--json", "--time-limit", f"{LIMIT:g}", "--from", "iss",
         *map(str, files)],
        capture_output=True, text=True, cwd=ROOT,
    )
    wall = time.perf_counter() - start
    objects = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
    if len(objects) != len(files):
        raise RuntimeError(f"check gave {len(objects)} answers for {len(files)} files: {proc.stderr[:500]}")
    return objects, wall


def _digits(obj: dict[str, object]) -> str | None:
    solutions = obj.get("solutions") or []
    assert isinstance(solutions, list)
    return "".join(str(v) for row in solutions[0] for v in row) if solutions else None


def section_versus_iss(args: argparse.Namespace, rep: report.Report) -> None:
    rep.section(
        "6. Against ISS's recorded times (one worker, uniqueness, 60 s a puzzle; ISS recorded on this "
        "machine kind, not in this run); ratio: ours / ISS's, the target at most 1"
    )
    answers = json.loads((FOLDER / "answers.json").read_text(encoding="utf-8"))
    by_collection = recorded()
    for collection in COLLECTIONS:
        entries = by_collection[collection][: 3 if args.quick else None]
        objects, wall = check_process([e.file for e in entries])
        ours: list[Timed] = []
        both: list[tuple[float, float]] = []
        ours_only: list[str] = []
        faster = 0
        for entry, obj in zip(entries, objects):
            seconds = float(str(obj["seconds"]))
            status = str(obj["status"])
            undecided = status == "unknown"
            rel = f"{collection}/{entry.file.name}"
            ours.append(Timed("asp-sudoku", rel, seconds, status, int(str(obj["count"])), undecided, _digits(obj)))
            rep.record("versus-iss", collection, ours[-1])
            if entry.seconds is not None:
                rep.record("versus-iss", collection, Timed("iss (recorded)", rel, entry.seconds, SAME[entry.status], 0))
            if not undecided and entry.status in SAME and status != SAME[entry.status]:
                rep.problems.append(f"versus-iss/{rel}: asp-sudoku says {status}, ISS says {entry.status}")
            if rel in answers and _digits(obj) not in (None, answers[rel]):
                rep.problems.append(f"versus-iss/{rel}: asp-sudoku's grid differs from the recorded solution")
            if entry.seconds is None:
                if not undecided:
                    ours_only.append(f"{entry.name or rel} in {report.secs(seconds)}")
            else:
                both.append((seconds, entry.seconds))
                faster += seconds < entry.seconds
        ours_sum = sum(s for s, _ in both)
        iss_sum = sum(i for _, i in both)
        undecided_ours = sum(t.timed_out for t in ours)
        note = [f"faster on {faster} of {len(both)}"]
        if both:
            note.append(
                f"median {report.secs(statistics.median(s for s, _ in both))} vs ISS "
                f"{report.secs(statistics.median(i for _, i in both))}"
            )
        skipped = len(entries) - len(both)
        if skipped:
            note.append(
                f"ISS undecided in 60 s on {skipped} (left out of both sums)"
                + (f"; we decide {', '.join(ours_only)}" if ours_only else "; we decide none")
            )
        if undecided_ours:
            note.append(f"we do not decide {undecided_ours} within 60 s (counted as 60 s)")
        if collection in ISS_WHOLE:
            note.append(f"ISS whole process: {ISS_WHOLE[collection]}")
        rep.row(
            f"{collection} ({len(entries)})",
            ours=f"{report.secs(ours_sum)} (whole process {report.secs(wall)})",
            answer=report.statuses(ours),
            reference=f"ISS {report.secs(iss_sum)}",
            ratio=f"{ours_sum / iss_sum:.3g}" if iss_sum else "-",
            note="; ".join(note),
        )
    magictour = HERE / "data" / "classic" / "magictour_top1465_first1000.txt"
    walls = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        subprocess.run([python(), "-m", "asp_sudoku", "check", "--from", "lines", str(magictour)],
                       capture_output=True, cwd=ROOT)
        walls.append(time.perf_counter() - start)
    wall = statistics.median(walls)
    rep.row(
        "magictour top1465, first 1000, whole process (`check --from lines`)",
        ours=report.secs(wall),
        reference=f"ISS {report.secs(ISS_MAGICTOUR_WHOLE)} (whole process)",
        ratio=f"{wall / ISS_MAGICTOUR_WHOLE:.3g}",
        note=f"median of {args.repeat}",
    )
