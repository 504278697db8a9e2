"""Even and odd cells: a grey square marks a cell holding an even digit, a grey circle a cell
holding an odd digit (0 counts as even)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..model import Cell, Clue, Puzzle, cell_name
from .base import ClueContext, ClueKind, fact
from .shapes import cells_of


@dataclass(frozen=True)
class Even(Clue):
    """Cells that hold even digits."""

    kind = "even"
    cells: tuple[Cell, ...] = ()

    def describe(self) -> str:
        return f"even {' '.join(cell_name(c) for c in self.cells)}"


@dataclass(frozen=True)
class Odd(Clue):
    """Cells that hold odd digits."""

    kind = "odd"
    cells: tuple[Cell, ...] = ()

    def describe(self) -> str:
        return f"odd {' '.join(cell_name(c) for c in self.cells)}"


def parse_even(ctx: ClueContext, table: Mapping[str, Any]) -> Even:
    """Read ``[[even]] cells = ["r1c1", ...]``."""
    ctx.check_keys(table, ["cells"])
    return Even(cells=ctx.cells(table["cells"]), line=ctx.line)


def parse_odd(ctx: ClueContext, table: Mapping[str, Any]) -> Odd:
    """Read ``[[odd]] cells = ["r1c1", ...]``."""
    ctx.check_keys(table, ["cells"])
    return Odd(cells=ctx.cells(table["cells"]), line=ctx.line)


def _cell_facts(name: str, clues: Sequence[Clue]) -> list[str]:
    cells = {cell for clue in clues for cell in cells_of(clue)}
    return [fact(name, r, c) for r, c in sorted(cells)]


def facts_even(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``evenCell(R,C)``: cell (R,C) holds an even digit."""
    return _cell_facts("evenCell", clues)


def facts_odd(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``oddCell(R,C)``: cell (R,C) holds an odd digit."""
    return _cell_facts("oddCell", clues)


EVEN_KIND = ClueKind("even", "even.lp.j2", Even, parse_even, facts_even)
ODD_KIND = ClueKind("odd", "odd.lp.j2", Odd, parse_odd, facts_odd)
