"""Chaos same region (with chaos construction): the listed cells all lie in one of the regions
the solver chooses.  (ISS's SameValues on region cells ``CC<k>``, one cell per set.)"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from asp_sudoku.core.model import Cell, Clue, Grid, Puzzle
from asp_sudoku.rules import chaos_construction as chaos
from asp_sudoku.rules.base import ClueContext, ClueKind, OnCells, examples
from asp_sudoku.rules.draw import Canvas, line
from asp_sudoku.rules.shapes.cells import member_facts


@dataclass(frozen=True)
class ChaosSameRegion(OnCells):
    """Cells that lie in one chosen region."""

    kind = "chaos-same-region"
    shown = "chaos-same-region {cells}"


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> Clue:
    """``cells``: at least two distinct cells."""
    return ChaosSameRegion(cells=ctx.only_cells(table, minimum=2), line=ctx.line)


def _tests(puzzle: Puzzle, grid: Grid) -> list[tuple[Cell, chaos.RegionTest]]:
    """Once the first listed cell's region is made, every listed cell is in it."""
    found: list[tuple[Cell, chaos.RegionTest]] = []
    for clue in puzzle.clues_of("chaos-same-region"):
        assert isinstance(clue, ChaosSameRegion)

        def holds(layout: chaos.Layout, region: frozenset[Cell], cells: tuple[Cell, ...] = clue.cells) -> bool:
            return all(c in region for c in cells)

        found.append((clue.cells[0], holds))
    return found


chaos.CLUE_TESTS["chaos-same-region"] = _tests


def draw(cv: Canvas, clue: Clue) -> None:
    """A thin purple line through the cells."""
    line("#b79fd6", 0.06)(cv, clue)


EXAMPLES = examples(('r1c1 and r3c1 share a region, and so do r1c3 and r2c2', 'size = 4\nbox = "none"\nrules = ["chaos-construction"]\ngivens = "1 2 3 4\\n. . . .\\n. . . .\\n. . . 1"\nchaos-same-region = [{cells = ["r1c1", "r3c1"]}, {cells = ["r1c3", "r2c2"]}]', '1234214334124321 1234214343123421 1234241331424321 1234314224134321 1234341221434321 1234341241232341 1234412334122341'), ('No solution: r1c1 and r2c2 hold 1 and share a region', 'size = 4\nbox = "none"\nrules = ["chaos-construction"]\ngivens = "1 . . .\\n. 1 . .\\n. . . .\\n. . . ."\nchaos-same-region = [{cells = ["r1c1", "r2c2"]}]', ''))


RULE = ClueKind.of(ChaosSameRegion, parse, member_facts("chaosSameCell"), rule="chaos-construction", check=chaos.clue_check, draw=draw, examples=EXAMPLES)
