"""Chaos count (with chaos construction): the digit in the clue's cell says how many of its listed
cells lie in the same region as the first listed cell, that cell included (with ``offset = 1``,
the digit is one less than that count).  (ISS's ChaosCount.)"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asp_sudoku.core.model import Cell, Clue, Puzzle
from asp_sudoku.rules import chaos_construction as chaos
from asp_sudoku.rules.base import ClueContext, ClueKind, examples, fact
from asp_sudoku.rules.draw import Canvas


@dataclass(frozen=True)
class ChaosCount(chaos.ChaosClue):
    """A chaos count: the digit in `cell` (plus `offset`) is how many of `cells` share the region
    of ``cells[0]``."""

    kind = "chaos-count"
    cells: tuple[Cell, ...] = ()


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> Clue:
    """``cell`` (the digit), ``cells`` (the first is the one whose region is counted) and
    ``offset`` (0 or 1, default 0)."""
    ctx.check_keys(table, ["cell", "cells"], ["offset"])
    return ChaosCount(cell=ctx.cell(table["cell"]), cells=ctx.cells(table["cells"]), offset=chaos.offset_of(ctx, table), line=ctx.line)


def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``chaosCount(K,R,C,O)``: count K's digit is in (R,C), with offset O;
    ``chaosCountCell(K,I,R,C)``: the I-th listed cell of count K is (R,C)."""
    out = []
    for k, clue in enumerate(clues, start=1):
        assert isinstance(clue, ChaosCount)
        out.append(fact("chaosCount", k, *clue.cell, clue.offset))
        out += [fact("chaosCountCell", k, i, r, c) for i, (r, c) in enumerate(clue.cells, start=1)]
    return out


def counted(clue: ChaosCount, region: frozenset[Cell]) -> int:
    """How many listed cells lie in `region` (the region of the first)."""
    return sum(1 for c in clue.cells if c in region)


chaos.register_tests("chaos-count", lambda clue: clue.cells[0], counted)


def draw(cv: Canvas, clue: Clue) -> None:
    """A grey square on the digit's cell and a thin line through the counted cells."""
    assert isinstance(clue, ChaosCount)
    x, y = cv.centre(clue.cell)
    h = round(cv.cell * 0.36, 2)
    cv.add("under", f'<rect x="{round(x - h, 2)}" y="{round(y - h, 2)}" width="{2 * h}" height="{2 * h}" fill="#e4d8f0"/>')
    for c in clue.cells:
        cx, cy = cv.centre(c)
        cv.add("marks", f'<circle cx="{cx}" cy="{cy}" r="{round(cv.cell * 0.06, 2)}" fill="#8a6fb0"/>')


EXAMPLES = examples(('Two counts: r1c1 shares its region with one other cell of row 1; r4c4 (offset 1) with r3c4 or r4c3 as it says', 'size = 4\nbox = "none"\nrules = ["chaos-construction"]\ngivens = "2 . . .\\n. . 1 .\\n. 3 . .\\n. . . ."\nchaos-count = [{cell = "r1c1", cells = ["r1c1", "r1c2", "r1c3", "r1c4"]}, {cell = "r4c4", cells = ["r4c4", "r3c4", "r4c3"], offset = 1}]', '2143321443211432 2143341213244231'), ('No solution: 4 in r1c1 puts its 2x2 corner in one region, which already holds 4 twice', 'size = 4\nbox = "none"\nrules = ["chaos-construction"]\ngivens = "4 . . .\\n. 4 . .\\n. . . .\\n. . . ."\nchaos-count = [{cell = "r1c1", cells = ["r1c1", "r1c2", "r2c1", "r2c2"]}]', ''))


RULE = ClueKind.of(ChaosCount, parse, facts, rule="chaos-construction", check=chaos.clue_check, draw=draw, examples=EXAMPLES)
