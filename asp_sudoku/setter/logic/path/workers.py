"""Trials of depth 1 shared out over worker processes (`Trials(workers=N)`): a step's, and
those inside a trial of depth 2.

Before a step of depth 2 the path must show that no candidate leads to a contradiction at depth
1: on a killer that is several hundred propagations, each on its own copy of the candidates, and
most of the step's time.  With N workers the candidates are shared out N ways; worker 0 is the
process of the path itself, the others are forked from it at its first shared trial (so they
start with everything it has worked out) and live until the path ends (`Workers.close`).

The path is the one a single process takes, whatever the number of workers and the timing:
- every worker starts a share from what the path knows (what earlier trials left: `_closed`,
  `_after`), so a trial's propagation ends as it would in one process;
- the step is the first candidate in the trial's order that leads to a contradiction: every
  worker tries its share in that order, and stops only at its own contradiction or past one
  that another worker found earlier in the order;
- the path then keeps what one process would have kept (`Workers._replay`): not what trials
  past that contradiction left (which of them ran depends on timing), nor what a worker's
  trial left that one process would have skipped as leading nowhere.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from asp_sudoku.setter.logic.grid import Mark, Marks
from asp_sudoku.setter.logic.killer.geometry import digits_of
from asp_sudoku.setter.logic.outcome import TimeUp
from asp_sudoku.setter.logic.path.apply import trial_step
from asp_sudoku.setter.logic.path.memory import bitmasks, placed_by
from asp_sudoku.setter.logic.path.trial import Trials
from asp_sudoku.setter.logic.techniques import Step
from asp_sudoku.solving.logic import SearchStopped
from asp_sudoku.solving.sigint import sigint_ignored

Record = tuple[int, Mark, tuple[int, ...], tuple[Mark, ...]]
"""A trial that found no contradiction: its place in the order, the candidate assumed, where
the propagation ended (`bitmasks`), and the candidates it placed (none when it filled the grid)."""
Hit = tuple[int, str]
"""The first contradiction a worker found: its place in the order, and why."""


def shared_trial(
    trials: Trials, marks: Marks, order: list[Mark], now: tuple[int, ...], held: set[Mark], top: bool
) -> Step | None:
    """`Trials.trial` at depth 1 over `order`, shared out over the worker processes (started at
    the first call, ended by `Trials.close`): the same step, and the same knowledge kept (and
    `held` as it keeps it), as one process finds."""
    if trials._pool is None:
        if not can_fork():  # no fork on this platform: one process
            trials.workers = 1
            return trials.trial(marks, 1, top, held)
        trials._pool = Workers(trials, trials.workers)
    told = trials.on_trial if top else None
    tell = None if told is None else lambda i: told(1, i, len(order), trials.finishing)  # the path's own share tells
    found = trials._pool.sweep(marks, order, now, top, tell)
    if found is None:
        held.clear()
        return None
    held.update(order[:found[0]])
    return trial_step(order[found[0]], 1, found[1])


def can_fork() -> bool:
    """Whether worker processes can start as copies of this one (not on Windows)."""
    return "fork" in multiprocessing.get_all_start_methods()


def owner(mark: Mark, workers: int, cols: int) -> int:
    """The worker that tries this candidate, always the same one: the grid's columns in bands,
    one a worker (trials in nearby cells read many of the same regions, which each worker's
    checks remember), the path's own process taking the last and narrowest band (it also
    gathers the workers' answers)."""
    return workers - 1 - (min(mark[1], cols) - 1) * workers // cols  # an extra cell: the last column's


def run_share(
    trials: Trials,
    marks: Marks,
    items: list[tuple[int, Mark]],
    now: tuple[int, ...],
    limit: Callable[[], int],
    top: bool,
    tell: Callable[[int], None] | None = None,
) -> tuple[Hit | None, list[Record]]:
    """Try each candidate of a share (with its place in the order), as `Trials.trial` does at
    depth 1, until a contradiction or past `limit()` (the place of a contradiction found
    elsewhere).  What each trial left is kept at once, for the share's later trials
    (`Trials.leads_nowhere`); the path then keeps what one process would have kept
    (`Workers.sweep`).  `tell` hears each place before its trial (`Trials.on_trial`)."""
    records: list[Record] = []
    for i, mark in items:
        if i > limit():
            break
        trials._time_check()
        if tell is not None:
            tell(i)
        if trials.leads_nowhere(mark, now):
            continue
        why, trial = trials.assume(marks, mark, 1)
        if why is not None:
            return (i, why), records
        end, placed = bitmasks(trial), placed_by(marks, trial)
        trials.keep(mark, end, placed, top)
        records.append((i, mark, end, placed))
    return None, records


class Workers:
    """The worker processes of one path's trials (started at the first shared trial)."""

    def __init__(self, trials: Trials, workers: int) -> None:
        self.trials = trials
        self.count = workers
        self.conns: list[Connection] = []
        self.procs: list[Any] = []

    def _start(self) -> None:
        context = multiprocessing.get_context("fork")
        with sigint_ignored():  # a worker starts with SIGINT ignored (Ctrl-C is the path's)
            for _ in range(1, self.count):
                here, there = context.Pipe()
                # the worker closes the path's ends it inherits: when the path's process dies, it reads the end
                proc = context.Process(target=_serve, args=(self.trials, there, [*self.conns, here]), daemon=True)
                proc.start()
                there.close()
                self.conns.append(here)
                self.procs.append(proc)

    def close(self) -> None:
        """End the worker processes (a later shared trial starts new ones)."""
        for conn in self.conns:
            try:
                conn.send(("stop",))
            except OSError:
                pass
            conn.close()
        for proc in self.procs:
            proc.join(1.0)
            if proc.is_alive():
                proc.kill()
                proc.join()
        self.conns, self.procs = [], []

    def sweep(
        self, marks: Marks, order: list[Mark], now: tuple[int, ...], top: bool, tell: Callable[[int], None] | None = None
    ) -> Hit | None:
        """A trial of depth 1 over `order` (`top`: a step's, else one inside a propagation),
        shared out: the first contradiction in the order (its place and why), or None; the
        trials' knowledge kept as one process would have kept it (`tell`: `run_share`'s, for
        this process's share).  Raises TimeUp past the deadline, and what a worker failed with."""
        if not self.conns:
            self._start()
        trials = self.trials
        shares: list[list[tuple[int, Mark]]] = [[] for _ in range(self.count)]
        for i, mark in enumerate(order):
            shares[owner(mark, self.count, trials.puzzle.cols)].append((i, mark))
        solved = tuple(sorted(marks.solved))
        # every worker starts from what the path knows (inside a step's trial of depth 2, the
        # ends of the trials inside its last one too: `Memory.enter`)
        known = (trials._closed, trials._after, trials._inside)
        for conn, share in zip(self.conns, shares[1:]):
            conn.send(("sweep", now, solved, share, top, trials.deadline, trials.deep, known))
        trials._closed, trials._after = dict(known[0]), dict(known[1])
        trials._inside = None if known[2] is None else dict(known[2])
        finals: dict[int, tuple[Any, ...]] = {}
        first = [len(order)]  # the place of the first contradiction found so far

        def limit() -> int:
            self._collect(finals, first, block=False)
            return first[0]

        try:
            hit, records = run_share(trials, marks, shares[0], now, limit, top, tell)
            if hit is not None and hit[0] < first[0]:
                first[0] = hit[0]
                for k, conn in enumerate(self.conns):
                    if k not in finals:
                        conn.send(("limit", hit[0]))
            self._collect(finals, first, block=True)
        except BaseException:
            trials._closed, trials._after, trials._inside = known
            self.close()
            raise
        found = min((h for h in [hit] + [final[1] for final in finals.values()] if h is not None), default=None)
        last = found[0] if found is not None else len(order)
        for final in finals.values():
            records += final[2]
        trials._closed, trials._after, trials._inside = known
        self._replay(marks, order[:last], now, {r[0]: r for r in records}, top)
        return found

    def _replay(
        self, marks: Marks, order: list[Mark], now: tuple[int, ...], records: dict[int, Record], top: bool
    ) -> None:
        """Keep what one process trying `order` in turn would have kept: it skips a candidate
        that an earlier trial (of this sweep or before) placed and ended on candidates all still
        here, and keeps what each trial it runs left.  A worker skipped only what one process
        skips (it knew less), so every trial run there has its record (else it runs here)."""
        trials = self.trials
        for i, mark in enumerate(order):
            if trials.leads_nowhere(mark, now):
                continue
            record = records.get(i)
            if record is None:
                why, trial = trials.assume(marks, mark, 1)
                if why is not None:
                    raise RuntimeError(f"a trial of depth 1 found a contradiction only once: {why}")
                end, placed = bitmasks(trial), placed_by(marks, trial)
            else:
                _, _, end, placed = record
            trials.keep(mark, end, placed, top)

    def _collect(self, finals: dict[int, tuple[Any, ...]], first: list[int], block: bool) -> None:
        """Read the workers' answers that are in (all of them when `block`); a worker that
        stopped on the time limit raises TimeUp, one that failed raises its error here."""
        for k, conn in enumerate(self.conns):
            if k in finals or not (block or conn.poll()):
                continue
            try:
                answer = conn.recv()
            except EOFError:
                raise RuntimeError("a trial worker process ended unexpectedly") from None
            if answer[0] == "timeup":
                raise TimeUp
            if answer[0] == "error":
                raise RuntimeError(f"a trial worker process failed: {answer[1]}")
            finals[k] = answer
            if answer[1] is not None and answer[1][0] < first[0]:
                first[0] = answer[1][0]
                for j, other in enumerate(self.conns):
                    if j not in finals and j != k:
                        other.send(("limit", first[0]))


def _limit(conn: Connection) -> Callable[[], int]:
    """A worker's `limit` for one share: the place of the first contradiction the path has
    told it of (the path's "limit" messages); a "stop" ends the process."""
    first = 1 << 62

    def limit() -> int:
        nonlocal first
        while conn.poll():
            late = conn.recv()
            if late[0] == "stop":  # the path ended (Ctrl-C, its time limit)
                os._exit(0)
            first = min(first, late[1])
        return first

    return limit


def _serve(trials: Trials, conn: Connection, theirs: list[Connection]) -> None:
    """A worker process: try the shares it is sent until told to stop, or until the path's
    process is gone (Ctrl-C is the path's)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    trials.on_trial = None  # the path's process tells how far its trials have got
    for other in theirs:
        other.close()
    blank = Marks(trials.puzzle, trials.houses)
    try:
        while True:
            message = conn.recv()
            if message[0] == "stop":
                break
            if message[0] != "sweep":
                continue  # a limit that came after the share was done
            _, now, solved, share, top, trials.deadline, trials.deep, (trials._closed, trials._after, trials._inside) = message
            marks = blank.copy()
            marks.cands = {cell: set(digits_of(mask)) for cell, mask in zip(marks.cands, now)}
            marks.solved = set(solved)
            try:
                hit, records = run_share(trials, marks, share, now, _limit(conn), top)
            except SearchStopped:  # the deadline, between trials (TimeUp) or inside a check's search
                conn.send(("timeup",))
                continue
            except Exception as exc:  # told to the path, which raises it
                conn.send(("error", f"{type(exc).__name__}: {exc}"))
                continue
            conn.send(("done", hit, records))
    except (EOFError, OSError):  # the path's process is gone
        pass
    os._exit(0)
