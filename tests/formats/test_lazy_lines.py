"""A collection's lines are read one at a time: no list of its lines or entries is built (a file of
millions of lines, which `check` answers as it reads, would otherwise be held several times over)."""

from __future__ import annotations

import random
import tracemalloc

import pytest
from helpers import ROOT

from asp_sudoku.formats import iter_entries
from asp_sudoku.formats.detection import lines as _lines

SEPARATORS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"


def test_lines_split_as_splitlines_does() -> None:
    rng = random.Random(7)
    texts = ["", "\n", "\r\n", "a", "a\n", "a\r\nb", "\n\n", "a\r\r\nb\u2028"]
    texts += ["".join(rng.choice("ab \t" + SEPARATORS) for _ in range(rng.randint(0, 12))) for _ in range(20000)]
    for text in texts:
        assert list(_lines(text)) == text.splitlines(), repr(text)


@pytest.mark.parametrize("fmt", ["lines", None])
def test_a_collection_is_read_without_listing_its_lines(fmt: str | None) -> None:
    line = (ROOT / "bench" / "data" / "classic" / "magictour_top1465_first1000.txt").read_text().splitlines()[1]
    text = (line + "\n") * 20000  # 1.6 MB
    tracemalloc.start()
    try:
        read = sum(1 for _ in iter_entries(text, "big.txt", fmt))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert read == 20000
    # listing the lines took 4.9 MB more (6.2 MB when the format was detected); detecting it
    # still copies the text once (its stripped form)
    assert peak < (1.0e6 if fmt == "lines" else len(text) + 1.0e6)
