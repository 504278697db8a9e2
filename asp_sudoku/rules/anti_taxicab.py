"""Anti-taxicab: a digit X is never X steps away from another X, counting steps between cells
that share an edge (the taxicab distance: rows apart plus columns apart)."""

from __future__ import annotations

from collections.abc import Iterable

from asp_sudoku.core.model import Grid, Puzzle, cell_name
from asp_sudoku.rules.base import GlobalRule, examples
from asp_sudoku.rules.draw import caption


def check(puzzle: Puzzle, grid: Grid) -> Iterable[str]:
    """Every two cells holding a digit X that are X steps apart."""
    cells = puzzle.all_cells()
    for i, (r, c) in enumerate(cells):
        for r2, c2 in cells[i + 1 :]:
            value = grid.value((r, c))
            if value == grid.value((r2, c2)) and abs(r - r2) + abs(c - c2) == value:
                yield f"anti-taxicab: {cell_name((r, c))} and {cell_name((r2, c2))} both hold {value}, {value} steps apart"


draw = caption("anti-taxicab: a digit X is never X steps (rows plus columns) from another X")


EXAMPLES = examples(('A 6x6 anti-taxicab puzzle', 'size = 6\nrules = ["anti-taxicab"]\ngivens = "16....\\n......\\n..1...\\n....3.\\n......\\n.....5"', '164253253146531624426531645312312465 164352352146531624426531645213213465'), ('No solution: the 3s in r2c4 and r4c5 are three steps apart', 'size = 6\nrules = ["anti-taxicab"]\ngivens = "16....\\n...3..\\n..1...\\n....3.\\n......\\n.....5"', ''))


RULE = GlobalRule("anti-taxicab", "anti_taxicab.lp.j2", check, draw, EXAMPLES)
