"""Search settings per puzzle (asp_sudoku/program/options.py): killers search with the measured
restart policy and domain heuristic, pencilmark-only and non-consecutive-only puzzles with clingo's
crafty configuration, everything else with clingo's defaults; the settings reach clingo and the
program's header names them; answers are the same either way."""

from __future__ import annotations

import sys

import clingo
import pytest
from helpers import ROOT, puzzle_from_toml

from asp_sudoku.formats import load
from asp_sudoku.program.options import (
    KILLER_OPTIONS,
    NON_CONSECUTIVE_OPTIONS,
    PENCILMARK_OPTIONS,
    search_options,
)
from asp_sudoku.program.render import render
from asp_sudoku.solving.single import solve

SEEDS = ROOT / "bench" / "data" / "seeds"
KILLER = "size = 4\n[[killer]]\ncells = ['r1c1', 'r1c2']\nsum = 3\n"
PENCILMARKS = "size = 4\n[[pencilmarks]]\ncell = 'r1c1'\ndigits = [1, 2]\n"
NON_CONSECUTIVE = "size = 6\nrules = ['non-consecutive']\n"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("size = 4\n", ()),
        (KILLER, KILLER_OPTIONS),
        ("rules = ['anti-king']\n" + KILLER, KILLER_OPTIONS),
        (KILLER + "[[thermo]]\ncells = ['r4c1', 'r4c2']\n", ()),
        ("size = 4\n[[thermo]]\ncells = ['r4c1', 'r4c2']\n", ()),
        (PENCILMARKS, PENCILMARK_OPTIONS),
        ("rules = ['anti-king']\n" + PENCILMARKS, ()),
        (PENCILMARKS + "[[thermo]]\ncells = ['r4c1', 'r4c2']\n", ()),
        (NON_CONSECUTIVE, NON_CONSECUTIVE_OPTIONS),
        ("rules = ['non-consecutive']\n" + PENCILMARKS, NON_CONSECUTIVE_OPTIONS),
        ("size = 6\nrules = ['non-consecutive', 'anti-king']\n", ()),
        (NON_CONSECUTIVE + "[[thermo]]\ncells = ['r4c1', 'r4c2']\n", ()),
        ("rules = ['non-consecutive']\n" + KILLER, KILLER_OPTIONS),
    ],
    ids=["classic", "killer", "killer-with-global-rule", "killer-and-thermo", "thermo", "pencilmarks",
         "pencilmarks-with-global-rule", "pencilmarks-and-thermo", "non-consecutive",
         "non-consecutive-with-pencilmarks", "non-consecutive-and-anti-king", "non-consecutive-and-thermo",
         "non-consecutive-killer"],
)
def test_which_puzzles_get_the_killer_settings(text: str, expected: tuple[str, ...]) -> None:
    assert search_options(puzzle_from_toml(text)) == expected


def test_greater_killer_gets_the_killer_settings() -> None:
    puzzle = load(str(SEEDS / "killer-daily_greater_killer_sudoku_hard.toml"))
    assert {c.kind for c in puzzle.clues} == {"killer", "cage-compare"}
    assert search_options(puzzle) == KILLER_OPTIONS


def test_the_settings_reach_clingo(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[list[str]] = []
    real = clingo.Control

    def spy(arguments: list[str], *rest: object, **kw: object) -> clingo.Control:
        seen.append(list(arguments))
        return real(arguments, *rest, **kw)  # type: ignore[arg-type]

    solve_module = sys.modules["asp_sudoku.solving.single"]
    monkeypatch.setattr(solve_module.clingo, "Control", spy)
    solve(puzzle_from_toml(KILLER))
    solve(puzzle_from_toml("size = 4\n"))
    assert all(option in seen[0] for option in KILLER_OPTIONS)
    assert not any(option in seen[1] for option in KILLER_OPTIONS)


def test_the_header_names_the_settings_only_where_they_apply() -> None:
    killer = render(puzzle_from_toml(KILLER)).text
    assert f"% asp-sudoku searches it with: {' '.join(KILLER_OPTIONS)}" in killer
    assert "searches it with" not in render(puzzle_from_toml("size = 4\n")).text


def test_the_header_settings_give_clingo_the_same_answer_sets() -> None:
    """`clingo program.lp 0 <the header's settings>`: the same answer sets as without them."""
    text = render(load(str(SEEDS / "killer-wiki.toml"))).text

    def models(options: tuple[str, ...]) -> set[frozenset[str]]:
        ctl = clingo.Control(["--models=0", *options])
        ctl.add("base", [], text)
        ctl.ground([("base", [])])
        found: set[frozenset[str]] = set()
        ctl.solve(on_model=lambda m: found.add(frozenset(map(str, m.symbols(shown=True)))))
        return found

    assert models(KILLER_OPTIONS) == models(()) and len(models(())) == 1
    text = render(puzzle_from_toml(PENCILMARKS)).text
    assert f"% asp-sudoku searches it with: {' '.join(PENCILMARK_OPTIONS)}" in text
    assert models(PENCILMARK_OPTIONS) == models(()) and len(models(())) == 144  # r1c1 is 1 or 2: half of the 288 grids
    text = render(puzzle_from_toml(NON_CONSECUTIVE)).text
    assert f"% asp-sudoku searches it with: {' '.join(NON_CONSECUTIVE_OPTIONS)}" in text
    assert models(NON_CONSECUTIVE_OPTIONS) == models(()) and len(models(())) > 0


def test_the_domain_heuristic_has_a_directive_to_read_in_every_killer_program() -> None:
    """`--heuristic=Domain` is there for the `#heuristic` directive of the killer combinations:
    every program searched with the killer settings holds it (a killer whose cages have sums),
    and the plain program (`encode --plain`) holds neither the directive nor any other."""
    assert "--heuristic=Domain" in KILLER_OPTIONS
    greater = load(str(SEEDS / "killer-daily_greater_killer_sudoku_hard.toml"))
    for puzzle in (puzzle_from_toml(KILLER), greater):
        assert search_options(puzzle) == KILLER_OPTIONS
        assert "#heuristic killerHas(K,P). [2,factor]" in render(puzzle).text
        assert "#heuristic" not in render(puzzle, plain=True).text
