"""What a writer writes reads back as the same puzzle, or the writer refuses in one line that
names the file (and the line of a collection).  Each case was found by a QA pass that converted
thousands of random puzzles and compared the read-back solutions with a brute force."""

from __future__ import annotations

from pathlib import Path

import pytest

from asp_sudoku import count, load
from asp_sudoku.cli import EXIT_USAGE, main

SIX_3X2 = 'size = 6\nbox = "3x2"\nrules = ["{rule}"]\ngivens = """\n' + "\n".join(
    [". . . 3 . .", ". . . 2 6 .", ". . . . . .", ". 6 . . . .", "1 . . . 3 4", "2 . 5 . . ."]
) + '\n"""\n'


def write(tmp_path: Path, name: str, text: str) -> Path:
    file = tmp_path / name
    file.write_text(text, encoding="utf-8")
    return file


def converted(file: Path, to: str, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["convert", str(file), "--to", to]) == 0
    return capsys.readouterr().out.strip()


@pytest.mark.parametrize("to", ["fpuzzles", "sudokupad"])
def test_pencil_marks_with_no_digit_in_common_are_refused_not_dropped(
    to: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The two sets were written as an empty givenPencilMarks list, which means no marks: a
    puzzle with no solution read back with 288."""
    file = write(tmp_path, "pm.toml", 'size = 4\n[[pencilmarks]]\ncell = "r1c1"\ndigits = [1, 2]\n'
                 '[[pencilmarks]]\ncell = "r1c1"\ndigits = [3, 4]\n')
    assert count(load(str(file))).count == 0
    assert main(["convert", str(file), "--to", to]) == EXIT_USAGE
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"asp-sudoku: error: {file}: f-puzzles has no empty cell: r1c1 is given pencil marks with no digit in common (the puzzle has no solution)\n"


@pytest.mark.parametrize("to", ["fpuzzles", "sudokupad"])
@pytest.mark.parametrize("kind", ["odd", "even", "minimum", "maximum"])
def test_a_cell_two_clues_mark_alike_is_written_once(
    kind: str, to: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It was written twice, and the link read back as 'cells lists r1c1 twice'."""
    file = write(tmp_path, "m.toml", f'size = 4\n[[{kind}]]\ncells = ["r1c1"]\n[[{kind}]]\ncells = ["r1c1", "r2c2"]\n')
    link = converted(file, to, capsys)
    assert count(load(link), limit=None).count == count(load(str(file)), limit=None).count


@pytest.mark.parametrize("rule", ["disjoint-groups", "windoku"])
def test_iss_refuses_a_rule_on_boxes_it_writes_as_jigsaw_regions(
    rule: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """3x2 boxes in a 6x6 go to ISS as jigsaw regions, and the string read back as a grid with no
    boxes, which these rules need."""
    file = write(tmp_path, "six.toml", SIX_3X2.format(rule=rule))
    assert main(["convert", str(file), "--to", "iss"]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert err.startswith(f"asp-sudoku: error: {file}: ISS has no {rule} on boxes of 3x2 in a 6x6 (its boxes there are 2x3")
    with_default_boxes = write(tmp_path, "default.toml", SIX_3X2.format(rule=rule).replace('box = "3x2"\n', ""))
    string = converted(with_default_boxes, "iss", capsys)
    assert count(load(string), limit=None).count == count(load(str(with_default_boxes)), limit=None).count


def test_iss_refuses_an_x_sum_of_zero_as_its_reader_does(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = write(tmp_path, "x.toml", 'size = 4\n[[x-sum]]\nline = "r4"\nside = "left"\nsum = 0\n')
    assert main(["convert", str(file), "--to", "iss"]) == EXIT_USAGE
    assert "ISS has no x-sum of 0 (ISS refuses a clue of 0: no x-sum is 0, so the puzzle has no solution)" in (
        capsys.readouterr().err
    )
    # with digits from 0 a line that starts with 0 has x-sum 0: the refusal must not say "no solution"
    zero = write(tmp_path, "z.toml", 'size = 4\nvalues = "0-3"\n[[x-sum]]\nline = "r4"\nside = "left"\nsum = 0\n')
    assert count(load(str(zero)), limit=None).count > 0
    assert main(["convert", str(zero), "--to", "iss"]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert "ISS has no x-sum of 0" in err and "no solution" not in err


def test_iss_refuses_a_little_killer_of_one_cell_saying_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A corner's diagonal is one cell: ISS numbers no such little killer (found by a QA pass: the
    refusal said the sum "must cover a diagonal from edge to edge", which this one does)."""
    file = write(tmp_path, "lk.toml", 'size = 4\n[[little-killer]]\nsum = 1\nclue = "r2c0"\ndirection = "up-right"\n')
    assert count(load(str(file)), limit=None).count == 72
    assert main(["convert", str(file), "--to", "iss"]) == EXIT_USAGE
    assert "ISS has no little killer of one cell (its little killers cover diagonals of two cells or more)" in (
        capsys.readouterr().err
    )


def test_a_refusal_in_a_collection_names_the_file_and_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = write(tmp_path, "many.txt", "\n".join([
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        ".Shape~4x4.GreaterThan~R1C1~R1C2.~R2C2_1",
        "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
    ]) + "\n")
    assert main(["convert", str(file), "--to", "fpuzzles"]) == EXIT_USAGE
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"asp-sudoku: error: {file}:2: f-puzzles has no greater-than clue (or asp-sudoku cannot write it yet)\n"


@pytest.mark.parametrize("ties", ["any", "none", "unclued"])
def test_full_rank_ties_inside_any_of_go_to_iss(ties: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A full-rank clue inside an any-of kept its ties only in TOML: `--to iss` left out the
    FullRankTies item (27 solutions read back as 9), and the reader did not apply a FullRankTies
    that came after the Or to the clues inside it."""
    file = write(tmp_path, "fr.toml", f'size = 4\n[[any-of]]\nalternatives = [{{"full-rank" = [{{clue = "r0c1", rank = 1, ties = "{ties}"}}]}}]\n')
    plain = write(tmp_path, "plain.toml", f'size = 4\n[[full-rank]]\nclue = "r0c1"\nrank = 1\nties = "{ties}"\n')
    expected = count(load(str(plain)), limit=None).count
    assert count(load(str(file)), limit=None).count == expected
    string = converted(file, "iss", capsys)
    assert count(load(string), limit=None).count == expected
    if ties == "any":  # the ties given before the Or (the reader refuses FullRankTies~none before any clue)
        before = string.replace(".Shape~4x4", ".Shape~4x4.FullRankTies~any").replace(".End.FullRankTies~any", ".End")
        assert count(load(before), limit=None).count == expected


def test_full_rank_ties_that_differ_inside_and_outside_any_of_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = write(tmp_path, "fr.toml", 'size = 4\n[[full-rank]]\nclue = "r0c2"\nrank = 2\n'
                 '[[any-of]]\nalternatives = [{"full-rank" = [{clue = "r0c1", rank = 1, ties = "any"}]}]\n')
    assert main(["convert", str(file), "--to", "iss"]) == EXIT_USAGE
    assert "full-rank clues with different ties" in capsys.readouterr().err
