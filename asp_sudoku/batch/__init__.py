"""Solving collections in bulk: every puzzle of every file, one JSON line per puzzle.

Each line is written with a single ``write`` (the file fsynced at least once a second and at the
end: `results_file`), so a result that was written survives even SIGKILL; a resumed run
(`resume=True`) drops a trailing half-written line (if the disk filled up mid-write, or what a
crash of the machine left unwritten), drops the error lines (those puzzles are read and solved
again: a line fixed since is answered) and skips every puzzle whose id is already in the file.
Puzzles are solved with `solve.solve_many`, in this process, in N local worker processes, or on
a Dask cluster; the lines are the same whatever the backend (only their order and `seconds`
differ).  A puzzle that cannot be read is an error line, and the batch goes on.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator, Sequence

from asp_sudoku.batch.lines import (
    STATUSES,
    Job,
    Line,
    Summary,
    error_line,
    json_line,
    result_line,
    solution_text,
)
from asp_sudoku.batch.results_file import ResultsFile
from asp_sudoku.core.errors import AspSudokuError, PuzzleFormatError
from asp_sudoku.core.model import Puzzle
from asp_sudoku.formats import iter_entries, read_source
from asp_sudoku.solving.many import SolverCache, solve_with_cache
from asp_sudoku.solving.sigint import sigint_ignored
from asp_sudoku.solving.single import solve_many

__all__ = [
    "STATUSES", "Job", "Line", "ResultsFile", "Summary", "error_line", "jobs", "json_line", "result_line",
    "run_batch", "solution_text", "solve_chunk", "solve_stream",
]


def jobs(files: Sequence[str], fmt: str | None = None) -> Iterator[Job | Line]:
    """(id, puzzle) for every puzzle of every file, or an error line for what cannot be read."""
    seen: set[str] = set()
    for path in files:
        try:
            items: Iterable[Puzzle | PuzzleFormatError] = iter_entries(*read_source(path), fmt)
            for item in items:
                if isinstance(item, PuzzleFormatError):
                    pid = item.label
                    if pid not in seen:
                        seen.add(pid)
                        yield error_line(pid, str(item))
                    continue
                if item.label not in seen:
                    seen.add(item.label)
                    yield item.label, item
        except AspSudokuError as exc:
            if path not in seen:
                seen.add(path)
                yield error_line(path, str(exc))


def solve_stream(chunk: Iterable[Job], time_limit: float | None = None, cache: SolverCache | None = None) -> Iterator[Line]:
    """Solve (id, puzzle) pairs as `solve_many` does, through `cache` (default: a new one),
    yielding each line when it is known (the pairs are taken one at a time: a stream of them
    is never held whole).

    A puzzle that raises is solved again on its own, so that only the puzzle at fault becomes
    an error line.
    """
    cache = SolverCache() if cache is None else cache
    for pid, puzzle in chunk:
        try:
            result = solve_with_cache(puzzle, cache, limit=2, keep=1, time_limit=time_limit)
        except AspSudokuError:
            try:
                [(_, result)] = solve_many([puzzle], limit=2, keep=1, time_limit=time_limit)
            except AspSudokuError as exc:
                yield error_line(pid, str(exc))
                continue
        result.unless_interrupted()  # a puzzle Ctrl-C stopped gets no line ("undecided"): `--resume` redoes it
        yield result_line(pid, result, puzzle)


_WORKER = threading.local()


def solve_chunk(chunk: Sequence[Job], time_limit: float | None = None) -> list[Line]:
    """All lines of a chunk (what a worker process or Dask task returns).  A worker (each
    thread of it: a Dask worker runs tasks in threads) keeps its grounded programs for its next
    chunks: a new cache for every chunk of 25 classic puzzles grounded the grid again (some
    60 ms a chunk), and made `--workers 2` 3.6 times as slow as one process."""
    cache = getattr(_WORKER, "cache", None)
    if cache is None:
        cache = _WORKER.cache = SolverCache()
    return list(solve_stream(chunk, time_limit, cache))


def _chunks(items: list[Job], size: int) -> list[list[Job]]:
    return [items[i : i + size] for i in range(0, len(items), size)]


def run_batch(
    files: Sequence[str],
    *,
    emit: Callable[[Line], None],
    fmt: str | None = None,
    done: set[str] | None = None,
    workers: int = 1,
    dask_address: str | None = None,
    time_limit: float | None = None,
    progress: Callable[[Summary, int], None] | None = None,
) -> Summary:
    """Solve every puzzle of the files, calling `emit` with each result line as it is known.

    Puzzles whose id is in `done` are skipped.  `workers` > 1 uses local processes;
    `dask_address` sends the work to a Dask scheduler instead.  In one process without a
    `progress` display (which shows the total), each puzzle is solved as it is read, so memory
    does not grow with the files (error lines then come in input order, among the results);
    otherwise every puzzle is read first.
    """
    summary = Summary()
    done = done or set()
    if progress is None and not dask_address and workers <= 1:
        try:
            for line in solve_stream(_unanswered(files, fmt, done, summary, emit), time_limit):
                emit(line)
                summary.add(line)
        except KeyboardInterrupt:
            summary.interrupted = True
        return summary
    todo = list(_unanswered(files, fmt, done, summary, emit))
    total = summary.total + len(todo)

    def take(lines: Iterable[Line]) -> None:
        for line in lines:
            emit(line)
            summary.add(line)
            if progress is not None:
                progress(summary, total)

    try:
        if dask_address:
            take_all = _dask(todo, dask_address, time_limit)
            for lines in take_all:
                take(lines)
        elif workers > 1 and len(todo) > 1:
            for lines in _processes(todo, workers, time_limit):
                take(lines)
        else:
            take(solve_stream(todo, time_limit))
    except KeyboardInterrupt:
        summary.interrupted = True
    return summary


def _unanswered(
    files: Sequence[str], fmt: str | None, done: set[str], summary: Summary, emit: Callable[[Line], None]
) -> Iterator[Job]:
    """The jobs of the files not in `done`, one at a time; error lines are emitted as they come."""
    for job in jobs(files, fmt):
        if isinstance(job, dict):
            if job["id"] in done:
                summary.skipped += 1
            else:
                emit(job)
                summary.add(job)
        elif job[0] in done:
            summary.skipped += 1
        else:
            yield job


def _chunk_size(n: int, workers: int) -> int:
    return max(1, min(25, n // (workers * 8) or 1))


def _processes(todo: list[Job], workers: int, time_limit: float | None) -> Iterator[list[Line]]:
    """The chunks solved by worker processes: no more of them than there are chunks.  The workers
    ignore Ctrl-C (the terminal sends it to them too): the parent stops them, and the summary
    says "interrupted" without a traceback from each."""
    import multiprocessing
    from functools import partial

    chunks = _chunks(todo, _chunk_size(len(todo), workers))
    ctx = multiprocessing.get_context("spawn")
    with sigint_ignored():  # a worker starts with SIGINT ignored
        pool = ctx.Pool(min(workers, len(chunks)), initializer=_ignore_ctrl_c)
    with pool:
        try:
            yield from pool.imap_unordered(partial(solve_chunk, time_limit=time_limit), chunks)
        except KeyboardInterrupt:
            pool.terminate()
            pool.join()
            raise


def _ignore_ctrl_c() -> None:
    """In a worker process: SIGINT is the parent's to act on."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _dask(todo: list[Job], address: str, time_limit: float | None) -> Iterator[list[Line]]:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise AspSudokuError("--dask needs the optional extra: pip install 'asp-sudoku[dask]'") from None
    try:
        client = Client(address, timeout=5)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as exc:
        raise AspSudokuError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    try:
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        chunks = _chunks(todo, _chunk_size(len(todo), workers))
        futures = client.map(solve_chunk, chunks, time_limit=time_limit, pure=False)
        for future in as_completed(futures):  # type: ignore[no-untyped-call]
            yield future.result()
    finally:
        client.close()  # type: ignore[no-untyped-call]
