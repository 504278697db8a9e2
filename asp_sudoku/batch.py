"""Solving collections in bulk: every puzzle of every file, one JSON line per puzzle.

Each line is written with a single ``write`` and then flushed and fsynced, so a result that was
written survives even SIGKILL; a resumed run (`resume=True`) drops a trailing half-written line
(if the disk filled up mid-write), drops the error lines (those puzzles are read and solved
again: a line fixed since is answered) and skips every puzzle whose id is already in the file.
Puzzles are solved with `solve.solve_many`, in this process, in N local worker processes, or on
a Dask cluster; the lines are the same whatever the backend (only their order and `seconds`
differ).  A puzzle that cannot be read is an error line, and the batch goes on.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from asp_sudoku.core.errors import AspSudokuError, PuzzleFormatError
from asp_sudoku.core.model import Grid, Puzzle
from asp_sudoku.core.result import Result
from asp_sudoku.formats import iter_entries, read_source
from asp_sudoku.solving.single import solve_many

Line = dict[str, Any]
Job = tuple[str, Puzzle]
STATUSES = ("unique", "multiple", "unsatisfiable", "satisfiable", "unknown", "error")


def solution_text(grid: Grid) -> str | list[list[int]]:
    """A solution as a row-major digit string (grids up to 9x9), else as rows of numbers."""
    if grid.size <= 9 and all(0 <= v <= 9 for row in grid.rows for v in row):
        return grid.as_string()
    return grid.as_lists()


def result_line(pid: str, result: Result, puzzle: Puzzle | None = None) -> Line:
    """The JSON line of one solved puzzle (with ``extra``, the extra cells' digits by name, for
    a solved puzzle that has extra cells)."""
    line: Line = {
        "id": pid,
        "status": result.status,
        "solution": solution_text(result.solutions[0]) if result.solutions else None,
        "count": result.count,
        "exhausted": result.exhausted,
        "seconds": round(result.seconds, 4),
    }
    if puzzle is not None and puzzle.extra and result.solutions:
        line["extra"] = {name: result.solutions[0].value(place) for name, place in puzzle.extra_cells().items()}
    return line


def json_line(line: Line) -> str:
    """One result as compact JSON; all-ASCII when a name or message holds a character that
    would split the line for other readers (U+2028, U+0085) or is no text at all."""
    text = json.dumps(line, ensure_ascii=False, separators=(",", ":"))
    return text if text.isprintable() else json.dumps(line, separators=(",", ":"))


def error_line(pid: str, message: str) -> Line:
    """The JSON line of a puzzle that could not be read or solved."""
    return {"id": pid, "status": "error", "error": message, "solution": None, "count": 0, "exhausted": False, "seconds": 0.0}


def jobs(files: Sequence[str], fmt: str | None = None) -> Iterator[Job | Line]:
    """(id, puzzle) for every puzzle of every file, or an error line for what cannot be read."""
    seen: set[str] = set()
    for path in files:
        try:
            items: Iterable[Puzzle | PuzzleFormatError] = iter_entries(*read_source(path), fmt)
            for item in items:
                if isinstance(item, PuzzleFormatError):
                    pid = f"{item.path}:{item.line}" if item.line else item.path
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


def solve_stream(chunk: Sequence[Job], time_limit: float | None = None) -> Iterator[Line]:
    """Solve (id, puzzle) pairs with one `solve_many` call, yielding each line when it is known.

    If `solve_many` raises at some puzzle, the rest are solved one at a time, so that only the
    puzzle at fault becomes an error line.
    """
    pending = {id(p): (pid, p) for pid, p in chunk}
    try:
        for puzzle, result in solve_many([p for _, p in chunk], limit=2, keep=1, time_limit=time_limit):
            key = id(puzzle) if id(puzzle) in pending else next(
                k for k, (_, p) in pending.items() if p == puzzle and p.label == puzzle.label
            )
            pid, _ = pending.pop(key)
            yield result_line(pid, result, puzzle)
    except AspSudokuError:
        for pid, p in list(pending.values()):
            try:
                for _, result in solve_many([p], limit=2, keep=1, time_limit=time_limit):
                    yield result_line(pid, result, p)
            except AspSudokuError as exc:
                yield error_line(pid, str(exc))


def solve_chunk(chunk: Sequence[Job], time_limit: float | None = None) -> list[Line]:
    """All lines of a chunk (what a worker process or Dask task returns)."""
    return list(solve_stream(chunk, time_limit))


class ResultsFile:
    """An append-only JSONL file where every line is written whole, then flushed and fsynced."""

    def __init__(self, path: str, resume: bool) -> None:
        self.path = path
        self.done: set[str] = set()
        if resume and os.path.exists(path):
            self.done = self._recover()
        elif os.path.exists(path) and os.path.getsize(path) > 0:
            raise AspSudokuError(f"{path} already holds results: use --resume to continue it, or remove it")
        self.fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)

    def _recover(self) -> set[str]:
        """Ids already solved; a trailing partial line is cut off, and error lines are dropped
        (their puzzles are done again: the file or the line may have been fixed since).

        Each line is written with one `write` ending in its newline, so only the last piece
        can be partial.  A complete line that is not a result is somebody else's edit: an error,
        never a reason to cut off the results after it.
        """
        with open(self.path, "rb") as f:
            data = f.read()
        done: set[str] = set()
        kept: list[bytes] = []
        good = 0
        for number, raw in enumerate(data.split(b"\n")[:-1], start=1):
            try:
                obj = json.loads(raw)
                pid, status = str(obj["id"]), obj.get("status")
            except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
                raise AspSudokuError(
                    f"{self.path}:{number}: not a result line of asp-sudoku batch; fix or remove it "
                    "before --resume (nothing was changed)"
                ) from None
            good += len(raw) + 1
            if status != "error":
                done.add(pid)
                kept.append(raw + b"\n")
        if len(kept) < data.count(b"\n"):  # error lines to drop: write the rest anew, atomically
            self._replace(b"".join(kept))
        elif good < len(data):
            with open(self.path, "r+b") as f:
                f.truncate(good)
                f.flush()
                os.fsync(f.fileno())
        return done

    def _replace(self, data: bytes) -> None:
        """Give the file these bytes: a new file, fsynced, renamed over the old one."""
        temp = f"{self.path}.resume-tmp"
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temp, self.path)
        try:  # the rename itself survives a crash once the folder is synced
            folder = os.open(os.path.dirname(os.path.abspath(self.path)), os.O_RDONLY)
        except OSError:
            return
        try:
            os.fsync(folder)
        except OSError:
            pass
        finally:
            os.close(folder)

    def write(self, line: Line) -> None:
        """Append one line durably."""
        data = (json_line(line) + "\n").encode()
        written = os.write(self.fd, data)
        while written < len(data):
            written += os.write(self.fd, data[written:])
        os.fsync(self.fd)

    def close(self) -> None:
        """Close the file."""
        os.close(self.fd)


@dataclass
class Summary:
    """Counts by status, and timing."""

    counts: dict[str, int] = field(default_factory=lambda: {s: 0 for s in STATUSES})
    skipped: int = 0
    started: float = field(default_factory=time.perf_counter)
    interrupted: bool = False

    @property
    def total(self) -> int:
        """Puzzles handled in this run."""
        return sum(self.counts.values())

    def add(self, line: Line) -> None:
        """Count one result line."""
        self.counts[line["status"]] = self.counts.get(line["status"], 0) + 1

    def text(self) -> str:
        """The closing summary line."""
        seconds = time.perf_counter() - self.started
        rate = self.total / seconds if seconds > 0 else 0.0
        c = self.counts
        parts = [f"{c['unique']} unique", f"{c['multiple']} multiple", f"{c['unsatisfiable']} unsatisfiable"]
        if c.get("unknown") or c.get("satisfiable"):
            parts.append(f"{c.get('unknown', 0) + c.get('satisfiable', 0)} undecided (time limit)")
        parts.append(f"{c['error']} errors")
        text = f"{self.total} puzzles: {', '.join(parts)}; {seconds:.1f} s, {rate:.1f} puzzles/s"
        if self.skipped:
            text += f" ({self.skipped} already done, skipped)"
        if self.interrupted:
            text += " -- interrupted"
        return text


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
    `dask_address` sends the work to a Dask scheduler instead.
    """
    summary = Summary()
    done = done or set()
    todo: list[Job] = []
    for job in jobs(files, fmt):
        if isinstance(job, dict):
            if job["id"] in done:
                summary.skipped += 1
                continue
            emit(job)
            summary.add(job)
        elif job[0] in done:
            summary.skipped += 1
        else:
            todo.append(job)
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


def _chunk_size(n: int, workers: int) -> int:
    return max(1, min(25, n // (workers * 8) or 1))


def _processes(todo: list[Job], workers: int, time_limit: float | None) -> Iterator[list[Line]]:
    import multiprocessing
    from functools import partial

    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(workers) as pool:
        try:
            yield from pool.imap_unordered(partial(solve_chunk, time_limit=time_limit), _chunks(todo, _chunk_size(len(todo), workers)))
        except KeyboardInterrupt:
            pool.terminate()
            raise


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
