"""`detect` reads a text where it stands instead of copying `text.strip()` (a 16 MB collection
cost 16 MB more at peak): the span and the TOML test give what the stripped copy gives, whatever
the blanks around it (newlines, carriage returns, form feeds, Unicode line separators)."""

from __future__ import annotations

import random
import re

from asp_sudoku.formats.detection import TOML_LINE, _stripped_span, _toml_lines

PIECES = ["size = 9", "[[killer]]", " [ cage", '"key"=1', "x =", "=", "53..7", ".Thermo~R1C1", "# note", "a",
          " ", "\t", "\n", "\r", "\r\n", "\x0b", "\x0c", "\x1c", "\x85", "\u2028", "\u3000"]


def test_the_span_and_the_toml_test_are_those_of_the_stripped_text() -> None:
    rng = random.Random(11)
    for _ in range(20000):
        text = "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 8)))
        start, end = _stripped_span(text)
        assert text[start:end] == text.strip(), repr(text)
        if start < end:
            assert _toml_lines(text, start, end) == (re.search(TOML_LINE, text.strip()) is not None), repr(text)


def test_a_toml_key_after_blanks_that_are_no_newline_is_found() -> None:
    """`^` does not match where the search starts unless a newline is before it: the first line
    is tried on its own."""
    for blank in (" ", "\r", "\x0c", "\u2028 "):
        text = blank + "size = 9\nx"
        assert _toml_lines(text, *_stripped_span(text))


def test_blanks_longer_than_a_chunk_are_stripped_from_both_ends() -> None:
    for blanks in (" " * 10_000, "\n\u2028\r" * 5_000, "\t" * 4_096):
        for text in (blanks + "size = 9" + blanks, blanks, blanks + "x" + blanks + "y" + blanks):
            start, end = _stripped_span(text)
            assert text[start:end] == text.strip()
