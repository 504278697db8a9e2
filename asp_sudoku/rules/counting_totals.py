"""Speed-up for counting circles: the digits a set of circles holds add up to its number of circles.

A digit P in a set is in exactly P of its circles, so the set's circles are shared out among the
digits it holds, P circles to digit P: the distinct digits add up to how many circles there are
(21 circles: 1+2+3+4+5+6, or 4+8+9, or 1+3+8+9, ...).  The counting rule alone
(`encodings/counting_circles.lp.j2`) checks one digit at a time, and the solver learns this
total slowly.  clingo on the `encode` output, uniqueness, one thread (bench/README.md, "Counting
totals"): ISS's "Let there be chaos" (chaos construction, 21 circles) undecided after 120 s
(2.4M conflicts; its solution found after 31 s) -> 8.2 s (98k conflicts).
"""

from __future__ import annotations

from asp_sudoku.core.model import Puzzle
from asp_sudoku.rules.base import Speedup, cells_of, fact


def facts(puzzle: Puzzle) -> list[str]:
    """``countingTotal(K,N)``: set K of counting circles (numbered as the counting rule numbers
    them) has N circles."""
    sets = puzzle.clues_of("counting-circles")
    return [fact("countingTotal", k, len(cells_of(clue))) for k, clue in enumerate(sets, start=1)]


SPEEDUP = Speedup("counting totals", "counting_totals.lp.j2", facts)
