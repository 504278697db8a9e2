"""The examples of the logic scale (`instances/scale/`, listed in README and docs/logic.md): each
is solved without trial, its hardest step is the technique its name gives, at that level, and
every step is right."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_steps import checked

from asp_sudoku import load

ROOT = Path(__file__).resolve().parents[2]
SCALE = ROOT / "instances" / "scale"

EXAMPLES = [  # file, the rating, the hardest technique
    ("2.3-naked-single.toml", 2.3, "naked single"),
    ("2.6-locked-candidates-pointing.toml", 2.6, "locked candidates (pointing)"),
    ("2.8-locked-candidates-claiming.toml", 2.8, "locked candidates (claiming)"),
    ("3.0-naked-pair.toml", 3.0, "naked pair"),
    ("3.2-x-wing.toml", 3.2, "X-wing"),
    ("3.4-hidden-pair.toml", 3.4, "hidden pair"),
    ("3.6-naked-triple.toml", 3.6, "naked triple"),
    ("3.8-swordfish.toml", 3.8, "swordfish"),
    ("4.0-hidden-triple.toml", 4.0, "hidden triple"),
    ("4.2-xy-wing.toml", 4.2, "XY-wing"),
    ("4.4-xyz-wing.toml", 4.4, "XYZ-wing"),
    ("5.0-naked-quad.toml", 5.0, "naked quad"),
    ("5.2-jellyfish.toml", 5.2, "jellyfish"),
    ("5.6-cage-combinations.toml", 5.6, "cage combinations"),
    ("5.8-innies-and-outies.toml", 5.8, "innies and outies"),
    ("6.0-house-split-into-cages.toml", 6.0, "house split into cages"),
    ("6.2-killer-45-rule-with-combinations.toml", 6.2, "45 rule with cage combinations"),
    ("6.5-x-chain.toml", 6.5, "X-chain"),
    ("6.6-x-chain.toml", 6.6, "X-chain"),
    ("6.7-xy-chain.toml", 6.7, "XY-chain"),
    ("6.8-alternating-inference-chain.toml", 6.8, "alternating inference chain"),
    ("6.9-alternating-inference-chain.toml", 6.9, "alternating inference chain"),
]


def test_every_example_of_the_scale_is_listed() -> None:
    assert sorted(path.name for path in SCALE.glob("*.toml")) == sorted(name for name, _, _ in EXAMPLES)


@pytest.mark.parametrize(("name", "rating", "technique"), EXAMPLES)
def test_an_example_of_the_scale_rates_at_its_level(name: str, rating: float, technique: str) -> None:
    path = checked(load(str(SCALE / name)), depth=0)
    assert path.solved and path.trial_depth == 0
    assert path.hardest is not None and (path.rating, path.hardest.technique) == (rating, technique)


def _readme_examples() -> list[tuple[str, float]]:
    """The puzzles of `instances/` that the README's table of the scale names with a rating,
    as "`instances/x-sum.toml` (2.7, ...)"."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = readme[readme.index("| level | technique | example |"):]
    table = table[: table.index("\n\n")]
    return [(name, float(rating)) for name, rating in re.findall(r"`instances/([\w-]+\.toml)` \((\d+\.\d)", table)]


def test_the_readme_table_names_examples_outside_the_scale_folder() -> None:
    assert {"x-sum.toml", "killer-wikipedia.toml", "spoons.toml", "classic-inkala.toml"} <= {n for n, _ in _readme_examples()}


@pytest.mark.parametrize(
    ("name", "rating"),
    [pytest.param(n, r, marks=[pytest.mark.slow] if r >= 7 else []) for n, r in _readme_examples()],
)
def test_a_readme_example_of_the_scale_rates_as_the_table_says(name: str, rating: float) -> None:
    """Each puzzle the README's scale names with its rating is rated so (x-sum, 2.7, was found
    by a QA pass to be the example of two clues together that the table lacked)."""
    path = checked(load(str(ROOT / "instances" / name)), depth=2)
    assert path.solved and path.rating == rating
