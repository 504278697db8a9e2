"""Killer techniques, in pure Python over bitmask candidates: cage combinations against the
houses, innies and outies (the 45 rule) over a house or adjacent houses, and a house split into
cages.  They sit between the pattern techniques and trial on the scale (`KILLER_TECHNIQUES`);
`Killers.step` gives the easiest step they offer now.
"""

from __future__ import annotations

from asp_sudoku.core.model import Puzzle
from asp_sudoku.setter.logic.grid import House, Marks
from asp_sudoku.setter.logic.killer.combos import Inner, confined_digit, needed_digit, options
from asp_sudoku.setter.logic.killer.geometry import QUIET_MOST, Geometry, Quiet, masks_of
from asp_sudoku.setter.logic.killer.innies import innies_step
from asp_sudoku.setter.logic.killer.split import split_step
from asp_sudoku.setter.logic.killer.sums import sums_step
from asp_sudoku.setter.logic.techniques import Step

COMBINATIONS, INNIES, SPLIT = "cage combinations", "innies and outies", "house split into cages"
SUMS = "45 rule with cage combinations"
KILLER_TECHNIQUES = {COMBINATIONS: 5.6, INNIES: 5.8, SPLIT: 6.0, SUMS: 6.2}
"""The killer techniques and their levels, in the order they are tried."""


class Killers:
    """The killer techniques of one puzzle (its cages and regions worked out once)."""

    def __init__(self, puzzle: Puzzle, all_houses: tuple[House, ...], marks: Marks) -> None:
        self.geometry = Geometry(puzzle, all_houses, marks.peers)
        self.quiet: Quiet = set()  # regions whose checks found nothing on the candidates they read

    def __bool__(self) -> bool:
        return bool(self.geometry.cages)

    def step(self, marks: Marks) -> Step | None:
        """The easiest killer step now, or None; raises Contradiction when a cage (or a house
        split into cages, or the 45 rule) has no filling left."""
        if not self.geometry.cages:
            return None
        masks = masks_of(marks)
        if len(self.quiet) > QUIET_MOST:
            self.quiet.clear()
        all_options = [options(cage, masks, self.geometry) for cage in self.geometry.cages]
        found = needed_digit(self.geometry, masks, all_options) or confined_digit(self.geometry, masks, all_options)
        if found is not None:
            return Step(COMBINATIONS, KILLER_TECHNIQUES[COMBINATIONS], (), tuple(found[0]), (), found[1])
        step = innies_step(self.geometry, masks, self.quiet)
        if step is not None:
            placed, removed, text = step
            return Step(INNIES, KILLER_TECHNIQUES[INNIES], tuple(placed), tuple(removed), (), text)
        kept: Inner = {}
        split = split_step(self.geometry, masks, all_options, kept, self.quiet)
        if split is not None:
            return Step(SPLIT, KILLER_TECHNIQUES[SPLIT], (), tuple(split[0]), (), split[1])
        found = sums_step(self.geometry, masks, all_options, kept, self.quiet)
        if found is not None:
            return Step(SUMS, KILLER_TECHNIQUES[SUMS], (), tuple(found[0]), (), found[1])
        return None
