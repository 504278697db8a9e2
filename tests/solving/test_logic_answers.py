"""The logical solver's clingo answers (`solving.logic`) read each model's shown atoms as keys
(`shape.shown_keys`, no Symbol made) and decode the last model's once: the same atoms as read
through clingo's public API, with or without the raw read."""

from __future__ import annotations

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
