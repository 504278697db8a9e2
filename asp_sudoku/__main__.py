"""`python -m asp_sudoku` runs the command-line interface."""

import sys

from asp_sudoku.cli import main

sys.exit(main())
