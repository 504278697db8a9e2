"""What a logical path ends with: its steps and status ("solved", "stuck" or "no solution"
with the contradiction that shows it), the candidates left, the rating, and for a stuck path
how deep a trial must go to finish (`Finish`).
"""

from __future__ import annotations

from dataclasses import dataclass

from asp_sudoku.core.model import Puzzle
from asp_sudoku.setter.logic.techniques import Step
from asp_sudoku.solving.logic import SearchStopped

TRIAL_LEVEL = 7.0
"""The level of a trial of depth 1; each further depth adds `TRIAL_STEP`."""
TRIAL_STEP = 1.5

SOLVED, STUCK, NO_SOLUTION = "solved", "stuck", "no solution"


class TimeUp(SearchStopped):
    """The time limit (or the caller's stop) ended the path or a trial.  A check's own search
    stopped there raises its base, `SearchStopped`: catch that (`except SearchStopped`) to
    catch both."""


def trial_level(depth: int) -> float:
    """The level of a trial of this depth."""
    return TRIAL_LEVEL + TRIAL_STEP * (depth - 1)


@dataclass(frozen=True)
class Finish:
    """How deep a trial must go to finish a stuck path: `depth` (None when not found), the
    further steps that took, the deepest depth tried to the end without finishing (`tried`),
    the seconds spent, whether the time limit ended the search (`limit`), and whether that
    trial ended in a contradiction (`no_solution`: the puzzle has none) rather than a full grid."""

    depth: int | None
    steps: int
    tried: int
    seconds: float
    limit: bool
    no_solution: bool = False

    @property
    def text(self) -> str:
        """The finding as a person says it."""
        if self.depth is not None and self.no_solution:
            return f"a trial of depth {self.depth} shows there is no solution ({self.steps} more steps, {self.seconds:.1f} s)"
        if self.depth is not None:
            return f"a trial of depth {self.depth} finishes it ({self.steps} more steps, {self.seconds:.1f} s)"
        if self.limit:
            done = f"depth {self.tried} is not enough; " if self.tried else ""
            return (f"{done}a trial of depth {self.tried + 1} was stopped by the time limit ({self.seconds:.1f} s): "
                    "the depth that finishes is unknown")
        return f"trial up to depth {self.tried} does not finish it"


@dataclass(frozen=True)
class Path:
    """A logical path: its steps, whether it solved the grid, the candidates left (rows of
    sorted digits per cell) and the rating; `contradiction` says why the puzzle has no solution
    when the techniques proved that, `finish` how deep a trial must go when stuck.  `grid` holds
    the placed digits, 0 for an open cell (on a puzzle whose digits start at 0, read `left`:
    an open cell has more than one candidate there).  `timed_out`: the time limit stopped it;
    `step_limited`: the step limit of `Solver.path` did (either way the status says "stuck")."""

    puzzle: Puzzle
    steps: tuple[Step, ...]
    solved: bool
    left: tuple[tuple[tuple[int, ...], ...], ...]
    grid: tuple[tuple[int, ...], ...]
    timed_out: bool = False
    contradiction: str | None = None
    finish: Finish | None = None
    step_limited: bool = False

    @property
    def status(self) -> str:
        """"solved", "no solution" (a contradiction) or "stuck"."""
        if self.solved:
            return SOLVED
        return NO_SOLUTION if self.contradiction is not None else STUCK

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
        """How many steps use the hardest technique at the rating's level: a path rated for a
        trial of depth 2 counts its trials of depth 2, not those of depth 1 on the way, and one
        rated 6.8 for a chain counts the chains of that length."""
        hardest = self.hardest
        if hardest is None:
            return 0
        return sum(1 for s in self.steps if s.technique == hardest.technique and s.level == hardest.level)

    @property
    def hardest_name(self) -> str | None:
        """The hardest technique as the summary names it: a trial with its depth."""
        hardest = self.hardest
        if hardest is None:
            return None
        return f"{hardest.technique} of depth {hardest.depth}" if hardest.depth else hardest.technique

    @property
    def eliminations(self) -> int:
        """How many candidates the path's steps remove (a placement's own removals not counted):
        the pencil-mark work beside the rating, which says only how hard the hardest step is."""
        return sum(len(s.removed) for s in self.steps)

    @property
    def trial_depth(self) -> int:
        """The deepest trial the path used (0: none)."""
        return max((s.depth for s in self.steps), default=0)
