"""Little killers added together: more lines for the running sums, tighter than each alone.

Two little killers that share no cell add up to the sum of their totals, and when their cells
share many boxes, rows and columns the two together are much tighter than either: ISS's "Zero
solution: Little Killer" has four parallel diagonals (32 cells, 196 in all) whose cells fill
eight cells of each of three boxes, so they can add at most 198.  Pairs are merged greedily, as
Interactive Sudoku Solver's optimizer merges sums (`_makeCombinedSumHandlers`): a merge is kept
when its score (per group of k cells that hold different digits, k(N-k) less the slack between
the total and the nearest bound) beats both parts, or their sum; the best merge first.

Such a line is then rewritten by houses: a group of more than half of a house that holds every
digit once adds the house's total less the rest of the house, so it becomes the rest of the house
with weight -1 (the target less the house's total).  The four diagonals above become eight cells
added and three subtracted, to make 61: what was a slack of 2 in 196 is now a line of 11 cells
whose running totals clingo sees at once (undecided within 60 s before; unsatisfiable in 0.3 s).

Every line made here holds on every grid where the little killers hold, so no solution is added
or lost (`tests/rules/test_running_sums.py` checks them on grids)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from asp_sudoku.core.model import Cell, Puzzle
from asp_sudoku.rules.little_killer import LittleKiller
from asp_sudoku.rules.running_sums.bounds import greedy

# Two sums are related (worth merging) when this many cells of the smaller share a house with
# the larger (ISS's figure).
RELATED = 6

Line = tuple[list[tuple[Cell, int]], int]


@dataclass(frozen=True)
class _Sum:
    """Cells (sorted) that add up to `total`, split into groups of different digits."""

    cells: tuple[Cell, ...]
    total: int
    groups: tuple[tuple[Cell, ...], ...]
    score: int
    original: bool


def combined_lines(puzzle: Puzzle, units: Callable[[Cell], tuple[int, ...]]) -> list[Line]:
    """The merged little killers, each rewritten by houses, as (cells with weights, target)."""
    low, high = puzzle.digits
    count = high - low + 1

    keys = {cell: set(enumerate(units(cell))) for clue in puzzle.clues if isinstance(clue, LittleKiller) for cell in clue.cells}

    def record(cells: tuple[Cell, ...], total: int, original: bool) -> _Sum | None:
        groups = _groups(cells, units)
        spread = [len(g) * (len(g) - 1) // 2 for g in groups]
        least = sum(len(g) * low + s for g, s in zip(groups, spread))
        most = sum(len(g) * high - s for g, s in zip(groups, spread))
        if not least <= total <= most:
            return None
        slack = min(total - least, most - total)
        return _Sum(cells, total, groups, sum(len(g) * (count - len(g)) - slack for g in groups), original)

    def related(a: _Sum, b: _Sum) -> bool:
        small, big = sorted((a, b), key=lambda s: len(s.cells))
        if len(small.cells) < RELATED or set(a.cells) & set(b.cells):
            return False
        houses = set().union(*(keys[cell] for cell in big.cells))
        return sum(1 for cell in small.cells if keys[cell] & houses) >= RELATED

    merges: dict[tuple[Cell, ...], _Sum | None] = {}  # each pair's merge, worked out once

    active: dict[tuple[Cell, ...], _Sum] = {}
    for clue in puzzle.clues:
        if isinstance(clue, LittleKiller) and len(set(clue.cells)) == len(clue.cells):
            cells = tuple(sorted(clue.cells))
            found = record(cells, clue.total, True)
            if found is not None:
                active.setdefault(cells, found)
    while True:
        best: tuple[_Sum, _Sum, _Sum] | None = None
        sums = list(active.values())
        for i, a in enumerate(sums):
            for b in sums[i + 1 :]:
                if not related(a, b):
                    continue
                cells = tuple(sorted(a.cells + b.cells))
                if cells not in merges:
                    merges[cells] = record(cells, a.total + b.total, False)
                merged = None if cells in active else merges[cells]
                if merged is None or (min(a.score, b.score) >= merged.score and merged.score <= a.score + b.score):
                    continue
                if best is None or (merged.score, merged.cells) > (best[0].score, best[0].cells):
                    best = (merged, a, b)
        if best is None:
            break
        merged, a, b = best
        del active[a.cells], active[b.cells]
        active[merged.cells] = merged
    return [by_houses(puzzle, s.groups, s.total) for s in active.values() if not s.original and s.score > 0]


def _groups(cells: tuple[Cell, ...], units: Callable[[Cell], tuple[int, ...]]) -> tuple[tuple[Cell, ...], ...]:
    """`cells` split into groups whose cells pairwise share a house (so hold different digits):
    by box (or region), then the cells left alone in theirs joined greedily by row or column
    (like ISS's greedy exclusion groups; `bounds.partition` tries harder, and costs 30 times more)."""
    by_box: dict[int, list[Cell]] = {}
    for cell in cells:
        by_box.setdefault(units(cell)[2], []).append(cell)
    alone = [g[0] for g in by_box.values() if len(g) == 1]
    return tuple(tuple(g) for g in [g for g in by_box.values() if len(g) > 1] + greedy(alone, units))


def by_houses(puzzle: Puzzle, groups: tuple[tuple[Cell, ...], ...], total: int) -> Line:
    """Cells (split into groups of different digits) adding up to `total`, as a line: each group
    of more than half of a whole house replaced by the rest of that house, subtracted (a whole
    house holds every digit once, so adds a known total)."""
    digits = puzzle.digit_range
    whole = [set(cells) for _, cells in puzzle.houses() if len(cells) == len(digits)]
    weights: dict[Cell, int] = {}
    target = total
    for group in groups:
        house = next((h for h in whole if set(group) <= h and 2 * len(group) > len(h)), None)
        if house is None:
            for cell in group:
                weights[cell] = weights.get(cell, 0) + 1
            continue
        target -= sum(digits)
        for cell in sorted(house - set(group)):
            weights[cell] = weights.get(cell, 0) - 1
    return [(cell, w) for cell, w in weights.items() if w], target
