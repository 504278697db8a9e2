"""The TOML writer: every puzzle written reads back to an equal puzzle."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from helpers import DATA, INSTANCES, puzzle_from_toml

from asp_sudoku.cli import main
from asp_sudoku.core.model import Puzzle
from asp_sudoku.formats import load
from asp_sudoku.formats.toml.writer import clue_table, rule_names, to_toml, toml_string
from asp_sudoku.rules.killer import Killer
from asp_sudoku.rules.thermo import Thermo


def round_trip(puzzle: Puzzle) -> Puzzle:
    text = to_toml(puzzle, comments=["a comment", "two\nlines"])
    back = puzzle_from_toml(text)
    assert back == puzzle
    assert (back.title, back.author, back.source) == (puzzle.title, puzzle.author, puzzle.source)
    return back


@pytest.mark.parametrize(
    "path",
    [
        INSTANCES / "classic-inkala.toml",
        DATA / "setter" / "killer-wiki.toml",
        DATA / "setter" / "miracle.toml",
        DATA / "setter" / "classic-hidden-conflict.toml",
    ],
    ids=lambda p: p.name,
)
def test_files_round_trip(path) -> None:  # type: ignore[no-untyped-def]
    round_trip(load(str(path)))


@pytest.mark.parametrize(
    "puzzle",
    [
        Puzzle(size=16, box=(4, 4), digits=(0, 15), givens=((1, 1, 0), (2, 5, 15), (16, 16, 10))),
        Puzzle(size=16, box=(4, 4), digits=(1, 16), givens=((1, 1, 16), (3, 3, 10), (4, 4, 9))),
        Puzzle(size=12, box=(3, 4), digits=(1, 12), givens=((1, 1, 12), (5, 6, 10), (12, 12, 1))),
        Puzzle(size=6, box=(3, 2), digits=(1, 6), givens=((1, 1, 6),)),
        Puzzle(size=5, box=None, digits=(1, 5), givens=((2, 2, 5),)),
        Puzzle(size=9, box=(3, 3), digits=(1, 9), rules=("anti-king", "diagonal+", "diagonal-")),
        Puzzle(size=4, box=(2, 2), digits=(1, 4)),
        Puzzle(
            size=4, box=(2, 2), digits=(1, 4),
            clues=(Killer(cells=((1, 1), (1, 2)), total=3, label="a"), Killer(cells=((2, 1),)),
                   Thermo(cells=((3, 1), (3, 2), (4, 3)))),
        ),
        Puzzle(size=4, box=(2, 2), digits=(1, 4), title='He said "hi"\\ \u00e9\n\tnext \x7f line',
               author="A. N. Other", source="https://example.org/?a=1&b=2"),
    ],
    ids=["hex0", "hex1", "12x12", "6x6-3x2", "no-box", "rules", "empty", "clues", "strings"],
)
def test_puzzles_round_trip(puzzle: Puzzle) -> None:
    round_trip(puzzle)


def test_miracle_is_written_as_one_name() -> None:
    assert rule_names(("anti-king", "anti-knight", "non-consecutive")) == ["miracle"]
    assert rule_names(("anti-king", "diagonal+", "diagonal-")) == ["diagonals", "anti-king"]
    assert rule_names(("anti-knight",)) == ["anti-knight"]


def test_strings_are_valid_toml() -> None:
    for text in ['a"b', "c\\d", "line\nbreak", "\x00\x1f\x7f", "ünï", "'''"]:
        assert tomllib.loads(f"x = {toml_string(text)}")["x"] == text


def test_generic_clue_table_uses_field_names() -> None:
    assert clue_table(Thermo(cells=((1, 1), (1, 2)))) == {"cells": ["r1c1", "r1c2"]}
    assert clue_table(Killer(cells=((1, 1),), total=None)) == {"cells": ["r1c1"]}


def test_converting_to_toml_warns_nothing_more_than_reading_did(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the read-back check repeated every warning, naming a file 'check.toml' that does not exist
    source = tmp_path / "dup.toml"
    source.write_text('size = 4\n[[killer]]\ncells = ["r1c1", "r1c2"]\nsum = 3\n[[killer]]\ncells = ["r1c1", "r2c1"]\nsum = 4\n')
    assert main(["convert", str(source), "--to", "toml"]) == 0
    warned = [line for line in capsys.readouterr().err.splitlines() if "warning" in line]
    assert len(warned) == 1 and f"{source}:5: r1c1 is in two killer cages" in warned[0]
