"""Reading puzzles: detect the format of a file or text and turn it into `Puzzle` records."""

from __future__ import annotations

from pathlib import Path

from ..errors import PuzzleFormatError
from ..model import Puzzle
from .grid_text import load_text, looks_like_grid_text
from .toml_puzzle import parse_toml

MAX_FILE_BYTES = 20_000_000
FORMATS = ("toml", "text")


def read_file(path: str) -> str:
    """A puzzle file's text, with clear errors for missing, huge or non-UTF-8 files.

    At most MAX_FILE_BYTES are read, whatever the file claims to be (``/dev/zero``, a pipe), so
    memory stays bounded.
    """
    if "\x00" in path:
        raise PuzzleFormatError(path, 0, "the file name holds a NUL byte")
    p = Path(path)
    try:
        if p.is_dir():
            raise PuzzleFormatError(path, 0, "is a directory, not a puzzle file")
        with p.open("rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise PuzzleFormatError(path, 0, f"cannot read the file: {exc.strerror or exc}") from None
    if len(data) > MAX_FILE_BYTES:
        raise PuzzleFormatError(path, 0, f"the file is larger than the limit of {MAX_FILE_BYTES} bytes")
    return decode_text(data, path)


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


def detect(text: str, path: str = "") -> str:
    """The format of a puzzle text: 'toml' or 'text'."""
    if path.endswith(".toml"):
        return "toml"
    if looks_like_grid_text(text):
        return "text"
    return "toml"


def parse_many(text: str, path: str = "<text>", fmt: str | None = None) -> list[Puzzle]:
    """All puzzles in a text (a collection file holds several)."""
    fmt = fmt or detect(text, path)
    if fmt == "toml":
        return [parse_toml(text, path)]
    if fmt == "text":
        return load_text(text, path)
    raise PuzzleFormatError(path, 0, f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")


def load_many(path: str, fmt: str | None = None) -> list[Puzzle]:
    """All puzzles in a file."""
    return parse_many(read_file(path), path, fmt)


def load(path_or_text: str, fmt: str | None = None) -> Puzzle:
    """One puzzle from a file path or from the puzzle's text itself."""
    is_path = "\n" not in path_or_text and len(path_or_text) < 4096 and Path(path_or_text).is_file()
    puzzles = load_many(path_or_text, fmt) if is_path else parse_many(path_or_text, "<text>", fmt)
    if len(puzzles) != 1:
        raise PuzzleFormatError(
            path_or_text if is_path else "<text>", 0,
            f"holds {len(puzzles)} puzzles; use load_many for collections",
        )
    return puzzles[0]
