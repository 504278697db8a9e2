"""clingo's search settings for one puzzle, chosen by measurement (bench/README.md, "Killers").

The settings change how clingo searches, never what it finds: the program and its answer sets
are the same, and `encode` names the settings in the program's header so that a run can be
repeated exactly (`clingo program.lp 0 <settings>`).

Killers (puzzles whose clues are all cages: killer cages and cage comparisons) search with
geometric restarts and counter-bumping restarts (`--restarts=x,128,1.5 --counter-restarts=3,9973`,
the restart policy of clingo's "crafty" configuration): on the ten MATHEMAGIC killers 1.35 times
as fast as clingo's default in three alternating runs (same answers, 7% fewer conflicts), the
slowest 5.1-6.3 s instead of 8.6-9.0 s; on the ten forum killers of ISS's test set 0.56-1.03 of
the default's time; the TAREK killers about the same.  They also search with clingo's domain
heuristic (`--heuristic=Domain`), which reads the `#heuristic` directive of
`killer_combinations.lp.j2`: which digits a cage holds is decided before where they go (the
MATHEMAGIC killers 73 -> 53 s, the four extreme killers 4.3 -> 1.6 s, TAREK's 6% faster, two
other jobs beside them; bench/README.md).  On other rules the same settings were a gamble (a
long-sums arrow puzzle took 3 times as long), so every other puzzle keeps clingo's defaults.

Puzzles whose only clues are pencilmarks (cells limited to sets of digits: ISS's
HARD_PENCILMARKS, classic puzzles whose hardness is all in the search) search with clingo's
"crafty" configuration: on ISS's seven, CPU seconds to prove uniqueness with the default / the
killer restarts / crafty: the slowest two 28.8 s and undecided in 60 s / 8.5 s and 24.2 s /
9.7 s and 18.1 s, the other five 5.3 / 6.0 / 4.0 s in all (bench/README.md, "Pencilmarks").

Puzzles whose only rule is non-consecutive (givens, and perhaps pencilmarks, but no clues) search
with crafty too: measured on equivalent copies of each puzzle (the grid's 8 rotations and
reflections, each also with every digit d written 10-d, which keeps the rule), clingo's CPU
seconds over the 16 copies, the default -> crafty: counting the 377 solutions of a 4-given
puzzle 126.4 -> 77.0 s (two runs of 8 copies, -39% each); proving ISS's "Anti-consecutive, hard"
unique 6.4 -> 5.8 s; six `generate --rules non-consecutive` puzzles (8 givens), three seeds, 1.26
-> 1.08 s a run (the six together); on the ISS examples with clingo's default settings, crafty took
1.22 times the default's time (geometric mean over the 59 that take over 0.1 s), so no other
rule gets it (bench/README.md, "Non-consecutive").

One option does change what is found: a puzzle with chaos construction (the solver chooses the
regions) is solved with ``--project``, so that a grid of digits that fits two region layouts is
one answer, not two (the answers are projected onto the shown ``numberAt/3``).
"""

from __future__ import annotations

from asp_sudoku.core.model import Puzzle

CAGE_KINDS = frozenset({"killer", "cage-compare"})
KILLER_OPTIONS = ("--restarts=x,128,1.5", "--counter-restarts=3,9973", "--heuristic=Domain")
PROJECT_OPTIONS = ("--project",)
PENCILMARK_OPTIONS = ("--configuration=crafty",)
NON_CONSECUTIVE_OPTIONS = ("--configuration=crafty",)


def search_options(puzzle: Puzzle) -> tuple[str, ...]:
    """The clingo options `solve`, `count` and `check` search this puzzle with (besides the
    number of models and threads)."""
    if "chaos-construction" in puzzle.rules:
        return PROJECT_OPTIONS
    kinds = {clue.kind for clue in puzzle.clues}
    if "killer" in kinds and kinds <= CAGE_KINDS:
        return KILLER_OPTIONS
    if kinds == {"pencilmarks"} and not puzzle.rules:
        return PENCILMARK_OPTIONS
    if kinds <= {"pencilmarks"} and tuple(puzzle.rules) == ("non-consecutive",):
        return NON_CONSECUTIVE_OPTIONS
    return ()
