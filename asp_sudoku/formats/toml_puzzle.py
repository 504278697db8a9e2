"""Puzzle files in TOML (read with the standard library's tomllib).

Top-level keys: title, author, source, size, box, values, rules, givens; every other top-level
key must name a clue list (``[[killer]]``, ``[[thermo]]``...).  tomllib gives no positions, so
`SourceMap` finds the line of each key and table in the raw text for error messages.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

from ..errors import PuzzleFormatError
from ..model import DEFAULT_BOXES, MAX_CLUES, MAX_SIZE, Clue, Puzzle
from ..rules import CLUE_KINDS, expand_rules
from ..rules.base import ClueContext
from ..rules.regions import parse_regions
from ..rules.validate import validate_rules
from ..user_rules import UserRules, read_user_rules
from .grid_text import infer_size, is_separator_line, parse_digits, parse_grid

TOP_KEYS = ("title", "author", "source", "size", "box", "values", "rules", "givens", "regions", "rules-file")
MAX_TEXT = 10_000
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


def _text(data: dict[str, Any], key: str, path: str, where: SourceMap) -> str:
    value = data.get(key, "")
    if not isinstance(value, str):
        raise PuzzleFormatError(path, where.key(key), f"{key} must be a string")
    if len(value) > MAX_TEXT:
        raise PuzzleFormatError(path, where.key(key), f"{key} is longer than {MAX_TEXT} characters")
    return value


def _size_and_box(
    data: dict[str, Any], path: str, where: SourceMap, rows: list[tuple[int, str]]
) -> tuple[int, tuple[int, int] | None]:
    if "size" in data:
        size = data["size"]
        if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= MAX_SIZE:
            raise PuzzleFormatError(path, where.key("size"), f"size must be a whole number 1-{MAX_SIZE}")
    elif rows:
        size = infer_size(rows, path)
    else:
        raise PuzzleFormatError(path, 0, "the puzzle needs a size or givens")
    spec = data.get("box")
    line = where.key("box")
    if spec is None and "regions" in data:
        return size, None
    if spec is None:
        if size not in DEFAULT_BOXES:
            raise PuzzleFormatError(path, where.key("size"), f"a {size}x{size} grid has no default box; give box = \"RxC\" or \"none\"")
        return size, DEFAULT_BOXES[size]
    if not isinstance(spec, str):
        raise PuzzleFormatError(path, line, "box must be a string like \"3x3\" or \"none\"")
    if spec.strip().lower() == "none":
        return size, None
    match = re.fullmatch(r"\s*(\d{1,9})\s*[xX]\s*(\d{1,9})\s*", spec)
    if match is None:
        raise PuzzleFormatError(path, line, f"box must look like \"3x3\" or \"none\", not {spec[:20]!r}")
    box = int(match.group(1)), int(match.group(2))
    if box[0] * box[1] != size or size % box[0] or size % box[1]:
        raise PuzzleFormatError(path, line, f"box {box[0]}x{box[1]} does not tile a {size}x{size} grid")
    return size, box


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
        raise PuzzleFormatError(path, line, f"invalid TOML: {message}", col) from None
    except RecursionError:
        raise PuzzleFormatError(path, 0, "invalid TOML: arrays or tables nest too deeply") from None
    except ValueError:  # Python refuses to convert integers of more than 4300 digits
        line = next(
            (text.count("\n", 0, m.start()) + 1 for m in re.finditer(r"\d+", text) if m.end() - m.start() > 4300),
            0,
        )
        raise PuzzleFormatError(path, line, "invalid TOML: a number has too many digits") from None
    where = SourceMap(text)
    for key in data:
        if key not in TOP_KEYS and key not in CLUE_KINDS:
            line = where.key(key) or where.table(key, 0)
            raise PuzzleFormatError(path, line, f"unknown key {key[:40]!r}")
    givens_value = data.get("givens", "")
    if not isinstance(givens_value, str):
        raise PuzzleFormatError(path, where.key("givens"), "givens must be a string of rows")
    rows = where.value_lines("givens") if givens_value.strip() else []
    if givens_value.strip() and not rows:
        rows = [(where.key("givens"), ln) for ln in givens_value.splitlines() if ln.strip()]
    if len(rows) == 1 and "\n" in givens_value.strip():  # one-line string with \n escapes
        rows = [(rows[0][0], ln) for ln in givens_value.splitlines() if ln.strip()]
    size, box = _size_and_box(data, path, where, rows)
    regions = None
    if "regions" in data:
        if not isinstance(data["regions"], str):
            raise PuzzleFormatError(path, where.key("regions"), "regions must be a string of rows")
        region_rows = where.value_lines("regions") or [
            (where.key("regions"), ln) for ln in data["regions"].splitlines() if ln.strip()
        ]
        if box is not None:
            raise PuzzleFormatError(path, where.key("box"), 'regions replace the boxes: set box = "none" or leave box out')
        regions = parse_regions(region_rows, size, path)
    digits = (1, size)
    if "values" in data:
        spec = data["values"]
        if not isinstance(spec, str):
            raise PuzzleFormatError(path, where.key("values"), "values must be a string like \"1-9\"")
        digits = parse_digits(spec, size, path, where.key("values"))
    givens = parse_grid(rows, size, digits, path) if rows else ()
    rule_names = data.get("rules", [])
    if not isinstance(rule_names, list) or not all(isinstance(r, str) for r in rule_names):
        raise PuzzleFormatError(path, where.key("rules"), "rules must be a list of rule names")
    try:
        rules = expand_rules([r.strip().lower() for r in rule_names])
    except KeyError as exc:
        raise PuzzleFormatError(path, where.key("rules"), f"unknown rule {str(exc.args[0])[:40]!r}") from None
    tables_total = sum(len(v) for k, v in data.items() if k in CLUE_KINDS and isinstance(v, list))
    if tables_total > MAX_CLUES:
        raise PuzzleFormatError(path, 0, f"the puzzle has {tables_total} clues; the limit is {MAX_CLUES}")
    clues: list[Clue] = []
    for name, kind in CLUE_KINDS.items():
        tables = data.get(name, [])
        if not isinstance(tables, list) or not all(isinstance(t, dict) for t in tables):
            raise PuzzleFormatError(path, where.key(name) or where.table(name, 0), f"{name} must be a list of tables ([[{name}]])")
        for index, table in enumerate(tables):
            ctx = ClueContext(path, where.table(name, index), name, index + 1, size, digits)
            clues.append(kind.parse(ctx, table))
    user_rules: tuple[UserRules, ...] = ()
    if "rules-file" in data:
        user_rules = (_rules_file(data["rules-file"], path, where.key("rules-file")),)
    puzzle = Puzzle(
        size=size,
        box=box,
        digits=digits,
        givens=givens,
        rules=rules,
        clues=tuple(clues),
        regions=regions,
        user_rules=user_rules,
        title=_text(data, "title", path, where),
        author=_text(data, "author", path, where),
        source=_text(data, "source", path, where),
        path=path,
        row_lines=tuple(line for line, text in rows if not is_separator_line(text)),
        rules_line=where.key("rules"),
    )
    validate_rules(puzzle, where.key("rules"))
    return puzzle


def _rules_file(value: Any, path: str, line: int) -> UserRules:
    """The rules file a puzzle names, read relative to the puzzle file's folder."""
    if not isinstance(value, str) or not value.strip().endswith(".lp"):
        raise PuzzleFormatError(path, line, 'rules-file must name an ASP file ending in .lp, like "my-rule.lp"')
    base = Path(path).parent if path and not path.startswith("<") else Path(".")
    target = base / value
    # A puzzle names rules from its own folder only: a file sent by someone else must not
    # reach (or probe for) .lp files elsewhere on the machine.  --rules-file has no such limit.
    try:
        inside = target.resolve().is_relative_to(base.resolve())
    except (OSError, ValueError):
        inside = False
    if Path(value).is_absolute() or ".." in Path(value).parts or not inside:
        raise PuzzleFormatError(
            path, line, f"rules-file {value[:80]!r} must be inside the puzzle's folder "
            "(no absolute path, no '..'); give other rule files with --rules-file"
        )
    if not target.is_file():
        raise PuzzleFormatError(path, line, f"rules-file {value[:80]!r}: no such file ({target})")
    return read_user_rules(str(target))
