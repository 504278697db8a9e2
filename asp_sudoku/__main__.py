"""`python -m asp_sudoku` runs the command-line interface."""

from asp_sudoku.cli.entry import run

run()
