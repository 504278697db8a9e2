"""Speed-up for killer cages: the digit combinations each cage with a sum can hold.

For every cage with a sum, Python lists each set of distinct digits (as many as the cage has
cells) that adds up to the sum; `encodings/killer_combinations.lp.j2` makes the cage use exactly
one of them.  The grid decides which (a cage's digits form exactly one such set), so no answer set
is added or lost; the solver just learns much earlier which digits a cage can hold.  Cages with
too many combinations to list are left to the plain sum rule.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from math import comb

from asp_sudoku.core.model import Puzzle
from asp_sudoku.rules.base import Speedup, fact
from asp_sudoku.rules.killer import Killer

# Cages whose digit sets are more than this many to enumerate get no combination facts.
MAX_SUBSETS = 20_000


@lru_cache(maxsize=1024)
def digit_sets(cells: int, total: int, low: int, high: int) -> tuple[tuple[int, ...], ...]:
    """Every set of `cells` distinct digits from low..high adding up to `total`, ascending."""
    return tuple(c for c in combinations(range(low, high + 1), cells) if sum(c) == total)


def facts(puzzle: Puzzle) -> list[str]:
    """``killerCombination(K,J,P)``: digit P is in the J-th combination of cage K."""
    low, high = puzzle.digits
    out = []
    for k, clue in enumerate(puzzle.clues_of("killer"), start=1):
        assert isinstance(clue, Killer)
        if clue.total is None or comb(high - low + 1, len(clue.cells)) > MAX_SUBSETS:
            continue
        for j, digits in enumerate(digit_sets(len(clue.cells), clue.total, low, high), start=1):
            out += [fact("killerCombination", k, j, p) for p in digits]
    return out


SPEEDUP = Speedup("killer combinations", "killer_combinations.lp.j2", facts)
