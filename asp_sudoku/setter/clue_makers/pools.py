"""Clues drawn from a pool: every clue of one kind that a solution grid satisfies (every white or
black dot, X or V that holds between two neighbours, every sandwich sum, every little killer
diagonal with its sum, every arrow whose shaft of one to three cells adds up to its circle, every
German whispers or renban line of three to five cells).  The first clues are a random part of the
pool; a refinement adds one more that touches a cell where two solutions still differ.  Lines
(arrows, whispers, renban) put no cell on two lines of their kind while they can.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial

from asp_sudoku.core.model import Cell, Clue, Grid, Puzzle
from asp_sudoku.rules.arrow import Arrow
from asp_sudoku.rules.kropki_black import KropkiBlack
from asp_sudoku.rules.kropki_white import KropkiWhite
from asp_sudoku.rules.little_killer import DIRECTIONS, LittleKiller, diagonal
from asp_sudoku.rules.renban import Renban
from asp_sudoku.rules.sandwich import Sandwich
from asp_sudoku.rules.whispers import Whispers
from asp_sudoku.rules.xv import XV
from asp_sudoku.setter.clue_makers.cells import all_cells, orthogonal, touching

Pool = Callable[[Grid, Puzzle], tuple[Clue, ...]]


def _pairs(n: int) -> Iterator[tuple[Cell, Cell]]:
    """Every two orthogonal neighbours, in reading order."""
    for cell in all_cells(n):
        for nb in orthogonal(cell, n):
            if nb > cell:
                yield cell, nb


@lru_cache(maxsize=4)
def dots(grid: Grid, puzzle: Puzzle) -> tuple[Clue, ...]:
    """A white dot between neighbours one apart, a black dot where one is twice the other."""
    out: list[Clue] = []
    for a, b in _pairs(puzzle.size):
        x, y = grid.value(a), grid.value(b)
        if abs(x - y) == 1:
            out.append(KropkiWhite(cells=(a, b), number=1))
        if x == 2 * y or y == 2 * x:
            out.append(KropkiBlack(cells=(a, b), number=2))
    return tuple(out)


@lru_cache(maxsize=4)
def xvs(grid: Grid, puzzle: Puzzle) -> tuple[Clue, ...]:
    """An X between neighbours adding up to 10, a V between neighbours adding up to 5."""
    out: list[Clue] = []
    for a, b in _pairs(puzzle.size):
        total = grid.value(a) + grid.value(b)
        if total in (5, 10):
            out.append(XV(cells=(a, b), number=total))
    return tuple(out)


@lru_cache(maxsize=4)
def sandwiches(grid: Grid, puzzle: Puzzle) -> tuple[Clue, ...]:
    """The sandwich sum of every row (left of it) and every column (above it): the digits
    between the smallest and the largest digit of the grid's range."""
    n = puzzle.size
    low, high = puzzle.digits
    lines = [((r, 0), tuple((r, c) for c in range(1, n + 1))) for r in range(1, n + 1)]
    lines += [((0, c), tuple((r, c) for r in range(1, n + 1))) for c in range(1, n + 1)]
    out: list[Clue] = []
    for place, cells in lines:
        values = [grid.value(c) for c in cells]
        if low in values and high in values:
            ends = sorted((values.index(low), values.index(high)))
            out.append(Sandwich(clue=place, cells=cells, number=sum(values[ends[0] + 1 : ends[1]])))
        else:  # (more digits than a row has cells: a line without one of them sums to 0)
            out.append(Sandwich(clue=place, cells=cells, number=0))
    return tuple(out)


@lru_cache(maxsize=4)
def little_killers(grid: Grid, puzzle: Puzzle) -> tuple[Clue, ...]:
    """Every diagonal of two or more cells, from each place outside the grid, with its sum
    (a diagonal read from either end is one clue)."""
    n = puzzle.size
    places = [(0, c) for c in range(n + 2)] + [(n + 1, c) for c in range(n + 2)]
    places += [(r, 0) for r in range(1, n + 1)] + [(r, n + 1) for r in range(1, n + 1)]
    seen: set[frozenset[Cell]] = set()
    out: list[Clue] = []
    for place in places:
        for step in DIRECTIONS.values():
            cells = diagonal(n, place, step)
            if len(cells) < 2 or frozenset(cells) in seen:
                continue
            seen.add(frozenset(cells))
            out.append(LittleKiller(cells=cells, total=sum(grid.value(c) for c in cells)))
    return tuple(out)


def _walks(n: int, start: Cell, longest: int, fits: Callable[[list[Cell]], bool]) -> Iterator[list[Cell]]:
    """Every line of touching cells from `start`, at most `longest` cells, each prefix kept by
    `fits` (which cuts the search short)."""
    todo = [[start]]
    while todo:
        line = todo.pop()
        yield line
        if len(line) < longest:
            todo.extend(line + [nb] for nb in touching(line[-1], n) if nb not in line and fits(line + [nb]))


@lru_cache(maxsize=4)
def arrows(grid: Grid, puzzle: Puzzle) -> tuple[Clue, ...]:
    """Every arrow with a one-cell circle and a shaft of one to three touching cells (the first
    touching the circle) whose digits add up to the circle's."""
    n = puzzle.size
    out: list[Arrow] = []
    for circle in all_cells(n):
        fits = partial(_shaft_fits, grid, circle)
        for first in touching(circle, n):
            for shaft in _walks(n, first, 3, fits):
                if fits(shaft) and sum(grid.value(c) for c in shaft) == grid.value(circle):
                    out.append(Arrow(circle=(circle,), cells=tuple(shaft)))
    return tuple(sorted(out, key=lambda a: (a.circle, a.cells)))


def _shaft_fits(grid: Grid, circle: Cell, line: list[Cell]) -> bool:
    """A shaft (so far) off the circle whose digits do not add up to more than the circle's."""
    return circle not in line and sum(grid.value(c) for c in line) <= grid.value(circle)


def _lines(grid: Grid, puzzle: Puzzle, fits: Callable[[list[Cell]], bool], make: Callable[[tuple[Cell, ...]], Clue]) -> tuple[Clue, ...]:
    """Every line of three to five touching cells that `fits` keeps, read from its smaller end."""
    n = puzzle.size
    out: list[Clue] = []
    for start in all_cells(n):
        for line in _walks(n, start, 5, fits):
            if len(line) >= 3 and line[0] < line[-1]:
                out.append(make(tuple(line)))
    return tuple(out)


def whisper_gap(puzzle: Puzzle) -> int:
    """German whispers' difference for the grid's digits: at least half their span (5 on 1-9)."""
    low, high = puzzle.digits
    return (high - low + 2) // 2


@lru_cache(maxsize=4)
def whispers(grid: Grid, puzzle: Puzzle) -> tuple[Clue, ...]:
    """Every German whispers line of three to five cells: neighbours on it differ by at least
    `whisper_gap`."""
    gap = whisper_gap(puzzle)

    def fits(line: list[Cell]) -> bool:
        return len(line) < 2 or abs(grid.value(line[-1]) - grid.value(line[-2])) >= gap

    return _lines(grid, puzzle, fits, lambda cells: Whispers(cells=cells, difference=gap))


@lru_cache(maxsize=4)
def renbans(grid: Grid, puzzle: Puzzle) -> tuple[Clue, ...]:
    """Every renban line of three to five cells: different digits that are a run (checked of
    the whole line; a prefix only needs different digits no further apart than five)."""

    def fits(line: list[Cell]) -> bool:
        values = [grid.value(c) for c in line]
        return len(set(values)) == len(values) and max(values) - min(values) < 5

    def run(line: list[Cell]) -> bool:
        values = [grid.value(c) for c in line]
        return fits(line) and max(values) - min(values) == len(values) - 1

    return tuple(clue for clue in _lines(grid, puzzle, fits, lambda cells: Renban(cells=cells))
                 if run(list(clue.named_cells())))


@dataclass(frozen=True)
class PoolMaker:
    """Clues of one kind drawn from its pool: `first(n)` of them to start on an n x n grid (all
    when it gives None); `apart`: lines, no cell on two of them while that can be kept."""

    pool: Pool
    first: Callable[[int], int | None]
    apart: bool = False

    def make(self, grid: Grid, puzzle: Puzzle, rng: random.Random) -> tuple[Clue, ...]:
        """The first clues: a random part of the pool."""
        pool = self.pool(grid, puzzle)
        places = _places(pool)
        order = list(range(len(pool)))
        rng.shuffle(order)
        want = self.first(puzzle.size)
        if want is None:
            return tuple(pool[k] for k in order)
        picked: list[Clue] = []
        used: set[Cell] = set()
        for k in order:
            if len(picked) >= want:
                break
            if self.apart and places[k] & used:
                continue
            picked.append(pool[k])
            used |= places[k]
        return tuple(picked)

    def refine(
        self, clues: tuple[Clue, ...], grid: Grid, puzzle: Puzzle, cells: Sequence[Cell], rng: random.Random
    ) -> tuple[Clue, ...] | None:
        """One more clue of the pool touching a cell where solutions differ (None: none left)."""
        pool = self.pool(grid, puzzle)
        places = _places(pool)
        spots = set(cells)
        have = set(clues)
        options = [k for k, clue in enumerate(pool) if clue not in have and spots & places[k]]
        if self.apart:  # a line of its own cells first
            used = {cell for k, clue in enumerate(pool) if clue in have for cell in places[k]}
            options = [k for k in options if not used & places[k]] or options
        if not options:
            return None
        return (*clues, pool[rng.choice(options)])


@lru_cache(maxsize=16)
def _places(pool: tuple[Clue, ...]) -> tuple[frozenset[Cell], ...]:
    """The cells each clue of a pool names."""
    return tuple(frozenset(clue.named_cells()) for clue in pool)
