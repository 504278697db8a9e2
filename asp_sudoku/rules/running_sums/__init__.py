"""Speed-up for sum clues whose digits may repeat: little killers and arrows.

A sum over a line is checked by `#sum` in the rule's own template, which the solver only
propagates by bounds.  This speed-up adds a second, equivalent check as a running total: the
cells of a line are taken one at a time and `runningSum(L,I,S)` holds when the first I cells
(with their weights) add up to S.  Every atom is derived from the grid, never chosen, so no answer
set is added or lost; the solver can now see which digits each cell may still take.  Totals that
can no longer reach the target are cut off, using bounds computed here: cells of the rest of a
line that share a row, column, box or region hold different digits, so the rest is split into
such groups, and a group of k cells adds at least the k smallest digits and at most the k largest
(a bound that every grid meets, so again nothing is lost: `bounds.py`).

Lines: a little killer (weights 1, target its sum), an arrow (the circle's digits weighted
-1, -10, ... and the shaft's +1, target 0), a weighted sum naming an extra cell (outside the
grid: ISS's "letter" sums, a two-digit total held in two extra cells), and the difference of two
arrows whose shafts share cells (`shared_shafts`), and little killers added together, rewritten by
houses (`combined.py`).
"""

from __future__ import annotations

from collections.abc import Sequence

from asp_sudoku.core.model import Cell, Clue, Puzzle
from asp_sudoku.rules.arrow import Arrow
from asp_sudoku.rules.base import Speedup, fact
from asp_sudoku.rules.little_killer import LittleKiller
from asp_sudoku.rules.running_sums.bounds import digit_bounds, rest_bounds, unit_of
from asp_sudoku.rules.running_sums.combined import combined_lines
from asp_sudoku.rules.weighted_sum import WeightedSum

# Lines with more reachable totals than this get no running sums (the plain rule still holds).
MAX_SPREAD = 2_000

# Two arrows whose shafts share at least this many cells also get their difference as a line.
SHARED = 4


Line = tuple[list[tuple[Cell, int]], int]
"""A line: its cells with their weights, in order, and its target."""


def lines(puzzle: Puzzle) -> list[Line]:
    """Each line as (cells with weights, in order) and its target."""
    return _own_lines(puzzle, puzzle.clues) + shared_shafts(puzzle) + combined_lines(puzzle, unit_of(puzzle))


def _own_lines(puzzle: Puzzle, clues: Sequence[Clue]) -> list[Line]:
    """The line of each of these clues that is one: a little killer, an arrow, a weighted sum
    with extra cells."""
    out: list[Line] = []
    for clue in clues:
        if isinstance(clue, LittleKiller):
            out.append(([(c, 1) for c in clue.cells], clue.total))
        elif isinstance(clue, Arrow):
            n = len(clue.circle)
            circle = [(c, -(10 ** (n - 1 - i))) for i, c in enumerate(clue.circle)]
            out.append((circle + [(c, 1) for c in clue.cells], 0))
        elif isinstance(clue, WeightedSum) and any(not puzzle.in_grid(c) for c in clue.cells):
            # Only with extra cells: every other program stays as it was (not measured on them).
            out.append((list(zip(clue.cells, clue.weights)), clue.total))
    return out


def shared_shafts(puzzle: Puzzle) -> list[tuple[list[tuple[Cell, int]], int]]:
    """For two arrows whose shafts share at least SHARED cells, the difference of their equations
    as one more line: circle A - circle B = (A's own shaft cells) - (B's own), the shared cells
    gone (target 0).  It holds on every grid where both arrows hold, so it adds and removes no
    solution; the running sums and the digit bounds then see how the two circles differ (ISS's
    "Triple digits", three-digit pills on shafts that share their tails: undecided in 60 s ->
    11 s).  Only arrows that visit no cell twice, and lines that hold each cell once."""
    out: list[tuple[list[tuple[Cell, int]], int]] = []
    arrows = [c for c in puzzle.clues if isinstance(c, Arrow) and len(set(c.cells)) == len(c.cells)]
    for i, a in enumerate(arrows):
        for b in arrows[i + 1 :]:
            common = set(a.cells) & set(b.cells)
            if len(common) < SHARED:
                continue
            na, nb = len(a.circle), len(b.circle)
            line = [(c, -(10 ** (na - 1 - k))) for k, c in enumerate(a.circle)]
            line += [(c, 10 ** (nb - 1 - k)) for k, c in enumerate(b.circle)]
            line += [(c, 1) for c in a.cells if c not in common] + [(c, -1) for c in b.cells if c not in common]
            if len({c for c, _ in line}) == len(line):
                out.append((line, 0))
    return out


def facts(puzzle: Puzzle) -> list[str]:
    """``runningSumStep(L,I,R,C,W)``: cell (R,C) is the I-th of line L, weight W;
    ``runningSumRest(L,I,Lo,Hi)``: the cells after the I-th add Lo..Hi; ``runningSumTarget(L,T)``;
    ``runningSumLength(L,N)``."""
    return _facts(puzzle, lines(puzzle))


def clue_facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """The running sums of these clues' own lines, for a check of them alone: their bounds count
    only cells that share a row, column, box or region as different, which such a check also
    says; not the difference of two arrows nor little killers added together (those need other
    clues and whole houses)."""
    return _facts(puzzle, _own_lines(puzzle, clues))


def _facts(puzzle: Puzzle, found: list[Line]) -> list[str]:
    """The facts of `facts` for these lines."""
    low, high = puzzle.digits
    units = unit_of(puzzle)
    out = []
    ranges: dict[Cell, tuple[int, int]] = {}
    for number, (cells, target) in enumerate(found, start=1):
        for cell, (lo, hi) in digit_bounds(cells, target, low, high, units).items():
            was = ranges.get(cell, (low, high))
            ranges[cell] = (max(lo, was[0]), min(hi, was[1]))
        spans = [sorted((w * low, w * high)) for _, w in cells]
        if sum(hi - lo for lo, hi in spans) > MAX_SPREAD:
            continue
        out += [fact("runningSumTarget", number, target), fact("runningSumLength", number, len(cells))]
        for i, ((r, c), w) in enumerate(cells, start=1):
            out.append(fact("runningSumStep", number, i, r, c, w))
            out.append(fact("runningSumRest", number, i, *rest_bounds(cells[i:], low, high, units)))
    for (r, c), (lo, hi) in sorted(ranges.items()):
        if (lo, hi) != (low, high):
            out.append(fact("runningSumDigits", r, c, lo, hi))
    return out


SPEEDUP = Speedup("running sums", "running_sums.lp.j2", facts, clue_facts)

__all__ = ["MAX_SPREAD", "SHARED", "SPEEDUP", "digit_bounds", "facts", "lines", "rest_bounds", "shared_shafts", "unit_of"]
