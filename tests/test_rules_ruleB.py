"""Quick checks of the rules moved in branch ruleB: each RULE has its own checker, drawer and
examples; the checker uses no fact emitter or template; every example's recorded solutions are
the brute force's (solve --all was compared by hand)."""

from __future__ import annotations

import sys
from importlib import import_module
from pathlib import Path

import pytest

from asp_sudoku.formats import parse_many

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
from example_solutions import solutions  # noqa: E402

MODULES = (
    "kropki_white", "kropki_black", "xv", "even", "odd", "minimum", "maximum", "quadruple",
    "sandwich", "x_sum", "skyscraper", "greater_than",
)
FORBIDDEN = {"facts", "fact", "position_facts", "pair_facts", "outside_facts", "template"}


@pytest.mark.parametrize("module", MODULES)
def test_rule_has_its_own_check_draw_and_examples(module: str) -> None:
    rule = import_module(f"asp_sudoku.rules.{module}").RULE
    assert rule.check is not None and rule.draw is not None
    assert rule.check.__module__ == f"asp_sudoku.rules.{module}"
    assert not FORBIDDEN & set(rule.check.__code__.co_names)
    assert any(ex.solutions for ex in rule.examples)
    assert any(not ex.solutions for ex in rule.examples)


@pytest.mark.parametrize("module", MODULES)
def test_examples_solutions_are_the_brute_force(module: str) -> None:
    for ex in import_module(f"asp_sudoku.rules.{module}").RULE.examples:
        assert tuple(solutions(ex.toml)) == ex.solutions, ex.title
        (puzzle,) = parse_many(ex.toml, "<example>.toml", "toml")
        assert puzzle.clues
