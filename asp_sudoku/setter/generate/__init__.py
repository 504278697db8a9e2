"""Generating puzzles with a unique solution for any grid size and rule set.

Deterministic for a seed: every random choice comes from `random.Random(seed)`, and clingo
runs on one thread with its own seed drawn from that generator.

- Few solution grids (the rules alone allow at most `EXACT_GRIDS`, e.g. Miracle's 72 or the
  288 4x4 grids, listed within a fixed budget of solver conflicts): all grids are listed, one is picked, and an optimising ASP program finds the
  fewest givens that single it out (proved smallest for that grid).
- Otherwise: a random solution grid, then its givens dropped one by one in random order while
  the puzzle stays unique: the result is minimal (no given can be dropped), not the fewest.
- With clue kinds (`clues=("killer",)`, `setter.clue_makers`): clues are made for a random grid
  and refined (a cage split, a thermometer or another clue of the kind added where two
  solutions differ) until they alone leave one solution; then givens of the grid are dropped
  while unique (needed only when the clues could not be refined enough), then clues: minimal in
  both, unless a search stopped at the conflict budget (`dropping.CHECK_CONFLICTS`).
- `rating=(low, high)`: puzzles are made until one's logical path is rated in the range
  (`rating`), up to `attempts` of them; `values` sets the digits as TOML's `values` does.

`givens=N` asks for exactly N givens: dropping stops at N, or random givens of the grid are
added when fewer are needed (the puzzle is then not minimal); when a grid needs more, other
grids are tried (`attempts`); the result says whether N was reached.
"""

from __future__ import annotations

import dataclasses
import random
import time
from dataclasses import dataclass

from asp_sudoku.core.errors import AspSudokuError, InternalCheckError
from asp_sudoku.core.model import Grid, Puzzle
from asp_sudoku.formats.toml.writer import rule_names
from asp_sudoku.setter.clue_makers import CLUE_MAKERS
from asp_sudoku.setter.generate.dropping import CHECK_CONFLICTS, by_dropping
from asp_sudoku.setter.generate.from_grids import from_all_grids
from asp_sudoku.setter.generate.options import check_options, checked_box
from asp_sudoku.setter.generate.rating import Range, check_rateable, fits, miss, range_text, rate
from asp_sudoku.setter.generate.shape import EXACT_GRIDS, Made, all_grids, empty_puzzle
from asp_sudoku.solving.single import solve

__all__ = ["CHECK_CONFLICTS", "EXACT_GRIDS", "Generated", "all_grids", "empty_puzzle", "generate"]


@dataclass(frozen=True)
class Generated:
    """One generated puzzle and how it was made.

    `minimal`: no given or clue can be dropped.  `fewest`: proved the fewest givens for its
    solution grid.  `target_reached`: the asked number of givens (if any) was met.  `undecided`:
    searches the conflict budget stopped (`CHECK_CONFLICTS`; what they tried to drop stayed, so
    the puzzle is not called minimal).  With a rating asked for: `rating`, the logical path's
    (None: not finished by trials of depth 2), and `rating_reached`, whether it lies in the range.
    """

    puzzle: Puzzle
    solution: Grid
    seed: int
    seconds: float = dataclasses.field(compare=False)  # the same answer found twice is equal
    method: str
    minimal: bool
    fewest: bool
    target_reached: bool = True
    solves: int = 0
    undecided: int = 0
    rating: float | None = None
    rating_reached: bool = True


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
    rating: Range | None = None,
    values: str | None = None,
) -> Generated:
    """A puzzle with a unique solution: `size` x `size`, global `rules`, optionally clue kinds
    to generate (`clues=("killer",)`), exactly `givens` givens if possible, a `rating` of its
    logical path in a range (low, high; `math.inf`: no upper end) if possible: up to `attempts`
    puzzles are made, the first that fits is kept, else the nearest; `values` the digits, as in
    TOML ("0-8"; default 1 to `size`); `box` "default", None (or "none": no boxes), (rows,
    columns) or "RxC".  Deterministic for a `seed`.  Raises TimeLimitReached at the time limit;
    an option of the wrong type or out of range is a TypeError or ValueError before anything is
    made (`generate.options`)."""
    check_options(size, rules, seed, givens, clues, attempts, time_limit, rating, values)
    clues = tuple(dict.fromkeys(kind.strip().lower() for kind in clues))  # each kind once ("killer" twice overlapped)
    box = checked_box(box)
    rating = None if rating is None else (rating[0], rating[1])
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    base = empty_puzzle(size, rules, box, values)
    for kind in clues:
        if kind not in CLUE_MAKERS:
            raise AspSudokuError(f"cannot generate {kind!r} clues (can: {', '.join(CLUE_MAKERS)})")
    if rating is not None:
        check_rateable(base)
    rng = random.Random(seed)
    grids = None if clues else all_grids(base)
    best: tuple[float, Made, float | None, int] | None = None  # miss, made, rating, which
    tries = attempts if rating is not None else 1
    calls = 0  # solver calls of every puzzle made
    for k in range(1, tries + 1):
        if grids is not None:
            made = from_all_grids(base, grids, rng, givens, attempts, deadline)
        else:
            made = by_dropping(base, tuple(clues), rng, givens, attempts, deadline)
        calls += made[5]
        if rating is None:
            best = (0.0, made, None, k)
            break
        rated = rate(made[0], deadline)
        if best is None or miss(rated, rating) < best[0]:
            best = (miss(rated, rating), made, rated, k)
        if fits(rated, rating):
            break
    assert best is not None
    _, made, rated, kept = best
    puzzle, solution, method, minimal, fewest, _, undecided = made
    if rating is not None:
        said = "above 8.5 (trials of depth 2 do not finish it)" if rated is None else f"{rated:.1f}"
        method += f"; rated {said} (asked: {range_text(rating)}; puzzle {kept} of the {k} made)"
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
        solves=calls + 1,
        undecided=undecided,
        rating=rated,
        rating_reached=rating is None or fits(rated, rating),
    )
