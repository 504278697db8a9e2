"""Killer cages for a solution grid: connected cages of 2-5 cells covering the grid, each with
its digits' sum; refined by splitting a cage where two solutions differ."""

from __future__ import annotations

import random
from collections.abc import Sequence

from asp_sudoku.core.model import Cell, Clue, Grid, Puzzle
from asp_sudoku.rules.killer import Killer
from asp_sudoku.setter.clue_makers.cells import all_cells, components, orthogonal


def make_cages(grid: Grid, puzzle: Puzzle, rng: random.Random) -> tuple[Clue, ...]:
    """Cover the grid with connected cages of 2-5 cells (distinct digits in the grid), each
    with the sum of its digits; a cell left alone joins a neighbouring cage when it can."""
    n = puzzle.size
    largest = max(2, min(5, n - 1))
    owner: dict[Cell, int] = {}
    cages: list[list[Cell]] = []
    order = all_cells(n)
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
                    for nb in orthogonal(c, n)
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
        homes = sorted({owner[nb] for nb in orthogonal(cell, n)} - {k})
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


def split_cage(
    clues: tuple[Clue, ...], grid: Grid, puzzle: Puzzle, cells: Sequence[Cell], rng: random.Random
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
        for nb in orthogonal(here, 10**6):
            if nb in cage.cells and nb not in seen:
                seen.add(nb)
                order.append(nb)
    first = order[: len(order) // 2]
    parts = components(first) + components([c for c in cage.cells if c not in first])
    pieces = tuple(Killer(cells=tuple(p), total=sum(grid.value(c) for c in p)) for p in parts)
    return clues[:k] + pieces + clues[k + 1 :]
