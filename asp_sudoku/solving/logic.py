"""Clingo for the logical solver (`asp_sudoku.setter.logic`): the one answer set of a technique's
program, and the brave consequences of a clue's program over its cells.

Both take whole program texts (a technique's template and the facts of the current candidates)
and return plain Python values, so that the setter's logic never sees a clingo object.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import clingo

from asp_sudoku.solving.ground import grounded_control
from asp_sudoku.solving.watch import current

Atom = tuple[str, tuple[object, ...]]


def _value(sym: clingo.Symbol) -> object:
    """A symbol as Python: numbers as int, tuples as tuples, anything else as its text."""
    if sym.type == clingo.SymbolType.Number:
        return sym.number
    if sym.type == clingo.SymbolType.Function and not sym.name:
        return tuple(_value(a) for a in sym.arguments)
    return str(sym)


def _atoms(symbols: Iterable[clingo.Symbol]) -> list[Atom]:
    return sorted((s.name, tuple(_value(a) for a in s.arguments)) for s in symbols)


def one_answer(text: str) -> list[Atom] | None:
    """The shown atoms of the program's first answer set (a technique's program has exactly
    one), sorted; None when it has none."""
    ctl = grounded_control(["--models=1"], text, "a logic program")
    found: list[list[Atom]] = []
    ctl.solve(on_model=lambda m: found.append(_atoms(m.symbols(shown=True))))
    return found[0] if found else None


def brave(text: str) -> list[Atom] | None:
    """The shown atoms true in at least one answer set (clingo's brave consequences), sorted;
    None when the program has no answer set."""
    ctl = grounded_control(["--models=0", "--enum-mode=brave"], text, "a logic program")
    last: list[Sequence[clingo.Symbol]] = []  # each model's symbols (values, not the model); the last is the answer

    def on_model(model: clingo.Model) -> None:
        last[:] = [model.symbols(shown=True)]

    ctl.solve(on_model=on_model)
    return _atoms(last[0]) if last else None


def stop_requested() -> bool:
    """Whether the thread's watch (the web page's request) asked the search to stop."""
    watch = current()
    return watch is not None and watch.stopped()
