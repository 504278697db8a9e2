"""Tools for setters: true candidates, why a puzzle has no solution or several, which givens
and clues are redundant, and generating puzzles.

`candidates`, `explain`, `minimize` and `generate` are exported by `asp_sudoku`; their clingo
code is in `asp_sudoku.solving.switches` and `asp_sudoku.solving.setter`.
"""
