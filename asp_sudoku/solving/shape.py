"""A grounded program shared by the puzzles of one shape, and reading its models fast.

Puzzles that differ only in their givens share one grounded program (`ground_shape`): the
rules and clue facts, grounded once with the multi-shot settings, and tables from each
`numberAt(R,C,P)` atom to its solver literal (the givens become assumptions) and from each shown
symbol's key to its cell and digit (`decode_keys`: a model becomes a grid without taking symbols
apart).  `SolverCache` in asp_sudoku/solving/many.py keeps these programs and solves on them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable, Sequence
from operator import attrgetter
from typing import Protocol

import clingo

from asp_sudoku.core.errors import AspSudokuError, InternalCheckError
from asp_sudoku.core.model import Grid, Puzzle
from asp_sudoku.program.guard import check_program_text
from asp_sudoku.program.options import search_options
from asp_sudoku.program.render import render
from asp_sudoku.solving.ground import OUT_OF_MEMORY, ground_in_worker
from asp_sudoku.solving.program import program_text

# Solver options for multi-shot solving (see the module docstring).
MULTI_SHOT_OPTIONS = ("--forget-on-step=lemmas", "--strengthen=no", "--heuristic=Vsids,80")


@dataclasses.dataclass
class GroundShape:
    """A grounded program for one shape and rule set: its control and its `numberAt` atoms.

    `literals[(r, c, p)]` is the solver literal of ``numberAt(r,c,p)``; `index` and `digit` map
    the key of a shown symbol (`_symbol_key`) to its row-major cell index and its digit, so that
    a model is decoded without taking symbols apart; `outside` maps the key of an extra cell's
    symbol (beyond the grid) to its (row, column, digit).
    """

    control: clingo.Control
    literals: dict[tuple[int, int, int], int]
    index: dict[object, int]
    digit: dict[object, int]
    models: int = -1
    solve_limit: str = "umax,umax"  # clasp's conflict budget of a search (`SolverCache.solve`)
    outside: dict[object, tuple[int, int, int]] = dataclasses.field(default_factory=dict)

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


def symbol_of_key(key: object) -> clingo.Symbol:
    """The symbol of a key (`_symbol_key`): the inverse, for keys kept past their model."""
    return clingo.symbol.Symbol(key) if _HAS_REP else key  # type: ignore[no-untyped-call,return-value]


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
    if "--project" in search_options(puzzle):  # chaos construction: one answer per digit grid
        args.append("--project")
    if threads > 1:
        args.append(f"--parallel-mode={threads}")
    ctl = clingo.Control(args, logger=lambda code, msg: None)
    shape = dataclasses.replace(puzzle, givens=())
    text = program(shape) if program else program_text(shape)
    check_program_text(text)
    try:
        ground_in_worker(ctl, text)  # Ctrl-C works during a long grounding
    except RuntimeError as exc:
        raise AspSudokuError(f"the program could not be grounded: {exc}") from None
    except MemoryError:
        raise AspSudokuError(OUT_OF_MEMORY.format(what="grounding")) from None
    literals, index, digit = _atom_tables(ctl, puzzle)
    outside: dict[object, tuple[int, int, int]] = {}
    if puzzle.extra:
        for atom in ctl.symbolic_atoms.by_signature("numberAt", 3):
            r, c, p = (a.number for a in atom.symbol.arguments)
            if not puzzle.in_grid((r, c)):
                outside[_symbol_key(atom.symbol)] = (r, c, p)
    return GroundShape(ctl, literals, index, digit, outside=outside)


def _atom_tables(
    ctl: clingo.Control, puzzle: Puzzle
) -> tuple[dict[tuple[int, int, int], int], dict[object, int], dict[object, int]]:
    """The `literals`, `index` and `digit` tables of a grounded program (see `GroundShape`)."""
    size, cols = puzzle.size, puzzle.cols
    literals: dict[tuple[int, int, int], int] = {}
    index: dict[object, int] = {}
    digit: dict[object, int] = {}
    atoms = ctl.symbolic_atoms.by_signature("numberAt", 3)
    if _HAS_REP:
        # Build each cell's symbols in Python and look their literals up by key: a third fewer
        # calls into libclingo than taking each atom's symbol apart (2 ms of a 9x9's 7).
        by_key = {atom.symbol._rep: atom.literal for atom in atoms}
        number = [clingo.Number(i) for i in range(max(size, cols, puzzle.digits[1]) + 1)]
        low, high = puzzle.digits
        for r in range(1, size + 1):
            for c in range(1, cols + 1):
                for p in range(max(low, 0), high + 1):
                    key = clingo.Function("numberAt", [number[r], number[c], number[p]])._rep
                    lit = by_key.get(key)
                    if lit is not None:
                        literals[(r, c, p)] = lit
                        index[key] = (r - 1) * cols + c - 1
                        digit[key] = p
        if len(literals) == len(by_key):
            return literals, index, digit
        literals, index, digit = {}, {}, {}  # atoms off the grid or its digits: read them all
    for atom in ctl.symbolic_atoms.by_signature("numberAt", 3):
        args3 = atom.symbol.arguments
        r, c, p = args3[0].number, args3[1].number, args3[2].number
        literals[(r, c, p)] = atom.literal
        if 1 <= r <= size and 1 <= c <= cols:
            key = _symbol_key(atom.symbol)
            index[key] = (r - 1) * cols + c - 1
            digit[key] = p
    return literals, index, digit


class KeyTables(Protocol):
    """What `decode_keys` reads: each shown symbol's cell index and digit, and the extra cells'
    symbols (a `GroundShape`, or a `KeyDecoder` that learns them from the models)."""

    index: dict[object, int]
    digit: dict[object, int]
    outside: dict[object, tuple[int, int, int]]


class KeyDecoder:
    """The grids of one search's models, read by their shown symbols' keys (`shown_keys`): a
    symbol is taken apart once, when a model first shows it, and later models are decoded by
    table (`decode_keys`).  `solve --all` of 50,532 grids: about 30 us a model instead of 55 us
    through clingo's Symbol objects."""

    def __init__(self, size: int, cols: int = 0) -> None:
        self.size, self.cols = size, cols or size
        self.index: dict[object, int] = {}
        self.digit: dict[object, int] = {}
        self.outside: dict[object, tuple[int, int, int]] = {}
        self._other: set[object] = set()  # keys of shown symbols that are no numberAt/3

    def grid(self, model: clingo.Model) -> Grid:
        """The grid of a model (InternalCheckError when it fills a cell twice or leaves one empty)."""
        return self.grid_of(shown_keys(model))

    def grid_of(self, keys: Sequence[object]) -> Grid:
        """The grid of a model's shown keys (`shown_keys`, which may be kept past the model)."""
        index = self.index
        for key in keys:
            if key not in index:
                self._learn(key)
        return decode_keys(self, self.size, keys, self.cols)

    def _learn(self, key: object) -> None:
        """File a key not seen before under its cell and digit, the extra cells, or neither."""
        if key in self.outside or key in self._other:
            return
        sym = symbol_of_key(key)
        if sym.type != clingo.SymbolType.Function or sym.name != "numberAt" or len(sym.arguments) != 3:
            self._other.add(key)
            return
        r, c, p = (a.number for a in sym.arguments)
        if 1 <= r <= self.size and 1 <= c <= self.cols:
            self.index[key] = (r - 1) * self.cols + c - 1
            self.digit[key] = p
        else:
            self.outside[key] = (r, c, p)


def decode_keys(shape: KeyTables, size: int, keys: Sequence[object], cols: int = 0) -> Grid:
    """The grid of a model given by its shown symbols' keys, read through the shape's tables
    (`size` rows of `cols` cells; 0: a square)."""
    cols = cols or size
    cells = size * cols
    flat: list[int | None] = [None] * cells
    index, digit = shape.index, shape.digit
    extra: tuple[tuple[tuple[int, int], int], ...] = ()
    if shape.outside:  # extra cells: their symbols give the values outside the grid
        extra = tuple(sorted(((r, c), p) for r, c, p in (shape.outside[k] for k in keys if k in shape.outside)))
        keys = [k for k in keys if k in index]
    try:
        for key in keys:
            flat[index[key]] = digit[key]
    except KeyError:  # a shown symbol that is no cell's digit: leave it out
        return decode_keys(shape, size, [key for key in keys if key in index], cols)
    if len(keys) != cells or None in flat:  # a cell left empty, or given two digits
        placed = len({index[key] for key in keys})
        raise InternalCheckError(
            f"a model placed {len(keys)} digits on {placed} cells of a {size}x{cols} grid"
        )
    return Grid(tuple(tuple(flat[i : i + cols]) for i in range(0, cells, cols)), extra)  # type: ignore[arg-type]


def decode_model(shape: GroundShape, size: int, symbols: Sequence[clingo.Symbol], cols: int = 0) -> Grid:
    """The grid of a model given by its shown symbols, read through the shape's symbol table."""
    return decode_keys(shape, size, [_symbol_key(s) for s in symbols], cols)
