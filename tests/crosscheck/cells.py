"""Clue generators for marked cells and dots between neighbours: kropki, XV, greater-than,
clone, even and odd, pencilmarks, minimum and maximum, quadruple.

Each generator adds a TOML table to spec.tables and the same rule as relations or predicates.
Given a reference grid (`sol`), the clue is one that grid obeys (where one is found); else random.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from hypothesis import strategies as st

from .shapes import _values, name, neighbours, orthogonal_pair
from .spec import Cell, Draw, Predicate, Relation, Solution, Spec, Values


def _dot(draw: Draw, spec: Spec, kind: str, sol: Solution, make: Callable[[Values | None], tuple[dict[str, object], Relation] | None],
         fits: Callable[[int, int], bool] = lambda a, b: True) -> None:
    honest = None if sol is None else (lambda a, b: fits(sol[a], sol[b]))
    pair = orthogonal_pair(draw, spec, [kind], honest)
    if pair is None:
        return
    made = make(_values(sol, pair))
    if made is None:
        return
    extra, rel = made
    spec.marked.setdefault(kind, set()).add(frozenset(pair))
    spec.pairs.append((pair[0], pair[1], rel))
    spec.tables.append((kind, {"cells": [name(c) for c in pair], **extra}))


def gen_kropki_white(draw: Draw, spec: Spec, sol: Solution) -> None:
    def make(vals: Values | None) -> tuple[dict[str, object], Relation]:
        d = abs(vals[0] - vals[1]) if vals else draw(st.integers(1, spec.size - 1))
        extra: dict[str, object] = {} if d == 1 and draw(st.booleans()) else {"difference": d}
        return extra, lambda a, b: abs(a - b) == d

    _dot(draw, spec, "kropki-white", sol, make)


def gen_kropki_black(draw: Draw, spec: Spec, sol: Solution) -> None:
    def make(vals: Values | None) -> tuple[dict[str, object], Relation]:
        lo, hi = sorted(vals) if vals else (0, 1)
        r = hi // lo if vals and hi % lo == 0 and hi // lo >= 2 else draw(st.integers(2, spec.size))
        extra: dict[str, object] = {} if r == 2 and draw(st.booleans()) else {"ratio": r}
        return extra, lambda a, b: a == r * b or b == r * a

    _dot(draw, spec, "kropki-black", sol, make,
         lambda a, b: max(a, b) % min(a, b) == 0 and max(a, b) // min(a, b) >= 2)


def gen_clone(draw: Draw, spec: Spec, sol: Solution) -> None:
    """A region of 1-3 cells and its copy somewhere else: pairs that hold equal digits (where the
    reference grid has such a copy, one it obeys)."""
    cells = draw(st.lists(st.sampled_from(spec.cells), min_size=1, max_size=3, unique=True))
    others = [c for c in spec.cells if c not in cells]
    if sol:
        fitting = [[o for o in others if sol[o] == sol[c]] for c in cells]
        copies = [draw(st.sampled_from(f)) if f else draw(st.sampled_from(others)) for f in fitting]
    else:
        copies = [draw(st.sampled_from(others)) for _ in cells]
    kept = list({b: a for a, b in reversed(list(zip(cells, copies)))}.items())[::-1]  # copies differ
    for b, a in kept:
        spec.pairs.append((a, b, lambda x, y: x == y))
    spec.tables.append(("clone", {"cells": [name(a) for b, a in kept], "copies": [name(b) for b, a in kept]}))


def gen_xv(draw: Draw, spec: Spec, sol: Solution) -> None:
    def make(vals: Values | None) -> tuple[dict[str, object], Relation] | None:
        possible = [t for t in (5, 10) if any(a + b == t for a in range(1, spec.size + 1) for b in range(1, a))]
        total = sum(vals) if vals and sum(vals) in possible else draw(st.sampled_from(possible))
        return {"value": "V" if total == 5 else "X"}, lambda a, b: a + b == total

    _dot(draw, spec, "xv", sol, make, lambda a, b: a + b in (5, 10))


def gen_greater_than(draw: Draw, spec: Spec, sol: Solution) -> None:
    pair = orthogonal_pair(draw, spec, ["greater-than"])
    if pair is None:
        return
    a, b = pair
    if (sol and sol[a] < sol[b]) or (not sol and draw(st.booleans())):
        a, b = b, a
    spec.marked.setdefault("greater-than", set()).add(frozenset(pair))
    spec.pairs.append((a, b, lambda x, y: x > y))
    spec.tables.append(("greater-than", {"cells": [name(a), name(b)]}))


def _cell_marks(draw: Draw, spec: Spec, kind: str, sol: Solution, test: Callable[[Cell, dict[Cell, int]], bool],
                pred: Callable[[Cell], tuple[tuple[Cell, ...], Predicate]]) -> None:
    fitting = [c for c in spec.cells if sol and test(c, sol)]
    pool = fitting or spec.cells
    cells = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=3, unique=True))
    spec.groups += [pred(c) for c in cells]
    spec.tables.append((kind, {"cells": [name(c) for c in cells]}))


def gen_even(draw: Draw, spec: Spec, sol: Solution) -> None:
    _cell_marks(draw, spec, "even", sol, lambda c, s: s[c] % 2 == 0, lambda c: ((c,), lambda v: v[0] % 2 == 0))


def gen_odd(draw: Draw, spec: Spec, sol: Solution) -> None:
    _cell_marks(draw, spec, "odd", sol, lambda c, s: s[c] % 2 == 1, lambda c: ((c,), lambda v: v[0] % 2 == 1))


def gen_pencilmarks(draw: Draw, spec: Spec, sol: Solution) -> None:
    cell = draw(st.sampled_from(spec.cells))
    digits = set(draw(st.lists(st.integers(1, spec.size), min_size=1, max_size=spec.size, unique=True)))
    if sol and draw(st.integers(0, 3)) < 3:  # mostly pencilmarks the reference grid obeys (also when draws are 0)
        digits.add(sol[cell])
    allowed = sorted(digits)
    spec.groups.append(((cell,), lambda v: v[0] in allowed))
    spec.tables.append(("pencilmarks", {"cell": name(cell), "digits": allowed}))


def _extremum(spec: Spec, smaller: bool) -> tuple[Callable[[Cell, dict[Cell, int]], bool], Callable[[Cell], tuple[tuple[Cell, ...], Predicate]]]:
    def group(c: Cell) -> tuple[Cell, ...]:
        return (c, *neighbours(c, spec.size, diagonal=False))

    def ok(v: Values) -> bool:
        return all(v[0] < x for x in v[1:]) if smaller else all(v[0] > x for x in v[1:])

    return (lambda c, s: ok(tuple(s[x] for x in group(c)))), (lambda c: (group(c), ok))


def gen_minimum(draw: Draw, spec: Spec, sol: Solution) -> None:
    _cell_marks(draw, spec, "minimum", sol, *_extremum(spec, smaller=True))


def gen_maximum(draw: Draw, spec: Spec, sol: Solution) -> None:
    _cell_marks(draw, spec, "maximum", sol, *_extremum(spec, smaller=False))


def gen_quadruple(draw: Draw, spec: Spec, sol: Solution) -> None:
    n = spec.size
    r, c = draw(st.integers(1, n - 1)), draw(st.integers(1, n - 1))
    cells = ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))
    vals = _values(sol, cells)
    pool = list(vals) if vals else [draw(st.integers(1, n)) for _ in range(4)]
    digits = draw(st.lists(st.sampled_from(range(len(pool))), min_size=1, max_size=4, unique=True))
    chosen = sorted(pool[i] for i in digits)
    chosen = [d for i, d in enumerate(chosen) if chosen[:i].count(d) < 2]
    need = Counter(chosen)
    spec.groups.append((cells, lambda v: all(Counter(v)[d] >= m for d, m in need.items())))
    table: dict[str, object] = {"cell": name((r, c))} if draw(st.booleans()) else {"cells": [name(x) for x in cells]}
    spec.tables.append(("quadruple", {**table, "digits": chosen}))
