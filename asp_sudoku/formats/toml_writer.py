"""Writing a `Puzzle` as a TOML puzzle file (the inverse of `toml_puzzle.parse_toml`).

Known clue kinds are written field by field; a kind added later without a writer here is
written from its record's fields (cells as ``rRcC`` names, ``total`` as ``sum``).  Every text is
read back and compared with the puzzle, so a clue that cannot be written faithfully is an error,
never a silently different file.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import fields, replace
from typing import Any

from ..errors import AspSudokuError
from ..model import DEFAULT_BOXES, Clue, Puzzle, cell_name
from .fields import field_of


def _string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _value(value: Any) -> str | None:
    """A TOML value for a record field, or None to leave the key out."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, list):
        items = [_value(v) for v in value]
        if any(i is None for i in items):
            raise AspSudokuError(f"cannot write the value {value!r} as TOML")
        return "[" + ", ".join(str(i) for i in items) + "]"
    if _is_cell(value):
        return _string(cell_name(value))
    if isinstance(value, tuple) and all(_is_cell(v) for v in value):
        return "[" + ", ".join(_string(cell_name(v)) for v in value) + "]"
    raise AspSudokuError(f"cannot write the value {value!r} as TOML")


def _is_cell(value: Any) -> bool:
    return (
        isinstance(value, tuple) and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )


def _generic(clue: Clue) -> dict[str, Any]:
    """Fields as keys; the declared type tells cells (``Cell``) from plain numbers."""
    table: dict[str, Any] = {}
    for f in fields(clue):
        if f.name == "line":
            continue
        key = {"total": "sum"}.get(f.name, f.name.replace("_", "-"))
        value = getattr(clue, f.name)
        declared = str(f.type)
        if isinstance(value, tuple) and "Cell" not in declared:
            value = list(value)  # numbers (weights, digits), never cells
        table[key] = value
    return table


def _greater_than(clue: Clue) -> dict[str, Any]:
    return {"cells": (field_of(clue, "greater"), field_of(clue, "lesser"))}


def _little_killer(clue: Clue) -> dict[str, Any]:
    return {"sum": field_of(clue, "total"), "cells": field_of(clue, "cells")}


def _xv(clue: Clue) -> dict[str, Any]:
    return {"cells": field_of(clue, "cells"), "value": "X" if field_of(clue, "total") == 10 else "V"}


def _outside(key: str, value_field: str) -> Callable[[Clue], dict[str, Any]]:
    def table(clue: Clue) -> dict[str, Any]:
        return {"clue": field_of(clue, "clue"), key: field_of(clue, value_field)}
    return table


# Kinds whose TOML keys differ from their record's fields.
TABLES: dict[str, Callable[[Clue], dict[str, Any]]] = {
    "greater-than": _greater_than,
    "little-killer": _little_killer,
    "xv": _xv,
    "sandwich": _outside("sum", "total"),
    "x-sum": _outside("sum", "total"),
    "skyscraper": _outside("count", "count"),
}


def _givens(puzzle: Puzzle) -> str:
    from ..output import format_grid

    return format_grid(puzzle.given_grid(), puzzle)


def to_toml(puzzle: Puzzle, *, check: bool = True, where: str | None = None) -> str:
    """The TOML text of a puzzle; with `check`, read back and compared (AspSudokuError if not equal).

    `where` is the file the text will be written to: a user rules file is named relative to it
    (default: the current directory).
    """
    out: list[str] = []
    for key in ("title", "author", "source"):
        value = getattr(puzzle, key)
        if value:
            out.append(f"{key} = {_string(value)}")
    out.append(f"size = {puzzle.size}")
    regions = getattr(puzzle, "regions", None)
    if puzzle.box is None and regions is None:
        out.append('box = "none"')
    elif puzzle.box is not None and puzzle.box != DEFAULT_BOXES.get(puzzle.size):
        out.append(f'box = "{puzzle.box[0]}x{puzzle.box[1]}"')
    if puzzle.digits != (1, puzzle.size):
        out.append(f'values = "{puzzle.digits[0]}-{puzzle.digits[1]}"')
    out.append("rules = [" + ", ".join(_string(r) for r in puzzle.rules) + "]")
    user_rules = getattr(puzzle, "user_rules", ())
    if len(user_rules) > 1:
        raise AspSudokuError("a TOML puzzle names one rules file; this puzzle has several")
    base = os.path.dirname(os.path.abspath(where)) if where else os.getcwd()
    for rules in user_rules:
        out.append(f"rules-file = {_string(os.path.relpath(os.path.abspath(rules.name), base))}")
    if regions is not None:
        width = len(str(max(max(row) for row in regions)))
        rows = "\n".join(" ".join(str(v).rjust(width) for v in row) for row in regions)
        out.append(f'regions = """\n{rows}\n"""')
    if puzzle.givens:
        out.append(f'givens = """\n{_givens(puzzle)}\n"""')
    for clue in puzzle.clues:
        table = TABLES.get(clue.kind, _generic)(clue)
        out.append("")
        out.append(f"[[{clue.kind}]]")
        for key, value in table.items():
            text = _value(value)
            if text is not None:
                out.append(f"{key} = {text}")
    text = "\n".join(out) + "\n"
    if check:
        _check(puzzle, text, os.path.join(base, "check.toml"))
    return text


def _without_rule_files(puzzle: Puzzle) -> tuple[Puzzle, tuple[str, ...]]:
    """The puzzle without its user rules files (their names depend on where a file is), and their texts."""
    rules = getattr(puzzle, "user_rules", ())
    if not rules:
        return puzzle, ()
    return replace(puzzle, user_rules=()), tuple(r.text for r in rules)  # type: ignore[call-arg,unused-ignore]


def _check(puzzle: Puzzle, text: str, path: str) -> None:
    from .toml_puzzle import parse_toml

    try:
        back = parse_toml(text, path)
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
