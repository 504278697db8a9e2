"""Quick checks of the global rules' modules (branch ruleA): each example's solutions are exactly
what clingo finds and what the brute force filtered by the checker finds; each checker uses no
fact emitter or template; each drawer draws."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from asp_sudoku.formats import parse_many
from asp_sudoku.picture.svg import render_svg
from asp_sudoku.rules import GLOBAL_RULES, global_rule
from asp_sudoku.solving.single import solve

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

from example_solutions import solutions  # noqa: E402

CASES = [(name, i) for name in GLOBAL_RULES for i in range(len(global_rule(name).examples))]
FORBIDDEN = {"facts", "fact", "position_facts", "pair_facts", "outside_facts", "render_template"}


@pytest.mark.parametrize(("name", "index"), CASES, ids=[f"{n}-{i}" for n, i in CASES])
def test_example_solutions(name: str, index: int) -> None:
    example = global_rule(name).examples[index]
    (puzzle,) = parse_many(example.toml, "<example>.toml", "toml")
    assert name in puzzle.rules
    found = solve(puzzle, limit=None)
    assert found.exhausted
    got = sorted("".join(str(v) for row in grid.rows for v in row) for grid in found.solutions)
    assert tuple(got) == example.solutions
    assert tuple(solutions(example.toml)) == example.solutions
    assert len(example.solutions) <= 12


@pytest.mark.parametrize("name", list(GLOBAL_RULES))
def test_rule_module(name: str) -> None:
    rule = global_rule(name)
    assert rule.examples and rule.examples[0].solutions and any(not e.solutions for e in rule.examples)
    assert not FORBIDDEN & set(rule.check.__code__.co_names)
    assert sys.modules[rule.check.__module__].__doc__
    (puzzle,) = parse_many(rule.examples[0].toml, "<example>.toml", "toml")
    svg = render_svg(puzzle)
    assert svg.count("<") > 10
