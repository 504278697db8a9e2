"""How each side of a comparison is run and timed: asp-sudoku, the naive reference encoding (the
same multi-shot pipeline with bench/naive templates), SWI-Prolog running the seeds' programs, and
whole processes (wall time and peak memory)."""

from __future__ import annotations

import dataclasses
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import jinja2

from asp_sudoku.core.model import Puzzle
from asp_sudoku.core.result import Result
from asp_sudoku.program.render import data_facts, environment, size_context, template_names
from asp_sudoku.solving.many import SolverCache, solve_with_cache
from asp_sudoku.solving.single import count, solve, solve_many

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PROLOG = HERE / "prolog"


@dataclass(frozen=True)
class Timed:
    """One puzzle solved by one solver: seconds, status, solution count, first grid as digits."""

    solver: str
    name: str
    seconds: float
    status: str
    count: int
    timed_out: bool = False
    grid: str | None = None


def _digits(result: Result) -> str | None:
    return (
        "".join(str(v) for row in result.solutions[0].rows for v in row)
        if result.solutions
        else None
    )


def _timed(solver: str, name: str, result: Result) -> Timed:
    return Timed(
        solver, name, result.seconds, result.status, result.count, result.timed_out, _digits(result)
    )


def ours_single(
    name: str, puzzle: Puzzle, *, count_all: bool = False, time_limit: float | None = None,
    repeat: int = 1,
) -> Timed:
    """One puzzle with the library's `solve` (two solutions: uniqueness) or `count` (all): the
    median over `repeat` runs of the whole call (rendering, the Python side of the speed-up
    templates, grounding, solving, decoding, checking)."""
    times, results = [], []
    for _ in range(repeat):
        start = time.perf_counter()
        if count_all:
            result = count(puzzle, time_limit=time_limit)
        else:
            result = solve(puzzle, keep=1, time_limit=time_limit)
        times.append(time.perf_counter() - start)
        results.append(result)
    if len({(r.status, r.count, _digits(r)) for r in results}) != 1:
        raise RuntimeError(f"{name}: the repeated runs gave different answers")
    return dataclasses.replace(_timed("asp-sudoku", name, results[-1]), seconds=statistics.median(times))


def ours_collection(
    named: Sequence[tuple[str, Puzzle]], *, workers: int = 1, processes: bool = False,
    threads: int = 1, time_limit: float | None = None,
) -> tuple[list[Timed], float]:
    """A collection through `solve_many` (uniqueness): `workers` at a time (threads of this
    process, or with `processes` processes), `threads` clingo threads on each puzzle; per-puzzle
    results and the wall time."""
    start = time.perf_counter()
    results = list(
        solve_many(
            [p for _, p in named], keep=1, workers=workers, processes=processes,
            threads=threads, time_limit=time_limit,
        )
    )
    wall = time.perf_counter() - start
    return [_timed("asp-sudoku", n, r) for (n, _), (_, r) in zip(named, results)], wall


# ---------------------------------------------------------------------------------------------
# The naive reference encoding


@cache
def _naive_environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(HERE / "naive")),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


NAIVE_TEMPLATES = {"base.lp.j2": "base.lp.j2", "killer.lp.j2": "killer.lp.j2"}


def naive_program(puzzle: Puzzle) -> str:
    """The naive reference program: bench/naive/ base and killer templates, the project's plain
    templates for every other rule, the same facts (no speed-only templates or facts)."""
    context = size_context(puzzle)
    parts = []
    for name in _plain_template_names(puzzle):
        if name in NAIVE_TEMPLATES:
            parts.append(_naive_environment().get_template(NAIVE_TEMPLATES[name]).render(**context))
        else:
            parts.append(environment().get_template(name).render(**context))
    return "\n".join(parts) + "\n" + "\n".join(_plain_facts(puzzle)) + "\n"


def _plain_template_names(puzzle: Puzzle) -> tuple[str, ...]:
    return template_names(puzzle, plain=True)


def _plain_facts(puzzle: Puzzle) -> list[str]:
    return data_facts(puzzle, plain=True)


def naive_collection(
    named: Sequence[tuple[str, Puzzle]], *, time_limit: float | None
) -> tuple[list[Timed], float]:
    """A collection with the naive encoding, solved the same way (ground once per shape, givens
    as assumptions, same solver options), each puzzle stopped after `time_limit` seconds."""
    cache_ = SolverCache(program=naive_program)
    out = []
    start = time.perf_counter()
    for name, puzzle in named:
        # the first puzzle of a shape on its own, the others under assumptions, as `solve_many`
        result = solve_with_cache(puzzle, cache_, limit=2, keep=1, time_limit=time_limit)
        out.append(_timed("naive", name, result))
    return out, time.perf_counter() - start


# ---------------------------------------------------------------------------------------------
# SWI-Prolog


@dataclass(frozen=True)
class PrologRun:
    """One run of a seed program: solutions counted, seconds, finished or stopped at the cap."""

    program: str
    workload: str
    count: int
    seconds: float
    finished: bool
    first: str | None


def swipl() -> str | None:
    """The swipl executable, or None when SWI-Prolog is not installed."""
    from shutil import which

    return which("swipl")


def prolog(program: str, workload: str, limit: int, cap: float) -> PrologRun:
    """Run bench/prolog/<program> on a workload: count up to `limit` solutions (0: all) within
    `cap` seconds (the program stops itself; the process is killed 30 s later as a backstop)."""
    exe = swipl()
    if exe is None:
        raise RuntimeError("swipl not found: apt-get install swi-prolog-nox")
    cmd = [exe, "-q", str(PROLOG / program), "--", workload, str(limit), str(cap)]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=cap + 30, cwd=PROLOG)
    except subprocess.TimeoutExpired:
        return PrologRun(program, workload, 0, cap, False, None)
    for line in proc.stdout.splitlines():
        parts = line.split()
        if parts and parts[0] == "RESULT":
            _, name, n, seconds, status, first = parts
            return PrologRun(
                program,
                name,
                int(n),
                float(seconds),
                status == "done",
                None if first == "-" else first,
            )
    raise RuntimeError(
        f"{program} {workload}: no RESULT line: {proc.stdout[-300:]} {proc.stderr[-300:]}"
    )


# ---------------------------------------------------------------------------------------------
# Whole processes


@dataclass(frozen=True)
class ProcessRun:
    """Median wall seconds over repeats, the largest peak RSS (MB) seen, and the median CPU
    seconds (user + system) of the command's process."""

    command: str
    seconds: float
    rss_mb: float
    returncode: int
    cpu: float = 0.0


# A small wrapper process runs each timed command and prints its wall time and peak RSS (KB): a
# child forked straight from this (large) process would report this process's memory as its own
# high-water mark.
_WRAPPER_TIMED = (
    "import resource, subprocess, sys, time; "
    "t = time.perf_counter(); "
    "code = subprocess.call(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL); "
    "t = time.perf_counter() - t; "
    "u = resource.getrusage(resource.RUSAGE_CHILDREN); "
    "print(t, u.ru_maxrss, u.ru_utime + u.ru_stime); sys.exit(code)"
)


def run_process(cmd: Sequence[str], *, repeat: int = 1, env: dict[str, str] | None = None) -> ProcessRun:
    """Run a command `repeat` times (output discarded); the median wall time (the wrapper's
    start-up excluded as far as possible: it is timed from the wrapper's side), the peak
    resident memory and the median CPU time of the command."""
    runs = [_run_once(cmd, env) for _ in range(repeat)]
    return ProcessRun(
        " ".join(cmd),
        statistics.median(r[0] for r in runs),
        max(r[1] for r in runs),
        runs[-1][3],
        statistics.median(r[2] for r in runs),
    )


def _run_once(cmd: Sequence[str], env: dict[str, str] | None) -> tuple[float, float, float, int]:
    """(wall seconds, peak RSS MB, CPU seconds, exit code) of one run."""
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-c", _WRAPPER_TIMED, *cmd], capture_output=True, text=True, cwd=ROOT, env=env
    )
    wall = time.perf_counter() - start
    try:
        seconds, rss_kb, cpu = proc.stdout.split()
        return float(seconds), int(rss_kb) / 1024, float(cpu), proc.returncode
    except ValueError:
        return wall, 0.0, wall, proc.returncode


def run_pair(
    first: Sequence[str], second: Sequence[str], *, repeat: int, env: dict[str, str] | None = None
) -> tuple[ProcessRun, ProcessRun, float, float]:
    """Run two commands in turn (first, second, first, ...) after one warm-up run of each; their
    medians, and the medians of the pairwise ratios first/second of CPU time and of wall time
    (pairing cancels much of the drift of a shared machine)."""
    _run_once(first, env), _run_once(second, env)
    a, b = [], []
    for _ in range(repeat):
        a.append(_run_once(first, env))
        b.append(_run_once(second, env))

    def summary(cmd: Sequence[str], runs: list[tuple[float, float, float, int]]) -> ProcessRun:
        return ProcessRun(
            " ".join(cmd), statistics.median(r[0] for r in runs), max(r[1] for r in runs),
            runs[-1][3], statistics.median(r[2] for r in runs),
        )

    cpu_ratio = statistics.median(x[2] / max(y[2], 1e-9) for x, y in zip(a, b))
    wall_ratio = statistics.median(x[0] / max(y[0], 1e-9) for x, y in zip(a, b))
    return summary(first, a), summary(second, b), cpu_ratio, wall_ratio


def python() -> str:
    """The Python running the benchmark (its environment has asp-sudoku's dependencies)."""
    return sys.executable
