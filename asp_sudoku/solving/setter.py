"""Clingo for the setter's tools, part two: brave and cautious consequences (or brave alone), a
random solution grid for a seed, all solutions within a budget, and the smallest set of givens
that leaves exactly one of a list of solutions.

(`solving_switches` holds the switched program; the logic of the tools is in `asp_sudoku.setter`.)
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import clingo

from asp_sudoku.core.errors import TimeLimitReached
from asp_sudoku.core.model import Grid, Puzzle
from asp_sudoku.rules.base import fact
from asp_sudoku.solving.ground import grounded_control
from asp_sudoku.solving.program import program_text
from asp_sudoku.solving.switches import wait
from asp_sudoku.solving.verify import checked

Digits = tuple[tuple[frozenset[int], ...], ...]
Extra = tuple[tuple[str, frozenset[int]], ...]
"""Each extra cell's name and digits, in the puzzle's order (`Puzzle.extra_cells`)."""


def _cells(size: int, symbols: Iterable[clingo.Symbol], cols: int = 0) -> Digits:
    """The digits of shown `numberAt(R,C,P)` atoms, per cell (`size` rows of `cols` cells; 0: a
    square); extra cells (outside the grid) are left out."""
    cells: list[list[set[int]]] = [[set() for _ in range(cols or size)] for _ in range(size)]
    for sym in symbols:
        if sym.name == "numberAt" and len(sym.arguments) == 3:
            r, c, p = (a.number for a in sym.arguments)
            if r <= size and c <= (cols or size):
                cells[r - 1][c - 1].add(p)
    return tuple(tuple(frozenset(s) for s in row) for row in cells)


def _extra(puzzle: Puzzle, symbols: Iterable[clingo.Symbol]) -> Extra:
    """The digits of shown `numberAt(R,C,P)` atoms at each extra cell's place (empty: none)."""
    places = puzzle.extra_cells()
    if not places:
        return ()
    found: dict[tuple[int, int], set[int]] = {place: set() for place in places.values()}
    for sym in symbols:
        if sym.name == "numberAt" and len(sym.arguments) == 3:
            r, c, p = (a.number for a in sym.arguments)
            if (r, c) in found:
                found[(r, c)].add(p)
    return tuple((name, frozenset(found[place])) for name, place in places.items())


@dataclass(frozen=True)
class Consequences:
    """`brave[r][c]`: digits of cell (r+1, c+1) in at least one solution; `cautious[r][c]`: in
    all of them (empty when the cell differs between solutions, or when there is no solution);
    `extra_brave` and `extra_cautious` the same for the extra cells, by name."""

    satisfiable: bool
    brave: Digits
    cautious: Digits
    seconds: float
    extra_brave: Extra = ()
    extra_cautious: Extra = ()


def consequences(puzzle: Puzzle, *, deadline: float | None = None) -> Consequences:
    """Brave and cautious consequences of the puzzle's program (clingo's enum modes)."""
    start = time.perf_counter()
    ctl = grounded_control(["--models=0", "--enum-mode=brave"], program_text(puzzle))
    found: dict[str, tuple[Digits, Extra]] = {}
    for mode in ("brave", "cautious"):
        digits = _consequence(ctl, puzzle, mode, deadline)
        if digits is None:
            empty: Digits = tuple(
                tuple(frozenset() for _ in range(puzzle.cols)) for _ in range(puzzle.size)
            )
            none: Extra = tuple((name, frozenset()) for name in puzzle.extra_cells())
            return Consequences(False, empty, empty, time.perf_counter() - start, none, none)
        found[mode] = digits
    (brave_cells, brave_extra), (cautious_cells, cautious_extra) = found["brave"], found["cautious"]
    return Consequences(True, brave_cells, cautious_cells, time.perf_counter() - start, brave_extra, cautious_extra)


def brave(puzzle: Puzzle, *, deadline: float | None = None) -> tuple[Digits, Extra] | None:
    """The brave consequences alone: the digits each cell, and each extra cell, holds in some
    solution (None: there is no solution)."""
    ctl = grounded_control(["--models=0", "--enum-mode=brave"], program_text(puzzle))
    return _consequence(ctl, puzzle, "brave", deadline)


def _consequence(ctl: clingo.Control, puzzle: Puzzle, mode: str, deadline: float | None) -> tuple[Digits, Extra] | None:
    """One enumeration mode's consequences on a grounded control, the grid's cells and the extra
    cells (None: unsatisfiable); raises TimeLimitReached at the deadline."""
    ctl.configuration.solve.enum_mode = mode  # type: ignore[union-attr]
    # Only the last model is the answer: each one shows every digit found so far, so decoding each
    # (as this did) cost models x candidates in Python: 45 of 50 s on a 16x16 of thermos whose
    # brave search clingo does in 3 s (1,799 models).  Its symbols are kept, and decoded once.
    last: list[Sequence[clingo.Symbol]] = []
    models = 0

    def on_model(model: clingo.Model) -> None:
        nonlocal models
        models += 1
        last[:] = [model.symbols(shown=True)]

    with ctl.solve(on_model=on_model, async_=True) as handle:
        outcome = wait(handle, deadline, lambda: models)
    if not outcome.satisfiable:
        return None
    return _cells(puzzle.size, last[0], puzzle.cols), _extra(puzzle, last[0])


def random_solution(puzzle: Puzzle, seed: int, *, deadline: float | None = None) -> Grid | None:
    """A solution grid chosen by clingo's randomised search for this seed (None: no solution).

    Deterministic for a seed: one thread, random variable choices half the time
    (``--rand-freq=0.5``) and random signs (``--sign-def=rnd``) seeded by ``--seed``.
    """
    ctl = grounded_control(
        ["--models=1", f"--seed={seed}", "--rand-freq=0.5", "--sign-def=rnd"], program_text(puzzle)
    )
    grids: list[Grid] = []
    with ctl.solve(
        on_model=lambda m: grids.append(_grid(puzzle, m.symbols(shown=True))), async_=True
    ) as handle:
        wait(handle, deadline, lambda: len(grids))
    if not grids:
        return None
    return checked(puzzle, grids[0])


def all_solutions(
    puzzle: Puzzle, limit: int, *, conflicts: int = 20_000, deadline: float | None = None
) -> tuple[Grid, ...] | None:
    """Every solution when the search lists them all within `limit` models and `conflicts`
    conflicts (clingo's ``--solve-limit``: a deterministic budget); else None."""
    ctl = grounded_control([f"--models={limit + 1}", f"--solve-limit={conflicts}"], program_text(puzzle))
    grids: list[Grid] = []
    with ctl.solve(
        on_model=lambda m: grids.append(_grid(puzzle, m.symbols(shown=True))), async_=True
    ) as handle:
        outcome = wait(handle, deadline, lambda: len(grids))
    if not outcome.exhausted or len(grids) > limit:
        return None
    return tuple(checked(puzzle, grid) for grid in grids)


def _grid(puzzle: Puzzle, symbols: Iterable[clingo.Symbol]) -> Grid:
    cells = _cells(puzzle.size, symbols, puzzle.cols)
    return Grid(tuple(tuple(min(s) if s else 0 for s in row) for row in cells))


# The smallest set of givens that leaves exactly one of the listed solutions.  Input:
# solution(S); solutionValue(S,R,C,P) solution S holds P at (R,C); allowedGiven(R,C,P) a given
# that may be added.
HITTING_SET = """\
% Generate
% Any allowed given may be added.
{ extraGiven(R,C,P) : allowedGiven(R,C,P) }.

% Define
% Solution S is ruled out when it holds another digit in a cell that is given.
ruledOut(S) :- solution(S), extraGiven(R,C,P), not solutionValue(S,R,C,P).

% Test
% Exactly one solution agrees with every added given.
:- #count { S : solution(S), not ruledOut(S) } != 1.

% Optimize
% Add as few givens as possible.
#minimize { 1,R,C,P : extraGiven(R,C,P) }.

#show extraGiven/3.
"""


def fewest_givens(
    solutions: Sequence[Grid],
    allowed: Iterable[tuple[int, int, int]],
    *,
    deadline: float | None = None,
) -> tuple[tuple[tuple[int, int, int], ...], bool] | None:
    """The fewest givens among `allowed` that agree with exactly one of `solutions`.

    Returns (givens, proved optimal) or None when no set of allowed givens singles one out.
    A deadline returns the best set found so far, marked not proved optimal (or raises
    TimeLimitReached when none was found).
    """
    facts = [fact("solution", s) for s in range(len(solutions))]
    for s, grid in enumerate(solutions):
        facts += [
            fact("solutionValue", s, r + 1, c + 1, v)
            for r, row in enumerate(grid.rows)
            for c, v in enumerate(row)
        ]
    facts += [fact("allowedGiven", r, c, v) for r, c, v in sorted(set(allowed))]
    ctl = grounded_control(["--opt-mode=opt", "--opt-strategy=usc"], HITTING_SET + "\n".join(facts) + "\n")
    best: list[tuple[tuple[int, int, int], ...]] = []

    def on_model(model: clingo.Model) -> None:
        picks = tuple(
            sorted(tuple(a.number for a in s.arguments) for s in model.symbols(shown=True))
        )
        best.append(picks)  # type: ignore[arg-type]

    try:
        with ctl.solve(on_model=on_model, async_=True) as handle:
            outcome = wait(handle, deadline, lambda: len(best))
    except TimeLimitReached:
        if best:
            return best[-1], False
        raise
    if not best:
        return None
    return best[-1], bool(outcome.exhausted)
