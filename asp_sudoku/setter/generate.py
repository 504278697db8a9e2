"""Generating puzzles with a unique solution for any grid size and rule set.

Deterministic for a seed: every random choice comes from `random.Random(seed)`, and clingo
runs on one thread with its own seed drawn from that generator.

- Few solution grids (the rules alone allow at most `EXACT_GRIDS`, e.g. Miracle's 72 or the
  288 4x4 grids, listed within a fixed budget of solver conflicts): all grids are listed, one is picked, and an optimising ASP program finds the
  fewest givens that single it out (proved smallest for that grid).
- Otherwise: a random solution grid, then its givens dropped one by one in random order while
  the puzzle stays unique: the result is minimal (no given can be dropped), not the fewest.
- With clue kinds (`clues=("killer",)`): cages (or thermometers) are made for a random grid
  and refined (a cage split, a thermometer added where two solutions differ) until they alone
  leave one solution; then givens of the grid are dropped while unique (needed only when the
  clues could not be refined enough), then clues: minimal in both.

`givens=N` asks for exactly N givens: dropping stops at N, or random givens of the grid are
added when fewer are needed (the puzzle is then not minimal); when a grid needs more, other
grids are tried (`attempts`); the result says whether N was reached.
"""

from __future__ import annotations

import dataclasses
import random
import time
from dataclasses import dataclass
from functools import lru_cache

from asp_sudoku.core.errors import (
    AspSudokuError,
    InternalCheckError,
    PuzzleFormatError,
    TimeLimitReached,
)
from asp_sudoku.core.model import DEFAULT_BOXES, Clue, Grid, Puzzle
from asp_sudoku.formats.toml.writer import rule_names
from asp_sudoku.program.board import make_board
from asp_sudoku.rules import GLOBAL_RULES, RULE_ALIASES, expand_rules
from asp_sudoku.rules.validate import validate_rules
from asp_sudoku.setter.clue_makers import CLUE_MAKERS
from asp_sudoku.solving.setter import all_solutions, fewest_givens, random_solution
from asp_sudoku.solving.single import solve
from asp_sudoku.solving.switches import SwitchedProgram

EXACT_GRIDS = 1000
CHECK_CONFLICTS = 100_000
"""The conflicts one search may take while clues are refined and givens and clues dropped (a
deterministic budget, as for listing grids).  A search it stops counts as "not unique": the
given or clue stays, and the puzzle is not called minimal.  Clues that leave the search hard
(little killers with few givens, the hardest kind for clingo) would otherwise stall it."""
Given = tuple[int, int, int]


@dataclass(frozen=True)
class Generated:
    """One generated puzzle and how it was made.

    `minimal`: no given or clue can be dropped.  `fewest`: proved the fewest givens for its
    solution grid.  `target_reached`: the asked number of givens (if any) was met.  `undecided`:
    searches the conflict budget stopped (`CHECK_CONFLICTS`; what they tried to drop stayed, so
    the puzzle is not called minimal).
    """

    puzzle: Puzzle
    solution: Grid
    seed: int
    seconds: float
    method: str
    minimal: bool
    fewest: bool
    target_reached: bool = True
    solves: int = 0
    undecided: int = 0


def empty_puzzle(
    size: int = 9,
    rules: tuple[str, ...] | list[str] = (),
    box: tuple[int, int] | None | str = "default",
) -> Puzzle:
    """A puzzle with no givens: the grid shape and the global rules (names or aliases)."""
    if not 1 <= size <= 25:
        raise AspSudokuError(f"size must be 1-25, not {size}")
    if box == "default":
        if size not in DEFAULT_BOXES:
            raise AspSudokuError(
                f"a {size}x{size} grid has no default box shape: give one (--box RxC) or none (--box none)"
            )
        shape: tuple[int, int] | None = DEFAULT_BOXES[size]
    else:
        shape = box  # type: ignore[assignment]
        if shape is not None and (size % shape[0] or size % shape[1]):
            raise AspSudokuError(f"box {shape[0]}x{shape[1]} does not tile a {size}x{size} grid")
        if shape is not None and shape[0] * shape[1] != size:
            raise AspSudokuError(
                f"box {shape[0]}x{shape[1]} has {shape[0] * shape[1]} cells, but in a {size}x{size} grid each box "
                f"holds every digit: {size} cells"
            )
    try:
        names = expand_rules([r.strip().lower() for r in rules])
    except KeyError as exc:
        from asp_sudoku.formats.build import unknown_name

        known = [*GLOBAL_RULES, *RULE_ALIASES]
        raise AspSudokuError(unknown_name("rule", str(exc.args[0]), known)) from None
    puzzle = Puzzle(size=size, box=shape, digits=(1, size), rules=names, path="<generate>")
    try:
        validate_rules(puzzle)
    except PuzzleFormatError as exc:
        raise AspSudokuError(exc.message) from None
    return puzzle


@lru_cache(maxsize=8)
def all_grids(puzzle: Puzzle, limit: int = EXACT_GRIDS) -> tuple[Grid, ...] | None:
    """Every solution grid of the puzzle when there are at most `limit` and clingo lists them
    within a fixed budget of conflicts (deterministic, unlike a time budget); else None."""
    return all_solutions(puzzle, limit)


def _cells(grid: Grid) -> list[Given]:
    return [(r + 1, c + 1, v) for r, row in enumerate(grid.rows) for c, v in enumerate(row)]


def generate(
    size: int = 9,
    rules: tuple[str, ...] | list[str] = (),
    *,
    seed: int = 0,
    givens: int | None = None,
    clues: tuple[str, ...] | list[str] = (),
    box: tuple[int, int] | None | str = "default",
    attempts: int = 10,
    time_limit: float | None = None,
) -> Generated:
    """A puzzle with a unique solution: `size` x `size`, global `rules`, optionally clue kinds
    to generate (`clues=("killer",)`), exactly `givens` givens if possible.  Deterministic for
    a `seed`.  Raises TimeLimitReached at the time limit."""
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    base = empty_puzzle(size, rules, box)
    for kind in clues:
        if kind not in CLUE_MAKERS:
            raise AspSudokuError(f"cannot generate {kind!r} clues (can: {', '.join(CLUE_MAKERS)})")
    rng = random.Random(seed)
    grids = None if clues else all_grids(base)
    if grids is not None:
        made = _from_all_grids(base, grids, rng, givens, attempts, deadline)
    else:
        made = _by_dropping(base, tuple(clues), rng, givens, attempts, deadline)
    puzzle, solution, method, minimal, fewest, solves, undecided = made
    named = rule_names(puzzle.rules)
    title = f"Generated {size}x{size}{' ' + ', '.join(named) if named else ''}"
    title += f"{' ' + ' '.join(clues) if clues else ''}, seed {seed}"
    puzzle = dataclasses.replace(puzzle, title=title, path="")
    final = solve(puzzle, limit=2).unless_interrupted()
    if not final.unique or final.solutions[0] != solution:
        raise InternalCheckError("internal error: a generated puzzle is not unique")
    return Generated(
        puzzle=puzzle,
        solution=solution,
        seed=seed,
        seconds=time.perf_counter() - start,
        method=method,
        minimal=minimal,
        fewest=fewest,
        target_reached=givens is None or len(puzzle.givens) == givens,
        solves=solves + 1,
        undecided=undecided,
    )


Made = tuple[Puzzle, Grid, str, bool, bool, int, int]


def _no_grid(base: Puzzle) -> str:
    """Why nothing can be generated: no grid of this shape obeys the rules (named)."""
    box = "no boxes" if base.box is None else f"boxes {base.box[0]}x{base.box[1]}"
    rules = ", ".join(base.rules) or "no global rule"
    return f"no {base.size}x{base.cols} grid with {box} obeys {rules}: nothing to generate"


def _from_all_grids(
    base: Puzzle,
    grids: tuple[Grid, ...],
    rng: random.Random,
    target: int | None,
    attempts: int,
    deadline: float | None,
) -> Made:
    if not grids:
        raise AspSudokuError(_no_grid(base))
    order = list(range(len(grids)))
    rng.shuffle(order)
    best: tuple[tuple[Given, ...], Grid, bool] | None = None
    tries = 0
    for k in order[: max(1, attempts)]:
        tries += 1
        found = fewest_givens(grids, _cells(grids[k]), deadline=deadline)
        assert found is not None  # the grid's own cells always single it out
        picks, optimal = found
        if best is None or len(picks) < len(best[0]):
            best = (picks, grids[k], optimal)
        if target is None or len(picks) <= target:
            break
    assert best is not None
    picks, grid, optimal = best
    minimal = True
    if target is not None and len(picks) < target:
        rest = [g for g in _cells(grid) if g not in picks]
        picks = tuple(sorted(picks + tuple(rng.sample(rest, min(len(rest), target - len(picks))))))
        minimal = False
    method = "the fewest givens for a grid picked from all grids" + (
        "" if optimal else " (not proved: time limit)"
    ) + ("" if minimal else f" ({len(best[0])}), then givens added at random up to the asked number")
    return (
        dataclasses.replace(base, givens=tuple(sorted(picks))),
        grid,
        method,
        minimal,
        optimal and minimal,
        1 + tries,
        0,
    )


def _refine(
    base: Puzzle,
    clues: tuple[Clue, ...],
    grid: Grid,
    kinds: tuple[str, ...],
    rng: random.Random,
    deadline: float | None,
) -> tuple[tuple[Clue, ...], int]:
    """Make the clues tell more (split a cage, add a thermometer where two solutions differ)
    until they alone leave one solution, or no maker can refine them."""
    solves = 0
    for _ in range(base.size * base.size if kinds else 0):
        left = None if deadline is None else max(0.001, deadline - time.perf_counter())
        found = solve(
            dataclasses.replace(base, clues=clues), limit=2, time_limit=left, conflicts=CHECK_CONFLICTS
        ).unless_interrupted()
        solves += 1
        if found.timed_out:
            raise TimeLimitReached("the time limit stopped the search before it decided")
        if found.count < 2:  # unique, or the budget stopped the search: the givens go on from here
            break
        differ = found.solutions[0].diff(found.solutions[1])
        for kind in rng.sample(kinds, len(kinds)):
            refined = CLUE_MAKERS[kind].refine(clues, grid, base, differ, rng)
            if refined is not None:
                clues = refined
                break
        else:
            break
    return clues, solves


def _by_dropping(
    base: Puzzle,
    kinds: tuple[str, ...],
    rng: random.Random,
    target: int | None,
    attempts: int,
    deadline: float | None,
) -> Made:
    best: Made | None = None
    solves = 0
    for _ in range(max(1, attempts)):
        grid = random_solution(base, rng.randrange(2**31), deadline=deadline)
        solves += 1
        if grid is None:
            raise AspSudokuError(_no_grid(base))
        clues = tuple(c for kind in kinds for c in CLUE_MAKERS[kind].make(grid, base, rng))
        clues, tries = _refine(base, clues, grid, kinds, rng, deadline)
        solves += tries
        cells = _cells(grid)
        rng.shuffle(cells)
        board = make_board(
            dataclasses.replace(base, clues=clues), givens=False, clues=True, extra_givens=cells
        )
        program = SwitchedProgram(board, deadline=deadline, conflicts=CHECK_CONFLICTS)
        clue_on = board.indices("clue")
        given_on = [i for i in range(len(board.items)) if i not in clue_on]
        stopped = False
        if clues and program.unique(clue_on):
            on = list(clue_on)  # the clues alone suffice: no givens to drop
        else:
            on = clue_on + given_on
            for i in given_on:
                if target is not None and sum(1 for j in on if j in given_on) <= target:
                    stopped = True
                    break
                trial = board.without(on, i)
                if program.unique(trial):
                    on = trial
        order = list(clue_on)
        rng.shuffle(order)
        for i in order:
            trial = board.without(on, i)
            if program.unique(trial):
                on = trial
        if target is not None and sum(1 for j in on if j in given_on) < target:
            spare = [j for j in given_on if j not in on]  # already in random order
            on += spare[: target - sum(1 for j in on if j in given_on)]
            stopped = True
        solves += program.calls
        puzzle = board.subpuzzle(on)
        method = (
            "random grid"
            + (f" with {', '.join(kinds)} clues" if kinds else "")
            + ", then dropped while unique"
        )
        made: Made = (puzzle, grid, method, not stopped and not program.undecided, False, solves, program.undecided)
        if best is None or len(puzzle.givens) < len(best[0].givens):
            best = made
        if target is None or len(puzzle.givens) <= target:
            break
    assert best is not None
    return best
