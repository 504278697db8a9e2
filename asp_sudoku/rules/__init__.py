"""The registry of rules a puzzle may use.

Global rules are named in ``rules = [...]`` and map to templates with no data; clue kinds are
TOML arrays of tables (``[[killer]]``), each with a record type, a parser and a fact emitter in
its own module here, a template in ``encodings/`` and a checker function in ``check.py``.
"""

from __future__ import annotations

from . import killer, thermo
from . import arrow, cage_compare, extra_region, greater_than, little_killer
from . import killer_combinations, running_sums
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
    )
}

# Templates that only help the solver (no solution added or lost), each used when it has facts.
SPEEDUPS: tuple[Speedup, ...] = (killer_combinations.SPEEDUP, running_sums.SPEEDUP)


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
