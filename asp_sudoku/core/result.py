"""What a search found: the `Result` record and the status words used everywhere (the CLI, JSON,
the batch files): unique, multiple, satisfiable, unsatisfiable, unknown; and `Candidates`, what
every cell can hold."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from asp_sudoku.core.model import DEFAULT_BOXES, Grid, Puzzle

UNIQUE = "unique"
MULTIPLE = "multiple"
SATISFIABLE = "satisfiable"
UNSATISFIABLE = "unsatisfiable"
UNKNOWN = "unknown"


@dataclass(frozen=True)
class Result:
    """What a search found.

    `count` models were found; `exhausted` is True when the search space was fully explored
    (so `count` is exact).  `solutions` holds the first models found, up to the number kept.
    `timed_out` is True when the time limit stopped the search, `interrupted` when Ctrl-C did.
    """

    status: str
    count: int
    exhausted: bool
    solutions: tuple[Grid, ...]
    seconds: float = field(compare=False)  # two searches that found the same are equal results
    timed_out: bool = False
    interrupted: bool = False
    puzzle: Puzzle | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        """A short summary for `print(result)`: the status, the count (exact, or "at least"),
        the seconds, then the first grid (the puzzle's boxes when known).  `repr` is unchanged."""
        noun = "solution" if self.count == 1 else "solutions"
        bound = "" if self.exhausted else "at least "
        stop = ", stopped by the time limit" if self.timed_out else ", interrupted" if self.interrupted else ""
        head = f"{self.status}: {bound}{self.count} {noun} found ({self.seconds:.3f} s{stop})"
        if not self.solutions:
            return head
        first = self.solutions[0]
        box = self.puzzle.box if self.puzzle is not None else DEFAULT_BOXES.get(first.size) if first.size == first.cols else None
        return f"{head}\n{first.text(box)}"

    def _repr_svg_(self) -> str:
        """Jupyter shows a result as the puzzle with its first solution filled in."""
        from asp_sudoku.picture.svg import render_svg

        if self.puzzle is None:
            return self.solutions[0]._repr_svg_() if self.solutions else ""
        return render_svg(self.puzzle, self.solutions[0] if self.solutions else None)

    @property
    def unique(self) -> bool:
        """True when exactly one solution exists (proved)."""
        return self.status == UNIQUE

    def unless_interrupted(self) -> Result:
        """This result, or KeyboardInterrupt when Ctrl-C stopped its search (a search returns
        that as a result, so that a command can print what it found first): for callers that
        have no partial answer to give, and must stop rather than read "not decided"."""
        if self.interrupted:
            raise KeyboardInterrupt
        return self


def past(limit: int | None) -> int | None:
    """The models to search for a count stopped at `limit` (`counted_to`): one more, which
    tells a puzzle with exactly `limit` solutions (then counted exactly) from one with more."""
    return None if limit is None else limit + 1


def counted_to(result: Result, limit: int | None) -> Result:
    """A count searched for `past(limit)` models, as a count stopped at `limit`: when the
    search found one more than `limit`, `limit` of them, not exhausted, and the status of what
    was found (`count --limit 1` tells "multiple" from "unique"); else as it was, exact when
    the search ended (a puzzle with exactly `limit` solutions is counted exactly, not "at
    least").  A result at its limit that neither the time limit nor Ctrl-C stopped has more
    solutions than the limit (`more_than`)."""
    if limit is None or result.count <= limit:
        return result
    return replace(result, status=status_of(result.count, False), count=limit, exhausted=False, solutions=result.solutions[:limit])


def more_than(result: Result, limit: int | None) -> bool:
    """Whether a count (`counted_to`) stopped at `limit` because the puzzle has more solutions."""
    return limit is not None and result.count >= limit and not (result.exhausted or result.timed_out or result.interrupted)


def status_of(count: int, exhausted: bool) -> str:
    """The status word for a number of models found and whether the search finished."""
    if count >= 2:
        return MULTIPLE
    if count == 1:
        return UNIQUE if exhausted else SATISFIABLE
    return UNSATISFIABLE if exhausted else UNKNOWN



Cells = tuple[tuple[tuple[int, ...], ...], ...]


@dataclass(frozen=True)
class Candidates:
    """What every cell can hold.

    `candidates[r][c]`: sorted digits of cell (r+1, c+1) over all solutions (empty: no solution).
    `fixed[r][c]`: the digit the cell holds in every solution, or None.  `status` is the core
    status from a search for two solutions (unique / multiple / unsatisfiable).  With counts,
    `counts[r][c][i]` is how many of the `counted` solutions hold `digits[i]` there; `exhausted`
    says whether that was every solution.  `search` is the search for two solutions.
    `extra`: each extra cell's name and sorted digits over all solutions, in the puzzle's order
    (empty: no extra cells); `extra_counts` with counts, each extra cell's counts as `counts`.
    """

    puzzle: Puzzle
    status: str
    candidates: Cells
    fixed: tuple[tuple[int | None, ...], ...]
    seconds: float = field(compare=False)  # the same answer found twice is equal
    counted: int = 0
    exhausted: bool = True
    counts: tuple[tuple[tuple[int, ...], ...], ...] | None = None
    search: Result | None = None
    extra: tuple[tuple[str, tuple[int, ...]], ...] = ()
    extra_counts: tuple[tuple[str, tuple[int, ...]], ...] = ()

    @property
    def digits(self) -> tuple[int, ...]:
        """The values a cell may hold, the order of `counts`."""
        return tuple(self.puzzle.digit_range)

    def open_cells(self) -> list[tuple[int, int]]:
        """Cells not fixed in all solutions (row-major), i.e. where solutions differ."""
        return [
            (r + 1, c + 1)
            for r, row in enumerate(self.candidates)
            for c, digits in enumerate(row)
            if len(digits) > 1
        ]
