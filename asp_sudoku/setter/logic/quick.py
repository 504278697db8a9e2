"""The quick techniques a trial propagates with, in pure Python: hidden and naked singles,
locked candidates and a killer cage's own check, each finding exactly what its template (or the
cage's clue check) finds on the same candidates.  A trial assumes a digit and propagates round
after round, for every candidate it tries; grounding and solving a template for each round
(2-5 ms a call) made one trial step take 4-16 s on a killer.  The path's own steps still come
from the templates, which also word them.  `tests/logic/test_quick.py` checks each function
against its template on random candidates.
"""

from __future__ import annotations

from asp_sudoku.setter.logic.clue_logic import Contradiction
from asp_sudoku.setter.logic.grid import Cell, House, Mark, Marks
from asp_sudoku.setter.logic.killer.fitting import fits_of, options
from asp_sudoku.setter.logic.killer.geometry import Cage, Geometry, digits_of, mask_of, masks_of


def hidden_singles(marks: Marks) -> list[Mark]:
    """The placements of `hidden_single.lp.j2`: a digit with one place left in a house goes
    there, when that cell is open."""
    masks = masks_of(marks)
    found: set[Mark] = set()
    for house in marks.houses:
        once = twice = 0
        for cell in house.cells:
            twice |= once & masks[cell]
            once |= masks[cell]
        single = once & ~twice
        if single:
            found.update((r, c, p) for r, c in house.cells if (r, c) not in marks.solved
                         for p in digits_of(masks[(r, c)] & single))
    return sorted(found)


def naked_singles(marks: Marks) -> list[Mark]:
    """The placements of `naked_single.lp.j2`: an open cell with one candidate holds it."""
    return sorted(
        (r, c, p) for (r, c), ds in marks.cands.items() if len(ds) == 1 and (r, c) not in marks.solved for p in ds
    )


class Locked:
    """Locked candidates (`locked_candidates.lp.j2`) over the pairs of houses that meet, one a
    box or region and the other a row or column, worked out once per puzzle."""

    def __init__(self, all_houses: tuple[House, ...]) -> None:
        # (cells both share, the first's other cells, the second's other cells), both ways round:
        # pointing (box, line) and claiming (line, box)
        self.pairs: list[tuple[tuple[Cell, ...], tuple[Cell, ...], tuple[Cell, ...]]] = []
        for box in (h for h in all_houses if h.box):
            for line in (h for h in all_houses if not h.box):
                shared = tuple(cell for cell in box.cells if cell in line.cells)
                if shared:
                    box_only = tuple(cell for cell in box.cells if cell not in shared)
                    line_only = tuple(cell for cell in line.cells if cell not in shared)
                    self.pairs += [(shared, box_only, line_only), (shared, line_only, box_only)]

    def removals(self, marks: Marks) -> list[Mark]:
        """Every digit whose open places in one house all lie in the other leaves the open cells
        of the other outside the first."""
        masks = {cell: 0 if cell in marks.solved else mask_of(ds) for cell, ds in marks.cands.items()}
        found: set[Mark] = set()
        for shared, first_only, second_only in self.pairs:
            locked = 0
            for cell in shared:
                locked |= masks[cell]
            for cell in first_only:
                locked &= ~masks[cell]
            if locked:
                found.update((r, c, p) for r, c in second_only for p in digits_of(masks[(r, c)] & locked))
        return sorted(found)


def cage_removals(cage: Cage, marks: Marks, geometry: Geometry) -> list[Mark]:
    """What the clue check of a killer cage with a sum removes (`clue_logic.clue_removals`): the
    candidates of its cells that no combination of different digits with its sum places there;
    raises Contradiction, worded as the clue check words it, when none fits.  The removals are
    sorted (by cell, then digit), as the clue check lists them."""
    masks = {cell: mask_of(marks.cands[cell]) for cell in cage.cells}
    try:
        found = options(cage, masks, geometry)
    except Contradiction:
        raise Contradiction(f"{cage.name} has no filling left") from None
    fits = fits_of(found, len(cage.cells))
    return sorted((r, c, p) for (r, c), fit in zip(cage.cells, fits) for p in marks.cands[(r, c)] if not fit >> p & 1)
