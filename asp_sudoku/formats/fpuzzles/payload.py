"""The f-puzzles link and payload: telling an f-puzzles URL, JSON or bare payload from other
text, and decoding a ``?load=`` payload (lz-string base64) into its JSON value."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import unquote

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.formats.json_input import load_json
from asp_sudoku.formats.lzstring import LZStringError, decompress_from_base64

FPUZZLES_HOSTS = ("f-puzzles.com", "www.f-puzzles.com")


def payload_of(text: str) -> str:
    """The lz-string payload in an f-puzzles URL or text (``...?load=<payload>``)."""
    text = text.strip()
    if "load=" in text:
        text = text.split("load=", 1)[1]
        text = re.split(r"[&#]", text, maxsplit=1)[0].strip()
    return unquote(text)


def decode_payload(payload: str, path: str) -> Any:
    """lz-string base64 payload -> the decoded JSON value."""
    try:
        text = decompress_from_base64(payload)
    except LZStringError as exc:
        raise PuzzleFormatError(path, 0, f"not an f-puzzles payload: {exc}") from None
    try:
        return load_json(text, path, "f-puzzles payload")
    except PuzzleFormatError as exc:
        if ": invalid JSON:" in exc.message:
            raise PuzzleFormatError(path, 0, "the f-puzzles payload does not hold JSON") from None
        raise


def looks_like_fpuzzles(text: str) -> bool:
    """True for f-puzzles URLs, f-puzzles JSON and bare payloads (``N4Ig...``)."""
    t = text.strip()
    if any(host in t for host in FPUZZLES_HOSTS):
        return True
    if t.startswith("{") and '"grid"' in t[:200000] and '"size"' in t:
        return True
    return t.startswith("N4Ig") and re.fullmatch(r"[A-Za-z0-9+/=$\- %]+", t) is not None
