"""Minimum and maximum cells: a cell marked minimum holds a digit smaller than each of its
orthogonal neighbours; a cell marked maximum, a digit greater than each of them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..model import Cell, Clue, Puzzle, cell_name
from .base import ClueContext, ClueKind, fact
from .shapes import cells_of


@dataclass(frozen=True)
class Minimum(Clue):
    """Cells smaller than all their orthogonal neighbours."""

    kind = "minimum"
    cells: tuple[Cell, ...] = ()

    def describe(self) -> str:
        return f"minimum {' '.join(cell_name(c) for c in self.cells)}"


@dataclass(frozen=True)
class Maximum(Clue):
    """Cells greater than all their orthogonal neighbours."""

    kind = "maximum"
    cells: tuple[Cell, ...] = ()

    def describe(self) -> str:
        return f"maximum {' '.join(cell_name(c) for c in self.cells)}"


def parse_minimum(ctx: ClueContext, table: Mapping[str, Any]) -> Minimum:
    """Read ``[[minimum]] cells = ["r1c1", ...]``."""
    ctx.check_keys(table, ["cells"])
    return Minimum(cells=ctx.cells(table["cells"]), line=ctx.line)


def parse_maximum(ctx: ClueContext, table: Mapping[str, Any]) -> Maximum:
    """Read ``[[maximum]] cells = ["r1c1", ...]``."""
    ctx.check_keys(table, ["cells"])
    return Maximum(cells=ctx.cells(table["cells"]), line=ctx.line)


def _cell_facts(name: str, clues: Sequence[Clue]) -> list[str]:
    cells = {cell for clue in clues for cell in cells_of(clue)}
    return [fact(name, r, c) for r, c in sorted(cells)]


def facts_minimum(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``minimumCell(R,C)``: cell (R,C) is smaller than its orthogonal neighbours."""
    return _cell_facts("minimumCell", clues)


def facts_maximum(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``maximumCell(R,C)``: cell (R,C) is greater than its orthogonal neighbours."""
    return _cell_facts("maximumCell", clues)


MINIMUM_KIND = ClueKind("minimum", "minimum.lp.j2", Minimum, parse_minimum, facts_minimum)
MAXIMUM_KIND = ClueKind("maximum", "maximum.lp.j2", Maximum, parse_maximum, facts_maximum)
