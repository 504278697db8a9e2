"""Files of whole puzzles, one per line (ISS strings, SudoCue and killer-arrow lines), are read as
collections without --from: distinct puzzles are never merged (issue 15, collections part).

Before: a file of ISS strings was read as ONE puzzle with every line's clues merged (three thermo
puzzles were `unsatisfiable`), and SudoCue / killer-arrow files were refused without
``--from lines``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.formats import detect, iter_entries, load_many, parse_many
from asp_sudoku.formats.iss import parse_iss

DATA = Path(__file__).resolve().parents[1] / "data" / "formats"


def _lines(name: str) -> list[str]:
    return (DATA / name).read_text(encoding="utf-8").splitlines()


def test_iss_strings_one_per_line_are_three_puzzles_not_one() -> None:
    path = DATA / "iss_thermo_collection.txt"
    text = path.read_text(encoding="utf-8")
    assert detect(text, str(path)) == "lines"
    puzzles = load_many(str(path))
    assert [p.entry for p in puzzles] == ["1", "2", "3"]
    for puzzle, line in zip(puzzles, _lines(path.name)):
        alone = parse_iss(line, str(path))
        assert puzzle.givens == alone.givens
        assert puzzle.clues == alone.clues


def test_a_bad_line_among_iss_strings_is_its_own_error() -> None:
    good = _lines("iss_thermo_collection.txt")
    text = "\n".join([good[0], ".Thermo~R1C1~nonsense", good[1]]) + "\n"
    items = list(iter_entries(text, "mixed.txt"))
    assert len(items) == 3
    assert not isinstance(items[0], PuzzleFormatError) and items[0].entry == "1"
    assert isinstance(items[1], PuzzleFormatError) and items[1].line == 2
    assert not isinstance(items[2], PuzzleFormatError) and items[2].entry == "3"


def test_sudocue_killer_lines_are_a_collection() -> None:
    path = DATA / "sudocue_killers.txt"
    assert detect(path.read_text(encoding="utf-8"), str(path)) == "lines"
    puzzles = load_many(str(path))
    assert [p.entry for p in puzzles] == ["1", "2", "3"]
    for puzzle, line in zip(puzzles, _lines(path.name)):
        assert puzzle.clues == parse_iss(line, str(path)).clues


def test_killer_arrow_lines_are_a_collection() -> None:
    path = DATA / "tarek_killer_arrows.txt"
    assert detect(path.read_text(encoding="utf-8"), str(path)) == "lines"
    puzzles = load_many(str(path))
    assert [p.entry for p in puzzles] == ["1", "2"]
    for puzzle, line in zip(puzzles, _lines(path.name)):
        assert puzzle.clues == parse_iss(line, str(path)).clues


def test_iss_lines_mixed_with_grids_and_sudocue_lines() -> None:
    iss = _lines("iss_thermo_collection.txt")[0]
    sudocue = _lines("sudocue_killers.txt")[0]
    grid = "1" + "." * 80
    puzzles = parse_many("\n".join([iss, grid, sudocue]) + "\n", "mixed.txt")
    assert [p.entry for p in puzzles] == ["1", "2", "3"]


def test_one_iss_puzzle_over_indented_lines_is_one_puzzle() -> None:
    path = DATA / "iss_thermo_multiline.txt"
    [puzzle] = load_many(str(path))
    whole = parse_iss(_lines("iss_thermo_collection.txt")[0], "one-line")
    assert puzzle.givens == whole.givens
    assert puzzle.clues == whole.clues


def test_indented_continuations_inside_a_collection() -> None:
    lines = _lines("iss_thermo_multiline.txt")
    other = _lines("iss_thermo_collection.txt")[1]
    text = "\n".join([*lines, other, *lines]) + "\n"
    puzzles = parse_many(text, "c.txt")
    assert [p.entry for p in puzzles] == ["1", str(len(lines) + 1), str(len(lines) + 2)]
    assert puzzles[0].clues == puzzles[2].clues


def test_puzzles_indented_alike_are_never_merged() -> None:
    lines = _lines("iss_thermo_collection.txt")
    text = "".join("   " + ln + "\n" for ln in lines)
    assert len(parse_many(text, "indented.txt")) == 3


def test_unindented_item_lines_are_puzzles_of_their_own_unless_from_iss() -> None:
    lines = [ln.strip() for ln in _lines("iss_thermo_multiline.txt")]
    text = "\n".join(lines) + "\n"
    assert len(parse_many(text, "split.txt")) == len(lines)
    [puzzle] = parse_many(text, "split.txt", "iss")
    assert puzzle.clues == parse_iss("".join(lines), "one-line").clues


GRID = "52...6.........7.13...........4..8..6......5...........418.........3..2...87....."
BLANK_FIRST = "......8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
HEX_LINE = ".23.56.89.BC.EF.56.89.BC.EF.12.49.BC.EF.12.45.78.EF.12.45.78.AB.23.56.89.BC.EF.16.89.BC.EF.12.45.BC.EF.12.45.78.EF.12.45.78.AB.D3.56.89.BC.EF.12.89.BC.EF.12.45.BC.EF.12.45.78.AF.12.45.78.AB.DE.56.89.BC.EF.12.89.BC.EF.12.45.7C.EF.12.45.78.AB.12.45.78.AB.DE."


def test_a_grid_line_is_never_an_iss_continuation() -> None:
    """Found by a QA pass: a one-line grid that starts with an empty cell ('.') took the next,
    deeper-indented line as an ISS continuation, and the merged file was read as one ISS string
    ("unsupported: 8", no line named)."""
    text = ".~R1C1_1~R2C2_3\n" + BLANK_FIRST + "\n  " + GRID + "\n"
    assert [p.entry for p in parse_many(text)] == ["1", "2", "3"]


def test_a_one_line_sixteen_by_sixteen_with_letters_mixes_with_other_lines() -> None:
    """Found by a QA pass: a 16x16 line written with the letters A-G was "'B' is not a digit"
    among 9x9 lines, and beside an ISS string the file became one ISS string."""
    puzzles = parse_many(GRID + "\n" + HEX_LINE + "\n" + GRID + "\n")
    assert [p.size for p in puzzles] == [9, 16, 9]
    puzzles = parse_many(".~R1C1_1~R2C2_3\n" + HEX_LINE + "\n")
    assert [p.size for p in puzzles] == [9, 16]


def test_sixteen_one_line_four_by_fours_are_sixteen_puzzles() -> None:
    """Found by a QA pass: sixteen lines of 16 characters were read as one 16x16 grid (no
    solution); lines of only '.', 0-4 are 4x4 puzzles (15 such lines always were)."""
    lines = ["1...", ".2..", "..3.", "...4", "12..", "..34", "1.3.", ".2.4"] * 2
    text = "\n".join((row * 4)[:16] for row in lines) + "\n"
    for fmt in (None, "text"):
        puzzles = parse_many(text, fmt=fmt)
        assert len(puzzles) == 16 and {p.size for p in puzzles} == {4}
    empty = "\n".join("." * 16 for _ in range(16)) + "\n"  # an empty 16x16 stays one grid
    assert [p.size for p in parse_many(empty)] == [16]


def test_sudokupad_json_whose_title_says_grid_is_still_sudokupad() -> None:
    """Found by a QA pass: '"grid"' anywhere in the text (a title) made f-puzzles of it."""
    cells = [[{"value": 1}, {}, {}, {}]] + [[{}, {}, {}, {}] for _ in range(3)]
    text = json.dumps({"cells": cells, "metadata": {"title": "grid"}})
    assert detect(text) == "sudokupad" and parse_many(text)[0].title == "grid"


def test_a_grid_line_of_a_collection_says_its_own_line() -> None:
    """Found in stop 42: the rows of a one-line grid in a collection were said to be on line 1
    (the line inside the entry's own text), so `explain` of the collection's third puzzle named
    "line 1: given r1c1 = 4" for a given on line 3."""
    twin = "44" + GRID[2:]
    text = f"# a collection\n{GRID}\n\n{twin}\n.~R1C1_5~R1C2_5\n{GRID}  # a comment\n"
    for fmt in (None, "text", "lines"):
        puzzles = [p for p in parse_many(text, fmt=fmt) if p.size == 9]
        lines = [2, 4, 5, 6]
        assert [p.entry for p in puzzles] == [str(n) for n in lines], fmt
        for puzzle, line in zip(puzzles, lines):
            assert {puzzle.given_line(r) for r, _, _ in puzzle.givens} == {line}, (fmt, line)


def test_a_sixteen_by_sixteen_line_starting_with_a_letter_is_no_iss_string() -> None:
    """Found by a QA pass: a 16x16 one-line grid starting `.D.` read as the ISS string of a
    constraint "D" ("unsupported: D"), alone, among others or with --from lines."""
    line = ".D." + HEX_LINE[3:]
    for text, fmt in ((line + "\n", None), (line + "\n" + HEX_LINE + "\n", None), (line + "\n" + HEX_LINE + "\n", "lines")):
        puzzles = parse_many(text, fmt=fmt)
        assert [p.size for p in puzzles] == [16] * len(text.split()), (text[:5], fmt)
        assert (1, 2, 13) in puzzles[0].givens  # D is 13 among the digits 1-16 (1-9A-G)


def test_a_warning_about_a_collection_line_names_the_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An f-puzzles line's warnings ("ignored f-puzzles drawings", two cages on one cell) named
    only the file, where an ISS line's named its line: in a file of a hundred links, which
    puzzle lacks a rule could not be told (a QA pass)."""
    from asp_sudoku.cli import main
    from asp_sudoku.formats.lzstring import compress_to_base64

    data = {"size": 4, "grid": [[{}, {}, {}, {}]] * 4, "line": [{"lines": [["R1C1", "R2C2"]]}],
            "killercage": [{"cells": ["R1C1", "R1C2"], "value": "3"}, {"cells": ["R1C2", "R1C3"], "value": "5"}]}
    link = "https://www.f-puzzles.com/?load=" + compress_to_base64(json.dumps(data))
    collection = tmp_path / "c.txt"
    collection.write_text("1234341221434321\n" + link + "\n", encoding="utf-8")
    main(["check", str(collection)])
    err = capsys.readouterr().err
    assert f"warning: {collection}:2: ignored f-puzzles drawings (line)" in err
    assert f"warning: {collection}:2: r1c2 is in two killer cages" in err
