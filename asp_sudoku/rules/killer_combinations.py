"""Speed-up for killer cages: the digit combinations each cage with a sum can hold.

For every cage with a sum, Python lists each set of distinct digits (as many as the cage has
cells) that adds up to the sum; `encodings/killer_combinations.lp.j2` makes the cage use exactly
one of them.  The grid decides which (a cage's digits form exactly one such set), so no answer set
is added or lost; the solver just learns much earlier which digits a cage can hold.  Cages with
too many combinations to list are left to the plain sum rule.

The cells of one row, column or box that the cages inside it leave uncovered (innies) add up to a
sum the 45 rule fixes (`killer_implied_sums`), and they hold different digits: they are a cage
too, hidden in the puzzle, and get their combinations the same way (numbered after the cages).
On the TAREK and EXTREME killers this cut clingo's conflicts by a fifth and by half; on the
MATHEMAGIC killers, whose cages leave no such cells, nothing changes (bench/README.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from math import comb

from asp_sudoku.core.model import Cell, Clue, Puzzle
from asp_sudoku.rules.base import Speedup, fact
from asp_sudoku.rules.killer import Killer, numbered
from asp_sudoku.rules.killer_implied_sums import equations, houses

# Cages whose digit sets are more than this many to enumerate get no combination facts.
MAX_SUBSETS = 20_000
# A puzzle's combination facts in all: past it, the cages left get none (the speed-up adds no
# solution, so leaving it out keeps every answer).  Each fact grounds a rule instance per cell
# and digit: a 67 KB file of 1000 cages of 25x25 gave 1.5 million facts, 100 s of grounding and
# 5 GB (a security review); the 33 TAREK killers have 1,300 at most, a 25x25 killer ~30,000.
MAX_FACTS = 50_000


@lru_cache(maxsize=1024)
def digit_sets(cells: int, total: int, low: int, high: int) -> tuple[tuple[int, ...], ...]:
    """Every set of `cells` distinct digits from low..high adding up to `total`, ascending."""
    return tuple(c for c in combinations(range(low, high + 1), cells) if sum(c) == total)


def hidden_cages(puzzle: Puzzle) -> list[tuple[list[Cell], int]]:
    """The innies of single houses as (cells, sum): cells of one row, column or box, so different
    digits, whose sum the 45 rule fixes; sorted, one each."""
    implied = equations(puzzle)  # none on grids whose houses do not hold every digit
    if not implied:
        return []
    rows, cols, boxes = houses(puzzle)
    found = []
    for (innies, outies), total in implied.items():
        if not outies and len(innies) > 1 and any(innies <= house for house in rows + cols + boxes):
            found.append((sorted(innies), total))
    return sorted(found)


def facts(puzzle: Puzzle) -> list[str]:
    """``killerCombination(K,J,P)``: digit P is in the J-th combination of cage K;
    ``killerHiddenCage(K,R,C)``: cell (R,C) is in hidden cage K (the cages' numbers come first)."""
    out = []
    cages = puzzle.clues_of("killer")
    groups: list[tuple[int, int, int]] = []  # number, cells, sum
    for k, clue in enumerate(cages, start=1):
        assert isinstance(clue, Killer)
        if clue.total is not None:
            groups.append((k, len(clue.cells), clue.total))
    for k, (cells, total) in enumerate(hidden_cages(puzzle), start=len(cages) + 1):
        out += [fact("killerHiddenCage", k, r, c) for r, c in cells]
        groups.append((k, len(cells), total))
    return out + _combinations(groups, *puzzle.digits)


def clue_facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """The combinations of the cages with a sum among `clues`, numbered as the killer rule's
    facts number them for a check of these clues: what a check of some clues may use (no hidden
    cage, which the 45 rule finds from whole houses)."""
    cages = [clue for clue in clues if clue.kind == "killer"]
    groups = [(k, len(clue.cells), clue.total) for k, clue in numbered(puzzle, cages) if clue.total is not None]
    return _combinations(groups, *puzzle.digits)


def _combinations(groups: Sequence[tuple[int, int, int]], low: int, high: int) -> list[str]:
    """``killerCombination(K,J,P)`` for each group (number, cells, sum), within `MAX_FACTS`."""
    out = []
    budget = MAX_FACTS
    for k, size, total in groups:
        if comb(high - low + 1, size) > MAX_SUBSETS:
            continue
        sets = digit_sets(size, total, low, high)
        if len(sets) * size > budget:
            continue  # too many for the whole puzzle: this cage goes without (see MAX_FACTS)
        budget -= len(sets) * size
        for j, digits in enumerate(sets, start=1):
            out += [fact("killerCombination", k, j, p) for p in digits]
    return out


SPEEDUP = Speedup("killer combinations", "killer_combinations.lp.j2", facts, clue_facts)
