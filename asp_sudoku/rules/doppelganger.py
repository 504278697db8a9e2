"""Doppelganger: the grid holds 0 to N; every row, column and box holds 0 and all but one of the
digits 1 to N; no two rows miss the same digit, nor two columns, nor two boxes; and at each 0,
the digits its row, its column and its box miss all differ.  (ISS's Doppelganger; the grid needs
`values = "0-N"` and boxes.)"""

from __future__ import annotations

from collections.abc import Iterable

from asp_sudoku.core.model import Cell, Grid, Puzzle, cell_name
from asp_sudoku.rules.base import GlobalRule, examples
from asp_sudoku.rules.draw import caption


def houses(puzzle: Puzzle) -> dict[str, list[tuple[str, list[Cell]]]]:
    """Rows, columns and boxes of the grid, by type."""
    n = puzzle.size
    h, w = puzzle.box or (n, n)
    return {
        "row": [(f"row {r}", [(r, c) for c in range(1, n + 1)]) for r in range(1, n + 1)],
        "column": [(f"column {c}", [(r, c) for r in range(1, n + 1)]) for c in range(1, n + 1)],
        "box": [
            (f"box at {cell_name((top, left))}", [(r, c) for r in range(top, top + h) for c in range(left, left + w)])
            for top in range(1, n + 1, h)
            for left in range(1, n + 1, w)
        ],
    }


def check(puzzle: Puzzle, grid: Grid) -> Iterable[str]:
    """A house without a 0 or missing other than one digit; two houses of a type missing the same
    digit; a 0 whose row, column and box miss the same digit."""
    digits = set(range(1, puzzle.size + 1))
    missing: dict[Cell, list[int]] = {}
    for found in houses(puzzle).values():
        seen: dict[int, str] = {}
        for name, cells in found:
            values = [grid.value(c) for c in cells]
            gone = sorted(digits - set(values))
            if values.count(0) != 1 or len(gone) != 1:
                yield f"doppelganger: {name} holds {sorted(values)}, not 0 and all but one of 1-{puzzle.size}"
                continue
            if gone[0] in seen:
                yield f"doppelganger: {name} and {seen[gone[0]]} both miss {gone[0]}"
            seen[gone[0]] = name
            for cell in cells:
                missing.setdefault(cell, []).append(gone[0])
    for cell, gone in sorted(missing.items()):
        if grid.value(cell) == 0 and len(set(gone)) != len(gone):
            yield f"doppelganger: at the 0 in {cell_name(cell)} its houses miss {gone}"


draw = caption("doppelganger: every row, column and box holds 0 and misses one digit, each its own")


EXAMPLES = examples(('A 4x4 doppelganger puzzle', 'size = 4\nvalues = "0-4"\nbox = "2x2"\nrules = ["doppelganger"]\ngivens = "0 1 . .\\n. . . .\\n. . . .\\n. . . ."', '0123241032044031 0123241040313204 0123340123404012 0123340140122340 0123420114303042 0123420130421430 0123431014022034 0123431020341402 0124231030414203 0124231042033041 0124320113404032 0124320140321340 0124341013022043 0124341020431302 0124430124303012 0124430130122430 0132240132404013 0132240140133240 0132341023044021 0132341040212304 0132421014033024 0132421030241403 0132430114202043 0132430120431420 0134230112404023 0134230140231240 0134241012033042 0134241030421203 0134321020414302 0134321043022041 0134420120133420 0134420134202013 0142230130144230 0142230142303014 0142321013044023 0142321040231304 0142340113202034 0142340120341320 0142431024033021 0142431030212403 0143231012044032 0143231040321204 0143240112303024 0143240130241230 0143320120144320 0143320143202014 0143421020313402 0143421034022031'), ('No solution: two zeros in row 1', 'size = 4\nvalues = "0-4"\nbox = "2x2"\nrules = ["doppelganger"]\ngivens = "0 . 0 .\\n. . . .\\n. . . .\\n. . . ."', ''))


RULE = GlobalRule("doppelganger", "doppelganger.lp.j2", check, draw, EXAMPLES)
