"""Trials and the propagation they run on: assume a candidate, apply every quick step at once,
round after round (singles, locked candidates and killer cages' checks in Python, the other
clues' checks, the global rules, then the killer techniques), until a contradiction, the end or
nothing more.  `Trials` holds what a puzzle's checks need; the logical path (`solver.Solver`)
builds on it.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from asp_sudoku.core.errors import AspSudokuError, TimeLimitReached
from asp_sudoku.core.model import Grid, Puzzle
from asp_sudoku.setter.logic.clue_logic import (
    Contradiction,
    Groups,
    clue_removals,
    clue_scope,
    clue_step,
    global_removals,
    global_step,
    is_local,
)
from asp_sudoku.setter.logic.grid import Cell, House, Mark, Marks, every_cell, house_facts, houses
from asp_sudoku.setter.logic.killer import IN_DEEP_TRIALS, KILLER_TECHNIQUES, Killers
from asp_sudoku.setter.logic.killer.geometry import Masks, mask_of
from asp_sudoku.setter.logic.outcome import TimeUp
from asp_sudoku.setter.logic.path.apply import apply_all, trial_step
from asp_sudoku.setter.logic.path.memory import Memory, bitmasks
from asp_sudoku.setter.logic.quick import Locked, cage_removals, hidden_singles, naked_singles
from asp_sudoku.setter.logic.techniques import TECHNIQUES, Step
from asp_sudoku.solving.logic import stop_requested
from asp_sudoku.solving.setter import brave

if TYPE_CHECKING:
    from asp_sudoku.setter.logic.path.workers import Workers

LEAST = 40
"""The fewest candidates a trial of depth 1 shares out over worker processes (`workers > 1`):
fewer cost more in messages than they save."""


class Trials(Memory):
    """A puzzle's clues, houses and killer cages as its checks read them, what each clue said
    last, and the trials (what earlier ones left: `Memory`)."""

    def __init__(self, puzzle: Puzzle, time_limit: float | None = None, workers: int = 1, started: float | None = None) -> None:
        super().__init__()
        started = time.perf_counter() if started is None else started
        self.deadline = None if time_limit is None else started + time_limit
        self.puzzle = puzzle
        self.houses: tuple[House, ...] = houses(puzzle)  # every house: its cells hold different digits
        # the full houses (each digit once), which the pattern techniques, locked candidates and
        # the killer techniques read; a row of a 6x6 holding 1-9 is no such house
        self.full_houses = tuple(house for house in self.houses if house.full)
        self.houses_text = "\n".join(house_facts(self.full_houses)) + "\n"
        self.clues = [clue for clue in puzzle.clues]
        self.scopes: list[tuple[Cell, ...]] = []  # each clue's cells, with the clues each needs
        self.local: list[bool] = []  # whether a clue's check fills only its cells
        # Past the time limit (or the caller's stop) before the checks are ready, the path ends at
        # once, stopped (`late`): a clue's locality grounds its template, 10 ms a clue, and a
        # puzzle of thousands of cages ran a minute past its limit, unstoppable (a QA pass)
        self.late = False
        try:
            for clue in self.clues:
                self._time_check()
                self.scopes.append(clue_scope(puzzle, clue))
                self.local.append(is_local(puzzle, clue))
        except TimeUp:
            self.late = True
            self.clues, self.scopes, self.local = [], [], []
            puzzle = dataclasses.replace(puzzle, clues=())  # (the killer techniques read no cage either)
        every = tuple(every_cell(puzzle))
        # The cells whose candidates a check's answer depends on, the key of what it found
        # (`_quiet`): a local clue's scope, every cell for the others (an indexing, full-rank,
        # minimum or maximum clue reads cells it does not name; keyed by its own cells, a check
        # that had found nothing was skipped after other cells changed, and worker processes,
        # which remember other checks, took other paths: a QA pass)
        self.reads = [scope if local else every for scope, local in zip(self.scopes, self.local)]
        self._held: dict[int, set[Mark]] = {}  # by depth: candidates a trial assumed without a contradiction
        self._possible: frozenset[Mark] | None = None  # the candidates some solution has (`possible`)
        self._quiet: set[tuple[object, tuple[int, ...]]] = set()  # clue checks that found nothing (`_key`)
        self.killers = Killers(puzzle, self.full_houses, Marks(puzzle, self.houses))
        # the killer clues with a sum, by their index: their clue check runs in Python (`quick`)
        self.cages = dict(zip(self.killers.geometry.cage_clues, self.killers.geometry.cages))
        self.locked = Locked(self.full_houses)
        self.groups: Groups = {}  # the clue, pair and house checks, each grounded once (`group_removals`)
        self.workers = workers  # processes a trial of depth 1 is shared out over (`workers.Workers`)
        self._pool: Workers | None = None
        # told how far a step's trial has got: its depth, the candidates assumed so far, how
        # many it has, and whether the path is stuck and looking how deep a trial must go to
        # finish (`finishing`; the command line's progress line: a step of depth 2 can take a minute)
        self.on_trial: Callable[[int, int, int, bool], None] | None = None
        self.finishing = False

    def _time_check(self) -> None:
        """Raise TimeUp past the deadline or when the caller asked to stop (the web page)."""
        if (self.deadline is not None and time.perf_counter() > self.deadline) or stop_requested():
            raise TimeUp

    def _key(self, what: object, cells: tuple[Cell, ...] | list[Cell], marks: Marks) -> tuple[object, tuple[int, ...]]:
        """A check's key: what it is, and its cells' candidates as bitmasks."""
        return (what, tuple([mask_of(marks.cands[cell]) for cell in cells]))

    def _clue_removals(self, i: int, marks: Marks) -> list[Mark]:
        """What clue i's check removes (a killer cage's in Python, the others' with their template)."""
        if i in self.cages:
            return cage_removals(self.cages[i], marks, self.killers.geometry)
        return clue_removals(self.puzzle, self.clues[i], marks, self.houses, self.local[i], self.groups)

    def possible(self) -> frozenset[Mark]:
        """The candidates that some solution of the puzzle has (clingo's brave consequences),
        worked out once (empty when there is no solution; TimeUp past the deadline).  Assuming
        one of them never leads to a contradiction, as every technique keeps every solution, so
        a trial of the path need not assume it: the first candidate that does lead to one is
        the same, found without propagating the candidates that lead nowhere (on a unique
        puzzle, one in each cell, and the dearest to propagate)."""
        if self._possible is None:
            try:
                found = brave(self.puzzle, deadline=self.deadline)
            except TimeLimitReached:
                raise TimeUp from None
            except KeyboardInterrupt:
                if stop_requested():  # the web page's request stopped it: end the path as at its time limit
                    raise TimeUp from None
                raise
            rows, extra = found or ((), ())
            places = self.puzzle.extra_cells()
            self._possible = frozenset(
                (r + 1, c + 1, p) for r, row in enumerate(rows) for c, digits in enumerate(row) for p in digits
            ) | frozenset((*places[name], p) for name, digits in extra for p in digits)
        return self._possible

    def know(self, solutions: Sequence[Grid]) -> None:
        """Every solution of the puzzle, found by a search before the path (one, or none): the
        candidates some solution has (`possible`) follow without a search of their own."""
        places = self.puzzle.extra_cells().values()
        self._possible = frozenset(
            mark
            for grid in solutions
            for mark in [
                *((r + 1, c + 1, v) for r, row in enumerate(grid.rows) for c, v in enumerate(row)),
                *((*place, grid.value(place)) for place in places),
            ]
        )

    def trial(self, marks: Marks, depth: int, top: bool = False, held: set[Mark] | None = None) -> Step | None:
        """Assume each candidate in turn (cells with fewest candidates first), propagate with the
        quick techniques and trials one level shallower; the first contradiction removes it.
        `top` (a step of the path, not a trial inside a trial): the candidates an earlier trial
        of this depth assumed without a contradiction go last, so that the search resumes
        where that trial left off instead of assuming them all again first (any candidate
        leading to a contradiction is as good a step), and the candidates some solution has are
        not assumed at all (`possible`: they cannot lead to a contradiction).  A top trial of
        depth 2 or more takes first the candidates whose trial of depth 1 (which found nothing
        just before) left the fewest candidates: the nearest to a contradiction (on TAREK 12, the
        first two trials of depth 2 took 51 s instead of 136 s).  A trial inside a propagation
        does the same with `held`, the candidates an earlier trial of that propagation assumed
        without a contradiction: removing one candidate seldom makes another contradict, and
        the propagation ends where it would anyway (a candidate that leads to a contradiction
        still does after other removals).  A trial of depth 1 skips a candidate that an earlier
        propagation placed and ended on candidates all still here (`leads_nowhere`), a step's
        trial of depth 2 one whose last such trial led nowhere and ended on candidates all still
        here (`known_nowhere`)."""
        cells = sorted((len(ds), cell) for cell, ds in marks.cands.items() if cell not in marks.solved)
        order = [(r, c, p) for _, (r, c) in cells for p in sorted(marks.cands[(r, c)])]
        if top:
            possible = self.possible()
            order = [m for m in order if m not in possible]
            if depth > 1:
                order.sort(key=self._left)
        if top:
            held = self._held.setdefault(depth, set())
        elif held is None:
            held = set()
        order = [m for m in order if m not in held] + [m for m in order if m in held]
        if top and depth > 1:
            self.deep = True
            try:
                return self._trial(marks, order, depth, top, held)
            finally:
                self.deep = False
        return self._trial(marks, order, depth, top, held)

    def _trial(self, marks: Marks, order: list[Mark], depth: int, top: bool, held: set[Mark]) -> Step | None:
        """`trial` over the candidates in `order`."""
        now = bitmasks(marks) if depth == 1 or (top and depth == 2) else ()
        told = self.on_trial if top else None
        if depth == 1 and self.workers > 1 and len(order) >= LEAST:
            from asp_sudoku.setter.logic.path.workers import shared_trial

            return shared_trial(self, marks, order, now, held, top)
        for k, (r, c, p) in enumerate(order):
            self._time_check()
            if told is not None:
                told(depth, k, len(order), self.finishing)
            if self.known_nowhere((r, c, p), depth, top, now):
                held.add((r, c, p))
                continue
            why, trial = self.assume(marks, (r, c, p), depth, top)
            if why is not None:
                return trial_step((r, c, p), depth, why)
            if depth == 1:
                self.remember(marks, trial, bitmasks(trial), (r, c, p), top)
            held.add((r, c, p))
        held.clear()  # every candidate held: the next trial of this depth starts afresh
        return None

    def assume(self, marks: Marks, assumed: Mark, depth: int, top: bool = False) -> tuple[str | None, Marks]:
        """Place `assumed` on a copy of the candidates and propagate with trials one level
        shallower: the contradiction found (or None), and where the propagation ended.  A
        step's trial of depth 2 starts from where its last one ended, and so do the trials
        inside it (`Memory.enter`)."""
        trial = marks.copy()
        trial.place(*assumed)
        settled = self.narrow(trial, assumed)
        if not (top and depth == 2):
            return self.propagate(trial, depth - 1, settled if depth == 1 else None), trial
        self.enter(trial, assumed)
        try:
            why = self.propagate(trial, 1)
        except BaseException:
            self._inside = None  # (what the earlier trial of it left stays: it is as true)
            raise
        self.leave(assumed, None if why is not None else bitmasks(trial))
        return why, trial

    def close(self) -> None:
        """End the worker processes of shared trials, if any (a later one starts them again)."""
        if self._pool is not None:
            self._pool.close()
            self._pool = None

    def forget(self) -> None:
        """Drop what earlier trials left: a new path starts from more candidates than they had
        (worker processes, which keep their own, end)."""
        self.close()
        self.forget_starts()
        self._held.clear()  # (where the last trial of each depth left off)

    def propagate(self, marks: Marks, depth: int, settled: Masks | None = None) -> str | None:
        """Apply every quick step at once, round after round (and trials up to `depth` when none
        helps), until a contradiction (returned), the end or nothing more.  `settled`: where an
        earlier propagation of depth 0 ended (`narrow`), for the killer techniques."""
        held: set[Mark] = set()  # what its trials assumed without a contradiction (`trial`)
        while True:
            why = marks.contradiction()
            if why is not None:
                return why
            if marks.done():  # singles may fill it before any clue's or rule's check runs
                return marks.broken()
            try:
                found = self._all_quick(marks, settled)
                if not found and depth > 0:
                    step = self.trial(marks, depth, held=held)
                    found = [step] if step is not None else []
                if not found:
                    return None
                why = apply_all(marks, found)
                if why is not None:
                    return why
            except (Contradiction, AspSudokuError) as exc:
                return str(exc)

    def _all_quick(self, marks: Marks, settled: Masks | None = None) -> list[Step]:
        """Every step of the cheapest quick technique that finds any (all at once), else a killer
        step.  Singles and locked candidates run in Python here (`quick`: what their templates
        find, unworded: a trial only needs their effect)."""
        for technique, placed in ((TECHNIQUES[0], hidden_singles), (TECHNIQUES[1], naked_singles)):
            singles = placed(marks)
            if singles:
                return [Step(technique.name, technique.level, tuple(singles), (), (), technique.name)]
        found: list[Step] = []
        for i, clue in enumerate(self.clues):
            key = self._key(i, self.reads[i], marks)
            if key in self._quiet:  # its cells' candidates are as when it last found nothing
                continue
            removed = self._clue_removals(i, marks)
            if removed:
                found.append(clue_step(clue, removed))
            else:
                self._quiet.add(key)
        removed = global_removals(self.puzzle, marks, self.houses_text)
        if removed:
            found.append(global_step(self.puzzle, removed))
        if found:
            return found
        removed = self.locked.removals(marks)
        if removed:
            return [Step(TECHNIQUES[2].name, TECHNIQUES[2].level, (), tuple(removed), (), TECHNIQUES[2].name)]
        if not self.killers:
            return []
        step = self.killers.removals(marks, settled, IN_DEEP_TRIALS if self.deep else KILLER_TECHNIQUES)  # on a killer, the cages' sums too: every find of one technique at once
        return [step] if step is not None else []
