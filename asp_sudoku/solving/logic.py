"""Clingo for the logical solver (`asp_sudoku.setter.logic`): the one answer set of a technique's
program, and the brave consequences of a clue's program over its cells.

Both take whole program texts (a technique's template and the facts of the current candidates)
and return plain Python values, so that the setter's logic never sees a clingo object.  Their
searches are synchronous, so SIGINT is held back during each (`sigint_held`: a Ctrl-C inside
clingo's statistics callback ends the process) and raised once it has returned.
"""

from __future__ import annotations

import os
import re
import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, nullcontext

import clingo

from asp_sudoku.program.guard import check_program_text
from asp_sudoku.solving.ground import grounded_control
from asp_sudoku.solving.shape import shown_keys, symbol_of_key
from asp_sudoku.solving.sigint import sigint_held
from asp_sudoku.solving.watch import current

Atom = tuple[str, tuple[object, ...]]


def _value(sym: clingo.Symbol) -> object:
    """A symbol as Python: numbers as int, tuples as tuples, anything else as its text."""
    if sym.type == clingo.SymbolType.Number:
        return sym.number
    if sym.type == clingo.SymbolType.Function and not sym.name:
        return tuple(_value(a) for a in sym.arguments)
    return str(sym)


_NUMBERS = re.compile(r"([a-z][A-Za-z0-9_']*)\((-?\d+(?:,-?\d+)*)\)")


def _atom(sym: clingo.Symbol) -> Atom:
    """A shown atom as (name, arguments); one that has only numbers for arguments is read from
    its text (one call into clingo instead of one per argument and property)."""
    found = _NUMBERS.fullmatch(str(sym))
    if found is not None:
        return found.group(1), tuple(int(x) for x in found.group(2).split(","))
    return sym.name, tuple(_value(a) for a in sym.arguments)


def _atoms(symbols: Iterable[clingo.Symbol]) -> list[Atom]:
    return sorted(_atom(s) for s in symbols)


_DECODED: dict[object, Atom] = {}
"""Shown symbols decoded, by key (`shape.shown_keys`): the checks of a path show the same
few thousand atoms again and again."""
DECODED_MOST = 100_000


def _atoms_of_keys(keys: Iterable[object]) -> list[Atom]:
    """`_atoms` of the symbols with these keys, each decoded once."""
    if len(_DECODED) > DECODED_MOST:
        _DECODED.clear()
    found = []
    for key in keys:
        atom = _DECODED.get(key)
        if atom is None:
            atom = _DECODED[key] = _atom(symbol_of_key(key))
        found.append(atom)
    return sorted(found)


class SearchStopped(Exception):
    """A check's search was stopped at the deadline of `stopping_at` (or by the web page's
    request): no answer, and no contradiction either."""


_STOP = threading.local()
POLL = 0.05
"""Seconds between looks at the deadline while a check searches."""


@contextmanager
def stopping_at(deadline: Callable[[], float | None]) -> Iterator[None]:
    """Within the block, this thread's checks stop at `deadline()` (a `time.perf_counter`
    time; None: none) or at the web page's request, raising SearchStopped; a check of a path
    can search for a minute (two clues over many cells), far past a time limit read only
    between steps."""
    previous = getattr(_STOP, "deadline", None)
    _STOP.deadline = deadline
    try:
        yield
    finally:
        _STOP.deadline = previous


class _Watchdog:
    """One thread a process that interrupts the solves it watches once their time is up (a
    deadline passed, or the web page asked to stop).  A check's solve runs synchronously under
    it: solved in a thread of clingo's own and waited for (`async_`), each of a path's many small
    checks cost a millisecond more (a fifth of a path on a puzzle of line sums)."""

    def __init__(self) -> None:
        self._start()
        if hasattr(os, "register_at_fork"):  # (POSIX) a forked worker starts with no thread
            os.register_at_fork(after_in_child=self._start)

    def _start(self) -> None:
        self._lock = threading.Lock()
        self._watched: dict[int, tuple[clingo.Control, Callable[[], bool]]] = {}
        self._thread: threading.Thread | None = None

    @contextmanager
    def over(self, ctl: clingo.Control, past: Callable[[], bool]) -> Iterator[None]:
        """Within the block, `ctl` is interrupted once `past()` holds (looked at every POLL s)."""
        with self._lock:
            self._watched[id(ctl)] = (ctl, past)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="asp-sudoku solve watchdog", daemon=True)
                self._thread.start()
        try:
            yield
        finally:
            with self._lock:
                del self._watched[id(ctl)]

    def _run(self) -> None:
        if hasattr(signal, "pthread_sigmask"):  # Ctrl-C is the main thread's (`sigint_held`), never this one's
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        while True:
            time.sleep(POLL)
            with self._lock:
                for ctl, past in self._watched.values():
                    if past():
                        ctl.interrupt()


_WATCHDOG = _Watchdog()


def _solve(ctl: clingo.Control, on_model: Callable[[clingo.Model], None], reset: Callable[[], None]) -> None:
    """Solve, within this thread's deadline (`stopping_at`) when it has one or a watch (past it,
    SearchStopped).  `reset` forgets what `on_model` kept before a solve is run again: an
    interrupt asked just as an earlier solve of the same control ended stops the next one
    (clingo keeps it), which then runs again."""
    getter = getattr(_STOP, "deadline", None)
    watch = current()

    def past() -> bool:
        deadline = getter() if getter is not None else None
        return (deadline is not None and time.perf_counter() > deadline) or (watch is not None and watch.stopped())

    while True:
        with sigint_held(), _WATCHDOG.over(ctl, past) if getter is not None or watch is not None else nullcontext():
            result = ctl.solve(on_model=on_model)
        if not result.interrupted:
            return
        if past():
            raise SearchStopped
        reset()


def one_answer(text: str) -> list[Atom] | None:
    """The shown atoms of the program's first answer set (a technique's program has exactly
    one), sorted; None when it has none."""
    ctl = grounded_control(["--models=1"], text, "a logic program")
    found: list[list[Atom]] = []
    _solve(ctl, lambda m: found.append(_atoms(m.symbols(shown=True))), found.clear)
    return found[0] if found else None


def brave(text: str) -> list[Atom] | None:
    """The shown atoms true in at least one answer set (clingo's brave consequences), sorted;
    None when the program has no answer set."""
    ctl = grounded_control(["--models=0", "--enum-mode=brave"], text, "a logic program")
    last: list[Sequence[object]] = []  # each model's shown keys (values, not the model); the last is the answer

    def on_model(model: clingo.Model) -> None:
        last[:] = [shown_keys(model)]  # no Symbol made: a brave search has many models

    _solve(ctl, on_model, last.clear)
    return _atoms_of_keys(last[0]) if last else None


def stop_requested() -> bool:
    """Whether the thread's watch (the web page's request) asked the search to stop."""
    watch = current()
    return watch is not None and watch.stopped()


class _Reads(clingo.Observer):
    """A ground-program observer that collects every program atom its rules name."""

    def __init__(self) -> None:
        self.atoms: set[int] = set()

    def rule(self, choice: bool, head: Sequence[int], body: Sequence[int]) -> None:
        self.atoms.update(head)
        self.atoms.update(abs(lit) for lit in body)

    def weight_rule(self, choice: bool, head: Sequence[int], lower_bound: int, body: Sequence[tuple[int, int]]) -> None:
        self.atoms.update(head)
        self.atoms.update(abs(lit) for lit, _ in body)


def cells_read(text: str) -> set[tuple[int, int]]:
    """The cells (R,C) of the numberAt(R,C,P) atoms that some rule of the ground program names;
    the text declares numberAt external, so that no such rule is simplified away."""
    check_program_text(text)
    ctl = clingo.Control(["--warn=none"], logger=lambda code, msg: None)
    reads = _Reads()
    ctl.register_observer(reads)
    ctl.add("base", [], text)
    ctl.ground([("base", [])])
    return {
        (atom.symbol.arguments[0].number, atom.symbol.arguments[1].number)
        for atom in ctl.symbolic_atoms.by_signature("numberAt", 3)
        if atom.literal in reads.atoms
    }


Input = tuple[str, tuple[int, ...]]
"""An input atom of a reused program: its predicate and its integer arguments."""


class Reused:
    """A program grounded once, its inputs (``candidate(R,C,P)``, ``solved(R,C)``) as
    externals, then solved for each new set of true inputs: one grounding per path instead of
    one per look.  The answer is the shown atoms of the one answer set (a technique's program),
    or with `brave` the shown atoms of some answer set (a clue's check: clingo's brave
    consequences).  Worth it for the small templates (singles, locked candidates, a clue's
    check); the subset and fish templates ground far larger over every possible candidate,
    and the global rules' brave check spends its time enumerating, not grounding.  A
    conditional ``#show p(X) : body.`` shows nothing after a control's first solve (clingo 5.8):
    a reused program shows with ``#show p/n.``.  Not to be shared between threads: each
    logical solver keeps its own."""

    def __init__(self, text: str, inputs: Sequence[Input], brave: bool = False) -> None:
        declared = "".join(f"#external {name}({','.join(map(str, args))}).\n" for name, args in inputs)
        args = ["--models=0", "--enum-mode=brave"] if brave else ["--models=1"]
        self._ctl = grounded_control(args, text + declared, "a logic program")
        self._symbols = {key: clingo.Function(key[0], [clingo.Number(a) for a in key[1]]) for key in inputs}
        self._true: set[Input] = set()  # externals start false

    def answer(self, true: set[Input]) -> list[Atom] | None:
        """The answer (see the class) with exactly these inputs true; None: no answer set."""
        true = {key for key in true if key in self._symbols}
        for key in self._true ^ true:
            self._ctl.assign_external(self._symbols[key], key in true)
        self._true = true
        last: list[Sequence[object]] = []  # the last model's shown keys: with `brave`, the consequences

        def on_model(model: clingo.Model) -> None:
            last[:] = [shown_keys(model)]

        _solve(self._ctl, on_model, last.clear)
        return _atoms_of_keys(last[0]) if last else None
