"""ISS types about sequences of digits (formats/iss/readers/sequences.py): how their items
become our clue tables, and the items refused with a reason."""

from __future__ import annotations

import pytest

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.formats.iss import data_from_iss


def test_full_rank_reads_both_ends_and_the_tie_mode_wherever_it_stands() -> None:
    before = data_from_iss(".Shape~4x4.FullRankTies~any.FullRank~C1~10~3", "x")
    after = data_from_iss(".Shape~4x4.FullRank~C1~10~3.FullRankTies~any", "x")
    assert before["full-rank"] == after["full-rank"] == [
        {"line": "c1", "side": "top", "rank": 10, "ties": "any"},
        {"line": "c1", "side": "bottom", "rank": 3, "ties": "any"},
    ]
    plain = data_from_iss(".Shape~4x4.FullRank~R2~~7.FullRankTies~only-unclued", "x")
    assert plain["full-rank"] == [{"line": "r2", "side": "right", "rank": 7}]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (".Shape~4x4.FullRankTies~none", "unsupported: FullRankTies~none before any FullRank clue"),
        (".Shape~4x4.FullRank~C1~10~.FullRankTies~some", "'some' is not none, only-unclued or any"),
        (".Shape~4x4.FullRank~X1~10~", "expected a row or column like R3 or C3"),
        (".Shape~4x4.FullRank~C5~10~", "expected a row or column like R3 or C3"),
    ],
)
def test_refused_items_say_why(text: str, message: str) -> None:
    with pytest.raises(PuzzleFormatError, match=message):
        data_from_iss(text, "x")
