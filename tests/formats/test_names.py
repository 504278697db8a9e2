"""Which of our rules each foreign format can express (as we read it), and which it cannot:
pinned, so that a rule added to a reader, or lost from it, is noticed here."""

from __future__ import annotations

import pytest

from asp_sudoku.formats.names import FORMATS
from asp_sudoku.rules import CLUE_KINDS, GLOBAL_RULES

ALL = set(GLOBAL_RULES) | set(CLUE_KINDS)

CANNOT = {
    "f-puzzles": {"cage-compare", "greater-than", "weighted-sum",
                  "sum-line", "lunchbox", "counting-circles", "numbered-room",
                  "rellik-cage", "equal-sum", "equality-cage", "count-distinct",
                  "contain", "full-rank", "automaton", "hidden-skyscraper", "look-and-say", "doppelganger", "region-same-values",
                  "same-values", "pair", "global-mod", "global-entropy", "anti-taxicab", "dutch-flatmates", "value-indexing",
                  "chaos-construction", "chaos-arrow", "chaos-count", "chaos-same-region", "chaos-region-count", "any-of"},
    "SudokuPad": ALL - {"anti-king", "anti-knight", "non-consecutive", "killer", "pencilmarks"},
    "ISS": {"kropki-white-negative", "kropki-black-negative", "cage-compare", "minimum", "maximum",
            "even", "odd", "slow-thermo", "nabner", "clone"},
}


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_what_each_format_can_and_cannot_express(fmt: str) -> None:
    names = FORMATS[fmt]()
    assert set(names) <= ALL, f"unknown rule names: {set(names) - ALL}"
    assert ALL - set(names) == CANNOT[fmt]
