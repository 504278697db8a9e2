"""The brute-force model of chaos construction and its clues, for the crosscheck brute force.

Restated from docs/rules.md: a grid is divided into N orthogonally connected regions of N cells,
each holding N different digits; a chaos count's digit (plus its offset) is how many listed cells
share the first listed cell's region; a chaos arrow's digit (plus offset) is 1 plus, per arm, the
cells after the start that lie in the start's region up to the first that does not.  The chaos
clues of one puzzle speak of one layout, so they are tested together, as one predicate over the
whole grid: some layout satisfies all of them.  Chaos construction alone forbids nothing (a
Latin square's rows are a layout), so its relation list is empty.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from hypothesis import strategies as st

Cell = tuple[int, int]
Clue = Callable[[dict[Cell, int], dict[Cell, int]], bool]  # (layout, values) -> holds


def layouts(n: int, values: dict[Cell, int]) -> Iterator[dict[Cell, int]]:
    """Every layout of the grid: region k holds the k-th first cell in reading order."""
    cells = sorted(values)
    label: dict[Cell, int] = {}

    def near(c: Cell) -> list[Cell]:
        return [(c[0] + a, c[1] + b) for a, b in ((0, 1), (1, 0), (0, -1), (-1, 0)) if (c[0] + a, c[1] + b) in values]

    def shapes(part: frozenset[Cell]) -> Iterator[frozenset[Cell]]:
        """Connected sets of n free cells with different digits, grown from `part` (repeats allowed)."""
        if len(part) == n:
            yield part
            return
        digits = {values[c] for c in part}
        for c in sorted({x for p in part for x in near(p)} - part):
            if c not in label and values[c] not in digits and c > min(part):
                yield from shapes(part | {c})

    def fill(k: int) -> Iterator[dict[Cell, int]]:
        free = [c for c in cells if c not in label]
        if not free:
            yield dict(label)
            return
        seen: set[frozenset[Cell]] = set()
        for shape in shapes(frozenset([free[0]])):
            if shape in seen:
                continue
            seen.add(shape)
            label.update({c: k for c in shape})
            yield from fill(k + 1)
            for c in shape:
                del label[c]

    yield from fill(0)


def _joint(clues: list[Clue], n: int) -> Callable[[tuple[int, ...]], bool]:
    """One predicate over the whole grid: some layout satisfies every chaos clue in `clues` (the
    spec's own list, which later clues join)."""

    def holds(vals: tuple[int, ...]) -> bool:
        values = {(r, c): vals[(r - 1) * n + c - 1] for r in range(1, n + 1) for c in range(1, n + 1)}
        return any(all(clue(layout, values) for clue in clues) for layout in layouts(n, values))

    return holds


def _add(spec: object, clue: Clue) -> None:
    """Add a chaos clue to the spec: its first one also adds the joint predicate.  (The clues were
    once kept in a dict keyed by id(spec): a new spec could get the id of a freed one, find "its"
    entry, and so get no chaos predicate at all; the brute force then counted grids no layout
    fits, a failure that came and went with memory reuse.)"""
    n = spec.size  # type: ignore[attr-defined]
    if "chaos-construction" not in spec.rules:  # type: ignore[attr-defined]
        spec.rules.append("chaos-construction")  # type: ignore[attr-defined]
    clues: list[Clue] = spec.chaos  # type: ignore[attr-defined]
    if not clues:
        spec.groups.append((tuple(spec.cells), _joint(clues, n)))  # type: ignore[attr-defined]
    clues.append(clue)


def _some_layout(n: int, sol: dict[Cell, int] | None) -> dict[Cell, int] | None:
    return next(layouts(n, sol), None) if sol else None


def gen_chaos_count(draw: st.DrawFn, spec: object, sol: dict[Cell, int] | None) -> None:
    n, cells = spec.size, spec.cells  # type: ignore[attr-defined]
    offset = draw(st.integers(0, 1))
    control = draw(st.sampled_from(cells))
    layout = _some_layout(n, sol)
    first = draw(st.sampled_from(cells))
    listed = [first] + draw(st.lists(st.sampled_from(cells), max_size=5, unique=True).filter(lambda x: first not in x))
    if layout and sol:  # listed cells whose count in first's region the control digit tells
        same = [c for c in cells if layout[c] == layout[first] and c != first]
        other = [c for c in listed if layout[c] != layout[first]]
        want = sol[control] + offset - 1
        if 0 <= want <= len(same):
            listed = [first] + draw(st.permutations(same))[:want] + other
    table: dict[str, object] = {"cell": f"r{control[0]}c{control[1]}", "cells": [f"r{r}c{c}" for r, c in listed]}
    if offset:
        table["offset"] = offset

    def holds(layout: dict[Cell, int], values: dict[Cell, int]) -> bool:
        return sum(1 for c in listed if layout[c] == layout[listed[0]]) == values[control] + offset

    _add(spec, holds)
    spec.tables.append(("chaos-count", table))  # type: ignore[attr-defined]


def gen_chaos_arrow(draw: st.DrawFn, spec: object, sol: dict[Cell, int] | None) -> None:
    n, cells = spec.size, spec.cells  # type: ignore[attr-defined]
    offset = draw(st.integers(0, 1))
    start = draw(st.sampled_from(cells))
    ways = draw(st.lists(st.sampled_from([(-1, 0), (1, 0), (0, -1), (0, 1)]), min_size=1, max_size=4, unique=True))
    arms = []
    for a, b in ways:
        arm = [start]
        while 1 <= arm[-1][0] + a <= n and 1 <= arm[-1][1] + b <= n:
            arm.append((arm[-1][0] + a, arm[-1][1] + b))
        arms.append(arm)

    def length(layout: dict[Cell, int]) -> int:
        total = 1
        for arm in arms:
            for c in arm[1:]:
                if layout[c] != layout[start]:
                    break
                total += 1
        return total

    control = draw(st.sampled_from(cells))
    layout = _some_layout(n, sol)
    if layout and sol:  # a control cell holding the run length under one layout, if any does
        fits = [c for c in cells if sol[c] + offset == length(layout)]
        if fits:
            control = draw(st.sampled_from(fits))
    table: dict[str, object] = {"cell": f"r{control[0]}c{control[1]}", "arms": [[f"r{r}c{c}" for r, c in arm] for arm in arms]}
    if offset:
        table["offset"] = offset
    _add(spec, lambda layout, values: length(layout) == values[control] + offset)
    spec.tables.append(("chaos-arrow", table))  # type: ignore[attr-defined]


def gen_chaos_same_region(draw: st.DrawFn, spec: object, sol: dict[Cell, int] | None) -> None:
    """Cells that share one region (from a layout of the reference grid, when there is one)."""
    n, cells = spec.size, spec.cells  # type: ignore[attr-defined]
    layout = _some_layout(n, sol)
    first = draw(st.sampled_from(cells))
    pool = [c for c in cells if c != first and (layout is None or layout[c] == layout[first])]
    listed = [first] + draw(st.lists(st.sampled_from(pool), min_size=1, max_size=3, unique=True))

    def holds(layout: dict[Cell, int], values: dict[Cell, int]) -> bool:
        return len({layout[c] for c in listed}) == 1

    _add(spec, holds)
    spec.tables.append(("chaos-same-region", {"cells": [f"r{r}c{c}" for r, c in listed]}))  # type: ignore[attr-defined]


def gen_chaos_region_count(draw: st.DrawFn, spec: object, sol: dict[Cell, int] | None) -> None:
    """A digit cell and cells whose regions it counts (the digit told by a layout of the reference
    grid, when one fits)."""
    n, cells = spec.size, spec.cells  # type: ignore[attr-defined]
    listed = draw(st.lists(st.sampled_from(cells), min_size=1, max_size=6, unique=True))
    control = draw(st.sampled_from(cells))
    layout = _some_layout(n, sol)
    if layout and sol:
        fits = [c for c in cells if sol[c] == len({layout[x] for x in listed})]
        if fits:
            control = draw(st.sampled_from(fits))

    def holds(layout: dict[Cell, int], values: dict[Cell, int]) -> bool:
        return len({layout[c] for c in listed}) == values[control]

    _add(spec, holds)
    spec.tables.append(("chaos-region-count", {"cell": f"r{control[0]}c{control[1]}", "cells": [f"r{r}c{c}" for r, c in listed]}))  # type: ignore[attr-defined]
