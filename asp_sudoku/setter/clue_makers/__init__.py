"""Random clues for a solution grid, one maker per kind `generate --clues` takes.

A `ClueMaker` has `make(grid, puzzle, rng)`: clue records the grid satisfies, in a deterministic
order for that generator state; and `refine(clues, grid, puzzle, cells, rng)`: more telling clues
when two solutions still differ in `cells` (a cage split in two, one more thermometer, one more
clue of a pool), or None when it cannot.  `generate` refines until the clues alone are unique (or
nothing refines them), then drops the givens and clues the puzzle does not need.

Killer cages (`cages`) and thermometers (`thermos`) are grown on the grid; the other kinds are
drawn from the pool of every such clue the grid satisfies (`pools`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from asp_sudoku.core.model import Cell, Clue, Grid, Puzzle
from asp_sudoku.setter.clue_makers import pools
from asp_sudoku.setter.clue_makers.cages import make_cages, split_cage
from asp_sudoku.setter.clue_makers.thermos import add_thermo, make_thermos

Maker = Callable[[Grid, Puzzle, random.Random], tuple[Clue, ...]]
Refiner = Callable[[tuple[Clue, ...], Grid, Puzzle, Sequence[Cell], random.Random], tuple[Clue, ...] | None]


@dataclass(frozen=True)
class ClueMaker:
    """How to make clues of one kind for a grid, and how to make them tell more; `kinds` are
    the clue kinds (`Clue.kind`) it makes."""

    make: Maker
    refine: Refiner
    kinds: tuple[str, ...]


def _pooled(pool: pools.Pool, first: Callable[[int], int | None], kinds: tuple[str, ...], apart: bool = False) -> ClueMaker:
    maker = pools.PoolMaker(pool, first, apart)
    return ClueMaker(maker.make, maker.refine, kinds)


CLUE_MAKERS: dict[str, ClueMaker] = {
    "killer": ClueMaker(make_cages, split_cage, ("killer",)),
    "thermo": ClueMaker(make_thermos, add_thermo, ("thermo",)),
    "arrow": _pooled(pools.arrows, lambda n: n, ("arrow",), apart=True),
    "little-killer": _pooled(pools.little_killers, lambda n: n, ("little-killer",)),
    "kropki": _pooled(pools.dots, lambda n: None, ("kropki-white", "kropki-black")),
    "xv": _pooled(pools.xvs, lambda n: None, ("xv",)),
    "sandwich": _pooled(pools.sandwiches, lambda n: None, ("sandwich",)),
    "whispers": _pooled(pools.whispers, lambda n: n // 2 + 1, ("whispers",), apart=True),
    "renban": _pooled(pools.renbans, lambda n: n // 2 + 1, ("renban",), apart=True),
}
"""Every kind `generate --clues` makes, by the name it is asked for."""
