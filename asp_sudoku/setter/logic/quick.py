"""The quick techniques a trial propagates with, in pure Python: hidden and naked singles,
locked candidates and a killer cage's own check, each finding exactly what its template (or the
cage's clue check) finds on the same candidates.  A trial assumes a digit and propagates round
after round, for every candidate it tries; grounding and solving a template for each round
(2-5 ms a call) made one trial step take 4-16 s on a killer.  The path's own steps still come
from the templates, which also word them.  `tests/logic/test_quick.py` checks each function
against its template on random candidates.
"""

from __future__ import annotations

from asp_sudoku.setter.logic.grid import Cell, House, Mark, Marks
from asp_sudoku.setter.logic.killer.combos import options
from asp_sudoku.setter.logic.killer.geometry import Cage, Geometry


def hidden_singles(marks: Marks) -> list[Mark]:
    """The placements of `hidden_single.lp.j2`: a digit with one place left in a house goes
    there, when that cell is open."""
    found: set[Mark] = set()
    for house in marks.houses:
        for p in marks.puzzle.digit_range:
            places = [cell for cell in house.cells if p in marks.cands[cell]]
            if len(places) == 1 and places[0] not in marks.solved:
                found.add((*places[0], p))
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
        pairs = []
        for box in (h for h in all_houses if h.box):
            for line in (h for h in all_houses if not h.box):
                shared = tuple(cell for cell in box.cells if cell in set(line.cells))
                if shared:
                    pairs.append((box, line, shared))
        self.pairs: list[tuple[tuple[Cell, ...], tuple[Cell, ...], tuple[Cell, ...]]] = []
        for box, line, shared in pairs:  # both ways: pointing (box, line) and claiming (line, box)
            for first, second in ((box, line), (line, box)):
                self.pairs.append((
                    shared,
                    tuple(cell for cell in first.cells if cell not in shared),
                    tuple(cell for cell in second.cells if cell not in shared),
                ))

    def removals(self, marks: Marks) -> list[Mark]:
        """Every digit whose open places in one house all lie in the other leaves the open cells
        of the other outside the first."""
        found: set[Mark] = set()
        cands, solved = marks.cands, marks.solved
        for shared, first_only, second_only in self.pairs:
            open_shared = [cell for cell in shared if cell not in solved]
            if not open_shared:
                continue
            for p in set().union(*(cands[cell] for cell in open_shared)):
                if any(p in cands[cell] and cell not in solved for cell in first_only):
                    continue
                found.update((*cell, p) for cell in second_only if p in cands[cell] and cell not in solved)
        return sorted(found)


def cage_removals(cage: Cage, marks: Marks, geometry: Geometry) -> list[Mark]:
    """What the clue check of a killer cage with a sum removes (`clue_logic.clue_removals`): the
    candidates of its cells that no combination of different digits with its sum places there;
    raises Contradiction when none fits."""
    masks = {cell: sum(1 << d for d in marks.cands[cell]) for cell in cage.cells}
    fits = [0] * len(cage.cells)
    for _, support in options(cage, masks, geometry):
        fits = [a | b for a, b in zip(fits, support)]
    return [
        (r, c, p) for (r, c), fit in zip(cage.cells, fits) for p in sorted(marks.cands[(r, c)]) if not fit >> p & 1
    ]
