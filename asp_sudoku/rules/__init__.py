"""The registry of rules a puzzle may use.

Global rules are named in ``rules = [...]`` and map to templates with no data; clue kinds are
TOML arrays of tables (``[[killer]]``), each with a record type, a parser and a fact emitter in
its own module here, a template in ``encodings/`` and a checker function in ``check.py``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .base import ClueContext, ClueKind, Speedup


def __getattr__(name: str) -> Any:
    """ClueContext, ClueKind and Speedup, from `base`, imported on first use (start-up time)."""
    if name in ("ClueContext", "ClueKind", "Speedup"):
        from . import base

        return getattr(base, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

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


class _LazyKinds(Mapping[str, "ClueKind"]):
    """Clue kinds by table name, each rule module imported on first use (a classic puzzle
    imports none of them: start-up time).  Iteration gives the names in template order."""

    def __init__(self, where: dict[str, tuple[str, str]]) -> None:
        self._where = where
        self._loaded: dict[str, ClueKind] = {}

    def __getitem__(self, name: str) -> ClueKind:
        kind = self._loaded.get(name)
        if kind is None:
            module, attribute = self._where[name]  # KeyError for an unknown kind
            kind = getattr(import_module(f".{module}", __name__), attribute)
            assert kind.name == name, name
            self._loaded[name] = kind
        return kind

    def __iter__(self) -> Iterator[str]:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)

    def __contains__(self, name: object) -> bool:
        return name in self._where


# Clue kinds by table name -> (module in this package, attribute), in the order their templates
# appear in a program.
CLUE_KINDS: Mapping[str, ClueKind] = _LazyKinds(
    {
        "killer": ("killer", "KIND"),
        "thermo": ("thermo", "KIND"),
        "cage-compare": ("cage_compare", "KIND"),
        "arrow": ("arrow", "KIND"),
        "little-killer": ("little_killer", "KIND"),
        "greater-than": ("greater_than", "KIND"),
        "extra-region": ("extra_region", "KIND"),
        "kropki-white": ("kropki", "WHITE_KIND"),
        "kropki-black": ("kropki", "BLACK_KIND"),
        "xv": ("xv", "KIND"),
        "even": ("parity", "EVEN_KIND"),
        "odd": ("parity", "ODD_KIND"),
        "minimum": ("extremum", "MINIMUM_KIND"),
        "maximum": ("extremum", "MAXIMUM_KIND"),
        "quadruple": ("quadruple", "KIND"),
        "sandwich": ("sandwich", "KIND"),
        "x-sum": ("xsum", "KIND"),
        "skyscraper": ("skyscraper", "KIND"),
        "whispers": ("lines", "WHISPERS_KIND"),
        "renban": ("renban", "KIND"),
        "palindrome": ("lines", "PALINDROME_KIND"),
        "between": ("lines", "BETWEEN_KIND"),
        "region-sum": ("region_sum", "KIND"),
        "entropic": ("lines", "ENTROPIC_KIND"),
        "slow-thermo": ("lines", "SLOW_THERMO_KIND"),
        "zipper": ("lines", "ZIPPER_KIND"),
        "weighted-sum": ("weighted", "KIND"),
    }
)


def speedups(puzzle_kinds: set[str] | frozenset[str]) -> tuple[Speedup, ...]:
    """The speed-only templates that may apply to a puzzle with clues of these kinds, in program
    order.  Each is used when its `facts` are not empty; `render(puzzle, plain=True)` leaves
    them out.  Their modules are imported only for puzzles that may use them."""
    return tuple(
        getattr(import_module(f".{module}", __name__), attribute)
        for kinds, module, attribute in _SPEEDUPS
        if puzzle_kinds & kinds
    )


# Templates that only help the solver (no solution added or lost): the clue kinds that may make
# each apply, and where its Speedup record is.
_SPEEDUPS: tuple[tuple[frozenset[str], str, str], ...] = (
    (frozenset({"killer"}), "killer_combinations", "SPEEDUP"),
    (frozenset({"killer"}), "killer_implied", "SPEEDUP"),
    (frozenset({"little-killer", "arrow"}), "running_sums", "SPEEDUP"),
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
    "CLUE_KINDS", "GLOBAL_RULES", "RULE_ALIASES", "ClueContext", "ClueKind", "Speedup", "expand_rules",
    "speedups",
]
