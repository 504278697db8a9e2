"""The only module that touches clingo: ground a program, solve, enumerate, count, decode.

Models are streamed: each is decoded into a `Grid`, checked by the independent checker and
handed to the caller's callback, and only as many as asked for are kept.  Solving runs
asynchronously so that a time limit and Ctrl-C stop it cleanly with what was found so far.
Grounding runs in a worker thread (`solving_ground`, split out of this module) so that Ctrl-C
also stops a long grounding.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from threading import Event

import clingo

from asp_sudoku.core.errors import AspSudokuError
from asp_sudoku.core.model import Grid, Puzzle
from asp_sudoku.core.result import (  # re-exported: the solving API hands these out
    MULTIPLE as MULTIPLE,
)
from asp_sudoku.core.result import (
    SATISFIABLE as SATISFIABLE,
)
from asp_sudoku.core.result import (
    UNIQUE as UNIQUE,
)
from asp_sudoku.core.result import (
    UNKNOWN as UNKNOWN,
)
from asp_sudoku.core.result import (
    UNSATISFIABLE as UNSATISFIABLE,
)
from asp_sudoku.core.result import (
    Result as Result,
)
from asp_sudoku.core.result import counted_to, past
from asp_sudoku.core.result import (
    status_of as status_of,
)
from asp_sudoku.program.guard import check_program_text
from asp_sudoku.program.options import search_options
from asp_sudoku.solving.ground import OUT_OF_MEMORY, ground_in_worker
from asp_sudoku.solving.program import program_text
from asp_sudoku.solving.progress import meter
from asp_sudoku.solving.shape import KeyDecoder
from asp_sudoku.solving.sigint import sigint_held, wait_for
from asp_sudoku.solving.verify import checked

MAX_THREADS = 64  # clingo's limit for --parallel-mode


def _control(models: int, threads: int, options: Sequence[str] = ()) -> clingo.Control:
    if not 1 <= threads <= MAX_THREADS:
        raise AspSudokuError(f"threads must be 1-{MAX_THREADS}, not {threads}")
    if models >= 2**63:  # beyond clingo's option range, and beyond any search: no limit
        models = 0
    args = [f"--models={models}", "--warn=none", *options]
    if threads > 1:
        args.append(f"--parallel-mode={threads}")
    return clingo.Control(args, logger=lambda code, msg: None)


CHECKED_WHEN_COUNTING = 100
"""A count (models found, not kept) still decodes its first models and checks each with the
independent checker, so that a template that allows too much stops the count with the checker's
internal error instead of giving a wrong number (a raw-grid anti-king once counted 7,001,316 grids
for 42); about 5 ms for 100 models of a 9x9."""


def solve_program(
    puzzle: Puzzle,
    text: str,
    *,
    limit: int | None = 2,
    keep: int | None = None,
    time_limit: float | None = None,
    threads: int = 1,
    decode_models: bool = True,
    on_solution: Callable[[Grid], None] | None = None,
    cancel: Event | None = None,
    conflicts: int | None = None,
    started: float | None = None,
) -> Result:
    """Ground and solve a program text for a puzzle.

    `limit` stops after that many models (None: all).  `keep` is how many decoded grids the
    result holds (None: all found; only sensible with a limit).  `decode_models=False` only
    counts, past the first `CHECKED_WHEN_COUNTING` models, which are still decoded and checked.
    `on_solution` is called with each checked grid as it is found.  Setting `cancel` (from
    another thread) stops the search within 50 ms, as Ctrl-C does: the result is marked
    interrupted.  Inside `asp_sudoku.solving.watch.watching` the watch can stop it too, and
    its `found` follows the models found.  `conflicts` stops the search after that many
    conflicts (clingo's ``--solve-limit``: a deterministic budget; the result is then not
    exhausted).  `started`: when the caller began building the program (`time.perf_counter()`),
    so that the result's seconds and the time limit count that too.
    """
    from asp_sudoku.solving.watch import current

    start = time.perf_counter() if started is None else started
    watch = current()
    if watch is not None:
        watch.found = 0
    check_program_text(text)
    ctl = _control(0 if limit is None else limit, threads, search_options(puzzle))
    if conflicts is not None:
        ctl.configuration.solve.solve_limit = str(conflicts)  # type: ignore[union-attr]
    try:
        ground_in_worker(ctl, text)
    except RuntimeError as exc:  # clingo reports syntax errors this way
        raise AspSudokuError(f"the program could not be grounded: {exc}") from None
    except MemoryError:
        raise AspSudokuError(OUT_OF_MEMORY.format(what="grounding")) from None
    kept: list[Grid] = []
    count = 0
    failure: list[BaseException] = []
    decoder = KeyDecoder(puzzle.size, puzzle.cols)

    def on_model(model: clingo.Model) -> bool:
        nonlocal count
        count += 1
        if watch is not None:
            watch.found = count
        if not decode_models and count > CHECKED_WHEN_COUNTING:
            return True
        try:
            grid = checked(puzzle, decoder.grid(model))
            if keep is None or len(kept) < keep:
                kept.append(grid)
            if on_solution is not None:
                on_solution(grid)
        except BaseException as exc:  # stop the search, re-raise outside clingo
            failure.append(exc)
            return False
        return True

    deadline = None if time_limit is None else start + time_limit
    gauge = meter()  # progress, when the caller watches it
    tick = None if gauge is None else (lambda: gauge.update(count))
    try:
        with ctl.solve(on_model=on_model, async_=True) as handle:
            stop = cancel.is_set if cancel is not None else None
            timed_out, interrupted = wait_for(handle, deadline, stop, tick)
            outcome = handle.get()
    except MemoryError:
        raise AspSudokuError(OUT_OF_MEMORY.format(what="solving")) from None
    finally:
        if gauge is not None:
            gauge.done(count)
    with sigint_held():  # freed here: a Ctrl-C inside Control.__del__ would be lost ("Exception ignored")
        del ctl, handle
    if failure:
        raise failure[0]
    exhausted = bool(outcome.exhausted) and not (interrupted or timed_out)
    return Result(
        status=status_of(count, exhausted),
        count=count,
        exhausted=exhausted,
        solutions=tuple(kept),
        seconds=time.perf_counter() - start,
        timed_out=timed_out,
        interrupted=interrupted,
        puzzle=puzzle,
    )


def solve(
    puzzle: Puzzle,
    *,
    limit: int | None = 2,
    keep: int | None = None,
    time_limit: float | None = None,
    threads: int = 1,
    on_solution: Callable[[Grid], None] | None = None,
    conflicts: int | None = None,
    cancel: Event | None = None,
) -> Result:
    """Solve a puzzle.  By default looks for two solutions, which decides uniqueness;
    `conflicts` bounds the search, setting `cancel` stops it (`solve_program`).  The result's
    seconds count building the program too."""
    started = time.perf_counter()
    return solve_program(
        puzzle,
        program_text(puzzle),
        limit=limit,
        keep=keep,
        time_limit=time_limit,
        threads=threads,
        on_solution=on_solution,
        conflicts=conflicts,
        cancel=cancel,
        started=started,
    )


def count(
    puzzle: Puzzle,
    *,
    limit: int | None = None,
    time_limit: float | None = None,
    threads: int = 1,
) -> Result:
    """Count solutions without decoding them (all of them, or up to `limit`: exact when there
    are no more than `limit`, else `limit` and not exhausted; `counted_to`)."""
    started = time.perf_counter()
    result = solve_program(
        puzzle,
        program_text(puzzle),
        limit=past(limit),
        keep=0,
        time_limit=time_limit,
        threads=threads,
        decode_models=False,
        started=started,
    )
    return counted_to(result, limit)


def solve_many(
    puzzles: Iterable[Puzzle],
    *,
    limit: int | None = 2,
    keep: int | None = 1,
    time_limit: float | None = None,
    threads: int = 1,
    workers: int = 1,
    processes: bool = False,
) -> Iterator[tuple[Puzzle, Result]]:
    """Solve a collection, yielding each puzzle's result in input order as soon as it is known.

    Gives the same results as `solve` on each puzzle: status, count and the grids, in the same
    order, whatever was solved before it and with any number of workers (a puzzle with several
    solutions whose grids are kept is searched again on its own: `many.solve_with_cache`).  Puzzles that
    differ only in their givens share one grounded program and are solved under assumptions
    (asp_sudoku/solving/many.py).  `workers` > 1 solves that many puzzles at a time, each
    worker a thread of this process with its own solvers (asp_sudoku/solving/threads.py), or
    with `processes` a process of its own (asp_sudoku/solving/workers.py); `threads` (clingo's
    parallel search on each puzzle) is then 1.
    """
    if workers > 1:
        if processes:
            from asp_sudoku.solving.workers import solve_in_workers

            yield from solve_in_workers(puzzles, workers, limit=limit, keep=keep, time_limit=time_limit)
        else:
            from asp_sudoku.solving.threads import solve_in_threads

            yield from solve_in_threads(puzzles, workers, limit=limit, keep=keep, time_limit=time_limit)
        return
    from asp_sudoku.solving.many import SolverCache, solve_with_cache

    cache = SolverCache(threads)
    for puzzle in puzzles:
        yield puzzle, solve_with_cache(puzzle, cache, limit=limit, keep=keep, time_limit=time_limit)
