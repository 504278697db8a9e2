"""The results file of a batch: append-only JSON lines, each written whole with one `write`, so
a result that was written survives even SIGKILL (the kernel holds it); the file is fsynced at
most every `SYNC_SECONDS` and when the batch ends, so a crash of the machine itself loses at most
the last second's lines, which `--resume` solves again.  (An fsync after every line made a batch
of classic puzzles 6.5 times as slow: 3.5 ms a puzzle on this disk, against 0.6 ms to solve it.)
`resume` drops a trailing half-written line, whatever a crash left unwritten (NUL bytes) from
the first line that holds one on, and the error lines, and knows the ids already done."""

from __future__ import annotations

import errno
import json
import os
import time

from asp_sudoku.batch.lines import Line, json_line
from asp_sudoku.core.errors import AspSudokuError
from asp_sudoku.core.result import MULTIPLE, SATISFIABLE, UNIQUE, UNKNOWN, UNSATISFIABLE

STATUSES = (UNIQUE, MULTIPLE, UNSATISFIABLE, SATISFIABLE, UNKNOWN, "error")
"""The statuses a result line holds: a line with any other (or an id that is not text) is no
result of ours, and --resume stops at it rather than count its puzzle as done."""


SYNC_SECONDS = 1.0
"""The longest time between two fsyncs of a results file while lines are written."""


class ResultsFile:
    """An append-only JSONL file where every line is written whole, fsynced at least once a
    second and when closed."""

    def __init__(self, path: str, resume: bool) -> None:
        self.path = path
        self.done: set[str] = set()
        self.synced = time.monotonic()
        if os.path.isdir(path):
            raise AspSudokuError(f"{path}: is a folder: give --out a file name")
        try:
            if resume and os.path.exists(path):
                self.done = self._recover()
            elif os.path.exists(path) and os.path.getsize(path) > 0:
                raise AspSudokuError(f"{path} already holds results: use --resume to continue it, or remove it")
            self.fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        except OSError as exc:
            raise AspSudokuError(f"{path}: cannot write: {exc.strerror or exc}") from None

    def _recover(self) -> set[str]:
        """Ids already solved; a trailing partial line is cut off, and error lines are dropped
        (their puzzles are done again: the file or the line may have been fixed since).

        Each line is written with one `write` ending in its newline, so only the last piece
        can be partial, or, after a crash of the machine, everything from the first line holding
        a NUL byte on (what the file system had not written yet; results are redone).  A complete
        line that is not a result is somebody else's edit: an error, never a reason to cut off
        the results after it.
        """
        with open(self.path, "rb") as f:
            data = f.read()
        size = len(data)
        if b"\x00" in data:  # what a crash of the machine left unwritten: no line of ours holds one
            data = data[: data.rfind(b"\n", 0, data.index(b"\x00")) + 1]
        done: set[str] = set()
        kept: list[bytes] = []
        good = 0
        for number, raw in enumerate(data.split(b"\n")[:-1], start=1):
            try:
                obj = json.loads(raw)
                pid, status = obj["id"], obj.get("status")
                if not isinstance(pid, str) or status not in STATUSES:  # skipped for good otherwise
                    raise ValueError
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
        elif good < size:
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
        """Append one line whole; fsync when the last fsync is `SYNC_SECONDS` old."""
        data = (json_line(line) + "\n").encode()
        try:
            written = os.write(self.fd, data)
            while written < len(data):
                written += os.write(self.fd, data[written:])
            if time.monotonic() - self.synced >= SYNC_SECONDS:
                self._sync()
        except OSError as exc:  # a full disk, /dev/full: the user's to fix, not a bug
            raise AspSudokuError(f"{self.path}: cannot write: {exc.strerror or exc}") from None

    def _sync(self) -> None:
        try:
            os.fsync(self.fd)
        except OSError as exc:
            if exc.errno not in (errno.EINVAL, errno.ENOTSUP):  # (a pipe, /dev/stdout: nothing to sync)
                raise
        self.synced = time.monotonic()

    def close(self) -> None:
        """fsync what is written, and close the file."""
        try:
            self._sync()
        except OSError as exc:
            raise AspSudokuError(f"{self.path}: cannot write: {exc.strerror or exc}") from None
        finally:
            os.close(self.fd)
