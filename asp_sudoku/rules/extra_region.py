"""Extra regions: a marked set of cells holds no digit twice (windoku windows and friends); a
region with as many cells as there are digits holds each digit exactly once."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asp_sudoku.core.model import Cell, Clue, Puzzle, cell_name
from asp_sudoku.rules.base import ClueContext, ClueKind, fact


@dataclass(frozen=True)
class ExtraRegion(Clue):
    """An extra all-different region."""

    kind = "extra-region"
    cells: tuple[Cell, ...] = ()

    def describe(self) -> str:
        return f"extra region {' '.join(cell_name(c) for c in self.cells)}"


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> ExtraRegion:
    """Read ``[[extra-region]] cells = [...]``."""
    ctx.check_keys(table, ["cells"])
    cells = ctx.cells(table["cells"], minimum=2)
    n_digits = ctx.digits[1] - ctx.digits[0] + 1
    if len(cells) > n_digits:
        raise ctx.error(f"a region of {len(cells)} cells cannot hold {n_digits} digits without repeats")
    return ExtraRegion(cells=cells, line=ctx.line)


def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``extraRegionCell(K,R,C)`` per cell; ``extraRegionFull(K)`` when the region has a cell
    for every digit."""
    out = []
    n_digits = puzzle.digits[1] - puzzle.digits[0] + 1
    for k, clue in enumerate(clues, start=1):
        assert isinstance(clue, ExtraRegion)
        out += [fact("extraRegionCell", k, r, c) for r, c in clue.cells]
        if len(clue.cells) == n_digits:
            out.append(fact("extraRegionFull", k))
    return out


RULE = ClueKind("extra-region", "extra_region.lp.j2", ExtraRegion, parse, facts)
