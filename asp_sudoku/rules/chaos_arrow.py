"""Chaos arrow (with chaos construction): arms leave one start cell; along each arm, the cells
in the start cell's region before the first cell outside it form the arm's run.  The digit in the
clue's cell is the length of the run: the start cell plus the run cells of every arm (with
``offset = 1``, the digit is one less).  (ISS's ChaosArrow.)"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asp_sudoku.core.model import Cell, Clue, Puzzle, cell_name
from asp_sudoku.rules import chaos_construction as chaos
from asp_sudoku.rules.base import ClueContext, ClueKind, examples, fact
from asp_sudoku.rules.draw import Canvas


@dataclass(frozen=True)
class ChaosArrow(chaos.ChaosClue):
    """A chaos arrow: the digit in `cell` (plus `offset`) is the run length from the shared
    first cell of the `arms` (each arm: the start, then its cells in order)."""

    kind = "chaos-arrow"
    arms: tuple[tuple[Cell, ...], ...] = ()


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> Clue:
    """``cell`` (the digit), ``arms`` (lists of cells, each beginning at the same start cell) and
    ``offset`` (0 or 1, default 0)."""
    ctx.check_keys(table, ["cell", "arms"], ["offset"])
    raw = table["arms"]
    if not isinstance(raw, list) or not raw:
        raise ctx.error("arms must be a non-empty list of lists of cells")
    arms = tuple(ctx.cells(arm, f"arm {i}") for i, arm in enumerate(raw, start=1))
    start = arms[0][0]
    for i, arm in enumerate(arms, start=1):
        if arm[0] != start:
            raise ctx.error(f"arm {i} begins at {cell_name(arm[0])}, not at the first arm's start {cell_name(start)}")
    return ChaosArrow(cell=ctx.cell(table["cell"]), arms=arms, offset=chaos.offset_of(ctx, table), line=ctx.line)


def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``chaosArrow(K,R,C,O)``: arrow K's digit is in (R,C), with offset O;
    ``chaosArrowArm(K,A,I,R,C)``: the I-th cell of arm A of arrow K is (R,C) (I = 1: the start)."""
    out = []
    for k, clue in enumerate(clues, start=1):
        assert isinstance(clue, ChaosArrow)
        out.append(fact("chaosArrow", k, *clue.cell, clue.offset))
        for a, arm in enumerate(clue.arms, start=1):
            out += [fact("chaosArrowArm", k, a, i, r, c) for i, (r, c) in enumerate(arm, start=1)]
    return out


def run_length(clue: ChaosArrow, region: frozenset[Cell]) -> int:
    """The start cell plus, on every arm, the cells in `region` (the start's region) before the
    first one outside it."""
    total = 1
    for arm in clue.arms:
        for c in arm[1:]:
            if c not in region:
                break
            total += 1
    return total


chaos.register_tests("chaos-arrow", lambda clue: clue.arms[0][0], run_length)


def draw(cv: Canvas, clue: Clue) -> None:
    """A circle on the digit's cell and a line along each arm."""
    assert isinstance(clue, ChaosArrow)
    x, y = cv.centre(clue.cell)
    cv.add("lines", f'<circle cx="{x}" cy="{y}" r="{round(cv.cell * 0.38, 2)}" fill="none" stroke="#d07a3a" stroke-width="2"/>')
    for arm in clue.arms:
        if len(arm) > 1:
            cv.polyline("lines", arm, "#d07a3a", cv.cell * 0.06)


EXAMPLES = examples(('Two arrows of two arms: from r1c1 (offset 1: the digit leaves out the start) and from r2c2', 'size = 4\nbox = "none"\nrules = ["chaos-construction"]\ngivens = "2 . . .\\n. 3 . .\\n. . 1 .\\n. . . ."\nchaos-arrow = [{cell = "r1c1", arms = [["r1c1", "r1c2", "r1c3", "r1c4"], ["r1c1", "r2c1", "r3c1"]], offset = 1}, {cell = "r2c2", arms = [["r2c2", "r3c2", "r4c2"], ["r2c2", "r2c3", "r2c4"]]}]', '2134134242133421 2134432134121243 2143132434124231 2143432132141432 2143432134121234 2431132442133142 2431134232144123 2431134242133124'), ('No solution: arms leave r2c2 in all four directions, so its region runs into one of them and 1 is too short', 'size = 4\nbox = "none"\nrules = ["chaos-construction"]\ngivens = "1 . . .\\n. 1 . .\\n. . . .\\n. . . ."\nchaos-arrow = [{cell = "r2c2", arms = [["r2c2", "r1c2"], ["r2c2", "r3c2", "r4c2"], ["r2c2", "r2c1"], ["r2c2", "r2c3", "r2c4"]]}]', ''))


RULE = ClueKind.of(ChaosArrow, parse, facts, rule="chaos-construction", check=chaos.clue_check, draw=draw, examples=EXAMPLES)
