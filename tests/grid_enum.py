"""A tiny brute-force enumerator of filled grids, for exact answer-set tests.

Pure Python and deliberately naive: it shares nothing with the encodings or with check.py.  It
fills cells row by row with every value that repeats nothing in its row, column and box (when
there are boxes) and agrees with the givens; the tests then filter the grids with a rule written
out directly (a lambda) and compare with the solver's answer sets.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

Rows = tuple[tuple[int, ...], ...]


def grids(
    size: int,
    box: tuple[int, int] | None,
    givens: dict[tuple[int, int], int] | None = None,
    low: int = 1,
    high: int | None = None,
) -> Iterator[Rows]:
    """Every filled grid (rows of values) respecting rows, columns, boxes and the givens, which
    are keyed by 1-based (row, column).  Givens are placed first; empty cells are then filled
    row by row with every value that repeats nothing already placed in its row, column or box."""
    empty = low - 1
    g = [[empty] * size for _ in range(size)]

    def peers(r: int, c: int) -> Iterator[tuple[int, int]]:
        for j in range(size):
            if j != c:
                yield r, j
        for i in range(size):
            if i != r:
                yield i, c
        if box:
            top, left = r - r % box[0], c - c % box[1]
            for i in range(top, top + box[0]):
                for j in range(left, left + box[1]):
                    if (i, j) != (r, c):
                        yield i, j

    def fits(r: int, c: int, v: int) -> bool:
        return all(g[i][j] != v for i, j in peers(r, c))

    for (r, c), v in sorted((givens or {}).items()):
        if not fits(r - 1, c - 1, v):
            return
        g[r - 1][c - 1] = v
    order = [(r, c) for r in range(size) for c in range(size) if g[r][c] == empty]

    def fill(k: int) -> Iterator[Rows]:
        if k == len(order):
            yield tuple(tuple(row) for row in g)
            return
        r, c = order[k]
        for v in range(low, (low + size - 1 if high is None else high) + 1):
            if fits(r, c, v):
                g[r][c] = v
                yield from fill(k + 1)
        g[r][c] = empty

    yield from fill(0)


def matching(
    size: int,
    box: tuple[int, int] | None,
    rule: Callable[[Rows], bool],
    givens: dict[tuple[int, int], int] | None = None,
    low: int = 1,
) -> set[Rows]:
    """The set of grids that satisfy the rule."""
    return {g for g in grids(size, box, givens, low) if rule(g)}
