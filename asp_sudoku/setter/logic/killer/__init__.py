"""Killer techniques, in pure Python over bitmask candidates: cage combinations against the
houses, innies and outies (the 45 rule) over a house or adjacent houses, and a house split into
cages.  They sit between the pattern techniques and trial on the scale (`KILLER_TECHNIQUES`);
`Killers.step` gives the easiest step they offer now.
"""

from __future__ import annotations

from asp_sudoku.core.model import Puzzle
from asp_sudoku.setter.logic.grid import House, Mark, Marks
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
        split into cages, or the 45 rule) has no filling left.  The step's clues are the cages
        it used (`_step`)."""
        if not self.geometry.cages:
            return None
        masks = masks_of(marks)
        if len(self.quiet) > QUIET_MOST:
            self.quiet.clear()
        all_options = [options(cage, masks, self.geometry) for cage in self.geometry.cages]
        found = needed_digit(self.geometry, masks, all_options) or confined_digit(self.geometry, masks, all_options)
        if found is not None:
            return self._step(COMBINATIONS, [], *found)
        innies = innies_step(self.geometry, masks, self.quiet)
        if innies is not None:
            return self._step(INNIES, *innies)
        kept: Inner = {}
        found = split_step(self.geometry, masks, all_options, kept, self.quiet)
        if found is not None:
            return self._step(SPLIT, [], *found)
        found = sums_step(self.geometry, masks, all_options, kept, self.quiet)
        if found is not None:
            return self._step(SUMS, [], *found)
        return None

    def _step(self, technique: str, placed: list[Mark], removed: list[Mark], text: str, cages: tuple[int, ...]) -> Step:
        """A killer step; its clues are the cages it used, each as its clue's `describe()` says,
        in the puzzle's clue order (`Geometry.named`)."""
        return Step(
            technique, KILLER_TECHNIQUES[technique], tuple(placed), tuple(removed), self.geometry.named(cages), text
        )
