"""The logical path: from the givens, repeatedly take the easiest step any technique offers
(pattern techniques, clue logic, rule logic), and trial as the last resort, until the grid is
solved or nothing helps.  The rating is the hardest step the path needed.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from asp_sudoku.core.errors import AspSudokuError
from asp_sudoku.core.model import Puzzle
from asp_sudoku.setter.logic.clue_logic import (
    HOUSE_LEVEL,
    PAIR_LEVEL,
    Contradiction,
    clue_cells,
    clue_removals,
    clue_step,
    global_removals,
    global_step,
    group_removals,
    group_step,
)
from asp_sudoku.setter.logic.grid import Cell, House, Mark, Marks, house_facts, houses, supported
from asp_sudoku.setter.logic.techniques import TECHNIQUES, Step, Technique, steps

TRIAL_LEVEL = 7.0
"""The level of a trial of depth 1; each further depth adds `TRIAL_STEP`."""
TRIAL_STEP = 1.5
HOUSE_SCOPE = 15
"""The most cells a check of a house with its clues fills (a cage reaching far adds its cells)."""
QUICK = 2.8
"""A trial propagates with the techniques up to this level (singles, clue logic, locked candidates)."""


def trial_level(depth: int) -> float:
    """The level of a trial of this depth."""
    return TRIAL_LEVEL + TRIAL_STEP * (depth - 1)


@dataclass(frozen=True)
class Path:
    """A logical path: its steps, whether it solved the grid, the candidates left (rows of
    sorted digits per cell) and the rating."""

    puzzle: Puzzle
    steps: tuple[Step, ...]
    solved: bool
    left: tuple[tuple[tuple[int, ...], ...], ...]
    grid: tuple[tuple[int, ...], ...]
    timed_out: bool = False

    @property
    def status(self) -> str:
        """"solved" or "stuck"."""
        return "solved" if self.solved else "stuck"

    @property
    def hardest(self) -> Step | None:
        """The first step of the highest level, None for an empty path."""
        return max(self.steps, key=lambda s: s.level, default=None)

    @property
    def rating(self) -> float:
        """The level of the hardest step (0 for a path with no step)."""
        hardest = self.hardest
        return hardest.level if hardest is not None else 0.0

    @property
    def hardest_count(self) -> int:
        """How many steps use the hardest technique."""
        hardest = self.hardest
        return 0 if hardest is None else sum(1 for s in self.steps if s.technique == hardest.technique)

    @property
    def trial_depth(self) -> int:
        """The deepest trial the path used (0: none)."""
        return max((s.depth for s in self.steps), default=0)


class _TimeUp(Exception):
    """The time limit stopped a trial."""


class Solver:
    """The logical solver of one puzzle (it caches what each clue said last)."""

    def __init__(self, puzzle: Puzzle, max_depth: int = 2, time_limit: float | None = None) -> None:
        why = supported(puzzle)
        if why is not None:
            raise AspSudokuError(why)
        self.puzzle = puzzle
        self.max_depth = max_depth
        self.houses: tuple[House, ...] = houses(puzzle)
        self.houses_text = "\n".join(house_facts(self.houses)) + "\n"
        self.clues = [clue for clue in puzzle.clues]
        self.scopes = [clue_cells(clue, puzzle.size) for clue in self.clues]
        self.deadline = None if time_limit is None else time.perf_counter() + time_limit
        self._quiet: set[tuple[object, tuple[frozenset[int], ...]]] = set()
        self.pairs = [
            (i, j)
            for i in range(len(self.clues))
            for j in range(i + 1, len(self.clues))
            if set(self.scopes[i]) & set(self.scopes[j])
        ]
        self.house_clues = [(h, self._touching(house)) for h, house in enumerate(self.houses)]

    def _touching(self, house: House) -> list[int]:
        """The clues that touch a house, smallest first, while the cells to fill stay at most
        `HOUSE_SCOPE` (a clue inside the house costs no cell)."""
        cells = set(house.cells)
        chosen = []
        touching = [i for i in range(len(self.clues)) if set(self.scopes[i]) & cells]
        for i in sorted(touching, key=lambda i: (len(set(self.scopes[i]) - cells), i)):
            if len(cells | set(self.scopes[i])) <= HOUSE_SCOPE:
                cells |= set(self.scopes[i])
                chosen.append(i)
        return sorted(chosen)

    def start(self) -> Marks:
        """The candidates after the givens."""
        marks = Marks(self.puzzle, self.houses)
        for r, c, p in self.puzzle.givens:
            if p not in marks.cands[(r, c)]:
                raise AspSudokuError(f"the givens clash at r{r}c{c}")
            marks.place(r, c, p)
        return marks

    def path(self, limit: int = 10_000) -> Path:
        """Steps from the givens until solved or stuck."""
        marks = self.start()
        found: list[Step] = []
        timed_out = False
        while not marks.done() and len(found) < limit:
            if marks.contradiction() is not None:
                break
            try:
                step = self.next_step(marks, self.max_depth, quick=False)
            except _TimeUp:
                timed_out = True
                break
            except Contradiction:  # a puzzle with no solution: the path ends there, stuck
                break
            if step is None:
                break
            apply(marks, step)
            found.append(step)
        solved = marks.done() and marks.contradiction() is None
        n = self.puzzle.size
        left = tuple(tuple(tuple(sorted(marks.cands[(r, c)])) for c in range(1, n + 1)) for r in range(1, n + 1))
        return Path(self.puzzle, tuple(found), solved, left, marks.grid(), timed_out)

    # -- one step -------------------------------------------------------------------------

    def _technique_step(self, technique: Technique, marks: Marks) -> Step | None:
        found = steps(technique, marks, self.houses, self.houses_text)
        return min(found, key=lambda s: s.level, default=None)

    def _key(self, what: object, cells: tuple[Cell, ...] | list[Cell], marks: Marks) -> tuple[object, tuple[frozenset[int], ...]]:
        return (what, tuple(frozenset(marks.cands[cell]) for cell in cells))

    def _clue_step(self, marks: Marks) -> Step | None:
        for i, clue in enumerate(self.clues):
            key = self._key(i, self.scopes[i], marks)
            if key in self._quiet:
                continue
            removed = clue_removals(self.puzzle, clue, marks, self.houses)
            if removed:
                return clue_step(clue, removed)
            self._quiet.add(key)
        return None

    def _pair_step(self, marks: Marks) -> Step | None:
        for i, j in self.pairs:
            key = self._key(("pair", i, j), sorted(set(self.scopes[i]) | set(self.scopes[j])), marks)
            if key in self._quiet:
                continue
            clues = [self.clues[i], self.clues[j]]
            removed = group_removals(self.puzzle, clues, marks, self.houses)
            if removed:
                return group_step("two clues", PAIR_LEVEL, clues, "", removed)
            self._quiet.add(key)
        return None

    def _house_step(self, marks: Marks) -> Step | None:
        for h, touching in self.house_clues:
            if not touching:
                continue
            house = self.houses[h]
            cells = sorted(set(house.cells).union(*(self.scopes[i] for i in touching)))
            key = self._key(("house", h), cells, marks)
            if key in self._quiet:
                continue
            clues = [self.clues[i] for i in touching]
            removed = group_removals(self.puzzle, clues, marks, self.houses, house.cells)
            if removed:
                return group_step("house and clues", HOUSE_LEVEL, clues, f" in {house.name}", removed)
            self._quiet.add(key)
        return None

    def next_step(self, marks: Marks, depth: int, quick: bool) -> Step | None:
        """The easiest step now (`quick`: only techniques up to QUICK), or None."""
        for technique in TECHNIQUES:
            if quick and technique.level > QUICK:
                break
            if technique.level == TECHNIQUES[1].level:  # before naked singles: the rules' own logic
                step = self._clue_step(marks)
                if step is not None:
                    return step
                removed = global_removals(self.puzzle, marks, self.houses_text)
                if removed:
                    return global_step(self.puzzle, removed)
            step = self._technique_step(technique, marks)
            if step is not None:
                return step
            if technique.level == TECHNIQUES[2].level and not quick:  # after locked candidates
                step = self._pair_step(marks) or self._house_step(marks)
                if step is not None:
                    return step
        for d in range(1, depth + 1):
            step = self.trial(marks, d)
            if step is not None:
                return step
        return None

    # -- trial ----------------------------------------------------------------------------

    def trial(self, marks: Marks, depth: int) -> Step | None:
        """Assume each candidate in turn (cells with fewest candidates first), propagate with the
        quick techniques and trials one level shallower; the first contradiction removes it."""
        cells = sorted((len(ds), cell) for cell, ds in marks.cands.items() if cell not in marks.solved)
        for _, (r, c) in cells:
            for p in sorted(marks.cands[(r, c)]):
                if self.deadline is not None and time.perf_counter() > self.deadline:
                    raise _TimeUp
                trial = marks.copy()
                trial.place(r, c, p)
                why = self.propagate(trial, depth - 1)
                if why is not None:
                    text = f"trial (depth {depth}): assuming r{r}c{c} = {p} leads to a contradiction ({why}): r{r}c{c}<>{p}"
                    return Step("trial", trial_level(depth), (), ((r, c, p),), (), text, depth)
        return None

    def propagate(self, marks: Marks, depth: int) -> str | None:
        """Apply every quick step at once, round after round (and trials up to `depth` when none
        helps), until a contradiction (returned), the end or nothing more."""
        while True:
            why = marks.contradiction()
            if why is not None:
                return why
            if marks.done():
                return None
            try:
                found = self._all_quick(marks)
                if not found and depth > 0:
                    step = self.trial(marks, depth)
                    found = [step] if step is not None else []
                if not found:
                    return None
                for step in found:
                    apply(marks, step)
            except (Contradiction, AspSudokuError) as exc:
                return str(exc)

    def _all_quick(self, marks: Marks) -> list[Step]:
        """Every step of the cheapest quick technique that finds any (all at once)."""
        for technique in TECHNIQUES[:2]:
            found = steps(technique, marks, self.houses, self.houses_text)
            if found:
                return found
        found = []
        for clue in self.clues:
            removed = clue_removals(self.puzzle, clue, marks, self.houses)
            if removed:
                found.append(clue_step(clue, removed))
        removed = global_removals(self.puzzle, marks, self.houses_text)
        if removed:
            found.append(global_step(self.puzzle, removed))
        if found:
            return found
        return steps(TECHNIQUES[2], marks, self.houses, self.houses_text)


def apply(marks: Marks, step: Step) -> None:
    """Apply a step's placements and removals."""
    for r, c, p in step.placed:
        marks.place(r, c, p)
    marks.remove(step.removed)


def solve_path(puzzle: Puzzle, max_depth: int = 2) -> Path:
    """The logical path of a puzzle (trial up to `max_depth`)."""
    return Solver(puzzle, max_depth).path()


__all__ = ["Cell", "Mark", "Path", "Solver", "solve_path", "trial_level"]
