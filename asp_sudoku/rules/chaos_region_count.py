"""Chaos region count (with chaos construction): the digit in the clue's cell is how many different
regions (of those the solver chooses) the listed cells lie in.  (ISS's CountDistinct on region
cells ``CC<k>``.)"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from asp_sudoku.core.model import Cell, Clue, Grid, Puzzle, cell_name
from asp_sudoku.rules import chaos_construction as chaos
from asp_sudoku.rules.base import ClueContext, ClueKind, examples
from asp_sudoku.rules.draw import Canvas
from asp_sudoku.rules.shapes.cells import cell_and_members_facts


@dataclass(frozen=True)
class ChaosRegionCount(chaos.ChaosClue):
    """A region count: the digit in `cell` is how many regions `cells` meet."""

    kind = "chaos-region-count"
    cells: tuple[Cell, ...] = ()


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> Clue:
    """``cell`` (the digit) and ``cells`` (the cells whose regions are counted)."""
    ctx.check_keys(table, ["cell", "cells"])
    return ChaosRegionCount(cell=ctx.cell(table["cell"]), cells=ctx.cells(table["cells"]), line=ctx.line)


def table(clue: Clue) -> dict[str, Any]:
    """The TOML table: ``cell`` and ``cells`` (no offset: the count is the digit)."""
    assert isinstance(clue, ChaosRegionCount)
    return {"cell": cell_name(clue.cell), "cells": [cell_name(c) for c in clue.cells]}


def _tests(puzzle: Puzzle, grid: Grid) -> list[tuple[Cell, chaos.RegionTest]]:
    """Tried whenever a listed cell's region is made: the regions met so far must leave the
    digit reachable; decided once every listed cell has one."""
    found: list[tuple[Cell, chaos.RegionTest]] = []
    for clue in puzzle.clues_of("chaos-region-count"):
        assert isinstance(clue, ChaosRegionCount)
        want = grid.value(clue.cell)

        def holds(layout: chaos.Layout, region: frozenset[Cell], cells: tuple[Cell, ...] = clue.cells, want: int = want) -> bool:
            # Regions are made whole: a listed cell not yet in one lies in a region still to be
            # made, so the count ends between the regions met so far plus one (when some
            # cell is left) and those plus the cells left.
            met = {layout[c] for c in cells if c in layout}
            left = sum(1 for c in cells if c not in layout)
            return len(met) + min(left, 1) <= want <= len(met) + left

        found += [(c, holds) for c in clue.cells]
    return found


chaos.CLUE_TESTS["chaos-region-count"] = _tests


def draw(cv: Canvas, clue: Clue) -> None:
    """A purple circle on the digit's cell and a dot on each listed cell."""
    assert isinstance(clue, ChaosRegionCount)
    x, y = cv.centre(clue.cell)
    cv.add("under", f'<circle cx="{x}" cy="{y}" r="{round(cv.cell * 0.4, 2)}" fill="#e4d8f0"/>')
    for c in clue.cells:
        cx, cy = cv.centre(c)
        cv.add("marks", f'<circle cx="{cx}" cy="{cy}" r="{round(cv.cell * 0.06, 2)}" fill="#8a6fb0"/>')


EXAMPLES = examples(('The 2x2 corner at r1c1 meets as many regions as r1c1 says', 'size = 4\nbox = "none"\nrules = ["chaos-construction"]\ngivens = "2 . . .\\n. . 1 .\\n. 3 . .\\n. . . ."\nchaos-region-count = [{cell = "r1c1", cells = ["r1c1", "r1c2", "r2c1", "r2c2"]}]', '2134341243211243 2134421313423421 2143321443211432 2143341213244231 2143341243211234 2431321413424123 2431421313243142 2431421313423124'), ('No solution: two cells cannot meet three regions', 'size = 4\nbox = "none"\nrules = ["chaos-construction"]\ngivens = "3 . . .\\n. . . .\\n. . . .\\n. . . ."\nchaos-region-count = [{cell = "r1c1", cells = ["r1c1", "r1c2"]}]', ''))


RULE = ClueKind.of(
    ChaosRegionCount, parse, cell_and_members_facts("chaosRegionCount", "chaosRegionCountCell"), to_table=table,
    rule="chaos-construction", check=chaos.clue_check, draw=draw, examples=EXAMPLES,
    speedups=("chaos_region_pairs",),
)
