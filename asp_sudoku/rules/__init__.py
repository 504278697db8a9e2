"""The registry of rules a puzzle may use.

Global rules are named in ``rules = [...]`` and map to templates with no data; clue kinds are
TOML arrays of tables (``[[killer]]``), each with a record type, a parser and a fact emitter in
its own module here, a template in ``encodings/`` and a checker function in ``check.py``.
"""

from __future__ import annotations

from . import (
    arrow,
    cage_compare,
    extra_region,
    extremum,
    greater_than,
    killer,
    killer_combinations,
    killer_implied,
    kropki,
    lines,
    little_killer,
    parity,
    quadruple,
    region_sum,
    renban,
    running_sums,
    sandwich,
    skyscraper,
    thermo,
    weighted,
    xsum,
    xv,
)
from .base import ClueContext, ClueKind, Speedup

# Global rule name -> template.  The order here is the order of templates in a program.
GLOBAL_RULES: dict[str, str] = {
    "anti-king": "anti_king.lp.j2",
    "anti-knight": "anti_knight.lp.j2",
    "non-consecutive": "non_consecutive.lp.j2",
    "disjoint-groups": "disjoint_groups.lp.j2",
    "diagonal+": "diagonal_anti.lp.j2",
    "diagonal-": "diagonal_main.lp.j2",
    "windoku": "windoku.lp.j2",
    "kropki-negative": "kropki_negative.lp.j2",
    "kropki-white-negative": "kropki_white_negative.lp.j2",
    "kropki-black-negative": "kropki_black_negative.lp.j2",
    "xv-negative": "xv_negative.lp.j2",
}

# Shorthands that stand for several global rules.
RULE_ALIASES: dict[str, tuple[str, ...]] = {
    "miracle": ("anti-king", "anti-knight", "non-consecutive"),
    "diagonals": ("diagonal+", "diagonal-"),
}

# Clue kinds by table name, in the order their templates appear in a program.
CLUE_KINDS: dict[str, ClueKind] = {
    kind.name: kind
    for kind in (
        killer.KIND,
        thermo.KIND,
        cage_compare.KIND,
        arrow.KIND,
        little_killer.KIND,
        greater_than.KIND,
        extra_region.KIND,
        kropki.WHITE_KIND,
        kropki.BLACK_KIND,
        xv.KIND,
        parity.EVEN_KIND,
        parity.ODD_KIND,
        extremum.MINIMUM_KIND,
        extremum.MAXIMUM_KIND,
        quadruple.KIND,
        sandwich.KIND,
        xsum.KIND,
        skyscraper.KIND,
        lines.WHISPERS_KIND,
        renban.KIND,
        lines.PALINDROME_KIND,
        lines.BETWEEN_KIND,
        region_sum.KIND,
        lines.ENTROPIC_KIND,
        lines.SLOW_THERMO_KIND,
        lines.ZIPPER_KIND,
        weighted.KIND,
    )
}

# Templates that only help the solver (no solution added or lost), each used when it has facts;
# `render(puzzle, plain=True)` leaves them out.
SPEEDUPS: tuple[Speedup, ...] = (
    killer_combinations.SPEEDUP,
    Speedup("killer implied sums", "killer_implied_sums.lp.j2", killer_implied.facts),
    running_sums.SPEEDUP,
)


def expand_rules(names: list[str]) -> tuple[str, ...]:
    """Expand aliases, drop repeats; sorted in template order.  Unknown names raise KeyError."""
    out: set[str] = set()
    for name in names:
        if name in RULE_ALIASES:
            out.update(RULE_ALIASES[name])
        elif name in GLOBAL_RULES:
            out.add(name)
        else:
            raise KeyError(name)
    order = list(GLOBAL_RULES)
    return tuple(sorted(out, key=order.index))


__all__ = [
    "CLUE_KINDS", "GLOBAL_RULES", "RULE_ALIASES", "SPEEDUPS", "ClueContext", "ClueKind", "Speedup",
    "expand_rules",
]
