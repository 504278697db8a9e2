"""What earlier trials left, kept for one path (`Memory`, which `trial.Trials` builds on): where
each trial of depth 1 ended, so that a later trial of the same candidate starts from there
(`narrow`), a trial known to lead nowhere is not run again (`leads_nowhere`), and a step's trial
of depth 2 takes first the candidates nearest to a contradiction (`_left`); and where each
step's trial of depth 2 that led nowhere ended, with the ends of the trials of depth 1 inside
it, which a later one of the same candidate starts from (`enter`).  Ends are kept as bitmasks
(`bitmasks`), one a cell in the cells' order.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence

from asp_sudoku.setter.logic.grid import Mark, Marks
from asp_sudoku.setter.logic.killer.geometry import Masks, digits_of, mask_of

UNTRIED = 1 << 30
"""More candidates than any grid has: where a top trial of depth 2 puts what depth 1 did not try."""


class Memory:
    """Where trials of depth 1 ended: for each candidate a step's trial assumed (`_after`), and for
    each candidate some trial placed (`_closed`), as `bitmasks`; where a step's trial of depth
    2 ended (`_deep_after`), and the trials of depth 1 inside it (`_inner`)."""

    def __init__(self) -> None:
        # inside a step's trial of depth 2 or more (`trial.Trials.trial`): its propagations leave out
        # the 45 rule with cage combinations, so where they end is kept apart (`_closed_deep`)
        self.deep = False
        self._after: dict[Mark, tuple[int, ...]] = {}  # what a top trial of depth 1 left, as bitmasks (`narrow`)
        self._closed: dict[Mark, tuple[int, ...]] = {}  # where a trial that placed each ended, as bitmasks (`leads_nowhere`)
        self._closed_deep: dict[Mark, tuple[int, ...]] = {}  # the same, for propagations inside a trial of depth 2
        # what a top trial of depth 2 that led nowhere left (`_deep_after`), and where each trial of
        # depth 1 inside it ended (`_inner`), by the candidate it assumed: a later top trial of
        # depth 2 of the same candidate starts from there, and so do the trials inside it (`enter`)
        self._deep_after: dict[Mark, tuple[int, ...]] = {}
        self._inner: dict[Mark, dict[Mark, Sequence[int]]] = {}
        self._inside: dict[Mark, Sequence[int]] | None = None  # the top trial of depth 2 now running's `_inner`

    def remember(self, marks: Marks, trial: Marks, end: tuple[int, ...], assumed: Mark | None = None, top: bool = False) -> None:
        """Keep where a propagation of depth 0 from `marks` ended without a contradiction
        (`trial`, short of a filled grid: a filled one ends before the clue checks run; `end`:
        its `bitmasks`), for each candidate it placed and for the one it assumed (`keep`)."""
        self.keep(assumed, end, placed_by(marks, trial), top)

    def keep(self, assumed: Mark | None, end: tuple[int, ...], placed: tuple[Mark, ...], top: bool = False) -> None:
        """Keep where a trial of depth 1 ended (`end`) for each candidate it placed
        (`leads_nowhere`), and for `assumed`: when it is a step's trial (`top`, `narrow`), or
        one inside a step's trial of depth 2 (`enter`).  Inside a
        trial of depth 2 (`deep`) the ends go to `_closed_deep` instead: its propagations leave a
        technique out, so their ends need not be where a propagation with every technique stops,
        but they are where any later propagation inside such a trial stops."""
        closed = self._ends()
        for mark in placed:
            closed[mark] = end
        if assumed is None:
            return
        if top:
            self._after[assumed] = end
        elif self._inside is not None:
            self._inside[assumed] = array("I", end)  # (an array: half a tuple's memory, and they add up)

    def _ends(self) -> dict[Mark, tuple[int, ...]]:
        """Where propagations like the ones now ended: `_closed_deep` inside a trial of depth 2
        (`deep`), else `_closed`."""
        return self._closed_deep if self.deep else self._closed

    def leads_nowhere(self, assumed: Mark, now: tuple[int, ...]) -> bool:
        """Whether a trial of depth 1 of `assumed` on the candidates `now` (`bitmasks`) is known to find no
        contradiction without running it: a propagation of depth 0 with the same techniques
        (inside a trial of depth 2 or outside one, as now: `_closed_deep` or `_closed`; from any
        candidates) placed it and ended where no quick technique removes anything, with no
        contradiction, on candidates that are all still here.  Each quick technique removes
        more from fewer candidates, so a propagation from these with `assumed` placed, which
        contain that end, keeps all of it (what it removes the end already lacks): no cell
        and no house runs out, and no check fails.  On a killer most assumptions lead nowhere,
        and proving so is most of a trial's time (TAREK 08: a step of depth 2 tried one
        assumption, after about 500 of depth 1 that found nothing; on TAREK 31, inside the
        trial of depth 2 of step 12, 719 of 1,660 propagations are skipped so).  Inside a
        step's trial of depth 2, where this trial last ended there is such an end too (`enter`)."""
        inner = None if self._inside is None else self._inside.get(assumed)
        return _within(self._ends().get(assumed), now) or _within(inner, now)

    def _left(self, assumed: Mark) -> int:
        """How many candidates the last top trial of depth 1 of `assumed` left (UNTRIED: none yet)."""
        known = self._after.get(assumed)
        return UNTRIED if known is None else sum(m.bit_count() for m in known)

    def enter(self, marks: Marks, assumed: Mark) -> None:
        """Start a step's trial of depth 2 of `assumed` (on `marks`, the candidate placed): from
        what its last such trial left, when that led nowhere, and with the ends of the trials of
        depth 1 inside that one at hand (`narrow`).  Sound as `narrow` is: the path's candidates
        only shrink, so this trial starts inside where the last one ended, which is inside every
        state that one's trials of depth 1 started from; a propagation with trials of depth 1
        removes more from fewer candidates as well.  The ends go with the trial's outcome
        (`leave`)."""
        self._inside = dict(self._inner.get(assumed, {}))
        _start_from(marks, self._deep_after.get(assumed))

    def leave(self, assumed: Mark, end: tuple[int, ...] | None) -> None:
        """End a step's trial of depth 2 of `assumed` (`enter`): keep where it ended and the ends
        of the trials inside it when it led nowhere (`end`), else forget them (a contradiction
        removes the candidate for good)."""
        inside, self._inside = self._inside, None
        if end is None or inside is None:
            self._deep_after.pop(assumed, None)
            self._inner.pop(assumed, None)
        else:
            self._deep_after[assumed] = end
            self._inner[assumed] = inside

    def known_nowhere(self, assumed: Mark, depth: int, top: bool, now: tuple[int, ...]) -> bool:
        """Whether a trial of `assumed` on the candidates `now` (`bitmasks`) is known to find no
        contradiction: one of depth 1 as `leads_nowhere` says, a step's trial of depth 2 when
        its last one led nowhere and ended on candidates all still here (as `leads_nowhere`)."""
        if depth == 1:
            return self.leads_nowhere(assumed, now)
        return top and depth == 2 and _within(self._deep_after.get(assumed), now)

    def forget_starts(self) -> None:
        """Drop where earlier trials ended, which later ones start from (`narrow`, `enter`): a new
        path starts from more candidates than they had.  The ends that only skip trials
        (`leads_nowhere`) would stay true, but they go too, so that a second path of the same
        Solver is the first one word for word (with them, Inkala's took 110 steps, not 101: a
        skipped top trial keeps no end, and the trials of depth 2 come in another order)."""
        self._after.clear()
        self._deep_after.clear()
        self._inner.clear()
        self._closed.clear()
        self._closed_deep.clear()

    def narrow(self, marks: Marks, assumed: Mark) -> Masks | None:
        """Start a trial of `assumed` from what an earlier top trial of depth 1 of it left, where
        there was one: the path's candidates only shrink, and each technique removes more from
        fewer candidates, so what assuming it removed then it removes now, in any trial (inside
        another trial too).  The propagation ends where it would have (the same contradiction
        or the same candidates), in fewer rounds; inside a trial of depth 2 (`deep`), whose
        propagations leave a technique out, it starts from what every technique removed, which
        is as sound.  Kept for one path (`forget`).  Returns that
        end as bitmasks when it was no filled grid (no killer technique found anything there:
        `Killers.removals`' `settled`), else None."""
        settled = None
        # inside a step's trial of depth 2 (`enter`), also from where this trial last ended there
        # (an end of the techniques such trials use: the killer techniques' `settled`)
        for known in (self._after.get(assumed), None if self._inside is None else self._inside.get(assumed)):
            if known is not None:
                _start_from(marks, known)
                settled = known
        if settled is None or all(not m & (m - 1) for m in settled):
            return None
        return dict(zip(marks.cands, settled))


def _within(end: Sequence[int] | None, now: Sequence[int]) -> bool:
    """Whether a kept end (bitmasks) has only candidates that are all still here (`now`)."""
    return end is not None and all(not mask & ~here for mask, here in zip(end, now))


def _start_from(marks: Marks, end: Sequence[int] | None) -> None:
    """Narrow the candidates to those of a kept end (bitmasks; None: leave them)."""
    if end is not None:
        for digits, mask in zip(marks.cands.values(), end):
            digits.intersection_update(digits_of(mask))


def placed_by(marks: Marks, trial: Marks) -> tuple[Mark, ...]:
    """The candidates a trial from `marks` placed, none when it filled the grid (a filled one
    ends before the clue checks run: `Memory.remember`)."""
    if trial.done():
        return ()
    return tuple(sorted((*cell, min(trial.cands[cell])) for cell in trial.solved - marks.solved))


def bitmasks(marks: Marks) -> tuple[int, ...]:
    """Every cell's candidates as a bitmask (bit d: digit d), in the cells' order."""
    return tuple(map(mask_of, marks.cands.values()))
