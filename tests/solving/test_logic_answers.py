"""The logical solver's clingo answers (`solving.logic`) read each model's shown atoms as keys
(`shape.shown_keys`, no Symbol made) and decode the last model's once: the same atoms as read
through clingo's public API, with or without the raw read."""

from __future__ import annotations

import time

import clingo
import pytest

from asp_sudoku.solving import logic
from asp_sudoku.solving import shape as solving_shape
from asp_sudoku.solving.shape import _symbol_key, symbol_of_key

PROGRAM = """
{ numberAt(R,C,P) : P = 1..3 } = 1 :- R = 1..2, C = 1..2.
:- numberAt(R,C,P), numberAt(R,C2,P), C < C2.
:- numberAt(1,1,P), P > 2.
#show numberAt/3.
#show tag("a b", -1) : numberAt(2,2,3).
"""


def _public(text: str) -> list[logic.Atom]:
    """The brave consequences through the public API alone."""
    ctl = clingo.Control(["--models=0", "--enum-mode=brave", "--warn=none"])
    ctl.add("base", [], text)
    ctl.ground([("base", [])])
    last: list[list[clingo.Symbol]] = []
    ctl.solve(on_model=lambda m: last.__setitem__(slice(None), [m.symbols(shown=True)]))
    return sorted(logic._atom(s) for s in last[0])


def test_a_symbol_comes_back_from_its_key() -> None:
    for symbol in (clingo.Function("numberAt", [clingo.Number(1), clingo.Number(2), clingo.Number(3)]),
                   clingo.Function("tag", [clingo.String("a b"), clingo.Number(-1)]), clingo.Number(7)):
        assert symbol_of_key(_symbol_key(symbol)) == symbol


@pytest.mark.parametrize("raw", [True, False])
def test_brave_reads_the_atoms_the_public_api_reads(raw: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    if not raw:
        monkeypatch.setattr(solving_shape, "_RAW", False)
    monkeypatch.setattr(logic, "_DECODED", {})
    expected = _public(PROGRAM)
    assert ("tag", ("\"a b\"", -1)) in expected and ("numberAt", (1, 1, 3)) not in expected
    assert logic.brave(PROGRAM) == expected
    assert logic.brave(PROGRAM) == expected  # decoded from the cache the second time
    reused = logic.Reused(PROGRAM, [], brave=True)
    assert reused.answer(set()) == expected


PIGEONS = """
{ in(P,H) : H = 1..11 } = 1 :- P = 1..12.
:- in(P,H), in(Q,H), P < Q.
#show in/2.
"""
"""Twelve pigeons in eleven holes: no answer set, and clingo takes minutes to prove it."""


def test_a_check_past_its_deadline_stops_there() -> None:
    """A check's solve runs synchronously under the watchdog thread (`_Watchdog`), which
    interrupts it once the deadline of `stopping_at` has passed: SearchStopped, soon after."""
    started = time.perf_counter()
    with pytest.raises(logic.SearchStopped), logic.stopping_at(lambda: started + 0.3):
        logic.brave(PIGEONS)
    assert time.perf_counter() - started < 2.0
    with logic.stopping_at(lambda: time.perf_counter() + 60):  # well within it: the answer as ever
        assert logic.brave(PROGRAM) == _public(PROGRAM)


def test_an_interrupt_that_came_after_a_solve_ended_does_not_stop_the_next(monkeypatch: pytest.MonkeyPatch) -> None:
    """clingo keeps an interrupt asked for when no solve runs, and stops the control's next
    solve with it: within its time that solve runs again, and answers as if never stopped."""
    reused = logic.Reused(PROGRAM.replace("P = 1..3 }", "P = 1..3, allowed(P) }"),
                          [("allowed", (p,)) for p in (1, 2, 3)], brave=True)
    everything = {("allowed", (p,)) for p in (1, 2, 3)}
    expected = reused.answer(everything)
    reused._ctl.interrupt()  # as the watchdog might, just as a solve ended
    with logic.stopping_at(lambda: time.perf_counter() + 60):
        assert reused.answer(everything) == expected
    reused._ctl.interrupt()
    with logic.stopping_at(lambda: time.perf_counter() + 60):
        assert reused.answer({("allowed", (1,)), ("allowed", (2,))}) == logic.Reused(
            PROGRAM.replace("P = 1..3 }", "P = 1..2 }"), [], brave=True).answer(set())
