"""Speed-up for renban lines: the run a line's digits make, chosen once, and every digit of it
required on the line.

The renban rule itself (`encodings/renban.lp.j2`) says that a line's digits differ and that no
two differ by as much as the line is long; the solver then learns slowly that a line of N cells
holding 3 must hold a run through 3, and which digits that leaves its other cells.  This
speed-up names the run: its first digit is chosen (the line's least digit, so each grid decides
it and no answer set is added or lost), every digit on the line lies in the run, and every digit
of the run is on the line, which the solver propagates like a house.  clingo on the `encode`
output, uniqueness, one thread, two seeds (bench/README.md, "Renban runs"): ISS's "Hard renban 3"
(lines of 3-7 cells) 1.3-1.4 s -> 0.05-0.06 s, "Zero solution: Renban" 1.9 s -> 0.13 s,
"Renban skyscrapers" 0.46 s -> 0.26 s; lines of two or three cells ("Hard renban" 1 and 2): the
same within noise.
"""

from __future__ import annotations

from asp_sudoku.rules.base import Speedup, checked_clue_switches, clue_switches

# A line's run follows from the line alone: a check of some clues may use it (`Speedup.clue_facts`).
SPEEDUP = Speedup(
    "renban runs", "renban_runs.lp.j2", clue_switches("renban", "renbanRun"), checked_clue_switches("renban", "renbanRun")
)
