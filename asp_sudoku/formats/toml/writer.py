"""Writing a `Puzzle` as a TOML puzzle file that reads back to an equal `Puzzle`.

The inverse of `toml_puzzle.parse_toml`: title/author/source, size, box and values where they
differ from the defaults, the global rules (``miracle`` written as one name when all its parts
are there), the givens as a grid with box separators, and one ``[[kind]]`` table per clue in the
puzzle's order, written by the clue's own rule (`ClueKind.table`: its `to_table`, else each
field of the record as a key of the same name, ``total`` as ``sum``, cells as ``rRcC`` names,
None left out).  Jigsaw regions and a user rules file are written too.
With ``check=True`` the text is read back and compared, so a clue that cannot be written
faithfully is an error (`AspSudokuError`), never a silently different file.
"""

from __future__ import annotations

import dataclasses
import os
import re
import warnings
from collections.abc import Sequence
from typing import Any

from asp_sudoku.core.errors import AspSudokuError, PuzzleFormatError
from asp_sudoku.core.model import Clue, Puzzle, cell_name
from asp_sudoku.formats.shape import box_for_digits
from asp_sudoku.rules import CLUE_KINDS, GLOBAL_RULES, RULE_ALIASES
from asp_sudoku.rules.base import fields_table

_HEX = "0123456789ABCDEFG"


def toml_string(text: str) -> str:
    """A TOML basic string: quotes, backslashes and control characters escaped."""
    out = []
    for ch in text:
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04X}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _key(key: str) -> str:
    """A key of an inline table: bare when TOML allows it, else quoted."""
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else toml_string(key)


def toml_value(value: Any) -> str:
    """One TOML value: a string, integer, boolean, or (nested) list or inline table of them."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):  # an any-of clue's alternatives
        return "{" + ", ".join(f"{_key(str(k))} = {toml_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"cannot write {type(value).__name__} as a TOML value")


def clue_table(clue: Clue) -> dict[str, Any]:
    """The TOML table of one clue record (its rule's `to_table`)."""
    kind = CLUE_KINDS.get(clue.kind)
    return kind.table(clue) if kind is not None else fields_table(clue)  # read back, it fails


def rule_names(rules: Sequence[str]) -> list[str]:
    """Global rule names with aliases folded back (``miracle`` for its three parts)."""
    left = list(rules)
    names = []
    for alias, parts in RULE_ALIASES.items():
        if all(p in left for p in parts):
            names.append(alias)
            left = [r for r in left if r not in parts]
    order = list(GLOBAL_RULES)
    return names + sorted(left, key=lambda r: order.index(r) if r in order else len(order))


def _symbol(value: int, puzzle: Puzzle) -> str:
    if puzzle.cols <= 9 or puzzle.cols == 16:
        return _HEX[value]
    return str(value)


def givens_rows(puzzle: Puzzle) -> list[str]:
    """The givens as text rows ('.' empty) with box separators, as the reader accepts them (the
    reader takes a row of one character a cell when the rows have up to 9 cells, or 16)."""
    n, m = puzzle.size, puzzle.cols
    width = 1 if m <= 9 or m == 16 else len(str(puzzle.digits[1]))
    box_rows, box_cols = puzzle.box if puzzle.box else (n, m)
    grid = puzzle.given_grid()
    lines = []
    for r, row in enumerate(grid):
        if r and r % box_rows == 0:
            parts = ["-" * ((width + 1) * box_cols - 1) for _ in range(m // box_cols)]
            lines.append("-+-".join(parts))
        cells = [("." if v is None else _symbol(v, puzzle)).rjust(width) for v in row]
        lines.append(" | ".join(" ".join(cells[i : i + box_cols]) for i in range(0, m, box_cols)))
    return lines


_PLAIN_ID = re.compile(r"[A-Za-z0-9_-]+")
"""A region id written back as it was read (`to_toml`; others are renumbered)."""


def to_toml(
    puzzle: Puzzle, *, comments: Sequence[str] = (), where: str | None = None, check: bool = False
) -> str:
    """The puzzle as TOML text; `comments` become ``#`` lines at the top.

    `where` is the file the text will be written to: a user rules file is named relative to it
    (default: the current directory).  With `check`, the text is read back and compared.
    """
    lines = [f"# {c}".rstrip() for text in comments for c in text.splitlines()]
    for key in ("title", "author", "source"):
        value = getattr(puzzle, key)
        if value:
            lines.append(f"{key} = {toml_string(value)}")
    lines.append(f"size = {puzzle.size}" if puzzle.square else f'size = "{puzzle.shape_name}"')
    regions = puzzle.regions
    if puzzle.box is None and regions is None:
        lines.append('box = "none"')
    elif puzzle.box is not None and box_for_digits(puzzle.size, len(puzzle.digit_range), puzzle.cols) != puzzle.box:
        lines.append(f'box = "{puzzle.box[0]}x{puzzle.box[1]}"')
    if puzzle.digits != (1, max(puzzle.size, puzzle.cols)):
        lines.append(f'values = "{puzzle.digits[0]}-{puzzle.digits[1]}"')
    if not puzzle.latin:
        lines.append("latin = false")
    if puzzle.rules:
        lines.append(f"rules = {toml_value(rule_names(puzzle.rules))}")
    user_rules = puzzle.user_rules
    if len(user_rules) > 1:
        raise AspSudokuError("a TOML puzzle names one rules file; this puzzle has several")
    base = os.path.dirname(os.path.abspath(where)) if where else os.getcwd()
    for rules in user_rules:
        named = os.path.relpath(os.path.abspath(rules.name), base)
        if named.startswith(os.pardir) or os.path.isabs(named):  # a puzzle reads rules from its folder only
            raise AspSudokuError(
                f"the rules file {rules.name} is not inside {base}: a puzzle may only name a rules "
                "file in its own folder; write the puzzle next to its rules file, or copy it there"
            )
        lines.append(f"rules-file = {toml_string(named)}")
    if regions is not None:
        # the file's own ids when it gave plain ones (a path names the regions by them), else 1, 2, ...
        plain = all(_PLAIN_ID.fullmatch(name) for name in puzzle.region_names)
        ids = [puzzle.region_name(g) if plain else str(g) for g in range(1, max(max(row) for row in regions) + 1)]
        width = max(len(name) for name in ids)
        lines += ['regions = """', *(" ".join(ids[v - 1].rjust(width) for v in row) for row in regions), '"""']
    if puzzle.givens:
        lines += ['givens = """', *givens_rows(puzzle), '"""']
    for group in puzzle.extra:
        lines += ["", "[[extra]]", f"name = {toml_string(group.name)}"]
        lines += [f"count = {group.count}"] if group.count != 1 else []
        lines += [f"label = {toml_string(group.label)}"] if group.label else []
    # Clue records hold an extra cell at its place outside the grid; the file names it.
    names = {cell_name(place): name for name, place in puzzle.extra_cells().items()}
    for clue in puzzle.clues:
        lines += ["", f"[[{clue.kind}]]"]
        try:
            lines += [f"{key} = {toml_value(_named(value, names))}" for key, value in clue_table(clue).items()]
        except TypeError as exc:
            raise AspSudokuError(f"cannot write a {clue.kind} clue as TOML: {exc}") from None
    text = "\n".join(lines) + "\n"
    if check:
        _check(puzzle, text, os.path.join(base, "check.toml"))
    return text


def _named(value: Any, names: dict[str, str]) -> Any:
    """A table value with the places of extra cells (``r12c12``) written as their names."""
    if not names:
        return value
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, (list, tuple)):
        return [_named(v, names) for v in value]
    if isinstance(value, dict):
        return {k: _named(v, names) for k, v in value.items()}
    return value


def _without_rule_files(puzzle: Puzzle) -> tuple[Puzzle, tuple[str, ...]]:
    """The puzzle without its user rules files (their names depend on where a file is), and their texts."""
    rules = puzzle.user_rules
    if not rules:
        return puzzle, ()
    return dataclasses.replace(puzzle, user_rules=()), tuple(r.text for r in rules)


def _check(puzzle: Puzzle, text: str, path: str) -> None:
    from asp_sudoku.formats.toml import parse_toml

    try:
        with warnings.catch_warnings():  # the puzzle's own warnings were given when it was read
            warnings.simplefilter("ignore")
            back = parse_toml(text, path)
    except PuzzleFormatError as exc:  # (its file is made up: name the line of the text written)
        where = f"line {exc.line} of " if exc.line else ""
        raise AspSudokuError(f"cannot write this puzzle as TOML: {where}the TOML would be refused: {exc.message}") from None
    except AspSudokuError as exc:
        raise AspSudokuError(f"cannot write this puzzle as TOML: {exc}") from None
    if _without_rule_files(back) != _without_rule_files(puzzle):
        kinds = sorted({c.kind for c in puzzle.clues} ^ {c.kind for c in back.clues}) or sorted(
            {a.kind for a, b in zip(puzzle.clues, back.clues) if a != b}
        )
        raise AspSudokuError(
            "cannot write this puzzle as TOML faithfully"
            + (f" (the {', '.join(kinds)} clues differ when read back)" if kinds else "")
        )
