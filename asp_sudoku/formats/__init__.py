"""Reading puzzles: detect the format of a file or text and turn it into `Puzzle` records."""

from __future__ import annotations

import hashlib
import math
import os
import re
import warnings
from collections.abc import Iterator
from dataclasses import replace
from itertools import islice

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.core.model import Puzzle
from asp_sudoku.formats.detection import PLAIN_9X9, entry_lines, grid_line, one_per_line, units
from asp_sudoku.formats.detection import (  # re-exported: part of the formats API
    detect as detect,
)
from asp_sudoku.formats.detection import (
    detect_one as detect_one,
)
from asp_sudoku.formats.grid_text import line_puzzle, load_text
from asp_sudoku.formats.source import (  # re-exported: part of the formats API
    MAX_FILE_BYTES as MAX_FILE_BYTES,
)
from asp_sudoku.formats.source import STDIN, STDIN_LABEL, read_file, read_stdin
from asp_sudoku.formats.source import decode_text as decode_text

# The readers of the other formats are imported when a text needs them (start-up time).

FORMATS = ("toml", "text", "fpuzzles", "sudokupad", "iss", "lines")


def read_source(arg: str) -> tuple[str, str]:
    """The text a command-line argument stands for, and its name in messages: a pasted puzzle
    (link, ISS string, one-line grid) itself, `-` standard input (named `<stdin>`), else a file."""
    if arg == STDIN:
        return read_stdin(), STDIN_LABEL
    if pasted(arg):
        return arg, short_label(arg)
    return read_file(arg), arg


def parse_one(text: str, path: str, fmt: str, line: int = 0) -> Puzzle:
    """One puzzle of a single-puzzle format; `line`: its line in a collection, which its
    warnings name too (an f-puzzles line's "ignored drawings" named only the file)."""
    if not line:
        return _parse_one(text, path, fmt, line)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        puzzle = _parse_one(text, path, fmt, line)
    for said in caught:
        message = str(said.message)
        if message.startswith(f"{path}: "):
            message = f"{path}:{line}: {message[len(path) + 2:]}"
        warnings.warn(message, said.category, stacklevel=2)
    return puzzle


def _parse_one(text: str, path: str, fmt: str, line: int) -> Puzzle:
    try:
        if fmt == "fpuzzles":
            from asp_sudoku.formats.fpuzzles import parse_fpuzzles

            return parse_fpuzzles(text, path)
        if fmt == "sudokupad":
            if text.strip().startswith(("{", "[")):
                from asp_sudoku.formats.build import FixedLines, puzzle_from_data
                from asp_sudoku.formats.sudokupad import data_from_scl, unzip

                _require_puzzle_json(text, path)

                return puzzle_from_data(data_from_scl(unzip(text.strip(), path), path), path, FixedLines())
            from asp_sudoku.formats.sudokupad import parse_sudokupad

            return parse_sudokupad(text, path)
        if fmt == "iss":
            from asp_sudoku.formats.iss import parse_iss

            return parse_iss(text, path, line)
        if fmt == "toml":
            from asp_sudoku.formats.toml import parse_toml

            return parse_toml(text, path)
    except PuzzleFormatError as exc:
        if line and not exc.line:
            raise PuzzleFormatError(exc.path, line, exc.message, exc.column) from None
        raise
    except ValueError as exc:  # malformed JSON inside SudokuPad text
        if "integer string conversion" in str(exc):  # Python's limit of 4300 digits
            raise PuzzleFormatError(path, line, "cannot read the puzzle: a number has too many digits") from None
        raise PuzzleFormatError(path, line, f"cannot read the puzzle: {exc}") from None
    except RecursionError:  # any structure too deep for a recursive reader
        raise PuzzleFormatError(path, line, "cannot read the puzzle: it nests too deeply") from None
    raise PuzzleFormatError(path, line, f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")


def _require_puzzle_json(text: str, path: str) -> None:
    """A JSON object read as SudokuPad's must look like one: say plainly what it lacks."""
    from asp_sudoku.formats.json_input import load_json

    value = load_json(text.strip(), path, "the file")
    if not isinstance(value, dict) or "cells" not in value:
        raise PuzzleFormatError(
            path, 0,
            'this JSON is not a puzzle we read: an f-puzzles puzzle has a "grid" key, a SudokuPad '
            'puzzle a "cells" key (give the format with --from if it is one of those)',
        )


def iter_entries(text: str, path: str = "<text>", fmt: str | None = None) -> Iterator[Puzzle | PuzzleFormatError]:
    """Each puzzle of a text, or the error that entry raised; collections go on past bad lines.

    Entries of a collection carry their line number in `Puzzle.entry`.
    """
    if next(entry_lines(text), None) is None:
        what = "is empty" if not text.strip() else "holds only comments"
        yield PuzzleFormatError(path, 0, f"holds no puzzle: the text {what}")
        return
    fmt = fmt or detect(text, path)
    if fmt == "lines" or (fmt == "text" and len(list(islice(entry_lines(text), 2))) > 1 and one_per_line(text)):
        for line, entry in units(text) if fmt == "lines" else entry_lines(text):
            # (an 81-character line of digits and dots, the common case of large collections,
            # is a 9x9 grid and nothing else: no other format is asked)
            kind = "text" if PLAIN_9X9.fullmatch(entry) else detect_one(entry) or "text"
            try:
                if kind == "text" and not grid_line(entry):
                    t = entry.split("#", 1)[0].strip()
                    bad = next((i for i, ch in enumerate(t) if not (ch == "." or ch.isascii() and ch.isdigit())), None)
                    if bad is not None and len(t) >= 16 and math.isqrt(len(t)) ** 2 == len(t):
                        raise PuzzleFormatError(path, line, f"{t[bad]!r} is not a digit or '.'", bad + 1)
                    raise PuzzleFormatError(path, line, f"a line of {len(t)} characters is not a grid (a 9x9 has 81)")
                if kind == "text":  # (its rows are on the collection's line, as messages say)
                    puzzle = line_puzzle(entry.split("#", 1)[0].strip(), path, line, str(line))
                else:
                    puzzle = replace(parse_one(entry, path, kind, line), entry=str(line))
            except PuzzleFormatError as exc:
                refused = exc if exc.line else PuzzleFormatError(exc.path, line, exc.message, exc.column)
                refused.entry = str(line)
                yield refused
                continue
            yield puzzle
        return
    try:
        if fmt == "text":
            yield from load_text(text, path)
        else:
            yield parse_one(text, path, fmt)
    except PuzzleFormatError as exc:
        yield exc


def parse_many(text: str, path: str = "<text>", fmt: str | None = None) -> list[Puzzle]:
    """All puzzles in a text (a collection file holds several); the first bad entry raises."""
    out = []
    for item in iter_entries(text, path, fmt):
        if isinstance(item, PuzzleFormatError):
            raise item
        out.append(item)
    return out


PASTED_GRID_SIZES = (4, 6, 8, 9, 16, 25)


def pasted_grid(arg: str) -> bool:
    """One grid on one line, as shared: N*N characters (N in PASTED_GRID_SIZES) of digits and
    '.' ('0' is empty too), letters allowed from 16x16 on, as the text-grid reader reads them."""
    t = arg.strip()
    size = math.isqrt(len(t))
    if size * size != len(t) or size not in PASTED_GRID_SIZES:
        return False
    return re.fullmatch(r"[0-9.A-Za-z]+" if size >= 16 else r"[0-9.]+", t) is not None


def pasted(arg: str) -> bool:
    """True when a command-line argument is a pasted puzzle (a link, payload, ISS string or a
    one-line grid), not a file name."""
    try:
        if len(arg) <= 4096 and os.path.exists(arg):  # a file, whatever its name holds
            return False
    except (OSError, ValueError):
        pass
    if "\n" in arg or len(arg) > 4096:
        return True
    return detect_one(arg) is not None or pasted_grid(arg)


def short_label(text: str) -> str:
    """A short name for a pasted puzzle, used where a file name would be: the text itself up to
    48 characters, else its start, its length and a hash of the whole, so that two texts with
    the same start keep two names (f-puzzles links share their first 45 characters, and
    `batch` tells puzzles apart by name: the second was dropped as already done)."""
    t = " ".join(text.split())
    if len(t) <= 48:
        return t
    digest = hashlib.sha1(t.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    return f"{t[:32]}...({len(t)} characters, #{digest})"


def load_many(path: str | os.PathLike[str], fmt: str | None = None) -> list[Puzzle]:
    """All puzzles in a file (a str or a pathlib.Path), standard input (`-`), or a pasted link,
    payload, ISS string or one-line grid."""
    if isinstance(path, os.PathLike):
        path = os.fsdecode(path)
    if not isinstance(path, str):
        raise TypeError(f"expected a file path or a puzzle's text, not {type(path).__name__}")
    return parse_many(*read_source(path), fmt)


def load(path_or_text: str, fmt: str | None = None) -> Puzzle:
    """One puzzle from a file path or from the puzzle's text itself."""
    try:
        # a file, or a device or pipe such as /dev/stdin (its name was read as puzzle text)
        is_path = not pasted(path_or_text) and os.path.exists(path_or_text) and not os.path.isdir(path_or_text)
    except OSError:
        is_path = False
    puzzles = load_many(path_or_text, fmt) if is_path else parse_many(path_or_text, "<text>", fmt)
    if len(puzzles) != 1:
        raise PuzzleFormatError(
            path_or_text if is_path else "<text>", 0,
            f"holds {len(puzzles)} puzzles; use load_many for collections",
        )
    return puzzles[0]
