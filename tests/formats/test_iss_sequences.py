"""ISS types about sequences of digits (formats/iss/readers/sequences.py): how their items
become our clue tables, and the items refused with a reason."""

from __future__ import annotations

import base64

import pytest

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.formats.iss import data_from_iss
from asp_sudoku.formats.iss.readers.sequences import decode_nfa


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
        # characters outside base64 were skipped: "((((" read as the empty pattern (a QA pass)
        (".Regex~((((~R1C1~R1C2", r"'\(\(\(\(' is not an encoded pattern"),
        (".Regex~MT$z~R1C1~R1C2", "'MT\\$z' is not an encoded pattern"),
        (".NFA~((((~R1C1~R1C2", "the automaton cannot be read"),
    ],
)
def test_refused_items_say_why(text: str, message: str) -> None:
    with pytest.raises(PuzzleFormatError, match=message):
        data_from_iss(text, "x")


def _token(bits: str) -> str:
    """ISS's serialisation of a bit string: bytes, most significant bit first, in base64 (URL
    alphabet, no padding); written here from the format's description."""
    bits += "0" * (-len(bits) % 8)
    data = bytes(int(bits[i : i + 8], 2) for i in range(0, len(bits), 8))
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def test_an_nfa_with_two_start_states_gets_one_new_start() -> None:
    # Packed, 2-bit states, 4 symbols; 2 start states (the second accepts), 1 more accepting
    # state.  State 0: symbol 1 (digit 1) -> state 2; state 1: digit 2 -> state 2; state 2: none.
    bits = "01" + "0001" + "0011" + "10" + "01" + "10" + "0001" + "10" + "0010" + "10" + "0000"
    table = decode_nfa(_token(bits), 1, 4)
    assert table == {"start": 3, "accept": [1, 2, 3], "transitions": [[0, 1, 2], [1, 2, 2], [3, 1, 2], [3, 2, 2]]}


def test_regex_and_nfa_lines_become_automaton_tables() -> None:
    pattern = base64.urlsafe_b64encode(b"1.*").decode().rstrip("=")
    data = data_from_iss(f".Shape~4x4.Regex~{pattern}~R1C1~R1C2~~R2C1~R3C1", "x")
    assert data["automaton"] == [
        {"cells": ["r1c1", "r1c2"], "regex": "1.*"},
        {"cells": ["r2c1", "r3c1"], "regex": "1.*"},
    ]
    # Plain, 2-bit states, 4 symbols, 1 start state, 1 more accepting state, 1-bit move counts:
    # state 0 has one move, digit 1 -> state 1; state 1 none (then padding).
    plain = "00" + "0001" + "0011" + "01" + "01" + "0" + "0001" + "1" + "00" + "01" + "0"
    data = data_from_iss(f".Shape~4x4.NFA~{_token(plain)}~_Name~R1C1~R1C2", "x")
    assert data["automaton"] == [{"cells": ["r1c1", "r1c2"], "start": 0, "accept": [1], "transitions": [[0, 1, 1]]}]


def test_nfa_on_variable_cells() -> None:
    # A var cell no ISS Var declares is refused; a declared one is an extra cell of the line.
    with pytest.raises(PuzzleFormatError, match="unsupported: VA1 .*no ISS Var declares"):
        data_from_iss(".Shape~4x4.NFA~UUJn~_~VA1~R1C1", "x")
    plain = "00" + "0001" + "0011" + "01" + "01" + "0" + "0001" + "1" + "00" + "01" + "0"
    data = data_from_iss(f".Shape~4x4.Var~A~~1.NFA~{_token(plain)}~_~VA~R1C1", "x")
    assert data["extra"] == [{"name": "VA", "count": 1}]
    assert data["automaton"][0]["cells"] == ["VA", "r1c1"]


def test_hidden_skyscraper_zero_is_a_clue_only_where_the_grid_has_a_zero() -> None:
    plain = data_from_iss(".Shape~4x4.HiddenSkyscraper~R2~0~3", "x")
    assert plain["hidden-skyscraper"] == [{"line": "r2", "side": "right", "digit": 3}]
    zero = data_from_iss(".Shape~4x4~0-3.HiddenSkyscraper~C1~0~", "x")
    assert zero["hidden-skyscraper"] == [{"line": "c1", "side": "top", "digit": 0}]


def test_look_and_say_keeps_its_clue_as_written() -> None:
    data = data_from_iss(".Shape~4x4.LookAndSay~1213~R1C1~R2C2~R3C3", "x")
    assert data["look-and-say"] == [{"cells": ["r1c1", "r2c2", "r3c3"], "clue": "1213"}]
