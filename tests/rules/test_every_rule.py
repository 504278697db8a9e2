"""Every registered rule, as one unit: its module holds a checker, a drawer, a docstring and its
examples; its template is named after it; each example's exact set of solutions is what clingo
finds, what a brute force filtered by the checker finds, and what the example records; the
example puzzle round-trips through TOML and its picture shows the rule.

A rule added to the registry without any of these fails here.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable, Iterator
from importlib import import_module
from pathlib import Path
from types import FunctionType, ModuleType
from typing import Any

import pytest
from helpers import checked_solutions

from asp_sudoku.core.model import Puzzle
from asp_sudoku.formats import parse_many
from asp_sudoku.formats.toml.writer import to_toml
from asp_sudoku.picture.svg import render_svg
from asp_sudoku.rules import _CLUE_MODULES, _GLOBAL_MODULES, CLUE_KINDS, global_rule
from asp_sudoku.rules.base import ClueKind, Example, GlobalRule
from asp_sudoku.solving.single import solve

ENCODINGS = Path(__file__).resolve().parents[2] / "encodings"
MODULES = {**_GLOBAL_MODULES, **_CLUE_MODULES}


def rule_of(name: str) -> GlobalRule | ClueKind:
    return global_rule(name) if name in _GLOBAL_MODULES else CLUE_KINDS[name]


def module_of(name: str) -> ModuleType:
    return import_module(f"asp_sudoku.rules.{MODULES[name]}")


def examples() -> Iterator[Any]:
    for name in MODULES:
        for i, example in enumerate(rule_of(name).examples):
            yield pytest.param(name, example, id=f"{name}-{i + 1}-{'sat' if example.solutions else 'unsat'}")


def read(example: Example) -> Puzzle:
    (puzzle,) = parse_many(example.toml, "<example>.toml", "toml")
    return puzzle


@pytest.mark.parametrize("name", list(MODULES))
def test_a_rule_is_one_module_and_one_template(name: str) -> None:
    rule = rule_of(name)
    module = module_of(name)
    assert rule.name == name
    assert rule.template == f"{MODULES[name]}.lp.j2", "the template is named after the module"
    assert (ENCODINGS / rule.template).is_file()
    assert rule.check is not None, f"{name} has no checker in its module"
    assert rule.draw is not None, f"{name} has no drawer in its module"
    assert (module.__doc__ or "").strip(), f"{name}'s module has no docstring (its rule reference entry)"
    assert any(e.solutions for e in rule.examples), f"{name} has no example with solutions"
    assert any(not e.solutions for e in rule.examples), f"{name} has no example without a solution"


FACT_NAMES = {"fact", "facts", "position_facts", "pair_facts", "outside_facts", "line_facts", "render_template"}


def _reached(fn: Callable[..., Any], seen: set[int]) -> Iterator[str]:
    """The global names a function uses, and those of the package's functions it calls."""
    if id(fn) in seen or not isinstance(fn, FunctionType):
        return
    seen.add(id(fn))
    found = inspect.getclosurevars(fn)
    yield from found.globals
    yield from found.nonlocals
    for value in [*found.globals.values(), *found.nonlocals.values()]:
        if isinstance(value, FunctionType) and value.__module__.startswith("asp_sudoku."):
            yield from _reached(value, seen)


@pytest.mark.parametrize("name", list(MODULES))
def test_the_checker_reads_the_record_never_the_facts(name: str) -> None:
    rule = rule_of(name)
    assert rule.check is not None
    used = set(_reached(rule.check, set()))
    assert not used & FACT_NAMES, f"{name}'s checker uses {sorted(used & FACT_NAMES)}"
    if isinstance(rule, ClueKind):
        assert rule.facts not in [getattr(module_of(name), n, None) for n in used]


@pytest.mark.parametrize(("name", "example"), list(examples()))
def test_example_has_exactly_its_solutions(name: str, example: Example) -> None:
    puzzle = read(example)
    assert name in puzzle.rules or any(c.kind == name for c in puzzle.clues), "the example uses its rule"
    result = solve(puzzle, limit=None)
    assert result.exhausted
    found = sorted("".join(str(v) for row in g.rows for v in row) for g in result.solutions)
    assert found == sorted(example.solutions), "clingo's answer sets"
    assert checked_solutions(puzzle) == sorted(example.solutions), "the brute force with the checker"


@pytest.mark.parametrize(("name", "example"), list(examples()))
def test_example_round_trips_and_is_drawn(name: str, example: Example) -> None:
    puzzle = read(example)
    (back,) = parse_many(to_toml(puzzle), "<back>.toml", "toml")
    assert back == puzzle
    bare = dataclasses.replace(puzzle, rules=(), clues=())
    assert render_svg(puzzle) != render_svg(bare), f"the picture does not show {name}"
