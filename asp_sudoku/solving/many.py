"""Solving a collection fast: ground once per shape and rule set, solve each puzzle under assumptions.

Puzzles that differ only in their givens (a file of classic sudokus, say) share one grounded
program: the rules and the clue facts are grounded once, and each puzzle is solved with its givens
passed as assumptions on the `numberAt(R,C,P)` atoms, so the program is never grounded again.
Puzzles with different clues (each killer has its own cages) get a program of their own, exactly
as `solve` would ground it.  The results equal `solve`'s on every puzzle: status, count and the
grids, in the same order; a puzzle with several solutions whose grids are kept is searched again on
its own (`solve_with_cache`), as which grids a shared solver meets first depends on the puzzles it
searched before (tests/speed/test_multishot.py, tests/speed/test_classic_many.py).

Settings, chosen by measurement (bench/README.md):
- ``--forget-on-step=lemmas``: lemmas learnt on one puzzle are dropped before the next; clingo's
  default keeps them, and the growing lemma database makes each later puzzle slower.
- ``--strengthen=no --heuristic=Vsids,80``: no lemma minimisation and a faster-moving VSIDS
  decay; together about 10% less time on hard classic puzzles.
- the solve call is synchronous (no solver thread per puzzle) unless a time limit is set, with a
  model callback; only the grids that are kept are decoded, from the 64-bit keys of the shown
  symbols (no `Symbol` objects made; asp_sudoku/solving_shape.py), and every decoded grid is
  checked.  Of a hard classic
  puzzle's ~370 us, clingo's solve call takes ~270 us (bench/README.md has the breakdown).
Ctrl-C during a synchronous search on the main thread is held back until that puzzle's search
returns (a model found meanwhile stops it at once; asp_sudoku/solving_sigint.py says why), and
`SolverCache.interrupt` stops the search from another thread (the worker threads of
asp_sudoku/solving/threads.py).

`SolverCache` is the part that holds clingo controls; `solve_many` in `asp_sudoku.solving.single` uses it.
"""

from __future__ import annotations

import dataclasses
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from threading import Event

import clingo

from asp_sudoku.core.model import Grid, Puzzle
from asp_sudoku.solving.program import program_text
from asp_sudoku.solving.shape import (
    MULTI_SHOT_OPTIONS,
    GroundShape,
    decode_keys,
    ground_shape,
    shape_key,
    shown_keys,
)
from asp_sudoku.solving.sigint import sigint_held, sigint_pending, wait_for
from asp_sudoku.solving.single import CHECKED_WHEN_COUNTING, Result, solve_program, status_of
from asp_sudoku.solving.verify import checked

QUICK_CONFLICTS = 1000
"""With a time limit of at least `QUICK_FROM` seconds and at most `QUICK_MODELS` models asked, a
puzzle of a collection is first searched synchronously within this many conflicts (some 25-55 ms
at most: without a conflict a search finds a model within as many decisions as there are atoms);
only a puzzle that needs more is searched again asynchronously, where the time limit can stop
it.  An asynchronous search for every puzzle (a solver thread and a handle to wait on) made
`check --time-limit 60` of magictour's 1465 1.6 times as slow as without a limit (a QA pass)."""
QUICK_FROM = 1.0
QUICK_MODELS = 10
UNLIMITED = "umax,umax"


@dataclasses.dataclass(frozen=True)
class Outcome:
    """What one search under assumptions found (`asp_sudoku.solving.single` turns it into a `Result`)."""

    count: int
    exhausted: bool
    solutions: tuple[Grid, ...]
    seconds: float
    timed_out: bool = False
    interrupted: bool = False


class SolverCache:
    """Grounded programs by shape key, the most recently used `size` kept (8: a collection
    that takes turns among five shapes, 4x4 to 16x16, grounded every puzzle again with 4).

    With `first_alone` (the default) the first puzzle of a shape is not solved here: `solve`
    returns None and the caller solves it on its own, as `solve` does (one grounding with the
    givens as facts, clingo's default settings).  Only a second puzzle of the same shape grounds
    the shape for multi-shot solving.  A collection of killers, each with its own cages, is thus
    solved with the settings that suit single hard puzzles (the multi-shot settings, tuned for
    thousands of classic puzzles, made the TAREK killers 40% slower; bench/README.md).

    `program` (default: `render`) and `options` let the benchmarks solve reference encodings
    exactly the same way."""

    def __init__(
        self,
        threads: int = 1,
        size: int = 8,
        program: Callable[[Puzzle], str] | None = None,
        options: Sequence[str] = MULTI_SHOT_OPTIONS,
        first_alone: bool = True,
    ) -> None:
        self.threads = threads
        self.size = size
        self.program = program
        self.options = tuple(options)
        self.first_alone = first_alone
        self._shapes: OrderedDict[Hashable, GroundShape] = OrderedDict()
        self._seen: OrderedDict[Hashable, None] = OrderedDict()
        self._interrupted = False

    def interrupt(self) -> None:
        """Stop this cache's search now and every later one (thread-safe: another thread calls
        it, e.g. on Ctrl-C; clingo keeps an interrupt that comes before a search for that
        search, so none is missed).  Searches stopped this way are marked interrupted."""
        self._interrupted = True
        for shape in list(self._shapes.values()):
            shape.control.interrupt()

    def shape(self, puzzle: Puzzle, key: Hashable | None = None) -> GroundShape:
        """The grounded program for this puzzle's shape, grounding it on first use."""
        if key is None:
            key = shape_key(puzzle)
        found = self._shapes.get(key)
        if found is None:
            found = ground_shape(puzzle, self.threads, self.program, self.options)
            self._shapes[key] = found
            while len(self._shapes) > self.size:
                with sigint_held():  # a Ctrl-C inside the control's __del__ would be lost
                    _, evicted = self._shapes.popitem(last=False)
                    # The control holds its last search's model callback, which refers back to
                    # this shape: a cycle that only the garbage collector broke, so a collection
                    # cycling through more shapes than the cache keeps grew by every grounding
                    # (243 MB at 500 puzzles of five shapes in turn).  The control goes now.
                    del evicted.control
        else:
            self._shapes.move_to_end(key)
        return found

    def solve(
        self,
        puzzle: Puzzle,
        *,
        limit: int | None = 2,
        keep: int | None = 1,
        time_limit: float | None = None,
    ) -> Outcome | None:
        """Solve one puzzle under assumptions; None when it is not solved this way (the first
        puzzle of its shape, see the class docstring, or a given without an atom in the program):
        the caller then solves it on its own."""
        start = time.perf_counter()
        key = shape_key(puzzle)
        if self.first_alone and key not in self._shapes and key not in self._seen:
            self._seen[key] = None
            if len(self._seen) > 64 * self.size:
                self._seen.popitem(last=False)
            return None
        shape = self.shape(puzzle, key)
        assumptions = shape.assumptions(puzzle)
        if assumptions is None:
            return None
        models = 0 if limit is None else limit
        ctl = shape.control
        if shape.models != models:
            ctl.configuration.solve.models = str(models)  # type: ignore[union-attr]
            shape.models = models
        size = puzzle.size
        found: list[Grid] = []
        unkept: list[Grid] = []  # the first models past `keep`: checked, not returned (`CHECKED_WHEN_COUNTING`)
        failure: list[BaseException] = []
        count = 0
        timed_out = interrupted = held = False

        def on_model(model: clingo.Model) -> bool:
            # Only the grids that are kept are decoded (inside the callback: a Model is valid
            # only there); they are checked once the search has returned.  An error stops the
            # search and is raised afterwards (from a solver thread clingo would turn it into a
            # RuntimeError).
            nonlocal count, interrupted
            count += 1
            if keep is None or len(found) < keep or count <= CHECKED_WHEN_COUNTING:
                try:
                    grid = decode_keys(shape, size, shown_keys(model), puzzle.cols)
                except BaseException as exc:
                    failure.append(exc)
                    return False
                (found if keep is None or len(found) < keep else unkept).append(grid)
            if held and sigint_pending():  # Ctrl-C, held back until the search returns
                interrupted = True
                return False
            return True

        # (only for a few models: a count may find models by the thousand without a conflict)
        quick = time_limit is not None and time_limit >= QUICK_FROM and 0 < models <= QUICK_MODELS
        budget = str(QUICK_CONFLICTS) if quick else UNLIMITED
        if shape.solve_limit != budget:
            ctl.configuration.solve.solve_limit = budget  # type: ignore[union-attr]
            shape.solve_limit = budget
        if time_limit is None or quick:
            # A synchronous search with a model callback: one call into clingo (no solve
            # handle to iterate), measured the cheapest way (bench/README.md).
            if self._interrupted:
                ctl.interrupt()  # `interrupt` came before this search
            with sigint_held() as held:  # see asp_sudoku/solving_sigint.py
                answer = ctl.solve(assumptions=assumptions, on_model=on_model)
            interrupted = interrupted or bool(answer.interrupted)
            exhausted = bool(answer.exhausted) and not interrupted
            if quick and not (exhausted or interrupted or failure or (models and count >= models)):
                # the conflict budget stopped it: search again, where the time limit can stop it
                count = 0
                found.clear()
                unkept.clear()
                ctl.configuration.solve.solve_limit = UNLIMITED  # type: ignore[union-attr]
                shape.solve_limit = UNLIMITED
                quick = held = False  # (the search below runs in clingo's thread: wait_for sees Ctrl-C)
        if time_limit is not None and not quick:
            deadline = start + time_limit
            with ctl.solve(assumptions=assumptions, on_model=on_model, async_=True) as handle:
                timed_out, interrupted = wait_for(handle, deadline, lambda: self._interrupted)
                outcome = handle.get()
            exhausted = bool(outcome.exhausted) and not (timed_out or interrupted)
        if failure:
            raise failure[0]
        kept = tuple(checked(puzzle, grid) for grid in found)
        for grid in unkept:
            checked(puzzle, grid)
        return Outcome(count, exhausted, kept, time.perf_counter() - start, timed_out, interrupted)


def solve_with_cache(
    puzzle: Puzzle,
    cache: SolverCache,
    *,
    limit: int | None = 2,
    keep: int | None = 1,
    time_limit: float | None = None,
    cancel: Event | None = None,
) -> Result:
    """One puzzle of `solve_many`: through the cache's grounded programs, or on its own when the
    cache does not take it (the first puzzle of its shape), with the cache's program (`render`
    unless the cache was given another).  `cancel` stops a search on its own as
    `SolverCache.interrupt` stops the cache's.

    The grids kept are those `solve` gives: where the puzzle does not determine them (it has
    several solutions, or the limit stopped the search before it knew), which ones a shared
    search meets first depends on what that solver searched before (the puzzles before this
    one, and which worker took them), so the puzzle is then searched again on its own.  Counts
    (`keep=0`), unique and unsatisfiable puzzles need no second search.  When the time limit
    stops the second search before it knows as much as the first, the first one's answer stands
    (marked timed out where it stopped short of the limit asked for)."""
    shared_limit = limit if keep == 0 or (limit is not None and limit <= 2) else 2
    out = cache.solve(puzzle, limit=shared_limit, keep=keep, time_limit=time_limit)
    if out is None:
        return _alone(puzzle, cache, limit, keep, time_limit, cancel)
    shared = Result(
        status=status_of(out.count, out.exhausted),
        count=out.count,
        exhausted=out.exhausted,
        solutions=out.solutions,
        seconds=out.seconds,
        timed_out=out.timed_out,
        interrupted=out.interrupted,
    )
    determined = out.count == 0 or (out.count == 1 and out.exhausted)
    if keep == 0 or determined or out.timed_out or out.interrupted:
        return shared
    stands = shared if shared_limit == limit else dataclasses.replace(shared, timed_out=True)
    left = None if time_limit is None else time_limit - out.seconds
    if left is not None and left <= 0:
        return stands
    alone = _alone(puzzle, cache, limit, keep, left, cancel)
    if alone.timed_out and alone.count <= out.count:
        return dataclasses.replace(stands, seconds=out.seconds + alone.seconds)
    return dataclasses.replace(alone, seconds=out.seconds + alone.seconds)


def _alone(
    puzzle: Puzzle,
    cache: SolverCache,
    limit: int | None,
    keep: int | None,
    time_limit: float | None,
    cancel: Event | None,
) -> Result:
    """`solve_with_cache`'s puzzle solved on its own, as `solve` solves it (its seconds count
    building the program)."""
    started = time.perf_counter()
    text = cache.program(puzzle) if cache.program else program_text(puzzle)
    return solve_program(
        puzzle, text, limit=limit, keep=keep, time_limit=time_limit, threads=cache.threads, cancel=cancel,
        started=started,
    )
