"""Region same values: all the largest houses (rows, columns, boxes and jigsaw regions with the
most cells) hold the same set of digits.  It says something only when the grid holds more
digits than those houses have cells (a 6x6 with boxes of 6 holding 1-9: every row, column and
box then uses the same six digits).  On a grid that is no Latin square (``latin = false``) rows and
columns are no houses: only its boxes and regions count.  (ISS's RegionSameValues.)"""

from __future__ import annotations

from collections.abc import Iterable

from asp_sudoku.core.model import Grid, Puzzle
from asp_sudoku.rules.base import GlobalRule, examples
from asp_sudoku.rules.draw import caption


def check(puzzle: Puzzle, grid: Grid) -> Iterable[str]:
    """A largest house whose digits differ from the first largest house's."""
    found = puzzle.houses()
    if not found:  # a grid with no house (no Latin square, no boxes): nothing to compare
        return
    largest = max(len(cells) for _, cells in found)
    big = [(name, sorted(grid.value(c) for c in cells)) for name, cells in found if len(cells) == largest]
    first_name, first = big[0]
    for name, values in big[1:]:
        if values != first:
            yield f"region-same-values: {name} holds {values}, {first_name} {first}"


draw = caption("region-same-values: all the largest houses hold the same digits")


EXAMPLES = examples(('Rows, columns and boxes of a 4x4 holding 1-5 use the same four digits', 'size = 4\nvalues = "1-5"\nbox = "2x2"\nrules = ["region-same-values"]\ngivens = "1 2 . .\\n. 5 . .\\n. . . .\\n. . . ."', '1235351221535321 1235351223515123 1235351251232351 1235351253212153 1235352121535312 1235352153122153 1245451221545421 1245451224515124 1245451251242451 1245451254212154 1245452121545412 1245452154122154 1253351221355321 1253351253212135 1253352121355312 1253352123155132 1253352151322315 1253352153122135 1254451221455421 1254451254212145 1254452121455412 1254452124155142 1254452151422415 1254452154122145'), ('No solution: row 1 holds 3 and 4, row 2 only the other three', 'size = 4\nvalues = "1-5"\nbox = "2x2"\nrules = ["region-same-values"]\ngivens = "3 4 1 2\\n5 . . .\\n. . . .\\n. . . ."', ''))


RULE = GlobalRule("region-same-values", "region_same_values.lp.j2", check, draw, EXAMPLES)
