"""Speed-up for sum clues whose digits may repeat: little killers and arrows.

A sum over a line is checked by `#sum` in the rule's own template, which the solver only
propagates by bounds.  This speed-up adds a second, equivalent check as a running total: the
cells of a line are taken one at a time and `runningSum(L,I,S)` holds when the first I cells
(with their weights) add up to S.  Every atom is derived from the grid, never chosen, so no answer
set is added or lost; the solver can now see which digits each cell may still take.  Totals that
can no longer reach the target are cut off, using bounds computed here.

Lines: a little killer (weights 1, target its sum) and an arrow (the circle's digits weighted
-1, -10, ... and the shaft's +1, target 0).
"""

from __future__ import annotations

from ..model import Cell, Puzzle
from .arrow import Arrow
from .base import Speedup, fact
from .little_killer import LittleKiller

# Lines with more reachable totals than this get no running sums (the plain rule still holds).
MAX_SPREAD = 2_000


def lines(puzzle: Puzzle) -> list[tuple[list[tuple[Cell, int]], int]]:
    """Each line as (cells with weights, in order) and its target."""
    out: list[tuple[list[tuple[Cell, int]], int]] = []
    for clue in puzzle.clues:
        if isinstance(clue, LittleKiller):
            out.append(([(c, 1) for c in clue.cells], clue.total))
        elif isinstance(clue, Arrow):
            n = len(clue.circle)
            circle = [(c, -(10 ** (n - 1 - i))) for i, c in enumerate(clue.circle)]
            out.append((circle + [(c, 1) for c in clue.cells], 0))
    return out


def facts(puzzle: Puzzle) -> list[str]:
    """``runningSumStep(L,I,R,C,W)``: cell (R,C) is the I-th of line L, weight W;
    ``runningSumRest(L,I,Lo,Hi)``: the cells after the I-th add Lo..Hi; ``runningSumTarget(L,T)``;
    ``runningSumLength(L,N)``."""
    low, high = puzzle.digits
    out = []
    for number, (cells, target) in enumerate(lines(puzzle), start=1):
        spans = [sorted((w * low, w * high)) for _, w in cells]
        if sum(hi - lo for lo, hi in spans) > MAX_SPREAD:
            continue
        out += [fact("runningSumTarget", number, target), fact("runningSumLength", number, len(cells))]
        for i, ((r, c), w) in enumerate(cells, start=1):
            rest = spans[i:]
            out.append(fact("runningSumStep", number, i, r, c, w))
            out.append(fact("runningSumRest", number, i, sum(s[0] for s in rest), sum(s[1] for s in rest)))
    return out


SPEEDUP = Speedup("running sums", "running_sums.lp.j2", facts)
