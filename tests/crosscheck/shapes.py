"""Shapes for the clue generators: cell names, neighbours, random cells and lines (lines a
reference grid obeys, too), free orthogonal pairs, and a reference grid's values."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from hypothesis import strategies as st

from .spec import Cell, Draw, Predicate, Spec, Values


def name(cell: Cell) -> str:
    return f"r{cell[0]}c{cell[1]}"


def neighbours(cell: Cell, n: int, diagonal: bool = True) -> list[Cell]:
    r, c = cell
    steps = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr or dc) and (diagonal or not (dr and dc))]
    return [(r + dr, c + dc) for dr, dc in steps if 1 <= r + dr <= n and 1 <= c + dc <= n]


def random_cell(draw: Draw, n: int) -> Cell:
    return (draw(st.integers(1, n)), draw(st.integers(1, n)))


def king_path(draw: Draw, n: int, length: int) -> list[Cell]:
    """Distinct cells, each touching the previous one (it may end early in a corner)."""
    path = [random_cell(draw, n)]
    while len(path) < length:
        steps = [c for c in neighbours(path[-1], n) if c not in path]
        if not steps:
            break
        path.append(draw(st.sampled_from(steps)))
    return path


def obeyed_line(draw: Draw, n: int, lengths: tuple[int, int], pred: Predicate,
                solution: dict[Cell, int] | None, budget: int = 3000,
                path_pred: Callable[[Sequence[Cell], Values], bool] | None = None,
                starts: Sequence[Cell] | None = None, avoid: Sequence[Cell] = ()) -> list[Cell]:
    """A random line of distinct touching cells; with a reference grid, one whose values
    satisfy `pred` when a randomized search over lines finds one (shorter lines are tried when
    none of the drawn length is found within the budget), else a random line."""
    fallback = king_path(draw, n, draw(st.integers(*lengths)))
    if starts is not None:  # a line from given cells (an arrow's shaft): build the fallback there
        fallback = [draw(st.sampled_from(list(starts)))]
        while len(fallback) < lengths[1]:
            steps = [c for c in neighbours(fallback[-1], n) if c not in fallback and c not in avoid]
            if not steps:
                break
            fallback.append(draw(st.sampled_from(steps)))
    if solution is None:
        return fallback
    rng = random.Random(draw(st.integers(0, 2**32)))
    want = rng.randint(*lengths)
    starts = list(starts) if starts is not None else [(r, c) for r in range(1, n + 1) for c in range(1, n + 1)]
    rng.shuffle(starts)
    visited = 0

    def extend(path: list[Cell]) -> list[Cell] | None:
        nonlocal visited
        visited += 1
        if len(path) == want:
            values = tuple(solution[c] for c in path)
            return path if (path_pred(path, values) if path_pred else pred(values)) else None
        steps = [c for c in neighbours(path[-1], n) if c not in path and c not in avoid]
        rng.shuffle(steps)
        for step in steps:
            if visited > budget:
                return None
            found = extend([*path, step])
            if found:
                return found
        return None

    for length in range(want, lengths[0] - 1, -1):  # no such line within budget: a shorter one
        want, visited = length, 0
        for start in starts:
            found = extend([start])
            if found:
                return found
            if visited > budget:
                break
    return fallback


def orthogonal_pair(draw: Draw, spec: Spec, kinds: Sequence[str],
                    fits: Callable[[Cell, Cell], bool] | None = None) -> tuple[Cell, Cell] | None:
    """Two orthogonal neighbours (reading order) not yet used by a clue of these kinds; with
    `fits`, a pair it accepts (None when there is none)."""
    n = spec.size
    taken = set().union(*(spec.marked.get(k, set()) for k in kinds))
    if fits is not None:
        good = [(a, b) for a in spec.cells for b in neighbours(a, n, diagonal=False)
                if a < b and frozenset((a, b)) not in taken and fits(a, b)]
        return draw(st.sampled_from(good)) if good else None
    for _ in range(10):
        a = random_cell(draw, n)
        b = draw(st.sampled_from(neighbours(a, n, diagonal=False)))
        a, b = sorted((a, b))
        if frozenset((a, b)) not in taken:
            return a, b
    return None


def _values(solution: dict[Cell, int] | None, cells: Sequence[Cell]) -> Values | None:
    return None if solution is None else tuple(solution[c] for c in cells)
