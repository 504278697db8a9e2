"""The logical path: from the givens, repeatedly take the easiest step any technique offers
(pattern techniques, clue logic, rule logic, killer techniques), and trial as the last resort,
until the grid is solved or nothing helps.  The rating is the hardest step the path needed.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable

from asp_sudoku.core.errors import AspSudokuError
from asp_sudoku.core.model import Puzzle
from asp_sudoku.setter.logic.clue_logic import (
    HOUSE_LEVEL,
    PAIR_LEVEL,
    Contradiction,
    clue_step,
    global_removals,
    global_step,
    group_removals,
    group_step,
    with_needs,
)
from asp_sudoku.setter.logic.grid import House, Marks, clash, lines_full, named, supported
from asp_sudoku.setter.logic.guards import may_find
from asp_sudoku.setter.logic.outcome import Finish, Path, TimeUp
from asp_sudoku.setter.logic.path.options import (
    check_options,
    check_path_options,
    check_puzzle,
    check_step,
)
from asp_sudoku.setter.logic.path.trial import Trials
from asp_sudoku.setter.logic.techniques import (
    CHAINS,
    TECHNIQUES,
    Programs,
    Step,
    Technique,
    apply,
    steps,
)
from asp_sudoku.solving.logic import SearchStopped, stopping_at

HOUSE_SCOPE = 15
"""The most cells a check of a house with its clues fills (a cage reaching far adds its cells)."""
QUICK = 2.8
"""`next_step(quick=True)` stops after the techniques up to this level."""


class Solver(Trials):
    """The logical solver of one puzzle (it caches what each clue said last)."""

    def __init__(
        self,
        puzzle: Puzzle,
        max_depth: int = 2,
        time_limit: float | None = None,
        finish_time: float = 0.0,
        workers: int = 1,
    ) -> None:
        started = time.perf_counter()  # the time limit counts the set-up (on some puzzles a second)
        check_options(max_depth, time_limit, finish_time, workers)
        check_puzzle(puzzle)
        why = supported(puzzle)
        if why is not None:
            raise AspSudokuError(why)  # the command line names the puzzle (`cli.logic._solver`)
        super().__init__(puzzle, time_limit, workers, started)
        self.time_limit = time_limit
        self.paths = 0  # `path` calls so far: a later one has a time limit of its own
        self.max_depth = max_depth
        self.finish_time = finish_time
        self.programs: Programs = {}  # the quick techniques' programs, grounded once (`_programs`)
        self.pairs = self._pairs()
        self.house_clues = [(h, self._touching(house)) for h, house in enumerate(self.houses)]
        self.lines_full = lines_full(self.houses)

    def _pairs(self) -> list[tuple[int, int]]:
        """The clues that share a cell, by index (none when the set-up ran past the time limit:
        `late`, which it may now be)."""
        pairs = []
        try:
            for i in range(len(self.clues)):
                self._time_check()
                cells = set(self.scopes[i])
                pairs += [(i, j) for j in range(i + 1, len(self.clues)) if cells.intersection(self.scopes[j])]
        except TimeUp:
            self.late = True
            return []
        return pairs

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

    def start(self, lenient: bool = False) -> Marks:
        """The candidates after the givens; raises Contradiction when two givens clash (`lenient`:
        a given that clashes with an earlier one is left out instead)."""
        self.forget()
        marks = Marks(self.puzzle, self.houses)
        for r, c, p in self.puzzle.givens:
            if p not in marks.cands[(r, c)]:
                if lenient:
                    continue
                raise Contradiction(clash(self.houses, self.puzzle.givens, (r, c, p)))
            marks.place(r, c, p)
        return marks

    def path(self, limit: int = 10_000, on_step: Callable[[Step], None] | None = None) -> Path:
        """Steps from the givens until solved, stuck, or a contradiction shows there is no
        solution; a stuck path also says how deep a trial must go to finish (within
        `finish_time` seconds; 0: not asked).  `on_step` sees each step as it is taken (the
        command line prints it then: a long path shows its progress, and Ctrl-C keeps it).
        Every check's search stops at the deadline too (`stopping_at`), not only the steps.
        With `workers` above 1, a step's trial of depth 1 is shared out over that many
        processes (`workers.Workers`, ended when the path ends): the same path, sooner.
        `limit`: the most steps taken (a path stopped there says so, `step_limited`, and does
        not look how deep a trial must go).  The time limit runs from the Solver's making for
        its first path (a search before it, `know` or `possible`, counts), and from the call
        for each later one.  A Solver whose set-up ran past its time limit (`late`: its clues'
        checks are not all ready) stays so: each path it gives ends at once, timed out, with
        no step (make a new Solver with a longer limit)."""
        check_path_options(limit, on_step)
        if self.paths and self.time_limit is not None:
            self.deadline = time.perf_counter() + self.time_limit
        self.paths += 1
        try:
            with stopping_at(lambda: self.deadline):
                return self._path(limit, on_step)
        finally:
            self.close()

    def _path(self, limit: int, on_step: Callable[[Step], None] | None) -> Path:
        found: list[Step] = []
        why: str | None = None
        try:
            marks = self.start()
            why = marks.contradiction()
        except Contradiction as exc:  # the candidates left: the givens but those that clash (as the web's)
            marks, why = self.start(lenient=True), str(exc)
        timed_out = self.late  # the set-up ran past the time limit: no step
        while why is None and not timed_out and not marks.done() and len(found) < limit:
            try:
                step = self.next_step(marks, self.max_depth, quick=False)
            except SearchStopped:  # the time limit, between steps (TimeUp) or inside a check
                timed_out = True
                break
            except Contradiction as exc:  # no filling of some clue is left: no solution
                why = str(exc)
                break
            if step is None:
                break
            check_step(self._possible, step, len(found) + 1)
            if self.puzzle.extra:  # an extra cell by its name, not its place outside the grid
                step = dataclasses.replace(
                    step,
                    text=named(self.puzzle, step.text),
                    clues=tuple(named(self.puzzle, clue) for clue in step.clues),
                )
            apply(marks, step)
            found.append(step)
            if on_step is not None:
                on_step(step)
            why = marks.contradiction()
        if why is None and marks.done():
            why = marks.broken()
        solved = why is None and marks.done()
        finish = None
        step_limited = not solved and why is None and not timed_out and len(found) >= limit
        if not solved and why is None and not timed_out and not step_limited and self.finish_time > 0:
            finish = self.finish(marks)
        n, m = self.puzzle.size, self.puzzle.cols
        left = tuple(tuple(tuple(sorted(marks.cands[(r, c)])) for c in range(1, m + 1)) for r in range(1, n + 1))
        why = None if why is None else named(self.puzzle, why)  # a contradiction's words name extra cells too
        return Path(self.puzzle, tuple(found), solved, left, marks.grid(), timed_out, why, finish, step_limited)

    def finish(self, marks: Marks) -> Finish:
        """How deep a trial must go to finish from these (stuck) candidates (`finish.finish`)."""
        from asp_sudoku.setter.logic.finish import finish

        return finish(self, marks)

    # -- one step -------------------------------------------------------------------------

    def _programs(self, technique: Technique) -> Programs | None:
        """Where a technique's program grounded once is kept: for the quick techniques (small
        templates, run most often), not for subsets and fish (large over every candidate)."""
        return self.programs if technique.level <= QUICK else None

    def _technique_step(self, technique: Technique, marks: Marks) -> Step | None:
        if technique.template.startswith("fish") and not self.lines_full:
            return None  # fish reads rows and columns as holding every digit
        if not may_find(technique, marks):  # a quick test in Python: the template would find nothing
            return None
        # (the deadline before each technique, not only each step: the first use of a technique
        # grounds its program, 0.4-0.8 s on a 25x25, and `steps --time-limit 2` ended after 5.5 s)
        self._time_check()
        found = steps(technique, marks, self.full_houses, self.houses_text, self._programs(technique))
        return min(found, key=lambda s: s.level, default=None)

    def _chain_step(self, marks: Marks) -> Step | None:
        """The easiest chain step: a chain's level grows with its length, so a long chain of
        one kind can be harder than a short one of the next; a kind whose least level is no
        easier than the step found is not run."""
        best: Step | None = None
        for technique in CHAINS:
            if best is not None and best.level <= technique.level:
                break
            step = self._technique_step(technique, marks)
            if step is not None and (best is None or step.level < best.level):
                best = step
        return best

    def _clue_step(self, marks: Marks) -> Step | None:
        for i, clue in enumerate(self.clues):
            key = self._key(i, self.reads[i], marks)
            if key in self._quiet:
                continue
            removed = self._clue_removals(i, marks)
            if removed:
                return clue_step(clue, removed)
            self._quiet.add(key)
        return None

    def _pair_step(self, marks: Marks) -> Step | None:
        for i, j in self.pairs:
            key = self._key(("pair", i, j), sorted(set(self.reads[i]) | set(self.reads[j])), marks)
            if key in self._quiet:
                continue
            clues = [self.clues[i], self.clues[j]]
            removed = group_removals(
                self.puzzle, clues, marks, self.houses, local=self.local[i] and self.local[j], groups=self.groups
            )
            if removed:
                return group_step("two clues", PAIR_LEVEL, with_needs(self.puzzle, clues), removed)
            self._quiet.add(key)
        return None

    def _house_step(self, marks: Marks) -> Step | None:
        for h, touching in self.house_clues:
            if not touching:
                continue
            house = self.houses[h]
            cells = sorted(set(house.cells).union(*(self.reads[i] for i in touching)))
            key = self._key(("house", h), cells, marks)
            if key in self._quiet:
                continue
            clues = [self.clues[i] for i in touching]
            removed = group_removals(
                self.puzzle, clues, marks, self.houses, house.cells, all(self.local[i] for i in touching), self.groups,
                house.name,
            )
            if removed:
                return group_step("house and clues", HOUSE_LEVEL, with_needs(self.puzzle, clues), removed, house.name)
            self._quiet.add(key)
        return None

    def next_step(self, marks: Marks, depth: int, quick: bool) -> Step | None:
        """The easiest step now (`quick`: only techniques up to QUICK), or None."""
        self._time_check()
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
        for find in () if quick else (self.killers.step, self._chain_step):
            step = find(marks)  # the killer techniques, then the chains: between the patterns and trial
            if step is not None:
                return step
        for d in range(1, depth + 1):
            step = self.trial(marks, d, top=True)
            if step is not None:
                return step
        return None


def solve_path(puzzle: Puzzle, max_depth: int = 2) -> Path:
    """The logical path of a puzzle (trial up to `max_depth`)."""
    return Solver(puzzle, max_depth).path()
