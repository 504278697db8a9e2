"""Clue generators for which digits a set of cells holds, how many, or where they point:
look and say, counting circles, same values, indexing, pair, count distinct, contain, value
indexing.

Each generator adds a TOML table to spec.tables and the same rule as relations or predicates.
Given a reference grid (`sol`), the clue is one that grid obeys (where one is found); else random.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import strategies as st

from .shapes import _values, king_path, name, obeyed_line
from .spec import Cell, Draw, Solution, Spec, Values


def gen_look_and_say(draw: Draw, spec: Spec, sol: Solution) -> None:
    n = spec.size
    cells = king_path(draw, n, draw(st.integers(1, min(6, n))))
    vals = _values(sol, cells)
    pool = sorted(set(vals)) if vals else list(range(1, n + 1))
    digits = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=2, unique=True))
    said = [(vals.count(d) if vals else draw(st.integers(1, 2)), d) for d in digits]
    if sum(c for c, _ in said) > len(cells):
        return
    spec.groups.append((tuple(cells), lambda v: all(v.count(d) == c for c, d in said)))
    spec.tables.append(("look-and-say", {"cells": [name(c) for c in cells], "clue": "".join(f"{c}{d}" for c, d in said)}))


def _counts_itself(v: Values) -> bool:
    return all(v.count(x) == x for x in v)


def gen_counting_circles(draw: Draw, spec: Spec, sol: Solution) -> None:
    if sol:  # circles the reference grid obeys: for some digits D, D cells holding D
        cells: list[Cell] = []
        for digit in draw(st.lists(st.integers(1, min(spec.size, 3)), min_size=1, max_size=2, unique=True)):
            holding = [c for c in spec.cells if sol[c] == digit]
            cells += draw(st.permutations(holding))[:digit]
    else:
        cells = draw(st.lists(st.sampled_from(spec.cells), min_size=1, max_size=5, unique=True))
    spec.groups.append((tuple(cells), _counts_itself))
    spec.tables.append(("counting-circles", {"cells": [name(c) for c in cells]}))


def gen_same_values(draw: Draw, spec: Spec, sol: Solution) -> None:
    size = draw(st.integers(1, 3))
    first = draw(st.lists(st.sampled_from(spec.cells), min_size=size, max_size=size, unique=True))
    sets = [first]
    for _ in range(draw(st.integers(1, 2))):
        if sol:  # a set the reference grid obeys: a cell holding each digit of the first set
            chosen: list[Cell] = []
            for c in first:
                pool = [x for x in spec.cells if sol[x] == sol[c] and x not in chosen]
                chosen.append(draw(st.sampled_from(pool)))
            sets.append(chosen)
        else:
            sets.append(draw(st.lists(st.sampled_from(spec.cells), min_size=size, max_size=size, unique=True)))
    flat = tuple(c for s in sets for c in s)
    spec.groups.append((flat, lambda v: len({tuple(sorted(v[i : i + size])) for i in range(0, len(v), size)}) == 1))
    spec.tables.append(("same-values", {"sets": [[name(c) for c in s] for s in sets]}))


def _house(spec: Spec, cell: Cell, direction: str) -> tuple[int, tuple[Cell, ...]]:
    """A cell's place (from 1) in its row, column or box, and that house's cells in order."""
    r, c = cell
    n = spec.size
    if direction == "column":
        return c, tuple((r, x) for x in range(1, n + 1))
    if direction == "row":
        return r, tuple((x, c) for x in range(1, n + 1))
    box = tuple(x for x in spec.cells if spec.region(x) == spec.region(cell))
    return box.index(cell) + 1, box


def gen_indexing(draw: Draw, spec: Spec, sol: Solution) -> None:
    direction = draw(st.sampled_from(["column", "row"] + ([] if spec.jigsaw else ["box"])))

    def obeys(cell: Cell, s: dict[Cell, int]) -> bool:
        place, house = _house(spec, cell, direction)
        return s[house[s[cell] - 1]] == place

    fitting = [c for c in spec.cells if sol and obeys(c, sol)]
    cells = draw(st.lists(st.sampled_from(fitting or spec.cells), min_size=1, max_size=3, unique=True))
    for cell in cells:
        place, house = _house(spec, cell, direction)
        spec.groups.append(((cell, *house), lambda v, place=place: v[v[0]] == place))
    spec.tables.append(("indexing", {"cells": [name(c) for c in cells], "direction": direction}))


def gen_pair(draw: Draw, spec: Spec, sol: Solution) -> None:
    n = spec.size
    cells = draw(st.lists(st.sampled_from(spec.cells), min_size=2, max_size=4, unique=True))
    every = draw(st.booleans())
    compared = [(a, b) for i, a in enumerate(cells) for b in (cells[i + 1 :] if every else cells[i + 1 : i + 2])]
    allowed = set(draw(st.lists(st.tuples(st.integers(1, n), st.integers(1, n)), max_size=n * n)))
    if sol:  # the reference grid's pairs are allowed
        allowed |= {(sol[a], sol[b]) for a, b in compared}
    spec.pairs += [(a, b, lambda x, y: (x, y) in allowed) for a, b in compared]
    table: dict[str, object] = {"cells": [name(c) for c in cells], "allowed": [list(p) for p in sorted(allowed)]}
    if every or draw(st.booleans()):
        table["all"] = every
    spec.tables.append(("pair", table))


def gen_count_distinct(draw: Draw, spec: Spec, sol: Solution) -> None:
    others = spec.cells
    if sol:  # a circle the reference grid obeys: it holds d, the cells hold d different digits
        circle = draw(st.sampled_from([c for c in spec.cells if sol[c] <= 4]))
        others = [c for c in spec.cells if c != circle]
        digits = draw(st.permutations(sorted({sol[c] for c in others})))[: sol[circle]]
        cells = [draw(st.sampled_from([c for c in others if sol[c] == d])) for d in digits]
        extra = draw(st.sampled_from(others))
        if sol[extra] in digits and extra not in cells and draw(st.booleans()):
            cells.append(extra)  # a digit counted twice
    else:
        circle = draw(st.sampled_from(spec.cells))
        cells = draw(st.lists(st.sampled_from([c for c in spec.cells if c != circle]), min_size=1, max_size=4, unique=True))
    spec.groups.append(((circle, *cells), lambda v: v[0] == len(set(v[1:]))))
    spec.tables.append(("count-distinct", {"cell": name(circle), "cells": [name(c) for c in cells]}))


def gen_contain(draw: Draw, spec: Spec, sol: Solution) -> None:
    n = spec.size
    cells = draw(st.lists(st.sampled_from(spec.cells), min_size=1, max_size=4, unique=True))
    exact = draw(st.booleans())
    vals = _values(sol, cells)
    if vals:  # digits the reference grid's cells hold (exact: every copy of each chosen digit)
        chosen = draw(st.lists(st.sampled_from(sorted(set(vals))), min_size=1, max_size=2, unique=True))
        digits = sorted(d for d in vals if d in chosen) if exact else sorted(
            draw(st.lists(st.sampled_from(vals), min_size=1, max_size=len(vals))))
        held = Counter(vals)
        digits = [d for i, d in enumerate(digits) if digits[:i].count(d) < held[d]]
    else:
        digits = sorted(draw(st.lists(st.integers(1, n), min_size=1, max_size=len(cells))))
    need = Counter(digits)
    spec.groups.append((tuple(cells), lambda v: all(
        (Counter(v)[d] == m) if exact else (Counter(v)[d] >= m) for d, m in need.items())))
    table: dict[str, object] = {"cells": [name(c) for c in cells], "digits": digits}
    if exact or draw(st.booleans()):
        table["exact"] = exact
    spec.tables.append(("contain", table))


def _value_indexing(v: Values) -> bool:
    return 1 + v[1] < len(v) and v[1 + v[1]] == v[0]


def gen_value_indexing(draw: Draw, spec: Spec, sol: Solution) -> None:
    path = obeyed_line(draw, spec.size, (3, 6), _value_indexing, sol)
    if len(path) < 3:
        return
    spec.groups.append((tuple(path), _value_indexing))
    spec.tables.append(("value-indexing", {"cells": [name(c) for c in path]}))
