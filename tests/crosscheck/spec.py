"""The puzzle as the brute force sees it: cell and value types, box shapes, jigsaw layouts,
`Spec` (a random puzzle, also written as TOML for the parser) and `toml_value`."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field

from hypothesis import strategies as st

Cell = tuple[int, int]
Values = tuple[int, ...]
Relation = Callable[[int, int], bool]  # (value of the first cell, value of the second)
Predicate = Callable[[Values], bool]  # values of a group of cells, in the group's order
Grid = tuple[tuple[int, ...], ...]
Draw = st.DrawFn
Solution = dict[Cell, int] | None  # a clue generator's reference grid (`sol`), if any
NODE_BUDGET = 200_000

DEFAULT_BOXES = {4: (2, 2), 6: (2, 3), 9: (3, 3)}
# Non-square grids (rows, columns): as many digits as the longer side; boxes of that many cells
# where they tile the grid, as Interactive Sudoku Solver draws them (6x8: 2x4), else none.
NONSQUARE_BOXES: dict[tuple[int, int], tuple[int, int] | None] = {
    (2, 3): None, (3, 2): None, (2, 4): (2, 2), (3, 4): None, (4, 3): None, (4, 6): (2, 3), (3, 6): (3, 2),
}
# Jigsaw layouts (each region holds N cells), written for these tests.
JIGSAWS = {
    4: ["1112", "3122", "3342", "3444"],
    6: ["111222", "113222", "133344", "533444", "556664", "555666"],
}


@dataclass
class Spec:
    """A random puzzle as the brute force sees it, and as TOML for the parser."""

    size: int  # rows (the side of a square grid)
    rules: list[str] = field(default_factory=list)
    givens: dict[Cell, int] = field(default_factory=dict)
    jigsaw: list[str] | None = None
    pairs: list[tuple[Cell, Cell, Relation]] = field(default_factory=list)
    groups: list[tuple[tuple[Cell, ...], Predicate]] = field(default_factory=list)
    tables: list[tuple[str, dict[str, object]]] = field(default_factory=list)
    marked: dict[str, set[frozenset[Cell]]] = field(default_factory=dict)  # dotted pairs by kind
    cols: int = 0  # columns of a non-square grid (0: as many as rows)
    # the chaos clues (chaos.py), tested together on one layout by one group
    chaos: list[Callable[[dict[Cell, int], dict[Cell, int]], bool]] = field(default_factory=list)

    @property
    def width(self) -> int:
        return self.cols or self.size

    @property
    def digits(self) -> int:
        """The digits are 1 to the longer side."""
        return max(self.size, self.width)

    @property
    def cells(self) -> list[Cell]:
        return [(r, c) for r in range(1, self.size + 1) for c in range(1, self.width + 1)]

    def region(self, cell: Cell) -> object:
        """The box or jigsaw region of a cell (any hashable id; a cell of no box is its own)."""
        r, c = cell
        if self.jigsaw is not None:
            return self.jigsaw[r - 1][c - 1]
        box = DEFAULT_BOXES[self.size] if self.width == self.size else NONSQUARE_BOXES[(self.size, self.width)]
        if box is None:
            return cell
        h, w = box
        return ((r - 1) // h, (c - 1) // w)

    def toml(self) -> str:
        size = str(self.size) if self.width == self.size else f'"{self.size}x{self.width}"'
        lines = [f"size = {size}", f"rules = {json.dumps(self.rules)}"]
        if self.jigsaw is not None:
            lines.append('regions = """\n' + "\n".join(self.jigsaw) + '\n"""')
        rows = [" ".join(str(self.givens.get((r, c), ".")) for c in range(1, self.width + 1))
                for r in range(1, self.size + 1)]
        lines.append('givens = """\n' + "\n".join(rows) + '\n"""')
        for kind, table in self.tables:
            lines.append(f"[[{kind}]]")
            lines += [f"{key} = {toml_value(value)}" for key, value in table.items()]
        return "\n".join(lines) + "\n"


def toml_value(value: object) -> str:
    """A TOML value: JSON's spelling, but inline tables written ``{"key" = value}``."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {toml_value(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return json.dumps(value)
