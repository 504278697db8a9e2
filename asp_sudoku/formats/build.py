"""Building a `Puzzle` from a neutral dict: the structure a TOML puzzle file decodes to.

Every importer (TOML, f-puzzles, SudokuPad, ISS strings, ...) translates its input into this
dict and calls `puzzle_from_data`, so that one set of rule parsers validates every format:

    {"title": str, "author": str, "source": str, "size": int | "6x8", "box": "3x3" | "none",
     "values": "1-9", "rules": [global rule names], "givens": "rows\\n..." or [row, ...],
     "extra": [{"name": "VA", "count": 3}, ...],          # cells outside the grid: VA1 VA2 VA3
     "<clue kind>": [{table}, ...]}      # e.g. "killer": [{"cells": ["r1c1", "r1c2"], "sum": 3}]

`lines` tells the line of each key and table for error messages (`SourceMap` for TOML);
importers without line information pass `FixedLines(n)` (every error names line n, or none).
`require_kind` / `require_rule` give the one-line "unsupported: <name>" error an importer raises
when a foreign rule maps to a kind that asp-sudoku does not have (yet).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.core.model import MAX_CLUES, Clue, Puzzle, extra_cells
from asp_sudoku.formats.extra import read_extra
from asp_sudoku.formats.grid_text import is_separator_line, parse_digits, parse_grid
from asp_sudoku.formats.shape import (
    given_rows,
    read_box,
    read_latin,
    read_size,
    require_rectangular,
)
from asp_sudoku.rules import (
    CLUE_KINDS,
    EXTRA_OK,
    GLOBAL_RULES,
    RULE_ALIASES,
    expand_rules,
)
from asp_sudoku.rules.regions import parse_regions
from asp_sudoku.rules.validate import validate_rules

if TYPE_CHECKING:
    from asp_sudoku.core.user_rules import UserRules

TOP_KEYS = ("title", "author", "source", "size", "box", "values", "latin", "rules", "givens", "regions", "rules-file", "extra")
MAX_TEXT = 10_000


class Lines(Protocol):
    """Where keys and tables of the data were written (0 = unknown)."""

    def key(self, name: str) -> int:
        """The line of a top-level key."""
        ...

    def table(self, name: str, index: int) -> int:
        """The line of the index-th (0-based) table of a clue list."""
        ...

    def value_lines(self, name: str) -> list[tuple[int, str]]:
        """Lines of a multi-line string value, each with its line number."""
        ...


class FixedLines:
    """Line information for data without a source text: every key is on one line."""

    def __init__(self, line: int = 0) -> None:
        self.line = line

    def key(self, name: str) -> int:
        """The fixed line."""
        return self.line

    def table(self, name: str, index: int) -> int:
        """The fixed line."""
        return self.line

    def value_lines(self, name: str) -> list[tuple[int, str]]:
        """No raw text: callers fall back to the decoded value."""
        return []


def unsupported(path: str, line: int, name: str, detail: str = "") -> PuzzleFormatError:
    """The one-line error for a foreign rule or key asp-sudoku cannot solve (yet)."""
    return PuzzleFormatError(path, line, f"unsupported: {name}" + (f" ({detail})" if detail else ""))


def require_kind(kind: str, foreign: str, path: str, line: int = 0) -> str:
    """`kind` when it is a clue kind we have, else the "unsupported: <foreign>" error."""
    if kind not in CLUE_KINDS:
        raise unsupported(path, line, foreign, f"no '{kind}' rule in asp-sudoku yet")
    return kind


def require_rule(rule: str, foreign: str, path: str, line: int = 0) -> str:
    """`rule` when it is a global rule (or alias) we have, else "unsupported: <foreign>"."""
    if rule not in GLOBAL_RULES and rule not in RULE_ALIASES:
        raise unsupported(path, line, foreign, f"no '{rule}' rule in asp-sudoku yet")
    return rule


MAX_KNOWN = 500  # characters of the "known:" list in an unknown-name message (one bounded line)


def unknown_name(what: str, name: str, known: list[str], hint: str = "") -> str:
    """``unknown rule 'anti-night' (did you mean 'anti-knight'?; known: ...)``: one line, bounded."""
    parts = []
    if hint:
        parts.append(hint)
    else:
        import difflib  # only a mistake needs it (start-up time)

        def score(other: str) -> float:
            return difflib.SequenceMatcher(None, name, other).ratio()

        close = difflib.get_close_matches(name, known, n=3)
        close = [c for c in close if score(c) >= score(close[0]) - 0.1]  # not a far second guess
        if close:
            parts.append("did you mean " + " or ".join(repr(c) for c in close) + "?")
    listed = ""
    for k, item in enumerate(known):
        more = f", ... ({len(known) - k} more)"
        if len(listed) + len(item) + 2 + len(more) > MAX_KNOWN:
            listed += more
            break
        listed += (", " if listed else "") + item
    parts.append(f"known: {listed}")
    return f"unknown {what} {' '.join(name.split())[:40]!r} ({'; '.join(parts)})"


def has_rule(rule: str) -> bool:
    """True when a global rule (or alias) is supported."""
    return rule in GLOBAL_RULES or rule in RULE_ALIASES


def has_kind(kind: str) -> bool:
    """True when a clue kind (or a top-level key such as ``regions``) is supported."""
    return kind in CLUE_KINDS or kind in TOP_KEYS


def _text(data: Mapping[str, Any], key: str, path: str, where: Lines) -> str:
    value = data.get(key, "")
    if not isinstance(value, str):
        raise PuzzleFormatError(path, where.key(key), f"{key} must be a string")
    if len(value) > MAX_TEXT:
        raise PuzzleFormatError(path, where.key(key), f"{key} is longer than {MAX_TEXT} characters")
    return value


def puzzle_from_data(data: Mapping[str, Any], path: str, lines: Lines | None = None) -> Puzzle:
    """Validate a neutral puzzle dict (see the module docstring) and build the `Puzzle`."""
    where: Lines = lines if lines is not None else FixedLines()
    for key in data:
        if key not in TOP_KEYS and key not in CLUE_KINDS:
            line = where.key(key) or where.table(key, 0)
            hint = f"{key!r} is a global rule: rules = [\"{key}\"]" if has_rule(key) else ""
            raise PuzzleFormatError(path, line, unknown_name("key", key, [*TOP_KEYS, *CLUE_KINDS], hint))
    rows = given_rows(data, path, where)
    size, cols = read_size(data, path, where, rows)
    if size != cols:
        require_rectangular(data, path, where, size, cols)
    digits = (1, max(size, cols))
    if "values" in data:
        spec = data["values"]
        if not isinstance(spec, str):
            raise PuzzleFormatError(path, where.key("values"), "values must be a string like \"1-9\"")
        digits = parse_digits(spec, max(size, cols), path, where.key("values"))
    box = read_box(data, path, where, size, digits[1] - digits[0] + 1, cols)
    regions = None
    names: tuple[str, ...] = ()
    if "regions" in data:
        if not isinstance(data["regions"], str):
            raise PuzzleFormatError(path, where.key("regions"), "regions must be a string of rows")
        region_rows = where.value_lines("regions") or [
            (where.key("regions"), ln) for ln in data["regions"].splitlines() if ln.strip()
        ]
        if box is not None:
            raise PuzzleFormatError(path, where.key("box"), 'regions replace the boxes: set box = "none" or leave box out')
        regions, names = parse_regions(region_rows, size, path, digits[1] - digits[0] + 1, cols)
    givens = parse_grid(rows, size, digits, path, cols) if rows else ()
    rule_names = data.get("rules", [])
    if not isinstance(rule_names, list) or not all(isinstance(r, str) for r in rule_names):
        raise PuzzleFormatError(path, where.key("rules"), "rules must be a list of rule names")
    try:
        rules = expand_rules([r.strip().lower() for r in rule_names])
    except KeyError as exc:
        name = str(exc.args[0])
        hint = f"{name!r} is a clue table: [[{name}]]" if name in CLUE_KINDS else ""
        message = unknown_name("rule", name, [*GLOBAL_RULES, *RULE_ALIASES], hint)
        raise PuzzleFormatError(path, where.key("rules"), message) from None
    tables_total = sum(len(v) for k, v in data.items() if k in CLUE_KINDS and isinstance(v, list))
    if tables_total > MAX_CLUES:
        raise PuzzleFormatError(path, 0, f"the puzzle has {tables_total} clues; the limit is {MAX_CLUES}")
    extra = read_extra(data, path, where)
    places = extra_cells(size, cols, extra)
    latin = read_latin(data, path, where)
    clues: list[Clue] = []
    for name in CLUE_KINDS:
        tables = data.get(name, [])
        if not isinstance(tables, list) or not all(isinstance(t, dict) for t in tables):
            raise PuzzleFormatError(path, where.key(name) or where.table(name, 0), f"{name} must be a list of tables ([[{name}]])")
        kind = CLUE_KINDS[name] if tables else None  # a rule's module is imported when used
        for index, table in enumerate(tables):
            assert kind is not None
            from asp_sudoku.rules.base import ClueContext  # imported when a puzzle has clues

            ctx = ClueContext(path, where.table(name, index), name, index + 1, size, digits, cols, places, name in EXTRA_OK, latin)
            clues.append(kind.parse(ctx, table))
    user_rules: tuple[UserRules, ...] = ()
    if "rules-file" in data:
        user_rules = (_rules_file(data["rules-file"], path, where.key("rules-file")),)
    puzzle = Puzzle(
        size=size,
        cols=cols,
        box=box,
        digits=digits,
        givens=givens,
        rules=rules,
        clues=tuple(clues),
        regions=regions,
        region_names=names,
        user_rules=user_rules,
        latin=latin,
        extra=extra,
        row_lines=tuple(line for line, text in rows if not is_separator_line(text)),
        rules_line=where.key("rules"),
        title=_text(data, "title", path, where),
        author=_text(data, "author", path, where),
        source=_text(data, "source", path, where),
        path=path,
    )
    validate_rules(puzzle, where.key("rules"))
    return puzzle


def _rules_file(value: Any, path: str, line: int) -> UserRules:
    """The rules file a puzzle names, read relative to the puzzle file's folder."""
    if not isinstance(value, str) or not value.endswith(".lp") or value != value.strip():
        raise PuzzleFormatError(path, line, 'rules-file must name an ASP file ending in .lp, like "my-rule.lp"')
    from pathlib import Path  # only for a rules-file key (start-up time)

    base = Path(path).parent if path and not path.startswith("<") else Path(".")
    target = base / value
    # A puzzle names rules from its own folder only: a file sent by someone else must not
    # reach (or probe for) .lp files elsewhere on the machine.  --rules-file has no such limit.
    if Path(value).is_absolute() or ".." in Path(value).parts:
        raise PuzzleFormatError(
            path, line, f"rules-file {value[:80]!r} must be inside the puzzle's folder "
            "(no absolute path, no '..'); give other rule files with --rules-file"
        )
    try:
        resolved = target.resolve()
    except (OSError, ValueError, RuntimeError):  # a NUL byte, a loop of links
        raise PuzzleFormatError(
            path, line, f"rules-file {value[:80]!r} names no file that can be read (a NUL byte, or a loop of symbolic links)"
        ) from None
    if not resolved.is_relative_to(base.resolve()):  # a symbolic link on the way leads out of the folder
        raise PuzzleFormatError(
            path, line, f"rules-file {value[:80]!r} must be inside the puzzle's folder, and a symbolic "
            f"link leads it out ({str(resolved)[:120]}); give other rule files with --rules-file"
        )
    if not target.is_file():
        raise PuzzleFormatError(path, line, f"rules-file {value[:80]!r}: no such file ({target})")
    from asp_sudoku.core.user_rules import read_user_rules

    return read_user_rules(str(target))
