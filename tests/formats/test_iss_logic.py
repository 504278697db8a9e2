"""ISS's composites ``.Or...End`` and ``.And...End`` read as any-of clues, as ISS's parser
groups them (js/sudoku_parser.js), and written back; ``.Replicate~MASK...End`` read as copies of
its items."""

from __future__ import annotations

import pytest

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.core.model import Puzzle
from asp_sudoku.formats import parse_many
from asp_sudoku.formats.iss.writer import to_iss
from asp_sudoku.rules.any_of import AnyOf


def read(text: str) -> Puzzle:
    (puzzle,) = parse_many(text, "<iss>", "iss")
    return puzzle


def shape(puzzle: Puzzle) -> list[object]:
    """Each any-of clue as nested lists of the kinds of its alternatives' clues."""

    def of(clue: AnyOf) -> list[object]:
        return [[of(c) if isinstance(c, AnyOf) else c.kind for c in alt] for alt in clue.alternatives]

    return [of(c) for c in puzzle.clues if isinstance(c, AnyOf)]


def test_each_item_of_an_or_is_an_alternative_and_an_and_is_one() -> None:
    puzzle = read(".Shape~4x4.Or.~R1C1_1.Cage~5~R1C1~R1C2.And.Thermo~R2C1~R2C2.Renban~R3C3~R3C4.End.End")
    assert shape(puzzle) == [[["pencilmarks"], ["killer"], ["thermo", "renban"]]]


def test_an_item_making_several_clues_is_one_alternative() -> None:
    puzzle = read(".Shape~4x4.Or.~R1C1_1~R2C2_3.Cage~5~R1C1~R1C2.End")
    assert shape(puzzle) == [[["pencilmarks", "pencilmarks"], ["killer"]]]


def test_nested_or_inside_and_inside_or() -> None:
    puzzle = read(".Shape~4x4.Or.Renban~R1C1~R1C2.And.Thermo~R1C2~R1C3.Or.Renban~R2C2~R2C3.WhiteDot~R2C2~R2C3.End.End.End")
    assert shape(puzzle) == [[["renban"], ["thermo", [["renban"], ["kropki-white"]]]]]


def test_an_and_outside_any_or_adds_its_clues() -> None:
    puzzle = read(".Shape~4x4.And.Renban~R1C1~R1C2.Thermo~R1C2~R1C3.End")
    assert sorted(c.kind for c in puzzle.clues) == ["renban", "thermo"]


def test_an_alternative_with_an_impossible_cage_is_left_out() -> None:
    """ISS reads a cage whose sum no digits make (it just never holds); inside an Or its
    alternative is false, so it is left out (asp-sudoku's killer refuses such a cage)."""
    puzzle = read(".Shape~4x4.Or.Cage~3~R1C1~R1C2~R1C3.Renban~R1C1~R1C2.And.Cage~30~R2C1~R2C2.Renban~R2C2~R2C3.End.End")
    assert shape(puzzle) == [[["renban"]]]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (".Shape~4x4.End", "no Or or And to end"),
        (".Shape~4x4.Or.Renban~R1C1~R1C2", "ISS Or: no End"),
        (".Shape~4x4.Or.AntiKnight.End", "global rule inside ISS Or/And"),
    ],
)
def test_bad_composites_are_named(text: str, message: str) -> None:
    with pytest.raises(PuzzleFormatError, match=message):
        read(text)


def test_or_and_round_trip_through_the_writer() -> None:
    text = ".Shape~4x4.Or.Cage~7~R1C1~R1C2.And.Thermo~R2C2~R2C3.~R1C1_1.End.And.End.Or.Cage~3~R3C1~R3C2.~R4C1_1_2.End.End"
    puzzle = read(text)
    assert read(to_iss(puzzle)).clues == puzzle.clues


def test_replicate_copies_its_items_to_each_marked_cell() -> None:
    """Mask ``BQ``: bit 0 of ``B`` marks r1c1 and bit 4 of ``Q`` (cell 10) marks r3c3; each copy
    moves R1C1 onto the marked cell (ISS's "Daredevil" is solved to its recorded solution this
    way: tests/formats/test_iss.py)."""
    puzzle = read(".Shape~4x4.Replicate~BQ.SameValues~2~R1C1~R1C2.~R1C1_1_2.End")
    assert sorted(c.describe() for c in puzzle.clues) == [
        "pencilmarks at r1c1 (1 2)", "pencilmarks at r3c3 (1 2)", "same-value sets r1c1 r1c2", "same-value sets r3c3 r3c4",
    ]
    # inside an Or, all the copies are one alternative
    assert shape(read(".Shape~4x4.Or.Replicate~BQ.~R1C1_1.End.~R1C2_2.End")) == [[["pencilmarks", "pencilmarks"], ["pencilmarks"]]]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (".Shape~4x4.Replicate~BQ.Thermo~R1C1~R2C2~R3C3.End", "R3C3 moved by \\(2, 2\\) leaves the grid"),
        (".Shape~4x4.Replicate~BQ.Sandwich~5~R1.End", "unsupported: Sandwich"),
        (".Shape~4x4.Replicate~B.Thermo~R1C1~R1C2", "ISS Replicate: no End"),
        (".Shape~4x4.Replicate~B!.Thermo~R1C1~R1C2.End", "not a cell mask"),
        # nested copies multiply: refused before they are made (a QA pass: 3.5 KB took 56 s and
        # 2.3 GB to reach "3276800 clues", and stalled the web server meanwhile)
        (".Replicate~DY" * 7 + ".Thermo~R1C1~R1C2" * 200 + ".End" * 7,
         "ISS Replicate: 4 copies of 3210 items make more than the limit of 10000 clues"),
    ],
)
def test_bad_replicates_are_named(text: str, message: str) -> None:
    with pytest.raises(PuzzleFormatError, match=message):
        read(text)
