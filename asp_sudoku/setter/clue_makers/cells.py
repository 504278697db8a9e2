"""Cells of an n x n grid and their neighbours, for the clue makers."""

from __future__ import annotations

from collections.abc import Sequence

from asp_sudoku.core.model import Cell


def all_cells(n: int) -> list[Cell]:
    """Every cell, row by row."""
    return [(r, c) for r in range(1, n + 1) for c in range(1, n + 1)]


def orthogonal(cell: Cell, n: int) -> list[Cell]:
    """The cells beside, above and below a cell (inside the grid)."""
    r, c = cell
    steps = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
    return [(a, b) for a, b in steps if 1 <= a <= n and 1 <= b <= n]


def touching(cell: Cell, n: int) -> list[Cell]:
    """The cells touching a cell, diagonally too (inside the grid)."""
    r, c = cell
    return [
        (r + dr, c + dc)
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr or dc) and 1 <= r + dr <= n and 1 <= c + dc <= n
    ]


def components(cells: Sequence[Cell]) -> list[list[Cell]]:
    """The orthogonally connected parts of a set of cells, each sorted."""
    left = set(cells)
    parts = []
    while left:
        start = min(left)
        part, todo = {start}, [start]
        left.discard(start)
        while todo:
            here = todo.pop()
            for nb in orthogonal(here, 10**6):
                if nb in left:
                    left.discard(nb)
                    part.add(nb)
                    todo.append(nb)
        parts.append(sorted(part))
    return parts
