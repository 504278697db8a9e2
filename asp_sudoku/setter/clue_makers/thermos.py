"""Thermometers for a solution grid: lines of 3-5 touching cells along increasing digits, no
cell on two of them, about half the grid; refined by one more thermometer where two solutions
differ."""

from __future__ import annotations

import random
from collections.abc import Sequence

from asp_sudoku.core.model import Cell, Clue, Grid, Puzzle
from asp_sudoku.rules.thermo import Thermo
from asp_sudoku.setter.clue_makers.cells import all_cells, touching


def make_thermos(grid: Grid, puzzle: Puzzle, rng: random.Random) -> tuple[Clue, ...]:
    """Thermometers of 3-5 cells along increasing digits of the grid, cells touching
    (orthogonally or diagonally), no cell on two thermometers; about half the grid covered."""
    n = puzzle.size
    used: set[Cell] = set()
    thermos: list[tuple[Cell, ...]] = []
    order = all_cells(n)
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
                for nb in touching(here, n)
                if nb not in used and nb not in line and grid.value(nb) > grid.value(here)
            )
            if not steps:
                break
            line.append(rng.choice(steps))
        if len(line) >= 3:
            thermos.append(tuple(line))
            used.update(line)
    return tuple(Thermo(cells=line) for line in thermos)


def add_thermo(
    clues: tuple[Clue, ...], grid: Grid, puzzle: Puzzle, cells: Sequence[Cell], rng: random.Random
) -> tuple[Clue, ...] | None:
    """One more thermometer through a cell where solutions differ (None when none fits)."""
    n = grid.size
    have = {c.cells for c in clues if isinstance(c, Thermo)}
    for spot in rng.sample(sorted(cells), len(cells)):
        line = [spot]
        while len(line) < 4:
            steps = sorted(
                nb
                for nb in touching(line[-1], n)
                if nb not in line and grid.value(nb) > grid.value(line[-1])
            )
            if not steps:
                break
            line.append(rng.choice(steps))
        while len(line) < 4:
            steps = sorted(
                nb
                for nb in touching(line[0], n)
                if nb not in line and grid.value(nb) < grid.value(line[0])
            )
            if not steps:
                break
            line.insert(0, rng.choice(steps))
        if len(line) >= 2 and tuple(line) not in have:
            return (*clues, Thermo(cells=tuple(line)))
    return None
