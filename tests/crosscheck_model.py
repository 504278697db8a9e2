"""An independent model of every rule, for `hostile/test_crosscheck.py`.

The rules are restated here from the README's wording, as relations between two cells and
predicates over the values of a group of cells, and a backtracking brute force counts the grids
that satisfy them.  Nothing here is shared with the templates, the fact emitters or check.py.
Random clue generators write each clue both as a TOML table (for the parser) and as relations
(for the brute force); given a reference grid they usually make clues that grid obeys.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from crosscheck_chaos import (
    gen_chaos_arrow,
    gen_chaos_count,
    gen_chaos_region_count,
    gen_chaos_same_region,
)
from hypothesis import strategies as st

Cell = tuple[int, int]
Values = tuple[int, ...]
Relation = Callable[[int, int], bool]  # (value of the first cell, value of the second)
Predicate = Callable[[Values], bool]  # values of a group of cells, in the group's order
Grid = tuple[tuple[int, ...], ...]
Draw = st.DrawFn
NODE_BUDGET = 200_000

DEFAULT_BOXES = {4: (2, 2), 6: (2, 3), 9: (3, 3)}
# Non-square grids (rows, columns): as many digits as the longer side; boxes of that many cells
# where they tile the grid, as Interactive Sudoku Solver draws them (6x8: 2x4), else none.
NONSQUARE_BOXES: dict[tuple[int, int], tuple[int, int] | None] = {
    (2, 3): None, (3, 2): None, (2, 4): (2, 2), (3, 4): None, (4, 3): None, (4, 6): (2, 3), (3, 6): (3, 2),
}
# Jigsaw layouts (each region holds N cells), written for these tests.
JIGSAWS = {
    4: ["1112", "3122", "3342", "3444"],
    6: ["111222", "113222", "133344", "533444", "556664", "555666"],
}


@dataclass
class Spec:
    """A random puzzle as the brute force sees it, and as TOML for the parser."""

    size: int  # rows (the side of a square grid)
    rules: list[str] = field(default_factory=list)
    givens: dict[Cell, int] = field(default_factory=dict)
    jigsaw: list[str] | None = None
    pairs: list[tuple[Cell, Cell, Relation]] = field(default_factory=list)
    groups: list[tuple[tuple[Cell, ...], Predicate]] = field(default_factory=list)
    tables: list[tuple[str, dict[str, object]]] = field(default_factory=list)
    marked: dict[str, set[frozenset[Cell]]] = field(default_factory=dict)  # dotted pairs by kind
    cols: int = 0  # columns of a non-square grid (0: as many as rows)
    # the chaos clues (crosscheck_chaos.py), tested together on one layout by one group
    chaos: list[Callable[[dict[Cell, int], dict[Cell, int]], bool]] = field(default_factory=list)

    @property
    def width(self) -> int:
        return self.cols or self.size

    @property
    def digits(self) -> int:
        """The digits are 1 to the longer side."""
        return max(self.size, self.width)

    @property
    def cells(self) -> list[Cell]:
        return [(r, c) for r in range(1, self.size + 1) for c in range(1, self.width + 1)]

    def region(self, cell: Cell) -> object:
        """The box or jigsaw region of a cell (any hashable id; a cell of no box is its own)."""
        r, c = cell
        if self.jigsaw is not None:
            return self.jigsaw[r - 1][c - 1]
        box = DEFAULT_BOXES[self.size] if self.width == self.size else NONSQUARE_BOXES[(self.size, self.width)]
        if box is None:
            return cell
        h, w = box
        return ((r - 1) // h, (c - 1) // w)

    def toml(self) -> str:
        size = str(self.size) if self.width == self.size else f'"{self.size}x{self.width}"'
        lines = [f"size = {size}", f"rules = {json.dumps(self.rules)}"]
        if self.jigsaw is not None:
            lines.append('regions = """\n' + "\n".join(self.jigsaw) + '\n"""')
        rows = [" ".join(str(self.givens.get((r, c), ".")) for c in range(1, self.width + 1))
                for r in range(1, self.size + 1)]
        lines.append('givens = """\n' + "\n".join(rows) + '\n"""')
        for kind, table in self.tables:
            lines.append(f"[[{kind}]]")
            lines += [f"{key} = {toml_value(value)}" for key, value in table.items()]
        return "\n".join(lines) + "\n"


def toml_value(value: object) -> str:
    """A TOML value: JSON's spelling, but inline tables written ``{"key" = value}``."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {toml_value(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return json.dumps(value)


# --- global rules as relations between two cells ---------------------------------------

def differ(a: int, b: int) -> bool:
    return a != b


def less(a: int, b: int) -> bool:
    return a < b


def _king(a: Cell, b: Cell, spec: Spec) -> bool:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


def _knight(a: Cell, b: Cell, spec: Spec) -> bool:
    return sorted((abs(a[0] - b[0]), abs(a[1] - b[1]))) == [1, 2]


def _orthogonal(a: Cell, b: Cell, spec: Spec | None = None) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def _same_box_position(a: Cell, b: Cell, spec: Spec) -> bool:
    h, w = DEFAULT_BOXES[spec.size]
    return ((a[0] - 1) % h, (a[1] - 1) % w) == ((b[0] - 1) % h, (b[1] - 1) % w)


def _main_diagonal(a: Cell, b: Cell, spec: Spec) -> bool:
    return a[0] == a[1] and b[0] == b[1]


def _anti_diagonal(a: Cell, b: Cell, spec: Spec) -> bool:
    return a[0] + a[1] == spec.size + 1 and b[0] + b[1] == spec.size + 1


def _window(cell: Cell, size: int) -> tuple[int, int] | None:
    """The windoku window (top-left row and column) holding a cell, if any: windows of a box's
    shape from r2c2 on, a row (column) apart, none reaching the last row (column)."""
    h, w = DEFAULT_BOXES[size]
    r, c = cell
    top = next((t for t in range(2, size, h + 1) if t <= r < t + h and t + h <= size), None)
    left = next((t for t in range(2, size, w + 1) if t <= c < t + w and t + w <= size), None)
    return None if top is None or left is None else (top, left)


def _same_window(a: Cell, b: Cell, spec: Spec) -> bool:
    return _window(a, spec.size) is not None and _window(a, spec.size) == _window(b, spec.size)


def _unmarked(*kinds: str) -> Callable[[Cell, Cell, Spec], bool]:
    def touches(a: Cell, b: Cell, spec: Spec) -> bool:
        return _orthogonal(a, b) and not any(frozenset((a, b)) in spec.marked.get(k, set()) for k in kinds)

    return touches


GLOBAL_RELATIONS: dict[str, list[tuple[Callable[[Cell, Cell, Spec], bool], Relation]]] = {
    "anti-king": [(_king, differ)],
    "anti-knight": [(_knight, differ)],
    "non-consecutive": [(_orthogonal, lambda a, b: abs(a - b) != 1)],
    "disjoint-groups": [(_same_box_position, differ)],
    "diagonal-": [(_main_diagonal, differ)],
    "diagonal+": [(_anti_diagonal, differ)],
    "windoku": [(_same_window, differ)],
    "kropki-negative": [(_unmarked("kropki-white", "kropki-black"), lambda a, b: abs(a - b) != 1 and a != 2 * b and b != 2 * a)],
    "kropki-white-negative": [(_unmarked("kropki-white"), lambda a, b: abs(a - b) != 1)],
    "kropki-black-negative": [(_unmarked("kropki-black"), lambda a, b: a != 2 * b and b != 2 * a)],
    "xv-negative": [(_unmarked("xv"), lambda a, b: a + b not in (5, 10))],
}
# Doppelganger grids hold 0..N, which the brute force below (digits 1..N) never makes: its model
# is test_doppelganger_against_brute_force (grid_enum over 0..N, filtered by the checker).
GLOBAL_RELATIONS["doppelganger"] = []
GLOBAL_RELATIONS["region-same-values"] = []
GLOBAL_RELATIONS["chaos-construction"] = []  # a Latin square's rows are a layout (crosscheck_chaos.py)
WIDE_DIGITS = {"doppelganger", "region-same-values"}


def _taxicab(d: int) -> Callable[[Cell, Cell, Spec], bool]:
    def apart(a: Cell, b: Cell, spec: Spec) -> bool:
        return abs(a[0] - b[0]) + abs(a[1] - b[1]) == d

    return apart


GLOBAL_RELATIONS["anti-taxicab"] = [(_taxicab(d), lambda a, b, d=d: not a == b == d) for d in range(1, 10)]


def _squares(spec: Spec, group: Callable[[int], int]) -> list[tuple[tuple[Cell, ...], Predicate]]:
    """Every 2x2 square holds a digit of each of three groups."""
    n = spec.size
    return [(((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)), lambda v: len({group(x) for x in v}) == 3)
            for r in range(1, n) for c in range(1, n)]


def _flatmates(spec: Spec) -> list[tuple[tuple[Cell, ...], Predicate]]:
    """Every middle digit has a 1 above it or an N below it (cells of the top and bottom rows
    have only one of those neighbours)."""
    n = spec.size
    mid = (n + 1) // 2
    out: list[tuple[tuple[Cell, ...], Predicate]] = []
    for r, c in spec.cells:
        above, below = (r - 1, c), (r + 1, c)
        if r == 1:
            out.append((((r, c), below), lambda v: v[0] != mid or v[1] == n))
        elif r == n:
            out.append(((above, (r, c)), lambda v: v[1] != mid or v[0] == 1))
        else:
            out.append(((above, (r, c), below), lambda v: v[1] != mid or v[0] == 1 or v[2] == n))
    return out


# Global rules that are conditions on groups of cells, not relations between two cells.
GLOBAL_GROUPS: dict[str, Callable[[Spec], list[tuple[tuple[Cell, ...], Predicate]]]] = {
    "global-mod": lambda spec: _squares(spec, lambda x: x % 3),
    "global-entropy": lambda spec: _squares(spec, lambda x: (x - 1) // (spec.size // 3)),
    "dutch-flatmates": _flatmates,
}
GLOBAL_RELATIONS.update({rule: [] for rule in GLOBAL_GROUPS})
# Global rules that relabelling the digits of a grid does not keep.
DIGIT_SENSITIVE = {"non-consecutive", "anti-taxicab", *GLOBAL_GROUPS}
NEEDS_9X9: set[str] = set()
NEEDS_BOXES = {"disjoint-groups", "windoku"}


# --- the brute force -------------------------------------------------------------------

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


# --- shapes --------------------------------------------------------------------------------

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


# --- one generator per clue kind ---------------------------------------------------------
# Each adds a TOML table to spec.tables and the same rule as relations or predicates.  Given a
# reference grid (`sol`), the clue is one that grid obeys (where one is found); else random.

Solution = dict[Cell, int] | None


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


def gen_thermo(draw: Draw, spec: Spec, sol: Solution) -> None:
    path = obeyed_line(draw, spec.size, (2, min(spec.size, 5)), lambda v: all(map(less, v, v[1:])), sol)
    if len(path) < 2:
        return
    spec.pairs += [(a, b, less) for a, b in itertools.pairwise(path)]
    spec.tables.append(("thermo", {"cells": [name(c) for c in path]}))


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


def gen_x_sum(draw: Draw, spec: Spec, sol: Solution) -> None:
    placed = _outside(draw, spec, "x-sum")
    if placed is None:
        return
    where, cells = placed
    vals = _values(sol, cells)
    total = _xsum(vals) if vals else draw(st.integers(1, sum(range(1, spec.size + 1))))
    spec.groups.append((cells, lambda v: _xsum(v) == total))
    spec.tables.append(("x-sum", {**where, "sum": total}))


def gen_skyscraper(draw: Draw, spec: Spec, sol: Solution) -> None:
    placed = _outside(draw, spec, "skyscraper")
    if placed is None:
        return
    where, cells = placed
    vals = _values(sol, cells)
    count = _visible(vals) if vals else draw(st.integers(1, spec.size))
    spec.groups.append((cells, lambda v: _visible(v) == count))
    spec.tables.append(("skyscraper", {**where, "count": count}))


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


def _modular(m: int) -> Predicate:
    def ok(v: Values) -> bool:
        return all((v[i] % m != v[j] % m) if j - i < m else (j - i) % m != 0 or v[i] % m == v[j] % m
                   for i in range(len(v)) for j in range(i + 1, len(v)))

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


def _value_indexing(v: Values) -> bool:
    return 1 + v[1] < len(v) and v[1 + v[1]] == v[0]


def gen_value_indexing(draw: Draw, spec: Spec, sol: Solution) -> None:
    path = obeyed_line(draw, spec.size, (3, 6), _value_indexing, sol)
    if len(path) < 3:
        return
    spec.groups.append((tuple(path), _value_indexing))
    spec.tables.append(("value-indexing", {"cells": [name(c) for c in path]}))


ANY_OF_INNER = ("killer", "thermo", "kropki-white", "kropki-black", "xv", "even", "odd", "renban", "whispers",
                "palindrome", "arrow", "any-of")


def _any_of(draw: Draw, spec: Spec, sol: Solution, depth: int) -> None:
    """Alternatives of one or two clues each (an any-of among them, once nested): some
    alternative's clues all hold.  With a reference grid, the clues of one alternative are
    made from it, the others at random."""
    count = draw(st.integers(1, 3))
    honest = draw(st.integers(0, count - 1)) if sol else -1
    subs = []
    for j in range(count):
        for _attempt in range(3 if j == honest else 1):  # the honest alternative: one the grid obeys
            sub = Spec(spec.size, jigsaw=spec.jigsaw)
            for _ in range(draw(st.integers(1, 2))):
                kind = draw(st.sampled_from(ANY_OF_INNER if depth < 2 else ANY_OF_INNER[:-1]))
                if kind == "any-of":
                    _any_of(draw, sub, sol if j == honest else None, depth + 1)
                else:
                    CLUE_GENERATORS[kind](draw, sub, sol if j == honest else None)
            if sol is None or j != honest or _obeys(sub, sol):
                break
        else:
            sub = Spec(spec.size, jigsaw=spec.jigsaw)  # none found: an empty alternative, which holds
        subs.append(sub)
    alternatives: list[dict[str, list[dict[str, object]]]] = []
    for sub in subs:
        tables: dict[str, list[dict[str, object]]] = {}
        for kind, table in sub.tables:
            tables.setdefault(kind, []).append(table)
        alternatives.append(tables)
    spec.tables.append(("any-of", {"alternatives": alternatives}))
    cells = sorted({c for sub in subs for a, b, _ in sub.pairs for c in (a, b)} | {c for sub in subs for g, _ in sub.groups for c in g})
    at = {c: i for i, c in enumerate(cells)}
    compiled = [([(at[a], at[b], rel) for a, b, rel in sub.pairs], [([at[c] for c in g], pred) for g, pred in sub.groups])
                for sub in subs]
    if any(not pairs and not groups for pairs, groups in compiled):
        return  # an alternative that asks nothing always holds

    def holds(v: Values) -> bool:
        return any(all(rel(v[i], v[k]) for i, k, rel in pairs) and all(pred(tuple(v[k] for k in ids)) for ids, pred in groups)
                   for pairs, groups in compiled)

    spec.groups.append((tuple(cells), holds))


def _obeys(spec: Spec, sol: dict[Cell, int]) -> bool:
    """The grid obeys the spec's pairs and groups."""
    return all(rel(sol[a], sol[b]) for a, b, rel in spec.pairs) and all(
        pred(tuple(sol[c] for c in g)) for g, pred in spec.groups)


def gen_any_of(draw: Draw, spec: Spec, sol: Solution) -> None:
    _any_of(draw, spec, sol, 1)


CLUE_GENERATORS: dict[str, Callable[[Draw, Spec, Solution], None]] = {
    "cage-compare": gen_cage_compare,
    "arrow": gen_arrow,
    "little-killer": gen_little_killer,
    "greater-than": gen_greater_than,
    "extra-region": gen_extra_region,
    "killer": gen_killer,
    "thermo": gen_thermo,
    "kropki-white": gen_kropki_white,
    "kropki-black": gen_kropki_black,
    "xv": gen_xv,
    "even": gen_even,
    "odd": gen_odd,
    "minimum": gen_minimum,
    "maximum": gen_maximum,
    "quadruple": gen_quadruple,
    "sandwich": gen_sandwich,
    "x-sum": gen_x_sum,
    "skyscraper": gen_skyscraper,
    "whispers": gen_whispers,
    "renban": gen_renban,
    "clone": gen_clone,
    "nabner": gen_nabner,
    "palindrome": _line_kind("palindrome", (2, 5), lambda s: lambda v: v == v[::-1]),
    "between": _line_kind("between", (3, 5), lambda s: _between),
    "region-sum": gen_region_sum,
    "entropic": _line_kind("entropic", (3, 5), _entropic),
    "slow-thermo": _line_kind("slow-thermo", (2, 5), lambda s: lambda v: all(a <= b for a, b in itertools.pairwise(v))),
    "zipper": _line_kind("zipper", (3, 5), lambda s: _zipper),
    "weighted-sum": gen_weighted_sum,
    "pencilmarks": gen_pencilmarks,
    "sum-line": gen_sum_line,
    "lunchbox": gen_lunchbox,
    "counting-circles": gen_counting_circles,
    "numbered-room": gen_numbered_room,
    "rellik-cage": gen_rellik_cage,
    "equal-sum": gen_equal_sum,
    "equality-cage": gen_equality_cage,
    "count-distinct": gen_count_distinct,
    "contain": gen_contain,
    "double-arrow": _line_kind("double-arrow", (3, 5), lambda s: lambda v: v[0] + v[-1] == sum(v[1:-1])),
    "full-rank": gen_full_rank,
    "automaton": gen_automaton,
    "hidden-skyscraper": gen_hidden_skyscraper,
    "look-and-say": gen_look_and_say,
    "same-values": gen_same_values,
    "indexing": gen_indexing,
    "pair": gen_pair,
    "modular": gen_modular,
    "lockout": gen_lockout,
    "value-indexing": gen_value_indexing,
    "chaos-count": gen_chaos_count,
    "chaos-arrow": gen_chaos_arrow,
    "chaos-same-region": gen_chaos_same_region,
    "chaos-region-count": gen_chaos_region_count,
    "any-of": gen_any_of,
}
NOT_ON = {"entropic": {4}, "global-entropy": {4}}


NEGATIVE_RULES = {"kropki-negative", "kropki-white-negative", "kropki-black-negative", "xv-negative"}


def show_all_marks(spec: Spec, sol: dict[Cell, int], rule: str) -> None:
    """A negative rule's puzzle shows every mark: each pair of the reference grid that the rule
    would forbid gets its dot (white for consecutive, black for 1:2, X or V for 10 or 5)."""
    def mark(kind: str, a: Cell, b: Cell, extra: dict[str, object], rel: Relation) -> None:
        spec.marked.setdefault(kind, set()).add(frozenset((a, b)))
        spec.pairs.append((a, b, rel))
        spec.tables.append((kind, {"cells": [name(a), name(b)], **extra}))

    for a in spec.cells:
        for b in neighbours(a, spec.size, diagonal=False):
            if b < a:
                continue
            x, y, pair = sol[a], sol[b], frozenset((a, b))
            dotted = any(pair in spec.marked.get(k, set()) for k in ("kropki-white", "kropki-black"))
            if rule in ("kropki-negative", "kropki-white-negative") and abs(x - y) == 1:
                if not (pair in spec.marked.get("kropki-white", set()) or rule == "kropki-negative" and dotted):
                    mark("kropki-white", a, b, {}, lambda p, q: abs(p - q) == 1)
            dotted = any(pair in spec.marked.get(k, set()) for k in ("kropki-white", "kropki-black"))
            if rule in ("kropki-negative", "kropki-black-negative") and (x == 2 * y or y == 2 * x):
                if not (pair in spec.marked.get("kropki-black", set()) or rule == "kropki-negative" and dotted):
                    mark("kropki-black", a, b, {}, lambda p, q: p == 2 * q or q == 2 * p)
            if rule == "xv-negative" and x + y in (5, 10) and pair not in spec.marked.get("xv", set()):
                total = x + y
                mark("xv", a, b, {"value": "V" if total == 5 else "X"}, lambda p, q, t=total: p + q == t)  # sizes a kind is not defined for (4 digits do not split in thirds)
