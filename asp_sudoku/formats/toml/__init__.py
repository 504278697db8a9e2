"""Puzzle files in TOML (read with the standard library's tomllib).

Top-level keys: title, author, source, size, box, values, rules, givens; every other top-level
key must name a clue list (``[[killer]]``, ``[[thermo]]``...).  tomllib gives no positions, so
`SourceMap` finds the line of each key and table in the raw text for error messages.  The
decoded dict is validated by `build.puzzle_from_data`, which every other importer shares.
"""

from __future__ import annotations

import re
import tomllib

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.core.model import Puzzle
from asp_sudoku.formats.build import MAX_TEXT, TOP_KEYS, puzzle_from_data

__all__ = ["MAX_TEXT", "TOP_KEYS", "SourceMap", "parse_toml"]
MAX_TOML_CHARS = 1_000_000  # one puzzle; tomllib needs ~15 s and 300 MB for 20 MB of tables


class SourceMap:
    """Line numbers of top-level keys and of each ``[[table]]`` header in a TOML text."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.keys: dict[str, int] = {}
        self.tables: dict[str, list[int]] = {}
        in_table = False
        for number, raw in enumerate(self.lines, start=1):
            stripped = raw.strip()
            # One unambiguous character class: a nested-quantifier pattern here took minutes
            # on a line of 10,000 spaces (tests/test_hostile_*.py keep a case for it).
            header = re.match(r"^\[\[([^\]]*)\]\]", stripped)
            if header:
                name = header.group(1).strip().strip("\"'").strip()
                self.tables.setdefault(name, []).append(number)
                in_table = True
                continue
            if stripped.startswith("["):
                table = re.match(r"^\[([^\[\]]*)\]", stripped)
                if table:  # [name]: a table where an array of tables was meant
                    self.keys.setdefault(table.group(1).strip().strip("\"'").strip(), number)
                in_table = True
                continue
            key = re.match(r"^\"?([A-Za-z0-9_+\-]+)\"?\s*=", stripped)
            quoted = None if key else re.match(r"^(?:\"((?:[^\"\\]|\\.)*)\"|'([^']*)')\s*=", stripped)
            if quoted and not in_table:  # a quoted key: "..." (with escapes) or '...'
                name = quoted.group(2)
                if name is None:
                    try:
                        import json

                        name = json.loads('"' + quoted.group(1) + '"')
                    except ValueError:
                        name = quoted.group(1)
                self.keys.setdefault(name, number)
                continue
            if key and not in_table:
                self.keys.setdefault(key.group(1), number)

    def key(self, name: str) -> int:
        """The line of a top-level key (0 when not found)."""
        return self.keys.get(name, 0)

    def table(self, name: str, index: int) -> int:
        """The line of the index-th (0-based) table of that name, else of its key."""
        found = self.tables.get(name, [])
        return found[index] if index < len(found) else self.key(name)

    def value_lines(self, name: str) -> list[tuple[int, str]]:
        """Lines of a (multi-line) string value, each with its line number."""
        start = self.key(name)
        if not start:
            return []
        first = self.lines[start - 1].split("=", 1)[1].strip()
        for quote in ('"""', "'''"):
            if first.startswith(quote):
                body = first[3:]
                out = []
                number = start
                if body.strip():
                    out.append((number, body.split(quote)[0]))
                    if quote in body:
                        return out
                while number < len(self.lines):
                    text = self.lines[number]
                    number += 1
                    if quote in text:
                        before = text.split(quote)[0]
                        if before.strip():
                            out.append((number, before))
                        return out
                    out.append((number, text))
                return out
        return [(start, first.strip("\"'"))]


def parse_toml(text: str, path: str) -> Puzzle:
    """Read one puzzle from TOML text."""
    if len(text) > MAX_TOML_CHARS:
        raise PuzzleFormatError(
            path, 0, f"a TOML puzzle of {len(text)} characters is larger than the limit of {MAX_TOML_CHARS}"
        )
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        line, col = (int(match.group(1)), int(match.group(2))) if match else (0, 0)
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc)) or "invalid TOML"
        if not match and "(at end of document)" in message:  # a file cut off: its last line
            lines = text.splitlines() or [""]
            line, col = len(lines), len(lines[-1]) + 1
            message = message.replace("(at end of document)", "at the end of the file").strip()
        raise PuzzleFormatError(path, line, f"invalid TOML: {message}", col) from None
    except RecursionError:
        raise PuzzleFormatError(path, 0, "invalid TOML: arrays or tables nest too deeply") from None
    except ValueError:  # Python refuses to convert integers of more than 4300 digits
        line = next(
            (text.count("\n", 0, m.start()) + 1 for m in re.finditer(r"\d+", text) if m.end() - m.start() > 4300),
            0,
        )
        raise PuzzleFormatError(path, line, "invalid TOML: a number has too many digits") from None
    return puzzle_from_data(data, path, SourceMap(text))
