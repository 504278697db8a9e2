"""Solving a collection fast: ground once per shape and rule set, solve each puzzle under assumptions.

Puzzles that differ only in their givens (a file of classic sudokus, say) share one grounded
program: the rules and the clue facts are grounded once, and each puzzle is solved with its givens
passed as assumptions on the `numberAt(R,C,P)` atoms, so the program is never grounded again.
Puzzles with different clues (each killer has its own cages) get a program of their own, exactly
as `solve` would ground it.  The results equal `solve`'s on every puzzle: status, count, and the
grids wherever the puzzle determines them (tests/test_speed_multishot.py,
tests/test_speed_classic_many.py).

Settings, chosen by measurement (bench/README.md):
- ``--forget-on-step=lemmas``: lemmas learnt on one puzzle are dropped before the next; clingo's
  default keeps them, and the growing lemma database makes each later puzzle slower.
- ``--strengthen=no --heuristic=Vsids,80``: no lemma minimisation and a faster-moving VSIDS
  decay; together about 10% less time on hard classic puzzles.
- the solve call is synchronous (no solver thread per puzzle) unless a time limit is set, with a
  model callback; only the grids that are kept are decoded, from the 64-bit keys of the shown
  symbols (no `Symbol` objects made), and every decoded grid is checked.  Of a hard classic
  puzzle's ~370 us, clingo's solve call takes ~270 us (bench/README.md has the breakdown).
Ctrl-C during a synchronous search on the main thread is held back until that puzzle's search
returns (a model found meanwhile stops it at once; asp_sudoku/solving_sigint.py says why), and
`SolverCache.interrupt` stops the search from another thread (the worker threads of
asp_sudoku/solving_threads.py).

`SolverCache` is the part that holds clingo controls; `solve_many` in `asp_sudoku.solve` uses it.
"""

from __future__ import annotations

import dataclasses
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from operator import attrgetter

import clingo

from .check import violations
from .errors import AspSudokuError, InternalCheckError
from .model import Grid, Puzzle
from .program_guard import check_program_text
from .render import render
from .solving_ground import OUT_OF_MEMORY, ground_in_worker
from .solving_sigint import sigint_held, sigint_pending

# Solver options for multi-shot solving (see the module docstring).
MULTI_SHOT_OPTIONS = ("--forget-on-step=lemmas", "--strengthen=no", "--heuristic=Vsids,80")


@dataclasses.dataclass
class GroundShape:
    """A grounded program for one shape and rule set: its control and its `numberAt` atoms.

    `literals[(r, c, p)]` is the solver literal of ``numberAt(r,c,p)``; `index` and `digit` map
    the key of a shown symbol (`_symbol_key`) to its row-major cell index and its digit, so that
    a model is decoded without taking symbols apart.
    """

    control: clingo.Control
    literals: dict[tuple[int, int, int], int]
    index: dict[object, int]
    digit: dict[object, int]
    models: int = -1

    def assumptions(self, puzzle: Puzzle) -> list[int] | None:
        """The givens as solver literals; None when a given has no atom in the program."""
        try:
            return [self.literals[given] for given in puzzle.givens]
        except KeyError:
            return None


# The fields that make two puzzles share a grounded program: every compared field but the givens
# (read in one call; building the key this way costs 1 us, `dataclasses.replace` took 8 us).
_SHAPE_FIELDS = attrgetter(
    *(f.name for f in dataclasses.fields(Puzzle) if f.compare and f.name != "givens")
)


def shape_key(puzzle: Puzzle) -> Hashable:
    """What must be equal for two puzzles to share one grounded program: all but the givens
    (and the free-text fields, which take no part in a puzzle's equality)."""
    key = _SHAPE_FIELDS(puzzle)
    try:
        hash(key)
    except TypeError:  # a record holding a list: fall back to the program text
        return render(dataclasses.replace(puzzle, givens=())).text
    return key


# clingo's Python API keeps each symbol's interned representation (a 64-bit integer) in `_rep`;
# keying the decode table on it saves hashing Symbol objects (a call into libclingo each), and
# reading a model's shown symbols straight into a list of those integers saves creating 81
# Symbol objects a model (about 35 us of the 45 us a 9x9 model took to decode; bench/README.md).
# Where this clingo lacks those internals, models are decoded through the public API.
_HAS_REP = hasattr(clingo.Number(1), "_rep")
try:
    from clingo._internal import _ffi, _lib  # type: ignore[attr-defined]

    _SHOWN = _lib.clingo_show_type_shown
    _RAW = _HAS_REP and hasattr(_lib, "clingo_model_symbols")
except ImportError:  # pragma: no cover - another clingo build
    _RAW = False


def _symbol_key(symbol: clingo.Symbol) -> object:
    """A cheap dictionary key for a symbol."""
    return symbol._rep if _HAS_REP else symbol


def shown_keys(model: clingo.Model) -> Sequence[object]:
    """The keys (see `_symbol_key`) of a model's shown symbols, read without creating Symbols."""
    if _RAW:
        rep = model._rep
        size = _ffi.new("size_t*")
        if _lib.clingo_model_symbols_size(rep, _SHOWN, size):
            n = size[0]
            out = _ffi.new("clingo_symbol_t[]", n)
            if _lib.clingo_model_symbols(rep, _SHOWN, out, n):
                return _ffi.unpack(out, n)  # type: ignore[no-any-return]
        # an error: the public call below raises it with clingo's message
    return [_symbol_key(s) for s in model.symbols(shown=True)]


def ground_shape(
    puzzle: Puzzle,
    threads: int = 1,
    program: Callable[[Puzzle], str] | None = None,
    options: Sequence[str] = MULTI_SHOT_OPTIONS,
) -> GroundShape:
    """Ground the program of a puzzle without its givens (`program` renders it; default: the
    project's templates)."""
    args = ["--warn=none", *options]
    if threads > 1:
        args.append(f"--parallel-mode={threads}")
    ctl = clingo.Control(args, logger=lambda code, msg: None)
    shape = dataclasses.replace(puzzle, givens=())
    text = program(shape) if program else render(shape).text
    check_program_text(text)
    try:
        ground_in_worker(ctl, text)  # Ctrl-C works during a long grounding
    except RuntimeError as exc:
        raise AspSudokuError(f"the program could not be grounded: {exc}") from None
    except MemoryError:
        raise AspSudokuError(OUT_OF_MEMORY.format(what="grounding")) from None
    literals, index, digit = _atom_tables(ctl, puzzle)
    return GroundShape(ctl, literals, index, digit)


def _atom_tables(
    ctl: clingo.Control, puzzle: Puzzle
) -> tuple[dict[tuple[int, int, int], int], dict[object, int], dict[object, int]]:
    """The `literals`, `index` and `digit` tables of a grounded program (see `GroundShape`)."""
    size = puzzle.size
    literals: dict[tuple[int, int, int], int] = {}
    index: dict[object, int] = {}
    digit: dict[object, int] = {}
    atoms = ctl.symbolic_atoms.by_signature("numberAt", 3)
    if _HAS_REP:
        # Build each cell's symbols in Python and look their literals up by key: a third fewer
        # calls into libclingo than taking each atom's symbol apart (2 ms of a 9x9's 7).
        by_key = {atom.symbol._rep: atom.literal for atom in atoms}
        number = [clingo.Number(i) for i in range(max(size, puzzle.digits[1]) + 1)]
        low, high = puzzle.digits
        for r in range(1, size + 1):
            for c in range(1, size + 1):
                for p in range(max(low, 0), high + 1):
                    key = clingo.Function("numberAt", [number[r], number[c], number[p]])._rep
                    lit = by_key.get(key)
                    if lit is not None:
                        literals[(r, c, p)] = lit
                        index[key] = (r - 1) * size + c - 1
                        digit[key] = p
        if len(literals) == len(by_key):
            return literals, index, digit
        literals, index, digit = {}, {}, {}  # atoms off the grid or its digits: read them all
    for atom in ctl.symbolic_atoms.by_signature("numberAt", 3):
        args3 = atom.symbol.arguments
        r, c, p = args3[0].number, args3[1].number, args3[2].number
        literals[(r, c, p)] = atom.literal
        if 1 <= r <= size and 1 <= c <= size:
            key = _symbol_key(atom.symbol)
            index[key] = (r - 1) * size + c - 1
            digit[key] = p
    return literals, index, digit


def decode_keys(shape: GroundShape, size: int, keys: Sequence[object]) -> Grid:
    """The grid of a model given by its shown symbols' keys, read through the shape's tables."""
    cells = size * size
    flat: list[int | None] = [None] * cells
    index, digit = shape.index, shape.digit
    try:
        for key in keys:
            flat[index[key]] = digit[key]
    except KeyError:  # a shown symbol that is no cell's digit: leave it out
        return decode_keys(shape, size, [key for key in keys if key in index])
    if len(keys) != cells or None in flat:  # a cell left empty, or given two digits
        placed = len({index[key] for key in keys})
        raise InternalCheckError(
            f"a model placed {len(keys)} digits on {placed} cells of a {size}x{size} grid"
        )
    return Grid(tuple(tuple(flat[i : i + size]) for i in range(0, cells, size)))  # type: ignore[arg-type]


def decode_model(shape: GroundShape, size: int, symbols: Sequence[clingo.Symbol]) -> Grid:
    """The grid of a model given by its shown symbols, read through the shape's symbol table."""
    return decode_keys(shape, size, [_symbol_key(s) for s in symbols])


@dataclasses.dataclass(frozen=True)
class Outcome:
    """What one search under assumptions found (`asp_sudoku.solve` turns it into a `Result`)."""

    count: int
    exhausted: bool
    solutions: tuple[Grid, ...]
    seconds: float
    timed_out: bool = False
    interrupted: bool = False


class SolverCache:
    """Grounded programs by shape key, the most recently used kept (a few at most).

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
        size: int = 4,
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
                self._shapes.popitem(last=False)
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
            if keep is None or len(found) < keep:
                try:
                    found.append(decode_keys(shape, size, shown_keys(model)))
                except BaseException as exc:
                    failure.append(exc)
                    return False
            if held and sigint_pending():  # Ctrl-C, held back until the search returns
                interrupted = True
                return False
            return True

        if time_limit is None:
            # A synchronous search with a model callback: one call into clingo (no solve
            # handle to iterate), measured the cheapest way (bench/README.md).
            if self._interrupted:
                ctl.interrupt()  # `interrupt` came before this search
            with sigint_held() as held:  # see asp_sudoku/solving_sigint.py
                answer = ctl.solve(assumptions=assumptions, on_model=on_model)
            interrupted = interrupted or bool(answer.interrupted)
            exhausted = bool(answer.exhausted) and not interrupted
        else:
            deadline = start + time_limit
            with ctl.solve(assumptions=assumptions, on_model=on_model, async_=True) as handle:
                try:
                    while not handle.wait(max(0.0, min(0.05, deadline - time.perf_counter()))):
                        if time.perf_counter() >= deadline:
                            handle.cancel()
                            timed_out = True
                            break
                        if self._interrupted:
                            handle.cancel()
                            interrupted = True
                            break
                except KeyboardInterrupt:
                    handle.cancel()
                    interrupted = True
                outcome = handle.get()
            exhausted = bool(outcome.exhausted) and not (timed_out or interrupted)
        if failure:
            raise failure[0]
        kept = tuple(self._check(puzzle, grid) for grid in found)
        return Outcome(count, exhausted, kept, time.perf_counter() - start, timed_out, interrupted)

    @staticmethod
    def _check(puzzle: Puzzle, grid: Grid) -> Grid:
        bad = violations(puzzle, grid)
        if bad:
            raise InternalCheckError(
                f"internal error: the solver's grid breaks the rules ({bad[0]}); "
                "please report this with the puzzle file"
            )
        return grid
