"""Speed-up for chaos region counts: the regions a count's cells meet, counted pair by pair.

The rule (`encodings/chaos_region_count.lp.j2`) counts the region numbers the listed cells lie
in, which says little until those numbers are chosen.  This speed-up counts the listed cells that
share a region with no listed cell before them: a digit 1 then says at once that every listed
cell is with the first, whatever the regions' numbers.  clingo on the `encode` output, uniqueness,
one thread (bench/README.md, "Chaos region pairs"): ISS's "The Fountain" (chaos construction,
seven region counts, whispers) undecided after 120 s (its solution found after 23 s) -> 5.0-8.2 s.
"""

from __future__ import annotations

from asp_sudoku.rules.base import Speedup, clue_switches

SPEEDUP = Speedup("chaos region pairs", "chaos_region_pairs.lp.j2", clue_switches("chaos-region-count", "chaosRegionPairs"))
