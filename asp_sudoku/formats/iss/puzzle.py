"""The puzzle an ISS constraint string is being read into: the neutral clue tables built so
far, the grid size needed to read cell ids, and the helpers every ISS type's reader uses."""

from __future__ import annotations

import re
from typing import Any

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.core.model import ExtraGroup
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
        # ISS's var cells (cells outside the grid: ``Var`` groups, a Doppelganger's missing
        # digits), our extra cells: each group's TOML table, in order; each cell's place (as
        # `Puzzle.extra_cells` lays them out) and ISS's layout of it (group, row, column), which
        # says which var cells are neighbours (for dots and greater-than signs).
        self.extra: list[dict[str, Any]] = []
        self.extra_place: dict[str, tuple[int, int]] = {}
        self.extra_layout: dict[str, tuple[int, int, int]] = {}

    def add_extra(self, name: str, count: int, label: str = "", columns: int = 0) -> None:
        """Declare a group of `count` var cells named `name` (ISS's prefix: ``VA``, ``DGR``),
        laid out by ISS in rows of `columns` cells (0: as many as the grid has columns)."""
        if any(group["name"] == name for group in self.extra):
            raise PuzzleFormatError(self.path, 0, f"ISS Var: the var cells {name} are declared twice")
        group = ExtraGroup(name, count, label)
        self.extra.append({"name": name, "count": count, **({"label": label} if label else {})})
        start = len(self.extra_place)
        for j, cell in enumerate(group.names()):
            self.extra_place[cell] = (self.size + 2 + start + j, self.cols + 2 + start + j)
            self.extra_layout[cell] = (len(self.extra), *divmod(j, columns or self.cols))

    def cell(self, token: str, type_: str) -> tuple[int, int]:
        if token in self.extra_place:
            return self.extra_place[token]
        match = _CELL.match(token)
        if match is None and re.fullmatch(r"[A-Za-z]{2,}[0-9]*|\$[0-9]+", token) and not re.fullmatch(r"[Rr].[Cc].", token):
            # A var cell no Var item (or Doppelganger) declares, or ISS's hidden ones.
            raise unsupported(self.path, 0, token[:20], f"a cell outside the grid in ISS {type_ or 'givens'} that no ISS Var declares")
        if match is None and re.fullmatch(r"[Rr][0-9]{1,6}[Cc][0-9]{1,6}", token):  # R10C3: ISS ids are one character each
            raise PuzzleFormatError(self.path, 0, f"ISS {type_ or 'givens'}: {token} is outside the {self.size}x{self.cols} grid")
        if match is None:
            raise PuzzleFormatError(self.path, 0, f"ISS {type_ or 'givens'}: {token[:20]!r} is not a cell id like R1C1")
        row, col = (int(match.group(i), 17) for i in (1, 2))
        if not (1 <= row <= self.size and 1 <= col <= self.cols):
            raise PuzzleFormatError(self.path, 0, f"ISS {type_ or 'givens'}: {token} is outside the {self.size}x{self.cols} grid")
        return row, col

    def name(self, token: str, type_: str) -> str:
        if token in self.extra_place:
            return token
        r, c = self.cell(token, type_)
        return f"r{r}c{c}"

    def place_name(self, cell: tuple[int, int]) -> str:
        """The name of a cell found by `cell`: ``r1c1``, or a var cell's own name."""
        for name, place in self.extra_place.items():
            if place == cell:
                return name
        return f"r{cell[0]}c{cell[1]}"

    def layout(self, token: str, type_: str) -> tuple[int, int, int]:
        """Where ISS lays a cell out: (0, row, column) in the grid, (group, row, column) for a var
        cell (its group's cells in rows), so that neighbours are one step apart in one group."""
        if token in self.extra_layout:
            return self.extra_layout[token]
        return (0, *self.cell(token, type_))

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
        if not re.fullmatch(r"-?[0-9]+", token):
            raise PuzzleFormatError(self.path, 0, f"ISS {type_}: {token[:20]!r} is not a number")
        return int(token)

    def line_id(self, token: str, type_: str) -> str:
        """ISS row/column ids ``R3`` / ``C3`` -> ``r3`` / ``c3``."""
        match = re.fullmatch(r"([RC])([0-9]+)", token, re.IGNORECASE)
        if match is None or not 1 <= int(match.group(2)) <= (self.cols if match.group(1) in "Cc" else self.size):
            raise PuzzleFormatError(self.path, 0, f"ISS {type_}: {token[:10]!r} is not a row or column like R3 or C3")
        return f"{match.group(1).lower()}{match.group(2)}"
