"""What a trial's propagation does with what it found: apply the steps found on the same
candidates at once (`apply_all`, naming a clash of two placements), and the step a trial takes
when an assumption leads to a contradiction (`trial_step`)."""

from __future__ import annotations

from asp_sudoku.setter.logic.grid import Cell, Mark, Marks
from asp_sudoku.setter.logic.outcome import trial_level
from asp_sudoku.setter.logic.techniques import Step


def trial_step(assumed: Mark, depth: int, why: str) -> Step:
    """The step a trial of this depth takes when assuming a candidate leads to a contradiction."""
    r, c, p = assumed
    text = f"trial (depth {depth}): assuming r{r}c{c} = {p} leads to a contradiction ({why}): r{r}c{c}<>{p}"
    return Step("trial", trial_level(depth), (), (assumed,), (), text, depth)


def apply_all(marks: Marks, found: list[Step]) -> str | None:
    """Apply steps found on the same candidates; two placements that clash (two digits for one
    cell, or one digit for two cells that see each other: singles of one round can) are the
    contradiction, returned in words."""
    placed: dict[Cell, int] = {}
    for step in found:
        for r, c, p in step.placed:
            if p not in marks.cands[(r, c)]:
                clash = next(
                    ((r2, c2, p2) for (r2, c2), p2 in placed.items()
                     if (r2, c2) == (r, c) or (p2 == p and (r2, c2) in marks.peers[(r, c)])),
                    None,
                )
                if clash is None:
                    return f"r{r}c{c} = {p} is forced, but {p} is gone from r{r}c{c}"
                if clash[:2] == (r, c):
                    return f"r{r}c{c} must be both {min(p, clash[2])} and {max(p, clash[2])}"
                return f"r{r}c{c} and r{clash[0]}c{clash[1]} must both be {p}, and they see each other"
            marks.place(r, c, p)
            placed[(r, c)] = p
        marks.remove(step.removed)
    return None
