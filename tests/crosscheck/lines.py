"""Clue generators for lines: thermo, automaton (regex or moves), whispers, renban, nabner, the
plain line kinds (`_line_kind`: palindrome, between, entropic, slow thermo, zipper, double
arrow), region sum, arrow, sum line, modular, lockout.

Each generator adds a TOML table to spec.tables and the same rule as relations or predicates.
Given a reference grid (`sol`), the clue is one that grid obeys (where one is found); else random.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence

from hypothesis import strategies as st

from .relations import less
from .shapes import _values, king_path, name, neighbours, obeyed_line, random_cell
from .spec import Cell, Draw, Predicate, Solution, Spec, Values


def gen_thermo(draw: Draw, spec: Spec, sol: Solution) -> None:
    path = obeyed_line(draw, spec.size, (2, min(spec.size, 5)), lambda v: all(map(less, v, v[1:])), sol)
    if len(path) < 2:
        return
    spec.pairs += [(a, b, less) for a, b in itertools.pairwise(path)]
    spec.tables.append(("thermo", {"cells": [name(c) for c in path]}))


def _regex_piece(draw: Draw, n: int, digit: int | None) -> str:
    """A regex piece matching one digit (`digit`, when given, among those it matches)."""
    kind = draw(st.sampled_from(["digit", "dot", "class", "negated"]))
    d = digit if digit is not None else draw(st.integers(1, n))
    if kind == "dot":
        return "."
    if kind == "class":
        others = draw(st.lists(st.integers(1, n), max_size=2))
        return "[" + "".join(str(x) for x in sorted({d, *others})) + "]"
    if kind == "negated":
        banned = [x for x in draw(st.lists(st.integers(1, n), max_size=2)) if x != d]
        return f"[^{''.join(str(x) for x in sorted(set(banned)))}]" if banned else "."
    return str(d)


def gen_automaton(draw: Draw, spec: Spec, sol: Solution) -> None:
    """A line with a regex (judged by Python's re) or an automaton given by its moves (judged by
    a simulation written here)."""
    n = spec.size
    line = king_path(draw, n, draw(st.integers(1, min(5, n))))
    vals = _values(sol, line)
    if draw(st.booleans()):
        pieces = [_regex_piece(draw, n, vals[i] if vals else None) for i in range(len(line))]
        if len(pieces) > 1 and draw(st.booleans()):  # a starred middle
            i = draw(st.integers(0, len(pieces) - 1))
            pieces[i] = f"({pieces[i]})*" if vals is None else f"({pieces[i]}|{n + 1 - (vals[i])})+"
        if draw(st.booleans()):
            pieces = [f"({''.join(pieces)}|{draw(st.integers(1, n))}.*)"]
        pattern = "".join(pieces)
        rx = re.compile(pattern)
        spec.groups.append((tuple(line), lambda v: rx.fullmatch("".join(map(str, v))) is not None))
        spec.tables.append(("automaton", {"cells": [name(c) for c in line], "regex": pattern}))
        return
    states = draw(st.integers(1, 4))
    moves = set(draw(st.lists(st.tuples(st.integers(0, states - 1), st.integers(1, n), st.integers(0, states - 1)), max_size=12)))
    accept = set(draw(st.lists(st.integers(0, states - 1), min_size=1, max_size=2)))
    if vals:  # make the reference digits one accepted run
        state = 0
        for v in vals:
            nxt = draw(st.integers(0, states - 1))
            moves.add((state, v, nxt))
            state = nxt
        accept.add(state)

    def ok(v: Values) -> bool:
        now = {0}
        for x in v:
            now = {t for s, d, t in moves if s in now and d == x}
        return bool(now & accept)

    spec.groups.append((tuple(line), ok))
    spec.tables.append(("automaton", {"cells": [name(c) for c in line], "transitions": [list(m) for m in sorted(moves)], "accept": sorted(accept)}))


def gen_whispers(draw: Draw, spec: Spec, sol: Solution) -> None:
    n = spec.size
    d = draw(st.integers(1, (n + 1) // 2)) if draw(st.booleans()) else (n + 1) // 2
    path = obeyed_line(draw, n, (2, 5), lambda v: all(abs(a - b) >= d for a, b in itertools.pairwise(v)), sol)
    if len(path) < 2:
        return
    spec.pairs += [(a, b, lambda x, y: abs(x - y) >= d) for a, b in itertools.pairwise(path)]
    table: dict[str, object] = {"cells": [name(c) for c in path]}
    if d != (n + 1) // 2 or draw(st.booleans()):
        table["difference"] = d
    spec.tables.append(("whispers", table))


def _renban_ok(v: Values) -> bool:
    return len(set(v)) == len(v) and max(v) - min(v) == len(v) - 1


def gen_renban(draw: Draw, spec: Spec, sol: Solution) -> None:
    path = obeyed_line(draw, spec.size, (2, 4), _renban_ok, sol)
    if len(path) < 2:
        return
    spec.groups.append((tuple(path), _renban_ok))
    spec.tables.append(("renban", {"cells": [name(c) for c in draw(st.permutations(path))]}))


def _nabner_ok(v: Values) -> bool:
    return all(abs(a - b) >= 2 for a, b in itertools.combinations(v, 2))


def gen_nabner(draw: Draw, spec: Spec, sol: Solution) -> None:
    room = (spec.size + 1) // 2  # digits no two of which are consecutive: a longer line is refused
    path = obeyed_line(draw, spec.size, (2, min(3, room)), _nabner_ok, sol)
    if len(path) < 2:
        return
    spec.groups.append((tuple(path), _nabner_ok))
    spec.tables.append(("nabner", {"cells": [name(c) for c in draw(st.permutations(path))]}))


def _line_kind(kind: str, lengths: tuple[int, int], ok: Callable[[Spec], Predicate]) -> Callable[[Draw, Spec, Solution], None]:
    def gen(draw: Draw, spec: Spec, sol: Solution) -> None:
        pred = ok(spec)
        path = obeyed_line(draw, spec.size, lengths, pred, sol)
        if len(path) < lengths[0]:
            return
        spec.groups.append((tuple(path), pred))
        spec.tables.append((kind, {"cells": [name(c) for c in path]}))

    return gen


def _between(v: Values) -> bool:
    lo, hi = sorted((v[0], v[-1]))
    return all(lo < x < hi for x in v[1:-1])


def gen_region_sum(draw: Draw, spec: Spec, sol: Solution) -> None:
    def segment_sums(path: Sequence[Cell], v: Values) -> set[int]:
        sums: list[int] = []
        for i, cell in enumerate(path):
            if i and spec.region(path[i - 1]) == spec.region(cell):
                sums[-1] += v[i]
            else:
                sums.append(v[i])
        return set(sums)

    path = obeyed_line(draw, spec.size, (2, 5), lambda v: True, sol,
                       path_pred=lambda p, v: len(segment_sums(p, v)) == 1)
    if len(path) < 2:
        return
    fixed = tuple(path)
    spec.groups.append((fixed, lambda v: len(segment_sums(fixed, v)) == 1))
    spec.tables.append(("region-sum", {"cells": [name(c) for c in path]}))


def _entropic(spec: Spec) -> Predicate:
    third = spec.size // 3

    def ok(v: Values) -> bool:
        return all(len({(x - 1) // third for x in v[i : i + 3]}) == 3 for i in range(len(v) - 2))

    return ok


def _zipper(v: Values) -> bool:
    half = len(v) // 2
    totals = {v[i] + v[-1 - i] for i in range(half)}
    if len(v) % 2:
        totals.add(v[half])
    return len(totals) == 1


def gen_arrow(draw: Draw, spec: Spec, sol: Solution) -> None:
    n = spec.size
    for _attempt in range(8 if sol else 1):  # with a reference grid: a circle whose shaft exists
        a = random_cell(draw, n)
        circle = [a]
        if draw(st.integers(0, 3)) == 0:  # a two-cell pill, read as a number left to right or down
            circle = sorted([a, draw(st.sampled_from(neighbours(a, n, diagonal=False)))])
        k = len(circle)
        weights = [10 ** (k - 1 - i) for i in range(k)]

        def value(v: Values, weights: list[int] = weights) -> int:
            return sum(w * x for w, x in zip(weights, v))

        def fits(p: Sequence[Cell], v: Values, circle: list[Cell] = circle, value=value) -> bool:  # type: ignore[no-untyped-def]
            return sol is None or sum(v) == value(tuple(sol[c] for c in circle))

        starts = [c for x in circle for c in neighbours(x, n) if c not in circle]
        shaft = obeyed_line(draw, n, (1, 4), lambda v: True, sol, starts=starts, avoid=circle, path_pred=fits)
        if fits(shaft, tuple(sol[c] for c in shaft) if sol else ()):
            break
    else:
        return
    if len(shaft) * n < value((1,) * k) or len(shaft) > value((n,) * k):
        return  # no shaft of this length can match: the parser refuses such arrows
    spec.groups.append((tuple(circle) + tuple(shaft), lambda v, k=k, value=value: value(v[:k]) == sum(v[k:])))
    circle_toml: object = name(circle[0]) if k == 1 and draw(st.booleans()) else [name(c) for c in circle]
    spec.tables.append(("arrow", {"circle": circle_toml, "cells": [name(c) for c in shaft]}))


def _sum_line_ok(v: Values, total: int, loop: bool) -> bool:
    """The values split into runs of `total` (for a loop: some rotation of them does)."""
    def runs(w: Values) -> bool:
        acc = 0
        for x in w:
            acc += x
            if acc == total:
                acc = 0
            elif acc > total:
                return False
        return acc == 0

    return any(runs(v[i:] + v[:i]) for i in (range(len(v)) if loop else (0,)))


def gen_sum_line(draw: Draw, spec: Spec, sol: Solution) -> None:
    path = king_path(draw, spec.size, draw(st.integers(2, 5)))
    if len(path) < 2:
        return
    loop = draw(st.booleans())
    vals = _values(sol, path)
    fitting = [t for t in range(1, 4 * spec.size) if vals and _sum_line_ok(vals, t, loop)]
    total = draw(st.sampled_from(fitting)) if fitting else draw(st.integers(1, 2 * spec.size))
    spec.groups.append((tuple(path), lambda v: _sum_line_ok(v, total, loop)))
    table: dict[str, object] = {"cells": [name(c) for c in path], "sum": total}
    if loop or draw(st.booleans()):
        table["loop"] = loop
    spec.tables.append(("sum-line", table))


def _modular(m: int) -> Predicate:
    def ok(v: Values) -> bool:
        return all((v[i] % m != v[j] % m) if j - i < m else (j - i) % m != 0 or v[i] % m == v[j] % m
                   for i in range(len(v)) for j in range(i + 1, len(v)))

    return ok


def gen_modular(draw: Draw, spec: Spec, sol: Solution) -> None:
    m = draw(st.integers(2, 3))
    ok = _modular(m)
    path = obeyed_line(draw, spec.size, (2, 5), ok, sol)
    if len(path) < 2:
        return
    spec.groups.append((tuple(path), ok))
    table: dict[str, object] = {"cells": [name(c) for c in path]}
    if m != 3 or draw(st.booleans()):
        table["modulus"] = m
    spec.tables.append(("modular", table))


def gen_lockout(draw: Draw, spec: Spec, sol: Solution) -> None:
    n = spec.size
    d = draw(st.integers(1, n - 1)) if draw(st.booleans()) else n // 2

    def ok(v: Values) -> bool:
        lo, hi = sorted((v[0], v[-1]))
        return hi - lo >= d and all(not lo <= x <= hi for x in v[1:-1])

    path = obeyed_line(draw, n, (2, 4), ok, sol)
    if len(path) < 2:
        return
    spec.groups.append((tuple(path), ok))
    table: dict[str, object] = {"cells": [name(c) for c in path]}
    if d != n // 2 or draw(st.booleans()):
        table["difference"] = d
    spec.tables.append(("lockout", table))
