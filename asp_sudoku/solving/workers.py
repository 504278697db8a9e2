"""Solving a collection in several worker processes (`solve_many(..., workers=N, processes=True)`).

Each worker keeps its own grounded programs (`SolverCache`) and solves chunks of consecutive
puzzles; results come back in input order.  On Linux workers are forked (they start at once,
without importing the package again; the parent holds no solver thread at that point); elsewhere
they are spawned, which needs the usual ``if __name__ == "__main__":`` guard in scripts.
"""

from __future__ import annotations

import multiprocessing
import sys
from collections.abc import Iterable, Iterator
from itertools import islice

from asp_sudoku.core.model import Puzzle
from asp_sudoku.solving.many import SolverCache, solve_with_cache
from asp_sudoku.solving.single import Result

CHUNK = 64
_OPTIONS: dict[str, object] = {}
_CACHE: list[SolverCache] = []


def _init(options: dict[str, object]) -> None:
    _OPTIONS.update(options)
    _CACHE[:] = [SolverCache()]


def _solve_chunk(chunk: list[Puzzle]) -> list[Result]:
    """Solve one chunk in a worker (the worker's own cache is kept across its chunks)."""
    return [solve_with_cache(puzzle, _CACHE[0], **_OPTIONS) for puzzle in chunk]  # type: ignore[arg-type]


def _chunks(puzzles: Iterable[Puzzle], size: int) -> Iterator[list[Puzzle]]:
    it = iter(puzzles)
    while chunk := list(islice(it, size)):
        yield chunk


def solve_in_workers(
    puzzles: Iterable[Puzzle],
    workers: int,
    *,
    limit: int | None = 2,
    keep: int | None = 1,
    time_limit: float | None = None,
) -> Iterator[tuple[Puzzle, Result]]:
    """Like `solve_many`, with the puzzles spread over `workers` processes."""
    ctx = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")
    options = {"limit": limit, "keep": keep, "time_limit": time_limit}
    chunks = list(_chunks(puzzles, CHUNK))
    with ctx.Pool(workers, initializer=_init, initargs=(options,)) as pool:
        try:
            for chunk, results in zip(chunks, pool.imap(_solve_chunk, chunks)):
                yield from zip(chunk, results)
        except BaseException:
            pool.terminate()
            raise
