"""The puzzle an ISS constraint string is being read into: the neutral clue tables built so
far, the grid size needed to read cell ids, and the helpers every ISS type's reader uses."""

from __future__ import annotations

import re
from typing import Any

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.formats.build import require_kind, require_rule, unsupported
from asp_sudoku.rules import square_only

_CELL = re.compile(r"^[Rr]([0-9a-gA-G])[Cc]([0-9a-gA-G])$")


class IssPuzzle:
    """The neutral dict being built, with the grid's shape needed to read cell ids: `size` rows
    and `cols` columns (``Shape~6x8``: 6 and 8; a square unless the shape says otherwise)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.size = 9
        self.cols = 9
        self.data: dict[str, Any] = {}
        self.givens: dict[tuple[int, int], set[int]] = {}
        # Settings one ISS item makes for the items of another type (e.g. FullRankTies for
        # FullRank clues), by the name of the setting.
        self.modes: dict[str, str] = {}

    def cell(self, token: str, type_: str) -> tuple[int, int]:
        match = _CELL.match(token)
        if match is None and re.fullmatch(r"[A-Za-z]{2,}\d*|\$\d+", token) and not re.fullmatch(r"[Rr].[Cc].", token):
            # ISS's var cells: extra cells outside the grid (a Doppelganger's missing digits,
            # a Var group), which asp-sudoku's grids do not have.
            raise unsupported(self.path, 0, token[:20], f"a cell outside the grid in ISS {type_ or 'givens'} (ISS var cells)")
        if match is None:
            raise PuzzleFormatError(self.path, 0, f"ISS {type_ or 'givens'}: {token[:20]!r} is not a cell id like R1C1")
        row, col = (int(match.group(i), 17) for i in (1, 2))
        if not (1 <= row <= self.size and 1 <= col <= self.cols):
            raise PuzzleFormatError(self.path, 0, f"ISS {type_ or 'givens'}: {token} is outside the {self.size}x{self.cols} grid")
        return row, col

    def name(self, token: str, type_: str) -> str:
        r, c = self.cell(token, type_)
        return f"r{r}c{c}"

    def names(self, tokens: list[str], type_: str) -> list[str]:
        return [self.name(t, type_) for t in tokens if t]

    def require_square(self, name: str, type_: str) -> None:
        """On a non-square grid, "unsupported: <type>" for a rule that needs a square one."""
        if self.size != self.cols and square_only([name]):
            raise unsupported(self.path, 0, type_ or name, f"asp-sudoku's {name} needs a square grid, not {self.size}x{self.cols}")

    def add(self, kind: str, type_: str, table: dict[str, Any]) -> None:
        require_kind(kind, type_, self.path)
        self.require_square(kind, type_)
        self.data.setdefault(kind, []).append(table)

    def rule(self, rule: str, type_: str) -> None:
        require_rule(rule, type_, self.path)
        self.require_square(rule, type_)
        self.data.setdefault("rules", [])
        if rule not in self.data["rules"]:
            self.data["rules"].append(rule)

    def number(self, token: str, type_: str) -> int:
        if not re.fullmatch(r"-?\d+", token):
            raise PuzzleFormatError(self.path, 0, f"ISS {type_}: {token[:20]!r} is not a number")
        return int(token)

    def line_id(self, token: str, type_: str) -> str:
        """ISS row/column ids ``R3`` / ``C3`` -> ``r3`` / ``c3``."""
        match = re.fullmatch(r"([RC])(\d+)", token, re.IGNORECASE)
        if match is None or not 1 <= int(match.group(2)) <= (self.cols if match.group(1) in "Cc" else self.size):
            raise PuzzleFormatError(self.path, 0, f"ISS {type_}: {token[:10]!r} is not a row or column like R3 or C3")
        return f"{match.group(1).lower()}{match.group(2)}"
