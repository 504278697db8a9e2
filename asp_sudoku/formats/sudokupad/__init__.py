"""Reading SudokuPad links and ids.

``fpuz...`` / ``fpuzzles...`` ids hold an f-puzzles payload and are read exactly.  ``scl...`` /
``ctc...`` ids hold SudokuPad's own JSON, lz-string compressed after "PuzzleZipper" shortened its
keys and values; givens, regions, cages with sums, metadata and the global rules are read
exactly.  SudokuPad draws thermometers, arrows, dots and most other clues as plain lines and
shapes whose meaning only the rules text gives, so they are ignored with a warning naming what
was ignored.  Short ids are stored on SudokuPad's server and need the network: a clear error.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.core.model import Puzzle
from asp_sudoku.formats.build import FixedLines, puzzle_from_data, unsupported
from asp_sudoku.formats.fpuzzles import data_from_fpuzzles
from asp_sudoku.formats.fpuzzles.payload import decode_payload
from asp_sudoku.formats.lzstring import LZStringError, decompress_from_base64
from asp_sudoku.formats.sudokupad.scl import GLOBALS as GLOBALS
from asp_sudoku.formats.sudokupad.scl import PROP_MAP as PROP_MAP
from asp_sudoku.formats.sudokupad.scl import data_from_scl as data_from_scl
from asp_sudoku.formats.sudokupad.scl import unzip as unzip

HOSTS = ("sudokupad.app", "crackingthecryptic.com", "sudokupad.svencodes.com")


def puzzle_id(text: str) -> str:
    """The puzzle id in a SudokuPad link (or the text itself when it is an id)."""
    t = text.strip()
    if re.match(r"(www\.)?(sudokupad\.app|app\.crackingthecryptic\.com)/", t, re.IGNORECASE):
        t = "https://" + t  # a link written without its scheme
    if not t.startswith("http"):
        return t
    parts = urlsplit(t)
    query = parse_qs(parts.query)
    if "puzzleid" in query:
        return query["puzzleid"][0]
    path = parts.path.lstrip("/")
    path = re.sub(r"^(sudoku/|ctclegacy/)", "", path)
    return unquote(path)


def data_from_sudokupad(text: str, path: str) -> dict[str, Any]:
    """The neutral dict of a SudokuPad link or id."""
    pid = puzzle_id(text)
    match = re.match(r"^(fpuzzles|fpuz|scl|ctc|scf)(.*)$", pid, re.DOTALL)
    if match is None:
        raise PuzzleFormatError(
            path, 0, f"SudokuPad short id {pid[:40]!r}: the puzzle is stored on SudokuPad's server "
            "and needs the network; open it and use 'Share' with a full link (fpuz.../scl...)"
        )
    prefix, payload = match.groups()
    if prefix == "scf":
        raise unsupported(path, 0, "SudokuPad scf (compact) ids")
    if prefix.startswith("fpuz"):
        return data_from_fpuzzles(decode_payload(payload, path), path)
    try:
        zipped = decompress_from_base64(payload)
    except LZStringError as exc:
        raise PuzzleFormatError(path, 0, f"SudokuPad: not a puzzle payload: {exc}") from None
    try:
        obj = unzip(zipped, path)
    except PuzzleFormatError as exc:
        if ": invalid JSON:" in exc.message:
            raise PuzzleFormatError(path, 0, "SudokuPad: the payload does not hold a puzzle") from None
        raise
    return data_from_scl(obj, path)


def parse_sudokupad(text: str, path: str) -> Puzzle:
    """One puzzle from a SudokuPad link or id."""
    return puzzle_from_data(data_from_sudokupad(text, path), path, FixedLines())


def looks_like_sudokupad(text: str) -> bool:
    """True for SudokuPad links and fpuz/scl/ctc ids."""
    t = text.strip()
    if any(host in t.split("?")[0] for host in HOSTS):
        return True
    return re.fullmatch(r"(fpuzzles|fpuz|scl|ctc)[A-Za-z0-9+/=$\-]{16,}", t) is not None
