"""Every rule kind through every writer: TOML and f-puzzles round trips and a picture.

Samples of rule kinds that are not (yet) in this build are skipped, so the test grows as rules
land; f-puzzles has no equivalent for a few kinds, which must then be a clear error.
"""

from __future__ import annotations

import pytest

from asp_sudoku import load
from asp_sudoku.core.errors import AspSudokuError
from asp_sudoku.formats.build import has_kind
from asp_sudoku.formats.fpuzzles.writer import fpuzzles_url
from asp_sudoku.formats.toml import parse_toml
from asp_sudoku.formats.toml.writer import to_toml
from asp_sudoku.picture.svg import render_svg
from asp_sudoku.rules import GLOBAL_RULES

# name -> (kinds or rules needed, TOML body)
SAMPLES: dict[str, tuple[tuple[str, ...], str]] = {
    "killer": (("killer",), '[[killer]]\ncells = ["r1c1", "r1c2"]\nsum = 3\n[[killer]]\ncells = ["r5c5", "r5c6"]\n'),
    "thermo": (("thermo",), '[[thermo]]\ncells = ["r1c1", "r2c2", "r3c2"]\n'),
    "arrow": (("arrow",), '[[arrow]]\ncircle = ["r1c1"]\ncells = ["r1c2", "r1c3"]\n[[arrow]]\ncircle = ["r5c5", "r5c6"]\ncells = ["r6c6", "r7c7", "r8c8"]\n'),
    "little-killer": (("little-killer",), '[[little-killer]]\nclue = "r0c1"\ndirection = "down-right"\nsum = 45\n[[little-killer]]\nclue = "r10c3"\ndirection = "up-left"\nsum = 6\n'),
    "extra-region": (("extra-region",), '[[extra-region]]\ncells = ["r1c1", "r1c2", "r2c1", "r2c2"]\n'),
    "kropki": (("kropki-white", "kropki-black"), '[[kropki-white]]\ncells = ["r1c1", "r1c2"]\n[[kropki-white]]\ncells = ["r2c1", "r2c2"]\ndifference = 3\n[[kropki-black]]\ncells = ["r3c1", "r3c2"]\n[[kropki-black]]\ncells = ["r4c1", "r4c2"]\nratio = 3\n'),
    "xv": (("xv",), '[[xv]]\ncells = ["r1c1", "r1c2"]\nvalue = "X"\n[[xv]]\ncells = ["r2c1", "r3c1"]\nvalue = "V"\n'),
    "parity": (("even", "odd"), '[[even]]\ncells = ["r1c1", "r2c5"]\n[[odd]]\ncells = ["r9c9"]\n'),  # one list each: f-puzzles' form
    "extremum": (("minimum", "maximum"), '[[minimum]]\ncells = ["r5c5"]\n[[maximum]]\ncells = ["r1c5"]\n'),
    "quadruple": (("quadruple",), '[[quadruple]]\ncell = "r1c1"\ndigits = [1, 2]\n'),
    "outside": (("sandwich", "x-sum", "skyscraper"), '[[sandwich]]\nclue = "r0c3"\nsum = 10\n[[x-sum]]\nclue = "r4c0"\nsum = 15\n[[skyscraper]]\nclue = "r10c2"\ncount = 3\n'),
    "lines": (
        ("whispers", "renban", "palindrome", "between", "entropic", "region-sum", "slow-thermo", "zipper"),
        '[[whispers]]\ncells = ["r1c1", "r1c2", "r1c3"]\n[[renban]]\ncells = ["r2c1", "r2c2", "r2c3"]\n'
        '[[palindrome]]\ncells = ["r3c4", "r3c5", "r3c6"]\n[[between]]\ncells = ["r4c1", "r4c2", "r4c3"]\n'
        '[[entropic]]\ncells = ["r5c1", "r5c2", "r5c3"]\n[[region-sum]]\ncells = ["r6c3", "r6c4"]\n'
        '[[slow-thermo]]\ncells = ["r7c1", "r7c2", "r7c3"]\n[[zipper]]\ncells = ["r8c1", "r8c2", "r8c3"]\n',
    ),
    "negative": (("kropki-negative", "xv-negative"), 'rules = ["kropki-negative", "xv-negative"]\n'),
    "regions": (
        ("regions",),
        'box = "none"\nregions = """\n112222333\n111122333\n111222333\n444555666\n444555666\n444555666\n777888999\n777888999\n777888999\n"""\n',
    ),
}
NO_FPUZZLES = {
    "greater-than": (("greater-than",), '[[greater-than]]\ncells = ["r1c1", "r1c2"]\n'),
    "weighted-sum": (("weighted-sum",), '[[weighted-sum]]\ncells = ["r1c1", "r1c2"]\nweights = [2, 1]\nsum = 10\n'),
    "cage-compare": (("killer", "cage-compare"), '[[killer]]\ncells = ["r1c1", "r1c2"]\nlabel = "a"\n[[killer]]\ncells = ["r3c3", "r3c4"]\nlabel = "b"\n[[cage-compare]]\nleft = "a"\nright = "b"\nrelation = "<"\n'),
}


def sample(needs: tuple[str, ...], body: str) -> str:
    missing = [k for k in needs if not (has_kind(k) or k in GLOBAL_RULES)]
    assert not missing, f"the sample needs rules this build lacks: {missing}"
    return "size = 9\n" + body


@pytest.mark.parametrize("name", SAMPLES)
def test_round_trips(name: str) -> None:
    puzzle = parse_toml(sample(*SAMPLES[name]), f"{name}.toml")
    assert parse_toml(to_toml(puzzle), "back.toml") == puzzle
    assert load(fpuzzles_url(puzzle)) == puzzle
    assert render_svg(puzzle).startswith("<svg")


@pytest.mark.parametrize("name", NO_FPUZZLES)
def test_kinds_without_fpuzzles_equivalent(name: str) -> None:
    puzzle = parse_toml(sample(*NO_FPUZZLES[name]), f"{name}.toml")
    assert parse_toml(to_toml(puzzle), "back.toml") == puzzle
    with pytest.raises(AspSudokuError, match="f-puzzles has no"):
        fpuzzles_url(puzzle)
    assert render_svg(puzzle).startswith("<svg")
