"""Tools for setters: true candidates, why a puzzle has no solution or several, which givens
and clues are redundant, and generating puzzles.

`candidates`, `explain`, `minimize` and `generate` are exported by `asp_sudoku`; their clingo
code is in `asp_sudoku.solving.switches` and `asp_sudoku.solving.setter`.
"""

CLUE_KIND_NAMES = ("killer", "thermo", "arrow", "little-killer", "kropki", "xv", "sandwich", "whispers", "renban")
"""The clue kinds `generate --clues` makes (`clue_makers.CLUE_MAKERS`, in that order; named here
so that the command line's help lists them without importing the makers and their rules)."""
