"""One generator per clue kind (`CLUE_GENERATORS`), the any-of generator (its alternatives
are drawn from that table) and the sizes a kind is not defined for (`NOT_ON`).

Each generator adds a TOML table to spec.tables and the same rule as relations or predicates.
Given a reference grid (`sol`), the clue is one that grid obeys (where one is found); else random.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from hypothesis import strategies as st

from .cages import (
    gen_cage_compare,
    gen_equal_sum,
    gen_equality_cage,
    gen_extra_region,
    gen_killer,
    gen_lunchbox,
    gen_rellik_cage,
    gen_weighted_sum,
)
from .cells import (
    gen_clone,
    gen_even,
    gen_greater_than,
    gen_kropki_black,
    gen_kropki_white,
    gen_maximum,
    gen_minimum,
    gen_odd,
    gen_pencilmarks,
    gen_quadruple,
    gen_xv,
)
from .chaos import (
    gen_chaos_arrow,
    gen_chaos_count,
    gen_chaos_region_count,
    gen_chaos_same_region,
)
from .digits import (
    gen_contain,
    gen_count_distinct,
    gen_counting_circles,
    gen_indexing,
    gen_look_and_say,
    gen_pair,
    gen_same_values,
    gen_value_indexing,
)
from .lines import (
    _between,
    _entropic,
    _line_kind,
    _zipper,
    gen_arrow,
    gen_automaton,
    gen_lockout,
    gen_modular,
    gen_nabner,
    gen_region_sum,
    gen_renban,
    gen_sum_line,
    gen_thermo,
    gen_whispers,
)
from .outside import (
    gen_full_rank,
    gen_hidden_skyscraper,
    gen_little_killer,
    gen_numbered_room,
    gen_sandwich,
    gen_skyscraper,
    gen_x_sum,
)
from .spec import Cell, Draw, Solution, Spec, Values

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
# sizes a kind is not defined for (4 digits do not split in thirds)
NOT_ON = {"entropic": {4}, "global-entropy": {4}}
