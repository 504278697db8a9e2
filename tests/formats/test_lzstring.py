"""lz-string: the codec agrees with the JavaScript library (vectors from lz-string 1.5.0)."""

from __future__ import annotations

import json

import pytest
from helpers import DATA
from hypothesis import given, settings
from hypothesis import strategies as st

from asp_sudoku.formats.lzstring import LZStringError, compress_to_base64, decompress_from_base64

VECTORS = json.loads((DATA / "formats" / "lzstring_vectors.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(("text", "encoded"), VECTORS)
def test_matches_the_javascript_library(text: str, encoded: str) -> None:
    assert compress_to_base64(text) == encoded
    if text:
        assert decompress_from_base64(encoded) == text


@settings(max_examples=200, deadline=None)
@given(st.text(min_size=1, max_size=400))
def test_round_trip(text: str) -> None:
    assert decompress_from_base64(compress_to_base64(text)) == text


@pytest.mark.parametrize("payload", ["", "   ", "AB!C", "Q==="])
def test_broken_payloads(payload: str) -> None:
    with pytest.raises(LZStringError):
        decompress_from_base64(payload)
