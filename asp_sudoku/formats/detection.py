"""How a puzzle text is told apart: which format it is (`detect`), and how a collection splits
into lines and entries, one at a time (a collection of millions of lines is never held as a
list of lines)."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator

from asp_sudoku.formats.grid_text import four_by_four_lines, looks_like_grid_text


def detect_one(text: str) -> str | None:
    """The format of one shared puzzle (a link, id, payload, JSON or ISS string), or None."""
    from asp_sudoku.formats.fpuzzles.payload import looks_like_fpuzzles
    from asp_sudoku.formats.iss import looks_like_iss
    from asp_sudoku.formats.sudokupad import looks_like_sudokupad

    if looks_like_sudokupad(text):
        return "sudokupad"
    if looks_like_fpuzzles(text):
        return "fpuzzles"
    if looks_like_iss(text):
        return "iss"
    return None


LINE_BREAK = re.compile("\r\n|[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")
"""Where `str.splitlines` splits a text."""


def lines(text: str) -> Iterator[str]:
    """`text.splitlines()`, one line at a time: a collection of millions of lines is never held
    as a list of lines (`check` streams it: cli/__init__.py)."""
    start = 0
    for match in LINE_BREAK.finditer(text):
        yield text[start : match.start()]
        start = match.end()
    if start < len(text):
        yield text[start:]


def entry_lines(text: str) -> Iterator[tuple[int, str]]:
    """The non-empty, non-comment lines of a text, stripped, with their line numbers."""
    return ((i, ln.strip()) for i, ln in enumerate(lines(text), start=1) if ln.strip() and not ln.lstrip().startswith("#"))


def units(text: str) -> Iterator[tuple[int, str]]:
    """The entries of a collection, one at a time: one per line, except that a line indented
    deeper than the line that began an ISS constraint string continues that string (one ISS
    puzzle written over several lines, see docs/formats.md).

    A line indented no deeper than the entry above starts its own entry, so whole puzzles written
    one per line (indented alike or not at all) are never merged; nor is a one-line grid, however
    deep.
    """
    unit: tuple[int, str] | None = None  # the entry read last, which the next line may continue
    indent = 0
    for i, raw in enumerate(lines(text), start=1):
        ln = raw.strip()
        if not ln or ln.startswith("#"):
            continue
        depth = len(raw) - len(raw.lstrip())
        # (a one-line grid that starts with an empty cell starts with '.' too, but a grid line
        # never continues anything: it is a puzzle of its own)
        if unit is not None and depth > indent and unit[1].startswith(".") and not grid_line(ln):
            unit = (unit[0], unit[1] + " " + ln)
        else:
            if unit is not None:
                yield unit
            unit = (i, ln)
            indent = depth
    if unit is not None:
        yield unit


def unit_list(text: str) -> list[tuple[int, str]]:
    """`units` as a list."""
    return list(units(text))


def whole_puzzles(text: str) -> bool:
    """A collection of whole puzzles, one per line: at least two lines are each a whole shared
    puzzle (a link, payload, ISS string, SudoCue or killer-arrow line; one-line grids may mix in),
    one of them not a plain grid, and at least half of the lines are whole (the rest are bad
    entries, reported on their own)."""
    entries = unit_list(text)
    if len(entries) < 2:
        return False
    kinds = [None if PLAIN_9X9.fullmatch(t) else detect_one(t) for _, t in entries]  # (a 9x9 line asks no reader)
    whole = sum(1 for k, (_, t) in zip(kinds, entries) if k or grid_line(t))
    return any(kinds) and whole >= 2 and 2 * whole >= len(entries)


PLAIN_9X9 = re.compile(r"[0-9.]{81}")


def grid_line(text: str) -> bool:
    """One classic puzzle on one line: N*N characters of digits and '.' (a 16x16's 256 may hold
    the letters A-G too, as its one-line form is written)."""
    t = text.split("#", 1)[0].strip()
    symbols = r"[0-9A-Ga-g.]+" if len(t) == 256 else r"[0-9.]+"
    return len(t) >= 16 and math.isqrt(len(t)) ** 2 == len(t) and re.fullmatch(symbols, t) is not None


def json_format(text: str) -> str:
    """f-puzzles or SudokuPad JSON, by the keys of the object (a title holding the word "grid"
    makes no f-puzzles of a SudokuPad puzzle); by its text when it does not parse (the reader
    then says what is wrong)."""
    if '"grid"' not in text:
        return "sudokupad"  # (no f-puzzles file lacks its grid: read once, by the reader)
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError):  # (nesting too deep: the reader refuses it by name)
        obj = None
    if isinstance(obj, dict) and "cells" in obj and "grid" not in obj:
        return "sudokupad"  # "grid" only in a value: a title, say
    return "fpuzzles"


TOML_LINE = r'(?m)^[ \t]*(?:\[\[?[ \t]*["A-Za-z0-9_-]|"?[A-Za-z0-9_-]+"?[ \t]*=)'
"""A line of TOML: a table header (``[[killer]]``) or a key set (``size = 9``): no shared
puzzle (a link, payload, ISS string, SudoCue line) nor a line of a grid starts so (compiled
on first use: a .toml file never needs it)."""


def detect(text: str, path: str = "") -> str:
    """The format of a puzzle text: one of FORMATS.

    A collection of whole puzzles, one per line (links, payloads, ISS strings, SudoCue or
    killer-arrow lines, optionally mixed with one-line grids), is "lines": its puzzles are read
    one by one, never merged. One ISS puzzle over several lines indents its continuation lines
    (or is read whole with ``--from iss``).

    The text is read where it stands, between its first and last non-blank characters, and
    copied only for a single puzzle (a collection of 16 MB was copied whole: 16 MB more at peak).
    """
    if path.endswith(".toml"):
        return "toml"
    start, end = _stripped_span(text)
    first = text[start] if start < end else ""
    if first == "{" or (path.endswith(".json") and first == "["):
        return json_format(text[start:end])
    if text.find("\n", start, end) != -1 and _toml_lines(text, start, end):
        return "toml"  # lines of TOML (a link in `source = "..."` or a comment makes no link of it)
    entries = entry_lines(text)
    head = next(entries, None)
    if head is not None and PLAIN_9X9.fullmatch(head[1]) and all(PLAIN_9X9.fullmatch(t) for _, t in entries):
        return "text"  # 9x9 grids, one a line: no other format's reader is imported (20 ms) or asked
    if whole_puzzles(text):
        return "lines"
    single = detect_one(text[start:end])
    if single is not None:
        return single
    if looks_like_grid_text(text):
        return "text"
    return "toml"


def _stripped_span(text: str) -> tuple[int, int]:
    """Where `text.strip()` would begin and end in `text`, without copying it: the blanks are
    stripped a chunk at a time from each end (a text of 16 MB of blanks took 1.2 s one character
    at a time in Python)."""
    start, end, chunk = 0, len(text), 1 << 12
    while start < end:
        part = text[start : min(start + chunk, end)]
        kept = part.lstrip()
        start += len(part) - len(kept)
        if kept:
            break
    while end > start:
        part = text[max(end - chunk, start) : end]
        kept = part.rstrip()
        end -= len(part) - len(kept)
        if kept:
            break
    return start, end


def _toml_lines(text: str, start: int, end: int) -> bool:
    """Whether `re.search(TOML_LINE, text[start:end])` matches, without the copy: the stripped
    text's first line begins at `start`, where `^` need not match in `text` (a blank before it
    that is no newline), so that line is tried on its own."""
    pattern = re.compile(TOML_LINE)
    first_line = re.compile(TOML_LINE.removeprefix("(?m)^"))
    return first_line.match(text, start, end) is not None or pattern.search(text, start, end) is not None


def one_per_line(text: str) -> bool:
    """A text collection: most lines are whole N*N grids (not the rows of one grid)."""
    count = grids = 0
    first = ""
    for _, t in entry_lines(text):  # (counted, not listed: a collection may hold millions)
        count += 1
        if grid_line(t):
            grids += 1
            first = first or t
    if not grids:
        return False
    if count == len(first.split("#", 1)[0].strip()) and not four_by_four_lines([t for _, t in entry_lines(text)]):
        return False  # the rows of one grid
    return 2 * grids >= count
