"""The benchmark report: a printed table, summary.csv, per_puzzle.csv and a PNG of time per
puzzle (matplotlib; skipped with a note when it is not installed)."""

from __future__ import annotations

import csv
import os
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

from .runners import Timed

COLUMNS = ("workload", "asp-sudoku", "answer", "reference", "ratio", "note")


def cpu_count() -> int:
    return os.cpu_count() or 1


def secs(seconds: float, capped: bool = False) -> str:
    """A duration for the table; `capped` marks a run stopped at its cap (a lower bound)."""
    if seconds < 1e-3:
        text = f"{seconds * 1e6:.0f} us"
    elif seconds < 1:
        text = f"{seconds * 1e3:.1f} ms"
    else:
        text = f"{seconds:.2f} s"
    return (">" + text) if capped else text


def ratio(reference: float, ours: float, lower_bound: bool = False) -> str:
    """How many times faster than the reference ("x faster"); a lower bound when capped."""
    if ours <= 0:
        return "-"
    value = reference / ours
    if lower_bound and value < 1:
        return "no bound (reference capped)"
    text = f"{value:,.0f}x" if value >= 10 else f"{value:.1f}x"
    return (">=" + text) if lower_bound else text


def answer(t: Timed) -> str:
    if t.status == "multiple" and t.count > 2:
        return f"{t.count} solutions"
    if t.status in ("unique", "multiple", "unsatisfiable"):
        return t.status
    return f"{t.count} solutions" if t.count else t.status


def statuses(ts: list[Timed]) -> str:
    counts = Counter(t.status for t in ts)
    return ", ".join(f"{n} {s}" for s, n in sorted(counts.items()))


@dataclass
class Report:
    """Rows of the table by section, per-puzzle timings, and problems (wrong answers)."""

    rows: list[tuple[str, dict[str, str]]] = field(default_factory=list)
    timings: list[tuple[str, str, Timed]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    current: str = ""

    def section(self, title: str) -> None:
        self.current = title
        print(f"\n## {title}", flush=True)

    def row(
        self,
        workload: str,
        *,
        ours: str = "",
        answer: str = "",
        reference: str = "",
        ratio: str = "",
        note: str = "",
    ) -> None:
        cells = {
            "workload": workload,
            "asp-sudoku": ours,
            "answer": answer,
            "reference": reference,
            "ratio": ratio,
            "note": note,
        }
        self.rows.append((self.current, cells))
        print("| " + " | ".join(cells[c] for c in COLUMNS) + " |", flush=True)

    def record(self, section: str, collection: str, timed: Timed) -> None:
        self.timings.append((section, collection, timed))

    def markdown(self) -> str:
        """The whole table as Markdown, one sub-table per section."""
        out: list[str] = []
        last = None
        for title, cells in self.rows:
            if title != last:
                out += [
                    "",
                    f"**{title}**",
                    "",
                    "| " + " | ".join(COLUMNS) + " |",
                    "|" + "---|" * len(COLUMNS),
                ]
                last = title
            out.append("| " + " | ".join(cells[c].replace("|", "/") for c in COLUMNS) + " |")
        return "\n".join(out) + "\n"

    def finish(self, out: Path, seconds: float) -> None:
        """Write the files and print where they are, and any wrong answer."""
        with open(out / "summary.csv", "w", newline="", encoding="utf-8") as f:
            writer = csv.writer(f)
            writer.writerow(["section", *COLUMNS])
            for title, cells in self.rows:
                writer.writerow([title, *(cells[c] for c in COLUMNS)])
        with open(out / "per_puzzle.csv", "w", newline="", encoding="utf-8") as f:
            writer = csv.writer(f)
            names = list(asdict(self.timings[0][2])) if self.timings else []
            writer.writerow(["section", "collection", *names])
            for section, collection, t in self.timings:
                writer.writerow([section, collection, *asdict(t).values()])
        (out / "table.md").write_text(self.markdown(), encoding="utf-8")
        plotted = plot(self.timings, out / "time_per_puzzle.png")
        print(
            f"\nwrote {out}/summary.csv, per_puzzle.csv, table.md"
            + (", time_per_puzzle.png" if plotted else f" (no plot: {plotted_reason})")
        )
        print(
            f"benchmark run took {seconds:.0f} s; the machine may be shared: compare ratios, not seconds"
        )
        if self.problems:
            print("\nWRONG ANSWERS:")
            for p in self.problems:
                print("  " + p)
        else:
            print(
                "every benchmarked answer matched the recorded answer (or the checker, where none is recorded)"
            )


plotted_reason = ""


def plot(timings: list[tuple[str, str, Timed]], path: Path) -> bool:
    """Time per puzzle, sorted, one line per (collection, solver), log scale."""
    global plotted_reason
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        import matplotlib.ticker
    except ImportError:
        plotted_reason = "matplotlib is not installed (pip install matplotlib)"
        return False
    series: dict[tuple[str, str], list[tuple[float, bool]]] = {}
    for section, collection, t in timings:
        if section == "seeds":
            continue
        point = (max(t.seconds, 1e-5), t.timed_out)
        series.setdefault((Path(collection).name, t.solver), []).append(point)
    if not series:
        plotted_reason = "nothing to plot"
        return False
    fig, ax = plt.subplots(figsize=(10, 6))
    collections = sorted({c for c, _ in series})
    colors = {c: plt.get_cmap("tab10")(i % 10) for i, c in enumerate(collections)}
    any_capped = False
    for (collection, solver), points in sorted(series.items()):
        points.sort()
        values = [v for v, _ in points]
        style = "-" if solver == "asp-sudoku" else "--"
        ax.plot(
            range(1, len(values) + 1),
            values,
            style,
            color=colors[collection],
            label=f"{collection} ({solver})",
        )
        capped = [(i, v) for i, (v, out) in enumerate(points, start=1) if out]
        if capped:  # stopped at the time cap: the true time is longer
            any_capped = True
            ax.plot(*zip(*capped), "x", color=colors[collection], markersize=4)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.xaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(lambda v, _: f"{v:g}"))
    ax.set_xlabel("puzzles solved (sorted by time)")
    ax.set_ylabel("seconds per puzzle (uniqueness proved)")
    ax.set_title(
        "Time per puzzle: asp-sudoku (solid) vs naive encoding (dashed)"
        + ("; x: stopped at the time cap" if any_capped else "")
    )
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=7, ncol=2)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return True


def replot(folder: Path) -> bool:
    """Draw time_per_puzzle.png again from a run's per_puzzle.csv (`python -m bench.report
    FOLDER`), without running the benchmarks."""
    timings: list[tuple[str, str, Timed]] = []
    with open(folder / "per_puzzle.csv", newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            timed = Timed(
                row["solver"],
                row["name"],
                float(row["seconds"]),
                row["status"],
                int(row["count"]),
                row["timed_out"] == "True",
                row["grid"] or None,
            )
            timings.append((row["section"], row["collection"], timed))
    return plot(timings, folder / "time_per_puzzle.png")


if __name__ == "__main__":
    import sys

    target = Path(sys.argv[1] if len(sys.argv) > 1 else "bench/results")
    if not replot(target):
        print(f"no plot: {plotted_reason}", file=sys.stderr)
        sys.exit(1)
    print(f"wrote {target / 'time_per_puzzle.png'}")
