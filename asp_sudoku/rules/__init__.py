"""The registry of rules a puzzle may use: one line per rule, naming its module.

A rule is one module here and one template in ``encodings/``, both named after the rule (``-``
becomes ``_``): the module holds the rule's record, parsing and validation, facts, checker,
drawer, TOML table and examples, hung off one object, ``RULE`` (a `GlobalRule` for rules named
in ``rules = [...]``, a `ClueKind` for clue tables like ``[[killer]]``).  Adding a rule is its
module, its template and one line below.  Modules are imported on first use: a classic puzzle
imports none of them (start-up time).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from asp_sudoku.rules.base import ClueContext, ClueKind, GlobalRule, Speedup


def __getattr__(name: str) -> Any:
    """ClueContext, ClueKind, GlobalRule and Speedup, from `base`, imported on first use."""
    if name in ("ClueContext", "ClueKind", "GlobalRule", "Speedup"):
        from asp_sudoku.rules import base

        return getattr(base, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# Global rules, named in ``rules = [...]``: name -> module.  This order is the order of their
# templates in a program.
_GLOBAL_MODULES: dict[str, str] = {
    "anti-king": "anti_king",
    "anti-knight": "anti_knight",
    "non-consecutive": "non_consecutive",
    "disjoint-groups": "disjoint_groups",
    "diagonal+": "diagonal_anti",
    "diagonal-": "diagonal_main",
    "windoku": "windoku",
    "doppelganger": "doppelganger",
    "region-same-values": "region_same_values",
    "kropki-negative": "kropki_negative",
    "kropki-white-negative": "kropki_white_negative",
    "kropki-black-negative": "kropki_black_negative",
    "xv-negative": "xv_negative",
    "global-mod": "global_mod",
    "global-entropy": "global_entropy",
    "anti-taxicab": "anti_taxicab",
    "dutch-flatmates": "dutch_flatmates",
    "chaos-construction": "chaos_construction",
}

# Clue kinds, the tables ``[[...]]`` of a puzzle file: name -> module.  This order is the order
# of their templates in a program.
_CLUE_MODULES: dict[str, str] = {
    "killer": "killer",
    "thermo": "thermo",
    "cage-compare": "cage_compare",
    "arrow": "arrow",
    "little-killer": "little_killer",
    "greater-than": "greater_than",
    "extra-region": "extra_region",
    "kropki-white": "kropki_white",
    "kropki-black": "kropki_black",
    "xv": "xv",
    "even": "even",
    "odd": "odd",
    "minimum": "minimum",
    "maximum": "maximum",
    "quadruple": "quadruple",
    "sandwich": "sandwich",
    "x-sum": "x_sum",
    "skyscraper": "skyscraper",
    "whispers": "whispers",
    "renban": "renban",
    "palindrome": "palindrome",
    "clone": "clone",
    "between": "between",
    "region-sum": "region_sum",
    "entropic": "entropic",
    "slow-thermo": "slow_thermo",
    "zipper": "zipper",
    "weighted-sum": "weighted_sum",
    "nabner": "nabner",
    "pencilmarks": "pencilmarks",
    "sum-line": "sum_line",
    "lunchbox": "lunchbox",
    "counting-circles": "counting_circles",
    "numbered-room": "numbered_room",
    "rellik-cage": "rellik_cage",
    "double-arrow": "double_arrow",
    "equal-sum": "equal_sum",
    "equality-cage": "equality_cage",
    "count-distinct": "count_distinct",
    "contain": "contain",
    "full-rank": "full_rank",
    "automaton": "automaton",
    "hidden-skyscraper": "hidden_skyscraper",
    "look-and-say": "look_and_say",
    "same-values": "same_values",
    "indexing": "indexing",
    "pair": "pair",
    "modular": "modular",
    "lockout": "lockout",
    "value-indexing": "value_indexing",
    "chaos-arrow": "chaos_arrow",
    "chaos-count": "chaos_count",
    "chaos-same-region": "chaos_same_region",
    "chaos-region-count": "chaos_region_count",
    "any-of": "any_of",
}

# The rules that hold on a non-square grid (R x C, rows != columns, as ISS's ``Shape~6x8``):
# their parsing, facts, template, checker and drawer read the grid's rows and columns apart.
# Every other rule assumes a square (a long diagonal, a little killer's diagonals, regions of N
# cells chosen by the solver, ranks of N-digit numbers...) and a puzzle using it on a non-square
# grid is refused when it is read (`square_only`).  A new rule is square-only until it is added.
# Sandwich is left out: a column of a 6x8 need not hold both the smallest and the largest digit.
RECTANGULAR: frozenset[str] = frozenset({
    "anti-king", "anti-knight", "non-consecutive", "disjoint-groups", "kropki-negative",
    "kropki-white-negative", "kropki-black-negative", "xv-negative", "global-entropy", "anti-taxicab",
    "dutch-flatmates",
    "killer", "thermo", "cage-compare", "arrow", "greater-than", "extra-region", "kropki-white",
    "kropki-black", "xv", "even", "odd", "minimum", "maximum", "quadruple", "x-sum",
    "skyscraper", "whispers", "renban", "palindrome", "between", "region-sum", "entropic",
    "slow-thermo", "zipper", "weighted-sum", "pencilmarks", "indexing",
})


# The clue kinds that may name extra cells (cells outside the grid, `ExtraGroup`): their
# parsing, template and checker read each cell's digit and nothing of where it lies (no
# neighbours, lines of the grid or houses).  Any other kind naming an extra cell is refused
# when the puzzle is read.
EXTRA_OK: frozenset[str] = frozenset({
    "extra-region", "weighted-sum", "value-indexing", "automaton", "same-values", "whispers",
    "greater-than", "equal-sum", "pencilmarks",
})


def square_only(names: Iterable[str]) -> list[str]:
    """The rule and clue-kind names among `names` that need a square grid, in the order given."""
    return [name for name in names if name not in RECTANGULAR]


# Shorthands that stand for several global rules.
RULE_ALIASES: dict[str, tuple[str, ...]] = {
    "miracle": ("anti-king", "anti-knight", "non-consecutive"),
    "diagonals": ("diagonal+", "diagonal-"),
}

GLOBAL_RULES: dict[str, str] = {name: f"{module}.lp.j2" for name, module in _GLOBAL_MODULES.items()}
"""Global rule name -> its template (known without importing any rule module)."""


def _rule(module: str) -> Any:
    return import_module(f"asp_sudoku.rules.{module}").RULE


class _LazyKinds(Mapping[str, "ClueKind"]):
    """Clue kinds by table name, each rule module imported on first use.  Iteration gives the
    names in template order."""

    def __init__(self, where: dict[str, str]) -> None:
        self._where = where
        self._loaded: dict[str, ClueKind] = {}

    def __getitem__(self, name: str) -> ClueKind:
        kind = self._loaded.get(name)
        if kind is None:
            kind = _rule(self._where[name])  # KeyError for an unknown kind
            assert kind.name == name, name
            self._loaded[name] = kind
        return kind

    def __iter__(self) -> Iterator[str]:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)

    def __contains__(self, name: object) -> bool:
        return name in self._where


CLUE_KINDS: Mapping[str, ClueKind] = _LazyKinds(_CLUE_MODULES)
"""Clue kinds by table name, in the order their templates appear in a program."""

_GLOBAL_LOADED: dict[str, GlobalRule] = {}


def global_rule(name: str) -> GlobalRule:
    """The global rule of this name (KeyError for an unknown name)."""
    rule = _GLOBAL_LOADED.get(name)
    if rule is None:
        rule = _rule(_GLOBAL_MODULES[name])
        assert rule.name == name, name
        _GLOBAL_LOADED[name] = rule
    return rule


def speedups(puzzle_kinds: set[str] | frozenset[str]) -> tuple[Speedup, ...]:
    """The speed-only templates that may apply to a puzzle with clues of these kinds, in program
    order, each once.  Each is used when its `facts` are not empty; `render(puzzle, plain=True)`
    leaves them out.  They belong to the clue kinds they speed up (`ClueKind.speedups`)."""
    modules: dict[str, None] = {}
    for name in CLUE_KINDS:
        if name in puzzle_kinds:
            modules.update(dict.fromkeys(CLUE_KINDS[name].speedups))
    return tuple(import_module(f"asp_sudoku.rules.{module}").SPEEDUP for module in modules)


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
    "CLUE_KINDS", "GLOBAL_RULES", "RULE_ALIASES", "ClueContext", "ClueKind", "GlobalRule", "Speedup",
    "EXTRA_OK", "RECTANGULAR", "expand_rules", "global_rule", "speedups", "square_only",
]
