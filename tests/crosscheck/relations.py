"""The global rules, restated: as relations between two cells (`GLOBAL_RELATIONS`) or as
conditions on groups of cells (`GLOBAL_GROUPS`); the tables of which rules need what; and the
negative rules' marks (`show_all_marks`)."""

from __future__ import annotations

from collections.abc import Callable

from .shapes import name, neighbours
from .spec import DEFAULT_BOXES, Cell, Predicate, Relation, Spec


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
    "kropki-negative": [(_unmarked("kropki-white", "kropki-black"), lambda a, b: abs(a - b) != 1)],
    "kropki-white-negative": [(_unmarked("kropki-white"), lambda a, b: abs(a - b) != 1)],
    "kropki-black-negative": [],
    "xv-negative": [(_unmarked("xv"), lambda a, b: a + b not in (5, 10))],
}


def _unmarked_ratio(q: int) -> Callable[[Cell, Cell, Spec], bool]:
    """An undotted pair, where the ratio q is locked out: 2 always, another when a black dot
    of the puzzle shows it (docs/rules.md, kropki-black-negative)."""
    unmarked = _unmarked("kropki-white", "kropki-black")

    def touches(a: Cell, b: Cell, spec: Spec) -> bool:
        shown = q == 2 or any(k == "kropki-black" and t.get("ratio", 2) == q for k, t in spec.tables)
        return shown and unmarked(a, b, spec)

    return touches


for _rule in ("kropki-negative", "kropki-black-negative"):
    GLOBAL_RELATIONS[_rule] += [
        (_unmarked_ratio(q), lambda a, b, q=q: a != q * b and b != q * a) for q in range(2, 17)
    ]
# Doppelganger grids hold 0..N, which the brute force below (digits 1..N) never makes: its model
# is test_doppelganger_against_brute_force (grid_enum over 0..N, filtered by the checker).
GLOBAL_RELATIONS["doppelganger"] = []
GLOBAL_RELATIONS["region-same-values"] = []
GLOBAL_RELATIONS["chaos-construction"] = []  # a Latin square's rows are a layout (chaos.py)
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


NEGATIVE_RULES = {"kropki-negative", "kropki-white-negative", "kropki-black-negative", "xv-negative"}


def show_all_marks(spec: Spec, sol: dict[Cell, int], rule: str) -> None:
    """A negative rule's puzzle shows every mark: each pair of the reference grid that the rule
    would forbid gets its dot (white for consecutive, black for 1:2 or a ratio a black dot
    shows, X or V for 10 or 5)."""
    def mark(kind: str, a: Cell, b: Cell, extra: dict[str, object], rel: Relation) -> None:
        spec.marked.setdefault(kind, set()).add(frozenset((a, b)))
        spec.pairs.append((a, b, rel))
        spec.tables.append((kind, {"cells": [name(a), name(b)], **extra}))

    # the ratios locked out: 2, and any a black dot shows (call again once the clues are made)
    ratios = sorted({2} | {int(str(t.get("ratio", 2))) for k, t in spec.tables if k == "kropki-black"})
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
            for r in ratios if rule in ("kropki-negative", "kropki-black-negative") else []:
                if (x == r * y or y == r * x) and not dotted:
                    mark("kropki-black", a, b, {} if r == 2 else {"ratio": r}, lambda p, q, r=r: p == r * q or q == r * p)
                    dotted = True
            if rule == "xv-negative" and x + y in (5, 10) and pair not in spec.marked.get("xv", set()):
                total = x + y
                mark("xv", a, b, {"value": "V" if total == 5 else "X"}, lambda p, q, t=total: p + q == t)  # sizes a kind is not defined for (4 digits do not split in thirds)
