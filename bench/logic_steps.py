"""The logical path's time per step on hard killers, in one process against shared out over
worker processes (`steps --workers N`), side by side in the same run.

    python -m bench.logic_steps [--steps 30] [--workers 2] [--rounds 2] [--time-limit 300] [NAME ...]

NAME is a TAREK killer of `bench/data/iss/TAREK_ALL/` (default: 08 and 12, which need trials of
depth 2).  Each path runs up to `--steps` steps in a fresh process of its own (so no run inherits
another's caches), one process and then `--workers` processes, `--rounds` times alternately (so
that other work on the machine does not land on one side only).  Prints, per puzzle and round,
both times, their ratio, the median and slowest step, and whether the two paths took the same
steps word for word (they must: the run exits 1 otherwise).  When the time limit stops a path
before `--steps`, the two are compared over the steps both reached (the steps column says
both counts, the times and ratio are over those steps).  Figures go in docs/logic.md by hand.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

from bench import options

TAREK = Path(__file__).parent / "data" / "iss" / "TAREK_ALL"

_ONE_PATH = """
import json, sys, time
from asp_sudoku import load
from asp_sudoku.setter.logic import Solver
name, steps, workers, limit = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
times, texts = [], []
last = [time.perf_counter()]
class Enough(Exception):
    pass
def on_step(step):
    now = time.perf_counter()
    times.append(now - last[0])
    last[0] = now
    texts.append(step.text)
    if len(texts) >= steps:
        raise Enough
solver = Solver(load(name), 2, time_limit=limit, workers=workers)
started = time.perf_counter()
last[0] = started  # (the first step's time, like the whole, from here: not the loading)
timed_out = False
try:
    timed_out = solver.path(on_step=on_step).timed_out
except Enough:
    solver.close()
print(json.dumps({"seconds": time.perf_counter() - started, "times": times, "texts": texts, "timed_out": timed_out}))
"""


class Failed(Exception):
    """A path's process failed: its last line of stderr."""


def one_path(name: Path, steps: int, workers: int, limit: float) -> dict[str, object]:
    """One path up to `steps` steps in a process of its own."""
    done = subprocess.run(
        [sys.executable, "-c", _ONE_PATH, str(name), str(steps), str(workers), str(limit)],
        capture_output=True, text=True,
    )
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines() or [f"exit {done.returncode}"]
        raise Failed(f"{name}: the path's process failed: {lines[-1]}")
    result: dict[str, object] = json.loads(done.stdout)
    return result


def _spread(times: list[float]) -> str:
    """The median and slowest of these step times (none: no step)."""
    return f"{statistics.median(times):.2f} / {max(times):.2f} s" if times else "no step"


def puzzle_file(name: str) -> Path:
    """A TAREK killer by its number (TOML, else ISS's own string)."""
    toml = TAREK / f"{name}.toml"
    return toml if toml.exists() else TAREK / f"{name}.iss"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("names", nargs="*", default=["08", "12"], metavar="NAME")
    parser.add_argument("--steps", type=options.count, default=30)
    parser.add_argument("--workers", type=options.count, default=2)
    parser.add_argument("--rounds", type=options.count, default=2)
    parser.add_argument("--time-limit", type=options.seconds, default=300.0)
    args = parser.parse_args()
    for name in args.names:  # before any run: a typo ("8" for "08") is said at once
        if not puzzle_file(name).exists():
            parser.error(f"no TAREK killer {name!r}: neither {name}.toml nor {name}.iss in {TAREK}")
    same = True
    print(f"{'puzzle':8} {'round':>5} {'steps':>7} {'1 process':>10} {f'{args.workers} workers':>10} {'ratio':>6}  median / slowest step (1 -> {args.workers})")
    for name in args.names:
        for round_ in range(1, args.rounds + 1):
            try:
                alone = one_path(puzzle_file(name), args.steps, 1, args.time_limit)
                shared = one_path(puzzle_file(name), args.steps, args.workers, args.time_limit)
            except Failed as exc:
                print(f"bench.logic_steps: {exc}", file=sys.stderr)
                return 1
            a_times, s_times = alone["times"], shared["times"]
            a_texts, s_texts = alone["texts"], shared["texts"]
            assert isinstance(a_times, list) and isinstance(s_times, list)
            assert isinstance(a_texts, list) and isinstance(s_texts, list)
            both = min(len(a_texts), len(s_texts))  # a time limit may stop one side sooner
            if len(a_texts) != len(s_texts) and not (alone["timed_out"] or shared["timed_out"]):
                both = -1  # neither was stopped: they must reach as many steps
            agree = both >= 0 and a_texts[:both] == s_texts[:both]
            same = same and agree
            a_s, s_s = sum(a_times[: max(both, 0)]), sum(s_times[: max(both, 0)])
            count = f"{len(a_texts)}" if len(a_texts) == len(s_texts) else f"{len(a_texts)}/{len(s_texts)}"
            ratio = f"{a_s / s_s:6.2f}" if s_s else f"{'-':>6}"
            print(
                f"{name:8} {round_:5} {count:>7} {a_s:9.2f}s {s_s:9.2f}s {ratio}  "
                f"{_spread(a_times)} -> {_spread(s_times)}"
                + ("" if len(a_texts) == len(s_texts) else f"  (the time limit: compared over the first {max(both, 0)} steps)")
                + ("" if agree else "  PATHS DIFFER"),
                flush=True,
            )
    print("the same paths word for word" if same else "the paths differ: a bug")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
