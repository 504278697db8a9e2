"""Solving a collection in several threads of this process (`solve_many(..., workers=N)`).

Each worker thread keeps its own grounded programs (`SolverCache`, so its own clingo controls)
and takes the next puzzle from the input when it is free; results are yielded in input order.
clingo releases Python's lock while it grounds and searches, so N threads keep N cores busy; only
the Python part of each puzzle (rendering, decoding, checking: about a fifth of a classic
puzzle's time) takes turns.  Measured on the magictour collection (bench/README.md): two threads
solve about 1.8 times as many puzzles a second as one, with no process start-up, nothing copied
between processes, and one grounding per worker.

Ctrl-C (or closing the generator) stops every worker: searches under way are interrupted through
clingo, the workers finish the puzzle in hand, and the exception goes on to the caller.  An error
raised for one puzzle is raised when that puzzle's turn comes, as `solve_many` does in one thread.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator

from asp_sudoku.core.model import Puzzle
from asp_sudoku.solving.many import SolverCache, solve_with_cache
from asp_sudoku.solving.single import Result

# How far the workers may run ahead of the caller (results held for puzzles not yet yielded).
AHEAD = 256


def solve_in_threads(
    puzzles: Iterable[Puzzle],
    workers: int,
    *,
    limit: int | None = 2,
    keep: int | None = 1,
    time_limit: float | None = None,
) -> Iterator[tuple[Puzzle, Result]]:
    """Like `solve_many`, with `workers` threads solving at once."""
    source = iter(puzzles)
    reading = threading.Lock()  # the input may be a generator: one reader at a time
    caches = [SolverCache() for _ in range(workers)]
    state = threading.Condition()  # wakes the caller (a result it waits for) or held workers
    results: dict[int, tuple[Puzzle, Result] | BaseException] = {}
    stop = threading.Event()
    wanted = 0  # the next index the caller waits for (written by the caller only)
    read = 0  # puzzles taken from the input so far (written under `reading` only)
    total: list[int] = []  # [number of puzzles] once the input is used up (or has failed)

    def next_puzzle() -> tuple[int, Puzzle] | None:
        nonlocal read
        with reading:
            if stop.is_set() or total:
                return None
            try:
                puzzle = next(source)
            except BaseException as exc:  # the end, or the input itself failed
                if not isinstance(exc, StopIteration):
                    results[read] = exc  # raised in the place of the puzzle it did not give
                total.append(read)
                with state:
                    state.notify_all()
                return None
            index = read
            read += 1
        with state:  # not too far ahead of the caller (results are held until it takes them)
            while not stop.is_set() and index - wanted >= AHEAD:
                state.wait()
        return index, puzzle

    def work(cache: SolverCache) -> None:
        while (item := next_puzzle()) is not None:
            index, puzzle = item
            outcome: tuple[Puzzle, Result] | BaseException
            try:
                outcome = (puzzle, solve_with_cache(
                    puzzle, cache, limit=limit, keep=keep, time_limit=time_limit, cancel=stop,
                ))
            except BaseException as exc:  # raised to the caller at this puzzle's turn
                outcome = exc
            results[index] = outcome
            if index == wanted:  # the caller may be waiting for this one
                with state:
                    state.notify_all()

    pool = [
        threading.Thread(target=work, args=(cache,), name=f"asp-sudoku-solve-{i}", daemon=True)
        for i, cache in enumerate(caches)
    ]
    for thread in pool:
        thread.start()
    missing = object()
    try:
        while True:
            outcome = results.pop(wanted, missing)
            if outcome is missing:
                with state:
                    while wanted not in results and not (total and wanted >= total[0]):
                        state.wait(0.1)  # a timeout, so that Ctrl-C is seen
                if wanted not in results:
                    return
                continue
            wanted += 1
            if wanted % 32 == 0:  # workers held back by AHEAD may go on
                with state:
                    state.notify_all()
            if isinstance(outcome, BaseException):
                raise outcome
            yield outcome  # type: ignore[misc]
    finally:
        stop.set()
        for cache in caches:
            cache.interrupt()
        with state:
            state.notify_all()
        for thread in pool:
            thread.join()
