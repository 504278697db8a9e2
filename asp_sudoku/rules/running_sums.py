"""Speed-up for sum clues whose digits may repeat: little killers and arrows.

A sum over a line is checked by `#sum` in the rule's own template, which the solver only
propagates by bounds.  This speed-up adds a second, equivalent check as a running total: the
cells of a line are taken one at a time and `runningSum(L,I,S)` holds when the first I cells
(with their weights) add up to S.  Every atom is derived from the grid, never chosen, so no answer
set is added or lost; the solver can now see which digits each cell may still take.  Totals that
can no longer reach the target are cut off, using bounds computed here: cells of the rest of a
line that share a row, column, box or region hold different digits, so the rest is split into
such groups, and a group of k cells adds at least the k smallest digits and at most the k largest
(a bound that every grid meets, so again nothing is lost).

Lines: a little killer (weights 1, target its sum) and an arrow (the circle's digits weighted
-1, -10, ... and the shaft's +1, target 0).
"""

from __future__ import annotations

from collections.abc import Callable

from asp_sudoku.core.model import Cell, Puzzle
from asp_sudoku.rules.arrow import Arrow
from asp_sudoku.rules.base import Speedup, fact
from asp_sudoku.rules.little_killer import LittleKiller

# Lines with more reachable totals than this get no running sums (the plain rule still holds).
MAX_SPREAD = 2_000

# Lines with more cells than this are also checked backwards from the target
# (``runningSumLong``): it pays on a 32-cell arrow, and costs on lines of a box's length
# (bench/README.md, "Long lines").
LONG_LINE = 12


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


def _unit_of(puzzle: Puzzle) -> Callable[[Cell], tuple[int, ...]]:
    """A cell's row, column, and box or region: cells that share one hold different digits."""
    box, regions = puzzle.box, puzzle.regions

    def units(cell: Cell) -> tuple[int, ...]:
        r, c = cell
        if box is not None:
            area = ((r - 1) // box[0], (c - 1) // box[1])
            return (r, c, area[0] * 1000 + area[1])
        if regions is not None:
            return (r, c, regions[r - 1][c - 1])
        return (r, c, -1 - r * 1000 - c)  # no third unit: a value no other cell has

    return units


def _distinct_groups(cells: list[Cell], units: Callable[[Cell], tuple[int, ...]]) -> list[int]:
    """Sizes of groups of `cells` (greedy, in order) whose cells pairwise share a unit."""
    groups: list[list[tuple[int, ...]]] = []
    for cell in cells:
        mine = units(cell)
        for group in groups:
            if all(any(a == b for a, b in zip(mine, other)) for other in group):
                group.append(mine)
                break
        else:
            groups.append([mine])
    return [len(g) for g in groups]


def rest_bounds(cells: list[tuple[Cell, int]], low: int, high: int, units: Callable[[Cell], tuple[int, ...]]) -> tuple[int, int]:
    """Least and greatest weighted total of `cells`: cells of one weight that share units are
    grouped, a group of k different digits adds k*low + k(k-1)/2 .. k*high - k(k-1)/2."""
    least = most = 0
    for weight in sorted({w for _, w in cells}):
        same = list(dict.fromkeys(c for c, w in cells if w == weight))  # a cell once per weight
        repeats = sum(1 for _, w in cells if w == weight) - len(same)
        for k in _distinct_groups(same, units):
            spread = k * (k - 1) // 2
            a, b = weight * (k * low + spread), weight * (k * high - spread)
            least, most = least + min(a, b), most + max(a, b)
        least += repeats * min(weight * low, weight * high)
        most += repeats * max(weight * low, weight * high)
    return least, most


def facts(puzzle: Puzzle) -> list[str]:
    """``runningSumStep(L,I,R,C,W)``: cell (R,C) is the I-th of line L, weight W;
    ``runningSumRest(L,I,Lo,Hi)``: the cells after the I-th add Lo..Hi; ``runningSumTarget(L,T)``;
    ``runningSumLength(L,N)``; ``runningSumLong(L)`` for lines of more than LONG_LINE cells."""
    low, high = puzzle.digits
    units = _unit_of(puzzle)
    out = []
    for number, (cells, target) in enumerate(lines(puzzle), start=1):
        spans = [sorted((w * low, w * high)) for _, w in cells]
        if sum(hi - lo for lo, hi in spans) > MAX_SPREAD:
            continue
        out += [fact("runningSumTarget", number, target), fact("runningSumLength", number, len(cells))]
        if len(cells) > LONG_LINE:
            out.append(fact("runningSumLong", number))
        for i, ((r, c), w) in enumerate(cells, start=1):
            out.append(fact("runningSumStep", number, i, r, c, w))
            out.append(fact("runningSumRest", number, i, *rest_bounds(cells[i:], low, high, units)))
    return out


SPEEDUP = Speedup("running sums", "running_sums.lp.j2", facts)
