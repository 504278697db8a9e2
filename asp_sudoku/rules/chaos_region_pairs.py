"""Speed-up for chaos region counts: the regions a count's cells meet, counted pair by pair.

The rule (`encodings/chaos_region_count.lp.j2`) counts the region numbers the listed cells lie
in, which says little until those numbers are chosen.  This speed-up counts the listed cells that
share a region with no listed cell before them: a digit 1 then says at once that every listed
cell is with the first, whatever the regions' numbers.  clingo on the `encode` output, uniqueness,
one thread (bench/README.md, "Chaos region pairs"): ISS's "The Fountain" (chaos construction,
seven region counts, whispers) undecided after 120 s (its solution found after 23 s) -> 5.0-8.2 s.
"""

from __future__ import annotations

from asp_sudoku.core.model import Puzzle
from asp_sudoku.rules.base import Speedup, fact


def facts(puzzle: Puzzle) -> list[str]:
    """``chaosRegionPairs(K)`` for every chaos region count K (numbered as its rule numbers them)."""
    counts = puzzle.clues_of("chaos-region-count")
    return [fact("chaosRegionPairs", k) for k, _ in enumerate(counts, start=1)]


SPEEDUP = Speedup("chaos region pairs", "chaos_region_pairs.lp.j2", facts)
