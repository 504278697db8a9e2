"""The logical path's time per step on hard killers, in one process against shared out over
worker processes (`steps --workers N`), side by side in the same run.

    python -m bench.logic_steps [--steps 30] [--workers 2] [--rounds 2] [--time-limit 300] [NAME ...]

NAME is a TAREK killer of `bench/data/iss/TAREK_ALL/` (default: 08 and 12, which need trials of
depth 2).  Each path runs up to `--steps` steps in a fresh process of its own (so no run inherits
another's caches), one process and then `--workers` processes, `--rounds` times alternately (so
that other work on the machine does not land on one side only).  Prints, per puzzle and round,
both times, their ratio, the median and slowest step, and whether the two paths took the same
steps word for word (they must: the run exits 1 otherwise).  Figures go in docs/logic.md by hand.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

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
try:
    solver.path(on_step=on_step)
except Enough:
    solver.close()
print(json.dumps({"seconds": time.perf_counter() - started, "times": times, "texts": texts}))
"""


def one_path(name: Path, steps: int, workers: int, limit: float) -> dict[str, object]:
    """One path up to `steps` steps in a process of its own."""
    out = subprocess.run(
        [sys.executable, "-c", _ONE_PATH, str(name), str(steps), str(workers), str(limit)],
        check=True, capture_output=True, text=True,
    ).stdout
    result: dict[str, object] = json.loads(out)
    return result


def puzzle_file(name: str) -> Path:
    """A TAREK killer by its number (TOML, else ISS's own string)."""
    toml = TAREK / f"{name}.toml"
    return toml if toml.exists() else TAREK / f"{name}.iss"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("names", nargs="*", default=["08", "12"], metavar="NAME")
    parser.add_argument("--steps", type=int, default=30)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--time-limit", type=float, default=300.0)
    args = parser.parse_args()
    same = True
    print(f"{'puzzle':8} {'round':>5} {'steps':>5} {'1 process':>10} {f'{args.workers} workers':>10} {'ratio':>6}  median / slowest step (1 -> {args.workers})")
    for name in args.names:
        for round_ in range(1, args.rounds + 1):
            alone = one_path(puzzle_file(name), args.steps, 1, args.time_limit)
            shared = one_path(puzzle_file(name), args.steps, args.workers, args.time_limit)
            a_times, s_times = alone["times"], shared["times"]
            assert isinstance(a_times, list) and isinstance(s_times, list)
            a_s, s_s = float(alone["seconds"]), float(shared["seconds"])  # type: ignore[arg-type]
            same = same and alone["texts"] == shared["texts"]
            print(
                f"{name:8} {round_:5} {len(a_times):5} {a_s:9.2f}s {s_s:9.2f}s {a_s / s_s:6.2f}  "
                f"{statistics.median(a_times):.2f} / {max(a_times):.2f} s -> {statistics.median(s_times):.2f} / {max(s_times):.2f} s"
                + ("" if alone["texts"] == shared["texts"] else "  PATHS DIFFER"),
                flush=True,
            )
    print("the same paths word for word" if same else "the paths differ: a bug")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
