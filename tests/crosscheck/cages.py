"""Clue generators for cages and other sets of cells with a sum or a balance: killer, weighted
sum, cage compare, extra region, lunchbox, rellik cage, equal sum, equality cage.

Each generator adds a TOML table to spec.tables and the same rule as relations or predicates.
Given a reference grid (`sol`), the clue is one that grid obeys (where one is found); else random.
"""

from __future__ import annotations

import itertools

from hypothesis import strategies as st

from .relations import differ
from .shapes import _values, name
from .spec import Cell, Draw, Predicate, Solution, Spec, Values


def gen_killer(draw: Draw, spec: Spec, sol: Solution, label: str | None = None) -> None:
    cells = draw(st.lists(st.sampled_from(spec.cells), min_size=1, max_size=min(spec.size, 5), unique=True))
    if sol:  # a cage the reference grid obeys: its digits differ
        cells = list({sol[c]: c for c in reversed(cells)}.values())
    table: dict[str, object] = {"cells": [name(c) for c in cells]}
    if label:
        table["label"] = label
    for a, b in itertools.combinations(cells, 2):
        spec.pairs.append((a, b, differ))
    k, n = len(cells), spec.digits
    vals = _values(sol, cells)
    mode = draw(st.sampled_from(["solution", "solution", "none"] if vals else ["random", "random", "none"]))
    if mode != "none":
        total = sum(vals) if mode == "solution" and vals and len(set(vals)) == k else draw(
            st.integers(sum(range(1, k + 1)), sum(range(n - k + 1, n + 1))))
        table["sum"] = total
        spec.groups.append((tuple(cells), lambda v, t=total: sum(v) == t))
    spec.tables.append(("killer", table))


def gen_weighted_sum(draw: Draw, spec: Spec, sol: Solution) -> None:
    n = spec.size
    cells = draw(st.lists(st.sampled_from(spec.cells), min_size=1, max_size=4, unique=True))
    weights = [draw(st.sampled_from([-3, -2, -1, 1, 1, 2, 3])) for _ in cells]
    vals = _values(sol, cells)
    # distinct digits only where the reference grid has them (an honest case stays solvable)
    distinct = draw(st.booleans()) and (not vals or len(set(vals)) == len(vals))
    low = sum(min(w, w * n) for w in weights)
    high = sum(max(w, w * n) for w in weights)
    total = sum(w * x for w, x in zip(weights, vals)) if vals else draw(st.integers(low, high))
    spec.groups.append((tuple(cells), lambda v: sum(w * x for w, x in zip(weights, v)) == total))
    if distinct:
        spec.pairs += [(a, b, differ) for a, b in itertools.combinations(cells, 2)]
    table: dict[str, object] = {"cells": [name(c) for c in cells], "sum": total}
    if weights != [1] * len(cells) or draw(st.booleans()):
        table["weights"] = weights
    if distinct or draw(st.booleans()):
        table["distinct"] = distinct
    spec.tables.append(("weighted-sum", table))


def gen_cage_compare(draw: Draw, spec: Spec, sol: Solution) -> None:
    """Two new labelled cages and a compare of their digit sums (greater killer)."""
    labels = []
    for _ in range(2):
        label = f"k{len(spec.tables)}"
        gen_killer(draw, spec, sol, label)
        labels.append((label, tuple(spec.tables[-1][1]["cells"])))  # type: ignore[arg-type]
    (left, a), (right, b) = labels
    cells_a = tuple((int(x[1 : x.index("c")]), int(x[x.index("c") + 1 :])) for x in a)
    cells_b = tuple((int(x[1 : x.index("c")]), int(x[x.index("c") + 1 :])) for x in b)
    compare = {"<": lambda x, y: x < y, "=": lambda x, y: x == y, ">": lambda x, y: x > y}
    if sol:
        x, y = sum(sol[c] for c in cells_a), sum(sol[c] for c in cells_b)
        relation = "<" if x < y else "=" if x == y else ">"
    else:
        relation = draw(st.sampled_from(sorted(compare)))
    k, rel = len(cells_a), compare[relation]
    spec.groups.append((cells_a + cells_b, lambda v: rel(sum(v[:k]), sum(v[k:]))))
    spec.tables.append(("cage-compare", {"left": left, "right": right, "relation": relation}))


def gen_extra_region(draw: Draw, spec: Spec, sol: Solution) -> None:
    cells = draw(st.lists(st.sampled_from(spec.cells), min_size=2, max_size=spec.size, unique=True))
    if sol:  # keep the cells whose digits differ in the reference grid
        kept: dict[int, Cell] = {}
        for c in cells:
            kept.setdefault(sol[c], c)
        cells = list(kept.values())
        if len(cells) < 2:
            return
    spec.pairs += [(a, b, differ) for a, b in itertools.combinations(cells, 2)]
    spec.tables.append(("extra-region", {"cells": [name(c) for c in cells]}))


def _lunchbox_sum(v: Values) -> int:
    a, b = sorted((v.index(min(v)), v.index(max(v))))
    return sum(v[a + 1 : b])


def gen_lunchbox(draw: Draw, spec: Spec, sol: Solution) -> None:
    cells = draw(st.lists(st.sampled_from(spec.cells), min_size=2, max_size=min(spec.size, 5), unique=True))
    if sol:  # a lunchbox the reference grid obeys: its digits differ
        cells = list({sol[c]: c for c in reversed(cells)}.values())
        if len(cells) < 2:
            return
    spec.pairs += [(a, b, differ) for a, b in itertools.combinations(cells, 2)]
    vals = _values(sol, cells)
    total = _lunchbox_sum(vals) if vals else draw(st.integers(0, sum(range(2, spec.size))))
    spec.groups.append((tuple(cells), lambda v: _lunchbox_sum(v) == total))
    spec.tables.append(("lunchbox", {"cells": [name(c) for c in cells], "sum": total}))


def _makes(v: Values, total: int) -> bool:
    return any(sum(chosen) == total for k in range(1, len(v) + 1) for chosen in itertools.combinations(v, k))


def gen_rellik_cage(draw: Draw, spec: Spec, sol: Solution) -> None:
    cells = draw(st.lists(st.sampled_from(spec.cells), min_size=1, max_size=min(spec.size, 4), unique=True))
    if sol:  # a cage whose digits differ in the reference grid
        cells = list({sol[c]: c for c in reversed(cells)}.values())
    spec.pairs += [(a, b, differ) for a, b in itertools.combinations(cells, 2)]
    vals = _values(sol, cells)
    most = sum(range(1, spec.size + 1))
    free = [t for t in range(1, most + 1) if vals and not _makes(vals, t)]
    total = draw(st.sampled_from(free)) if free else draw(st.integers(1, most))
    spec.groups.append((tuple(cells), lambda v: not _makes(v, total)))
    spec.tables.append(("rellik-cage", {"cells": [name(c) for c in cells], "sum": total}))


def gen_equal_sum(draw: Draw, spec: Spec, sol: Solution) -> None:
    sets = [draw(st.lists(st.sampled_from(spec.cells), min_size=1, max_size=3, unique=True))]
    for _ in range(draw(st.integers(1, 2))):
        for _attempt in range(30 if sol else 1):  # with a reference grid: a set of the same total
            cells = draw(st.lists(st.sampled_from(spec.cells), min_size=1, max_size=3, unique=True))
            if not sol or sum(sol[c] for c in cells) == sum(sol[c] for c in sets[0]):
                break
        sets.append(cells)
    flat = tuple(c for s in sets for c in s)
    bounds = list(itertools.accumulate(len(s) for s in sets))
    starts = [0, *bounds[:-1]]
    spec.groups.append((flat, lambda v: len({sum(v[a:b]) for a, b in zip(starts, bounds)}) == 1))
    spec.tables.append(("equal-sum", {"sets": [[name(c) for c in s] for s in sets]}))


def _balanced(n: int) -> Predicate:
    half = n // 2
    low, high = set(range(1, half + 1)), set(range(n - half + 1, n + 1))

    def ok(v: Values) -> bool:
        even = sum(1 for x in v if x % 2 == 0)
        return (len(set(v)) == len(v) and 2 * even == len(v)
                and sum(1 for x in v if x in low) == sum(1 for x in v if x in high))

    return ok


def gen_equality_cage(draw: Draw, spec: Spec, sol: Solution) -> None:
    ok = _balanced(spec.size)
    cells = draw(st.lists(st.sampled_from(spec.cells), min_size=2, max_size=4, unique=True))
    for _attempt in range(40 if sol else 0):  # with a reference grid: a cage it obeys
        if sol and ok(tuple(sol[c] for c in cells)):
            break
        cells = draw(st.lists(st.sampled_from(spec.cells), min_size=2, max_size=4, unique=True))
    spec.groups.append((tuple(cells), ok))
    spec.tables.append(("equality-cage", {"cells": [name(c) for c in cells]}))
