"""Reading the extra cells of a puzzle (cells outside the grid, `ExtraGroup`): the ``[[extra]]``
tables of a TOML file (``name``, ``count``, ``label``), as every format's neutral dict has them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.core.model import EXTRA_NAME_RE, MAX_EXTRA, ExtraGroup

if TYPE_CHECKING:
    from asp_sudoku.formats.build import Lines


def read_extra(data: Mapping[str, Any], path: str, where: Lines) -> tuple[ExtraGroup, ...]:
    """The groups of extra cells, ``[[extra]] name = "VA" count = 3`` (cells VA1 VA2 VA3; a group
    of one cell is named just ``VA``), with an optional ``label``."""
    tables = data.get("extra", [])
    if not isinstance(tables, list) or not all(isinstance(t, dict) for t in tables):
        raise PuzzleFormatError(path, where.key("extra") or where.table("extra", 0), "extra must be a list of tables ([[extra]])")
    groups: list[ExtraGroup] = []
    for index, table in enumerate(tables):
        line = where.table("extra", index)
        unknown = sorted(set(table) - {"name", "count", "label"})
        if unknown or "name" not in table:
            what = f"unknown key {unknown[0]!r}" if unknown else "missing key 'name'"
            raise PuzzleFormatError(path, line, f"extra #{index + 1}: {what} (keys: name, count, label)")
        name, count, label = table["name"], table.get("count", 1), table.get("label", "")
        if not isinstance(name, str) or not EXTRA_NAME_RE.match(name):
            raise PuzzleFormatError(path, line, f"extra #{index + 1}: name must be 1-10 capital letters like \"VA\", not {str(name)[:20]!r}")
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_EXTRA:
            raise PuzzleFormatError(path, line, f"extra #{index + 1}: count must be a whole number 1-{MAX_EXTRA}")
        if not isinstance(label, str) or len(label) > 200:
            raise PuzzleFormatError(path, line, f"extra #{index + 1}: label must be a string of at most 200 characters")
        group = ExtraGroup(name, count, label)
        if any(other.name == name for other in groups):
            raise PuzzleFormatError(path, line, f"extra #{index + 1}: the extra cells {name!r} are declared twice")
        groups.append(group)  # names are letters, then numbers: distinct groups have distinct cells
    total = sum(group.count for group in groups)
    if total > MAX_EXTRA:
        raise PuzzleFormatError(path, where.table("extra", 0), f"the puzzle declares {total} extra cells; the limit is {MAX_EXTRA}")
    return tuple(groups)
