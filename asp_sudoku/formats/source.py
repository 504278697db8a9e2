"""Reading a puzzle file or standard input: bounded, UTF-8, with clear errors."""

from __future__ import annotations

import os
import sys

from asp_sudoku.core.errors import PuzzleFormatError

MAX_FILE_BYTES = 20_000_000

SCRIPT_REFUSED = (
    "an Interactive Sudoku Solver sandbox script (JavaScript): asp-sudoku does not run scripts; "
    "run it in ISS's sandbox and give asp-sudoku the constraint string it builds"
)
"""What a `.js` file gets: ISS's example lists name sandbox scripts where a puzzle would be."""


def read_file(path: str) -> str:
    """A puzzle file's text, with clear errors for missing, huge or non-UTF-8 files.

    At most MAX_FILE_BYTES are read, whatever the file claims to be (``/dev/zero``, a pipe), so
    memory stays bounded.
    """
    if "\x00" in path:
        raise PuzzleFormatError(path, 0, "the file name holds a NUL byte")
    if path.endswith(".js"):
        raise PuzzleFormatError(path, 0, SCRIPT_REFUSED)
    try:
        if os.path.isdir(path):
            raise PuzzleFormatError(path, 0, "is a directory, not a puzzle file")
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        why = f"cannot read the file: {exc.strerror or exc}"
        if isinstance(exc, FileNotFoundError) and _grid_like(path):
            why = f"no such file, nor a one-line grid: {len(path)} characters (a 4x4 has 16, a 6x6 36, an 8x8 64, a 9x9 81, a 16x16 256)"
        elif isinstance(exc, FileNotFoundError) and "://" in path[:12]:
            why = (
                "no such file, nor a link that holds a puzzle (f-puzzles, SudokuPad): a short link "
                "(tinyurl.com and the like) is not followed; open it in a browser and give the long link it leads to"
            )
        raise PuzzleFormatError(path, 0, why) from None
    if len(data) > MAX_FILE_BYTES:
        raise PuzzleFormatError(path, 0, f"the file is larger than the limit of {MAX_FILE_BYTES} bytes")
    return decode_text(data, path)


def _grid_like(name: str) -> bool:
    """A name that was meant as a one-line grid: at least 16 characters, only digits, '.' and '0'
    (a grid of the right length is read as one before any file is looked for)."""
    return len(name) >= 16 and all(ch in "0123456789." for ch in name)


STDIN = "-"  # the file argument that reads standard input
STDIN_LABEL = "<stdin>"  # its name in messages and results
_stdin_text: list[str] = []  # standard input, once read (several `-` arguments read it once)


def read_stdin() -> str:
    """Standard input's text, read once (at most MAX_FILE_BYTES, as for a file)."""
    if not _stdin_text:
        try:
            stream = sys.stdin.buffer if sys.stdin is not None else None
            data = stream.read(MAX_FILE_BYTES + 1) if stream is not None else b""
        except (OSError, ValueError, AttributeError) as exc:
            raise PuzzleFormatError(STDIN_LABEL, 0, f"cannot read standard input: {exc}") from None
        if len(data) > MAX_FILE_BYTES:
            raise PuzzleFormatError(STDIN_LABEL, 0, f"standard input is larger than the limit of {MAX_FILE_BYTES} bytes")
        _stdin_text.append(decode_text(data, STDIN_LABEL))
    return _stdin_text[0]


def decode_text(data: bytes, path: str) -> str:
    """UTF-8 text without NUL bytes, or a PuzzleFormatError naming the line."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise PuzzleFormatError(path, line, "the file is not valid UTF-8 text") from None
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise PuzzleFormatError(path, line, "the file holds a NUL byte")
    return text


__all__ = ["MAX_FILE_BYTES", "SCRIPT_REFUSED", "STDIN", "STDIN_LABEL", "decode_text", "read_file", "read_stdin"]
