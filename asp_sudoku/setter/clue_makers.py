"""Random clues for a solution grid: killer cages and thermometers that the grid satisfies.

A `ClueMaker` has `make(grid, puzzle, rng)`: clue records for the grid, in a deterministic
order for that generator state; and `refine(clues, grid, cells, rng)`: more telling clues
when two solutions still differ in `cells` (a cage split in two, one more thermometer), or
None when it cannot.  `generate` refines until the clues alone are unique, then drops the
clues the puzzle does not need.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from asp_sudoku.core.model import Cell, Clue, Grid, Puzzle
from asp_sudoku.rules.killer import Killer
from asp_sudoku.rules.thermo import Thermo

Maker = Callable[[Grid, Puzzle, random.Random], tuple[Clue, ...]]
Refiner = Callable[[tuple[Clue, ...], Grid, Sequence[Cell], random.Random], tuple[Clue, ...] | None]


def _cells(n: int) -> list[Cell]:
    return [(r, c) for r in range(1, n + 1) for c in range(1, n + 1)]


def _orthogonal(cell: Cell, n: int) -> list[Cell]:
    r, c = cell
    steps = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
    return [(a, b) for a, b in steps if 1 <= a <= n and 1 <= b <= n]


def _touching(cell: Cell, n: int) -> list[Cell]:
    r, c = cell
    return [
        (r + dr, c + dc)
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr or dc) and 1 <= r + dr <= n and 1 <= c + dc <= n
    ]


def make_cages(grid: Grid, puzzle: Puzzle, rng: random.Random) -> tuple[Clue, ...]:
    """Cover the grid with connected cages of 2-5 cells (distinct digits in the grid), each
    with the sum of its digits; a cell left alone joins a neighbouring cage when it can."""
    n = puzzle.size
    largest = max(2, min(5, n - 1))
    owner: dict[Cell, int] = {}
    cages: list[list[Cell]] = []
    order = _cells(n)
    rng.shuffle(order)
    for start in order:
        if start in owner:
            continue
        target = rng.choice([s for s in (2, 2, 3, 3, 3, 4, 4, 5) if s <= largest])
        cage = [start]
        owner[start] = len(cages)
        while len(cage) < target:
            digits = {grid.value(c) for c in cage}
            frontier = sorted(
                {
                    nb
                    for c in cage
                    for nb in _orthogonal(c, n)
                    if nb not in owner and grid.value(nb) not in digits
                }
            )
            if not frontier:
                break
            nxt = rng.choice(frontier)
            cage.append(nxt)
            owner[nxt] = len(cages)
        cages.append(cage)
    for k, cage in enumerate(cages):  # fold lone cells into a neighbour when digits allow
        if len(cage) != 1:
            continue
        cell = cage[0]
        homes = sorted({owner[nb] for nb in _orthogonal(cell, n)} - {k})
        homes = [
            h
            for h in homes
            if len(cages[h]) < 6 and grid.value(cell) not in {grid.value(c) for c in cages[h]}
        ]
        if homes:
            home = rng.choice(homes)
            cages[home].append(cell)
            owner[cell] = home
            cages[k] = []
    return tuple(
        Killer(cells=tuple(sorted(cage)), total=sum(grid.value(c) for c in cage))
        for cage in cages
        if cage
    )


def make_thermos(grid: Grid, puzzle: Puzzle, rng: random.Random) -> tuple[Clue, ...]:
    """Thermometers of 3-5 cells along increasing digits of the grid, cells touching
    (orthogonally or diagonally), no cell on two thermometers; about half the grid covered."""
    n = puzzle.size
    used: set[Cell] = set()
    thermos: list[tuple[Cell, ...]] = []
    order = _cells(n)
    rng.shuffle(order)
    for start in order:
        if start in used or len(used) * 2 >= n * n:
            continue
        length = rng.randint(3, min(5, n))
        line = [start]
        while len(line) < length:
            here = line[-1]
            steps = sorted(
                nb
                for nb in _touching(here, n)
                if nb not in used and nb not in line and grid.value(nb) > grid.value(here)
            )
            if not steps:
                break
            line.append(rng.choice(steps))
        if len(line) >= 3:
            thermos.append(tuple(line))
            used.update(line)
    return tuple(Thermo(cells=line) for line in thermos)


def _components(cells: Sequence[Cell]) -> list[list[Cell]]:
    """The orthogonally connected parts of a set of cells, each sorted."""
    left = set(cells)
    parts = []
    while left:
        start = min(left)
        part, todo = {start}, [start]
        left.discard(start)
        while todo:
            here = todo.pop()
            for nb in _orthogonal(here, 10**6):
                if nb in left:
                    left.discard(nb)
                    part.add(nb)
                    todo.append(nb)
        parts.append(sorted(part))
    return parts


def split_cage(
    clues: tuple[Clue, ...], grid: Grid, cells: Sequence[Cell], rng: random.Random
) -> tuple[Clue, ...] | None:
    """Split a cage holding a cell where solutions differ into connected parts, each with
    its sum; None when every such cage is a single cell already."""
    spots = set(cells)
    choices = [
        k
        for k, c in enumerate(clues)
        if isinstance(c, Killer) and len(c.cells) > 1 and spots & set(c.cells)
    ]
    if not choices:
        return None
    k = rng.choice(choices)
    cage = clues[k]
    assert isinstance(cage, Killer)
    start = rng.choice(sorted(spots & set(cage.cells)))
    order, seen = [start], {start}
    for here in order:  # breadth-first from the chosen cell, inside the cage
        for nb in _orthogonal(here, 10**6):
            if nb in cage.cells and nb not in seen:
                seen.add(nb)
                order.append(nb)
    first = order[: len(order) // 2]
    parts = _components(first) + _components([c for c in cage.cells if c not in first])
    pieces = tuple(Killer(cells=tuple(p), total=sum(grid.value(c) for c in p)) for p in parts)
    return clues[:k] + pieces + clues[k + 1 :]


def add_thermo(
    clues: tuple[Clue, ...], grid: Grid, cells: Sequence[Cell], rng: random.Random
) -> tuple[Clue, ...] | None:
    """One more thermometer through a cell where solutions differ (None when none fits)."""
    n = grid.size
    have = {c.cells for c in clues if isinstance(c, Thermo)}
    for spot in rng.sample(sorted(cells), len(cells)):
        line = [spot]
        while len(line) < 4:
            steps = sorted(
                nb
                for nb in _touching(line[-1], n)
                if nb not in line and grid.value(nb) > grid.value(line[-1])
            )
            if not steps:
                break
            line.append(rng.choice(steps))
        while len(line) < 4:
            steps = sorted(
                nb
                for nb in _touching(line[0], n)
                if nb not in line and grid.value(nb) < grid.value(line[0])
            )
            if not steps:
                break
            line.insert(0, rng.choice(steps))
        if len(line) >= 2 and tuple(line) not in have:
            return (*clues, Thermo(cells=tuple(line)))
    return None


@dataclass(frozen=True)
class ClueMaker:
    """How to make clues of one kind for a grid, and how to make them tell more."""

    make: Maker
    refine: Refiner


CLUE_MAKERS: dict[str, ClueMaker] = {
    "killer": ClueMaker(make_cages, split_cage),
    "thermo": ClueMaker(make_thermos, add_thermo),
}
