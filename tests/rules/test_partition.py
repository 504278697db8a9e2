"""`bounds.partition` and `bounds.greedy` (the groups of a line whose cells hold different digits)
give exactly what their plain definitions give: the bitmask versions (a sixth of the time on
"Long sums" lines) change no program."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from asp_sudoku.core.model import Cell
from asp_sudoku.rules.running_sums.bounds import greedy, partition

Units = Callable[[Cell], tuple[int, ...]]


def plain_greedy(cells: list[Cell], units: Units) -> list[list[Cell]]:
    """Each cell joins the first group it shares a unit with every cell of."""
    groups: list[list[Cell]] = []
    for cell in cells:
        for group in groups:
            if all(any(a == b for a, b in zip(units(cell), units(other))) for other in group):
                group.append(cell)
                break
        else:
            groups.append([cell])
    return groups


def plain_partition(cells: list[Cell], units: Units) -> list[list[Cell]]:
    """The first of the tightest of: greedy; by houses, the fullest house of any kind each
    round (the lower kind, then unit, on a tie); by houses of the kinds in one order, the
    fullest of the first kind with two cells left each round, else one cell at a time."""
    unique = list(dict.fromkeys(cells))
    tried = [plain_greedy(cells, units)]
    for kinds in (None, (2, 0, 1), (0, 1, 2), (1, 0, 2)):
        left, groups = list(unique), []
        while left:
            houses: dict[tuple[int, int], list[Cell]] = {}
            for cell in left:
                for kind, unit in enumerate(units(cell)):
                    houses.setdefault((kind, unit), []).append(cell)
            if kinds is None:
                best = max(houses, key=lambda h: (len(houses[h]), -h[0], -h[1]))
            else:
                order = kinds
                best = max(houses, key=lambda h: (min(len(houses[h]), 2), -order.index(h[0]), len(houses[h]), -h[1]))
            groups.append(houses[best])
            left = [cell for cell in left if cell not in houses[best]]
        tried.append(groups)
    return max(tried, key=lambda groups: sum(len(g) * (len(g) - 1) // 2 for g in groups))


def boxes(rows: int, cols: int) -> Units:
    return lambda cell: (cell[0], cell[1], (cell[0] - 1) // rows * 1000 + (cell[1] - 1) // cols)


def odd(cell: Cell) -> tuple[int, ...]:
    """Cells alone in some kinds (an extra cell, a grid that is no Latin square) and regions."""
    r, c = cell
    alone = -1 - r * 1000 - c
    if (r + c) % 5 == 0:
        return (alone, alone, alone)
    return (r, c, alone) if r % 3 else (alone, alone, (r * 7 + c) % 4)


@pytest.mark.parametrize(("size", "units"), [(4, boxes(2, 2)), (6, boxes(2, 3)), (9, boxes(3, 3)), (9, odd), (16, boxes(4, 4))])
def test_the_same_groups_as_the_plain_definitions(size: int, units: Units) -> None:
    rng = random.Random(size)
    for _ in range(400):
        cells = [(rng.randint(1, size), rng.randint(1, size)) for _ in range(rng.randint(1, 36))]
        if rng.random() < 0.5:
            cells = list(dict.fromkeys(cells))
        assert greedy(cells, units) == plain_greedy(cells, units), cells
        assert partition(cells, units) == plain_partition(cells, units), cells

