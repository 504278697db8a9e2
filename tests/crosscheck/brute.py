"""The brute force: every grid a `Spec` allows, by backtracking over the cells."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from .relations import GLOBAL_GROUPS, GLOBAL_RELATIONS, differ
from .spec import NODE_BUDGET, Cell, Grid, Predicate, Relation, Spec


class TooBig(Exception):
    """The brute force ran out of its node budget."""


def brute_force(spec: Spec, *, limit: int | None = None, order: Sequence[int] | None = None,
                budget: int = NODE_BUDGET, orders: Sequence[Sequence[int]] | None = None) -> set[Grid]:
    """Every grid satisfying the spec (or the first `limit`), by backtracking in row-major order;
    digits are tried in `order`, or in `orders[i]` for the i-th cell (a random grid: limit=1 and
    a random order per cell)."""
    n, m = spec.size, spec.width
    cells = spec.cells
    index = {cell: i for i, cell in enumerate(cells)}
    earlier: list[list[tuple[int, Relation, bool]]] = [[] for _ in cells]
    ending: list[list[tuple[list[int], Predicate]]] = [[] for _ in cells]

    def relate(a: Cell, b: Cell, rel: Relation) -> None:
        i, j = index[a], index[b]
        if i < j:
            earlier[j].append((i, rel, True))
        elif j < i:
            earlier[i].append((j, rel, False))
        else:
            ending[i].append(([i], lambda v: rel(v[0], v[0])))

    for a, b in itertools.combinations(cells, 2):
        if a[0] == b[0] or a[1] == b[1] or spec.region(a) == spec.region(b):
            relate(a, b, differ)
        for rule in spec.rules:
            for touches, rel in GLOBAL_RELATIONS[rule]:
                if touches(a, b, spec):
                    relate(a, b, rel)
    for a, b, rel in spec.pairs:
        relate(a, b, rel)
    global_groups = [g for rule in spec.rules for g in GLOBAL_GROUPS.get(rule, lambda s: [])(spec)]
    for group, pred in spec.groups + global_groups:
        ids = [index[c] for c in group]
        ending[max(ids)].append((ids, pred))
    digits = list(order or range(1, spec.digits + 1))
    values = [0] * len(cells)
    found: set[Grid] = set()
    nodes = 0

    def place(i: int) -> None:
        nonlocal nodes
        if i == len(cells):
            found.add(tuple(tuple(values[r * m : (r + 1) * m]) for r in range(n)))
            return
        nodes += 1
        if nodes > budget or (limit is not None and len(found) >= limit):
            raise TooBig
        given = spec.givens.get(cells[i])
        for v in [given] if given else (orders[i] if orders else digits):
            values[i] = v
            if all(rel(values[j], v) if first else rel(v, values[j]) for j, rel, first in earlier[i]) and all(
                pred(tuple(values[k] for k in ids)) for ids, pred in ending[i]
            ):
                place(i + 1)
        values[i] = 0

    try:
        place(0)
    except TooBig:
        if limit is None or len(found) < limit:
            raise
    return found
