"""Clue generators for clues outside the grid: sandwich, X-sum, skyscraper, full rank, hidden
skyscraper, numbered room, little killer.

Each generator adds a TOML table to spec.tables and the same rule as relations or predicates.
Given a reference grid (`sol`), the clue is one that grid obeys (where one is found); else random.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from hypothesis import strategies as st

from .shapes import _values, name
from .spec import Cell, Draw, Predicate, Solution, Spec, Values


def _outside(draw: Draw, spec: Spec, kind: str) -> tuple[dict[str, object], tuple[Cell, ...]] | None:
    """An outside clue not used yet: its TOML place and the cells it sees, nearest first."""
    n = spec.size
    side = draw(st.sampled_from(["top", "bottom", "left", "right"]))
    i = draw(st.integers(1, n))
    place = {"top": (0, i), "bottom": (n + 1, i), "left": (i, 0), "right": (i, n + 1)}[side]
    if (kind, place) in spec.marked.get("outside", set()):  # type: ignore[operator]
        return None
    spec.marked.setdefault("outside", set()).add((kind, place))  # type: ignore[arg-type]
    if side in ("top", "bottom"):
        cells = tuple((r, i) for r in (range(1, n + 1) if side == "top" else range(n, 0, -1)))
        where: dict[str, object] = (
            {"clue": name(place)} if draw(st.booleans()) else {"line": f"c{i}", "side": side}
        )
    else:
        cells = tuple((i, c) for c in (range(1, n + 1) if side == "left" else range(n, 0, -1)))
        where = {"clue": name(place)} if draw(st.booleans()) else {"line": f"r{i}", "side": side}
    return where, cells


def _sandwich_sum(v: Values, n: int) -> int:
    a, b = sorted((v.index(1), v.index(n)))
    return sum(v[a + 1 : b])


def _xsum(v: Values) -> int:
    return sum(v[: v[0]])


def _visible(v: Values) -> int:
    return sum(1 for i, x in enumerate(v) if all(x > y for y in v[:i]))


def gen_sandwich(draw: Draw, spec: Spec, sol: Solution) -> None:
    n = spec.size
    placed = _outside(draw, spec, "sandwich-line")
    if placed is None:
        return
    where, cells = placed
    # one sandwich per row or column: the clue from either end reads the same
    key = ("sandwich", cells[0][0] if cells[0][0] == cells[-1][0] else -cells[0][1])
    if key in spec.marked.get("sandwich-lines", set()):  # type: ignore[operator]
        return
    spec.marked.setdefault("sandwich-lines", set()).add(key)  # type: ignore[arg-type]
    vals = _values(sol, cells)
    total = _sandwich_sum(vals, n) if vals else draw(st.integers(0, sum(range(2, n))))
    spec.groups.append((cells, lambda v: _sandwich_sum(v, n) == total))
    spec.tables.append(("sandwich", {**where, "sum": total}))


def _read_along(
    kind: str, key: str, read: Callable[[Values], int], most: Callable[[int], int]
) -> Callable[[Draw, Spec, Solution], None]:
    """A generator of an outside clue whose number is `read` from the digits along its line
    (`key` in the TOML table): the reference grid's number, else a random one in 1..most(N)."""

    def gen(draw: Draw, spec: Spec, sol: Solution) -> None:
        placed = _outside(draw, spec, kind)
        if placed is None:
            return
        where, cells = placed
        vals = _values(sol, cells)
        number = read(vals) if vals else draw(st.integers(1, most(spec.size)))
        spec.groups.append((cells, lambda v: read(v) == number))
        spec.tables.append((kind, {**where, key: number}))

    return gen


gen_x_sum = _read_along("x-sum", "sum", _xsum, lambda n: sum(range(1, n + 1)))
gen_skyscraper = _read_along("skyscraper", "count", _visible, lambda n: n)


def _numbers(v: Values, n: int) -> list[Values]:
    """The 4N numbers of a grid given row by row: each row and column read from both ends."""
    rows = [v[r * n : (r + 1) * n] for r in range(n)]
    cols = [tuple(row[c] for row in rows) for c in range(n)]
    return [x for line in rows + cols for x in (line, line[::-1])]


def _full_rank_ok(n: int, cells: tuple[Cell, ...], rank: int, ties: str) -> Predicate:
    def ok(v: Values) -> bool:
        grid = {(r, c): v[(r - 1) * n + c - 1] for r in range(1, n + 1) for c in range(1, n + 1)}
        own = tuple(grid[x] for x in cells)
        numbers = _numbers(v, n)
        if sum(1 for x in numbers if x < own) != rank - 1:
            return False
        if ties != "any" and numbers.count(own) > 1:
            return False
        return ties != "none" or len(set(numbers)) == len(numbers)

    return ok


def gen_full_rank(draw: Draw, spec: Spec, sol: Solution) -> None:
    n = spec.size
    placed = _outside(draw, spec, "full-rank")
    if placed is None:
        return
    where, cells = placed
    ties = draw(st.sampled_from(["unclued", "unclued", "any", "none"]))
    if sol:
        values = tuple(sol[x] for x in spec.cells)
        own = tuple(sol[x] for x in cells)
        numbers = _numbers(values, n)
        rank = 1 + sum(1 for x in numbers if x < own)
        if numbers.count(own) > 1:  # honest: allow the ties the reference grid has
            ties = "any"
        elif ties == "none" and len(set(numbers)) < len(numbers):
            ties = "unclued"
    else:
        rank = draw(st.integers(1, 4 * n))
    spec.groups.append((tuple(spec.cells), _full_rank_ok(n, cells, rank, ties)))
    table: dict[str, object] = {**where, "rank": rank}
    if ties != "unclued" or draw(st.booleans()):
        table["ties"] = ties
    spec.tables.append(("full-rank", table))


def _first_hidden(v: Values) -> int | None:
    for i, x in enumerate(v):
        if i and x < max(v[:i]):
            return x
    return None


def gen_hidden_skyscraper(draw: Draw, spec: Spec, sol: Solution) -> None:
    placed = _outside(draw, spec, "hidden-skyscraper")
    if placed is None:
        return
    where, cells = placed
    vals = _values(sol, cells)
    hidden = _first_hidden(vals) if vals else None
    digit = hidden if hidden is not None else draw(st.integers(1, spec.size))
    spec.groups.append((cells, lambda v: _first_hidden(v) == digit))
    spec.tables.append(("hidden-skyscraper", {**where, "digit": digit}))


def _numbered_room(v: Values) -> int:
    return v[v[0] - 1]


def gen_numbered_room(draw: Draw, spec: Spec, sol: Solution) -> None:
    placed = _outside(draw, spec, "numbered-room")
    if placed is None:
        return
    where, cells = placed
    vals = _values(sol, cells)
    digit = _numbered_room(vals) if vals else draw(st.integers(1, spec.size))
    spec.groups.append((cells, lambda v: _numbered_room(v) == digit))
    spec.tables.append(("numbered-room", {**where, "digit": digit}))


DIAGONALS = {"up-left": (-1, -1), "up-right": (-1, 1), "down-left": (1, -1), "down-right": (1, 1)}


def gen_little_killer(draw: Draw, spec: Spec, sol: Solution) -> None:
    n = spec.size
    direction = draw(st.sampled_from(sorted(DIAGONALS)))
    dr, dc = DIAGONALS[direction]
    outside = [(r, c) for r in range(n + 2) for c in range(n + 2) if (r in (0, n + 1)) != (c in (0, n + 1))]
    clue = draw(st.sampled_from(outside))
    cells = []
    r, c = clue[0] + dr, clue[1] + dc
    while 1 <= r <= n and 1 <= c <= n:
        cells.append((r, c))
        r, c = r + dr, c + dc
    if not cells:
        return
    # bounds: digits may repeat along a diagonal, except inside one box
    per_box = Counter(spec.region(x) for x in cells)
    low = sum(sum(range(1, k + 1)) for k in per_box.values())
    high = sum(sum(range(n - k + 1, n + 1)) for k in per_box.values())
    total = sum(sol[x] for x in cells) if sol else draw(st.integers(low, high))
    spec.groups.append((tuple(cells), lambda v: sum(v) == total))
    if draw(st.booleans()):
        table: dict[str, object] = {"sum": total, "clue": name(clue), "direction": direction}
    else:
        table = {"sum": total, "cells": [name(x) for x in cells]}
    spec.tables.append(("little-killer", table))
