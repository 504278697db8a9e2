"""Reading givens: the grid notations of the TOML `givens` string and of plain text files."""

from __future__ import annotations

import pytest
from helpers import puzzle_from_toml

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.formats import parse_many

HEX_ROW = "0 1 2 3 4 5 6 7 8 9 A B C D E F"


@pytest.mark.parametrize(
    "row, size, digits, expected",
    [
        ("1 2 | 3 4", 4, None, [1, 2, 3, 4]),
        ("12|34", 4, None, [1, 2, 3, 4]),
        ("1.0.", 4, None, [1, None, None, None]),
        ("1 _ . 4", 4, None, [1, None, None, 4]),
        ("0 . . . . .", 6, "0-5", [0, None, None, None, None, None]),
        ("0123456789ABCDEF", 16, "0-15", list(range(16))),
        ("123456789ABCDEFG", 16, None, list(range(1, 17))),
        ("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16", 16, None, list(range(1, 17))),
        ("0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15", 16, "0-15", list(range(16))),
        ("1 2 3 4 5 6 7 8 9 10 11 12", 12, None, list(range(1, 13))),
    ],
    ids=["spaced", "bars", "zero-empty", "underscore", "zero-value", "hex-0-15", "hex-1-16",
         "numbers-1-16", "numbers-0-15", "12x12"],
)
def test_first_row_notation(row: str, size: int, digits: str | None, expected: list[int | None]) -> None:
    values = f'values = "{digits}"\n' if digits else ""
    text = f'size = {size}\n{values}givens = """\n{row}\n' + ". " * size + "\n" * 1
    rest = "\n".join(" ".join("." * size) for _ in range(size - 2))
    text += rest + '\n"""\n'
    puzzle = puzzle_from_toml(text)
    first = [None] * size
    for r, c, v in puzzle.givens:
        if r == 1:
            first[c - 1] = v
    assert first == expected


def test_plain_text_grid_and_one_line_forms_agree() -> None:
    rows = ["1 . | . .", ". . | 3 .", "----+----", ". 4 | . .", ". . | . 2"]
    [grid] = parse_many("\n".join(rows) + "\n", "g.txt", "text")
    [line] = parse_many("1.....3..4.....2\n", "l.txt", "text")
    assert grid.givens == line.givens == ((1, 1, 1), (2, 3, 3), (3, 2, 4), (4, 4, 2))
    assert grid.size == 4 and grid.box == (2, 2)


def test_one_line_collection_with_comments() -> None:
    text = "# comment\n" + "." * 81 + "\n\n" + "1" + "." * 80 + "  # trailing\n"
    puzzles = parse_many(text, "c.txt", "text")
    assert [p.entry for p in puzzles] == ["2", "4"]
    assert puzzles[1].givens == ((1, 1, 1),)


@pytest.mark.parametrize(
    "text, message",
    [
        ("1234\n12\n1234\n1234\n", "g.txt:2: row 2 has 2 cells, expected 4"),
        ("12x4\n....\n....\n....\n", "g.txt:1: 'x' is not a digit or '.'"),
        ("." * 80 + "\n", "g.txt:1: a line of 80 characters is not a grid"),
        ("1" * 10 + "\n", "g.txt:1:"),
    ],
    ids=["short-row", "letter", "80-chars", "ten-chars"],
)
def test_plain_text_errors_name_the_line(text: str, message: str) -> None:
    with pytest.raises(PuzzleFormatError) as info:
        parse_many(text, "g.txt", "text")
    assert str(info.value).startswith(message)


@pytest.mark.parametrize("seed", range(20))
def test_plain_one_line_grids_read_as_the_general_reader_reads_them(seed: int) -> None:
    """One-line grids of digits, '.' and '0' take a quick path; it reads what the general row
    reader reads (the same givens, the same puzzle), and a line with any other character still
    goes the general way (and fails there)."""
    import random

    from asp_sudoku.formats.grid_text import _plain_line, parse_grid

    rng = random.Random(seed)
    size = rng.choice((4, 6, 9))
    line = "".join(rng.choice("." * 3 + "0" + "".join(str(d) for d in range(1, size + 1))) for _ in range(size * size))
    general = parse_grid([(1, line[i * size : (i + 1) * size]) for i in range(size)], size, (1, size), "x")
    assert _plain_line(line, size) == general
    assert _plain_line(line[:-1] + "x", size) is None
    if size < 9:
        assert _plain_line(line[:-1] + str(size + 1), size) is None  # not a digit of this grid


@pytest.mark.parametrize("name", ["spoons", "greater-than-fortress", "classic-inkala", "killer-wikipedia"])
def test_toml_text_without_a_file_name_is_read_as_toml(name: str) -> None:
    """TOML given as text (stdin, `load(text)`) is TOML even when a value or a comment holds a
    SudokuPad or CTC link: detection read the whole text as a SudokuPad link before."""
    from pathlib import Path

    from asp_sudoku.formats import detect

    path = Path(__file__).resolve().parents[2] / "instances" / f"{name}.toml"
    text = path.read_text(encoding="utf-8")
    assert detect(text) == "toml"
    assert parse_many(text, "<stdin>", None) == parse_many(text, str(path), "toml")


def test_a_sudokupad_link_in_a_toml_value_does_not_make_a_link() -> None:
    from asp_sudoku.formats import detect

    text = 'title = "t"\nsource = "https://sudokupad.app/abc"\nsize = 4\n'
    assert detect(text) == "toml"
    (puzzle,) = parse_many(text, "<stdin>", None)
    assert puzzle.size == 4 and puzzle.source == "https://sudokupad.app/abc"
