"""JSON from puzzle files and links, read defensively.

`json.loads` alone accepts duplicate keys (the last one silently wins), nests until Python's
recursion limit (a RecursionError, not an error message) and turns 5000-digit numbers into a
ValueError.  `load_json` refuses duplicate keys, nesting deeper than `MAX_DEPTH` and numbers
Python cannot read, each with a `PuzzleFormatError` naming the file; everything it returns is
shallow enough for the recursive code that walks it.
"""

from __future__ import annotations

import json
from typing import Any

from asp_sudoku.core.errors import PuzzleFormatError

MAX_DEPTH = 64  # real puzzles nest 5 or 6 levels (f-puzzles lines: object, list, list, cell)


class DuplicateKey(ValueError):
    """A key given twice in one JSON object (`no_duplicates`): JSON would keep the last, unsaid."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise DuplicateKey(key)
        out[key] = value
    return out


def depth(value: Any) -> int:
    """How deeply lists and objects nest in a decoded JSON value (iteratively: no recursion)."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            deepest = max(deepest, level)
            stack += [(v, level + 1) for v in item.values()]
        elif isinstance(item, list):
            deepest = max(deepest, level)
            stack += [(v, level + 1) for v in item]
    return deepest


def load_json(text: str, path: str, what: str = "JSON") -> Any:
    """Decode `text`; raise PuzzleFormatError (naming `what`) for anything a puzzle cannot be."""
    try:
        value = json.loads(text, object_pairs_hook=no_duplicates)
    except DuplicateKey as exc:
        raise PuzzleFormatError(path, 0, f"{what}: the key {exc.key[:40]!r} appears twice in one object") from None
    except json.JSONDecodeError as exc:
        raise PuzzleFormatError(path, exc.lineno, f"{what}: invalid JSON: {exc.msg}", exc.colno) from None
    except RecursionError:
        raise PuzzleFormatError(path, 0, f"{what}: the JSON nests too deeply") from None
    except ValueError:  # a number of more than 4300 digits
        raise PuzzleFormatError(path, 0, f"{what}: a number has too many digits") from None
    if depth(value) > MAX_DEPTH:
        raise PuzzleFormatError(path, 0, f"{what}: the JSON nests more than {MAX_DEPTH} levels deep")
    return value
