"""Reading givens: the grid notations of the TOML `givens` string and of plain text files."""

from __future__ import annotations

import pytest
from helpers import ROOT, puzzle_from_toml

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
        ("1 2 3 4 5 6 7 8 9 A B C", 12, None, list(range(1, 13))),
        ("123456789ABC", 12, None, list(range(1, 13))),
        ("1234 | 5678 | 9abc", 12, None, list(range(1, 13))),
        ("0123456789", 10, "0-9", list(range(10))),
        ("123456789A", 10, None, list(range(1, 11))),
        ("12.4..7.9A", 10, None, [1, 2, None, 4, None, None, 7, None, 9, 10]),
    ],
    ids=["spaced", "bars", "zero-empty", "underscore", "zero-value", "hex-0-15", "hex-1-16",
         "numbers-1-16", "numbers-0-15", "12x12", "12x12-letters", "12x12-compact", "12x12-lower-bars",
         "10x10-0-9", "10x10-letter", "10x10-empties"],
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


INKALA_GIVENS = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."


def test_a_grid_drawn_with_border_bars_and_rows_of_stars_is_read_as_one_grid() -> None:
    # nine rows of 25 characters were taken for a collection of 5x5 one-line puzzles; a row of
    # nine '*' (empty cells) for a separator line
    rows = [INKALA_GIVENS[r * 9 : (r + 1) * 9] for r in range(9)]
    bars = ["| " + " | ".join(" ".join(row[b : b + 3]) for b in (0, 3, 6)) + " |" for row in rows]
    rule = "+-------+-------+-------+"
    drawn = [rule, *bars[:3], rule, *bars[3:6], rule, *bars[6:], rule]
    stars = [row.replace(".", "*") for row in rows]
    for text in ("\n".join(bars), "\n".join(drawn), "\n".join(stars), "*---*\n" + "\n".join(stars)):
        [puzzle] = parse_many(text + "\n", "g.txt", "text")
        [line] = parse_many(INKALA_GIVENS + "\n", "l.txt", "text")
        assert puzzle.size == 9 and puzzle.givens == line.givens, text


def test_a_16x16_written_0_to_f_with_dots_keeps_its_zeros() -> None:
    # a one-line 16x16 of 0-F and '.' lost its 0s (read as empty, digits 1-16): another puzzle
    row = "0123456789ABCDEF"
    text = row + "." * 240
    [puzzle] = parse_many(text + "\n", "h.txt", "text")
    assert puzzle.digits == (0, 15) and puzzle.givens[0] == (1, 1, 0) and len(puzzle.givens) == 16
    [grid] = parse_many("\n".join([row] + ["." * 16] * 15) + "\n", "g.txt", "text")
    assert grid.digits == (0, 15) and grid.givens == puzzle.givens
    [letters] = parse_many("123456789ABCDEFG" + "0" * 240 + "\n", "g.txt", "text")  # 1-G, 0 an empty cell
    assert letters.digits == (1, 16) and len(letters.givens) == 16


def test_a_16x16_in_numbers_or_with_other_empties_keeps_its_digits() -> None:
    """Found by a QA pass: the 0 inside `10` made a 16x16 written in numbers (as larger grids
    are) a 0-15 grid (16 refused, or an empty cell solved as 0); a 0-15 grid whose empty cells
    are `*`, `?` or `_`, or that has none (a solution as `solve` prints it), lost its 0s."""
    numbers = " ".join(str(n) for n in range(1, 17))
    [puzzle] = parse_many("\n".join([numbers] + [" ".join("." * 16)] * 15) + "\n", "n.txt", "text")
    assert puzzle.digits == (1, 16) and puzzle.givens[-1] == (1, 16, 16)
    row = " ".join("0123456789ABCDEF")
    for empty in ("*", "?", "_", "."):
        [grid] = parse_many("\n".join([row] + [" ".join(empty * 16)] * 15) + "\n", "e.txt", "text")
        assert grid.digits == (0, 15) and grid.givens[0] == (1, 1, 0), empty
    solved = parse_many((ROOT / "instances" / "classic-16x16-seed.toml").read_text(), "s.toml")[0]
    from asp_sudoku import solve

    [grid] = solve(solved).solutions[:1]
    printed = str(grid)  # as `solve` prints it, box bars and all
    [back] = parse_many(printed + "\n", "p.txt", "text")
    assert back.digits == solved.digits == (0, 15) and len(back.givens) == 256
    assert [v for _, _, v in back.givens] == [v for row in grid.rows for v in row]


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
        ("\n".join(["D" + "." * 11] + ["." * 12] * 11) + "\n", "g.txt:1: 'D' stands for 13, which is not a digit of a 12x12 grid (1-12)"),
    ],
    ids=["short-row", "letter", "80-chars", "ten-chars", "letter-past-12"],
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


@pytest.mark.parametrize("box", ["0x3", "3x0", "0x0"])
def test_a_box_with_a_side_of_zero_is_an_error_naming_its_line(box: str) -> None:
    # found by the nightly fuzzer on a mutated instance: ZeroDivisionError
    with pytest.raises(PuzzleFormatError, match=f"b.toml:2: box {box} has no cells"):
        parse_many(f'size = 9\nbox = "{box}"\n', "b.toml", "toml")
