"""Killer techniques, in pure Python over bitmask candidates: cage combinations against the
houses, innies and outies (the 45 rule) over a house or adjacent houses, and a house split into
cages.  They sit between the pattern techniques and trial on the scale (`KILLER_TECHNIQUES`);
`Killers.step` gives the easiest step they offer now.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from itertools import chain

from asp_sudoku.core.model import Puzzle
from asp_sudoku.setter.logic.grid import Cell, House, Mark, Marks
from asp_sudoku.setter.logic.killer.combos import confined_digits, needed_digits
from asp_sudoku.setter.logic.killer.fitting import options
from asp_sudoku.setter.logic.killer.geometry import QUIET_MOST, Geometry, Masks, Quiet, masks_of
from asp_sudoku.setter.logic.killer.innies import innies_steps
from asp_sudoku.setter.logic.killer.split import split_steps
from asp_sudoku.setter.logic.killer.sums import sums_steps
from asp_sudoku.setter.logic.techniques import Step

COMBINATIONS, INNIES, SPLIT = "cage combinations", "innies and outies", "house split into cages"
SUMS = "45 rule with cage combinations"
KILLER_TECHNIQUES = {COMBINATIONS: 5.6, INNIES: 5.8, SPLIT: 6.0, SUMS: 6.2}
"""The killer techniques and their levels, in the order they are tried."""
IN_DEEP_TRIALS = (COMBINATIONS, INNIES, SPLIT)
"""The killer techniques a propagation inside a trial of depth 2 or more uses: all but the 45
rule with cage combinations, the dearest (`Trials._all_quick`; docs/logic.md: on TAREK 31
the first 16 steps took 69 s instead of 109 s, the same steps, and `killer-most-difficult` and
`arrow-ctc-tribute` take the same steps, only the contradiction a few trials of depth 2 name
differs).  Trials of depth 1 from the path's candidates keep every killer technique: without
this one there, `killer-most-difficult` needed 107 trials instead of 79."""


class Killers:
    """The killer techniques of one puzzle (its cages and regions worked out once)."""

    def __init__(self, puzzle: Puzzle, all_houses: tuple[House, ...], marks: Marks) -> None:
        self.geometry = Geometry(puzzle, all_houses, marks.peers)
        self.quiet: Quiet = set()  # regions whose checks found nothing on the candidates they read
        self.scopes = [frozenset(region.scope) for region in self.geometry.regions]

    def __bool__(self) -> bool:
        return bool(self.geometry.cages)

    def step(self, marks: Marks) -> Step | None:
        """The easiest killer step now, or None; raises Contradiction when a cage (or a house
        split into cages, or the 45 rule) has no filling left.  The step's clues are the cages
        it used (`_step`)."""
        for technique, found in self._finds(marks):
            for placed, removed, text, cages in found:
                return self._step(technique, placed, removed, text, cages)
        return None

    def removals(
        self, marks: Marks, settled: Masks | None = None, within: Collection[str] = KILLER_TECHNIQUES
    ) -> Step | None:
        """Every step of the easiest killer technique (of those `within`) that finds any, on these
        candidates, as one unworded step that only removes (a placement removes the cell's other candidates):
        what a trial needs.  The same fixpoint as `step` taken round after round (each
        technique only removes what no filling keeps, so the order does not matter), in
        fewer rounds; raises Contradiction as `step` does.  `settled`: candidates on which no
        killer technique found anything (where a propagation ended): a region whose cells read
        the same candidates now is not checked again.  The 45 rule with cage combinations
        reads no single house, where the house split says all it says (`Geometry.combination_regions`):
        so `within` never holds the first without the second."""
        if SUMS in within and SPLIT not in within:
            raise ValueError("the 45 rule with cage combinations needs the house split before it")
        for technique, found in self._finds(marks, settled):
            if technique not in within:
                continue
            removed: set[Mark] = set()
            for placed, gone, _, _ in found:
                removed.update(gone)
                for r, c, p in placed:
                    removed.update((r, c, q) for q in marks.cands[(r, c)] if q != p)
            if removed:
                return Step(technique, KILLER_TECHNIQUES[technique], (), tuple(sorted(removed)), (), technique)
        return None

    def _finds(
        self, marks: Marks, settled: Masks | None = None
    ) -> Iterator[tuple[str, Iterator[tuple[list[Mark], list[Mark], str, tuple[int, ...]]]]]:
        """Each killer technique, easiest first, with its finds on these candidates: (placed,
        removed, text, the cages used), worked out as they are read; the regions that read
        the same candidates as in `settled` are skipped by the techniques over regions."""
        if not self.geometry.cages:
            return
        masks = masks_of(marks)
        clean: frozenset[int] = frozenset()
        changed: set[Cell] | None = None
        if settled is not None:
            changed = {cell for cell, m in masks.items() if m != settled[cell]}
            clean = frozenset(k for k, scope in enumerate(self.scopes) if scope.isdisjoint(changed))
        if len(self.quiet) > QUIET_MOST:
            self.quiet.clear()
        all_options = [options(cage, masks, self.geometry) for cage in self.geometry.cages]
        yield COMBINATIONS, (
            ([], *found)
            for found in chain(
                needed_digits(self.geometry, masks, all_options, changed),
                confined_digits(self.geometry, masks, all_options, changed),
            )
        )
        yield INNIES, innies_steps(self.geometry, masks, self.quiet, clean)
        yield SPLIT, (([], *found) for found in split_steps(self.geometry, masks, all_options, self.quiet, clean))
        yield SUMS, (([], *found) for found in sums_steps(self.geometry, masks, all_options, self.quiet, clean))

    def _step(self, technique: str, placed: list[Mark], removed: list[Mark], text: str, cages: tuple[int, ...]) -> Step:
        """A killer step; its clues are the cages it used, each as its clue's `describe()` says,
        in the puzzle's clue order (`Geometry.named`)."""
        return Step(
            technique, KILLER_TECHNIQUES[technique], tuple(placed), tuple(removed), self.geometry.named(cages), text
        )
