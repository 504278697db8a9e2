"""Files of whole puzzles, one per line (ISS strings, SudoCue and killer-arrow lines), are read as
collections without --from: distinct puzzles are never merged (issue 15, collections part).

Before: a file of ISS strings was read as ONE puzzle with every line's clues merged (three thermo
puzzles were `unsatisfiable`), and SudoCue / killer-arrow files were refused without
``--from lines``.
"""

from __future__ import annotations

from pathlib import Path

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
