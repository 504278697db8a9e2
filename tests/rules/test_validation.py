"""Bad seed-rule clues: one line on stderr naming the file, the line of the clue's table and what
is wrong, exit status 2, no traceback.  Also: labels never reach the program text."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import puzzle_from_toml

from asp_sudoku.cli import main
from asp_sudoku.program.render import render

HEAD = "size = 4\n"  # line 1; the first table below starts on line 2


def case(body: str, line: int, words: str, id: str) -> object:
    return pytest.param(HEAD + body, line, words, id=id)


CASES = [
    case('[[killer]]\ncells = ["r1c1", "r5c1"]\nsum = 5\n', 2, "killer #1: cell 'r5c1' is outside the 4x4 grid",
         "cell-outside-grid"),
    case('[[killer]]\ncells = ["r1c1", "r1c2"]\nsum = 2\n', 2, "sum 2 cannot be made from 2 distinct digits",
         "killer-sum-unreachable"),
    case('[[killer]]\ncells = ["r1c1"]\nlabel = "a"\n[[killer]]\ncells = ["r2c2"]\nlabel = "a"\n', 5,
         "label 'a' is already used by the cage on line 2", "label-used-twice"),
    case('[[killer]]\ncells = ["r1c1"]\nlabel = "1a"\n', 2, "label must be a letter", "label-bad-characters"),
    case('[[killer]]\ncells = ["r1c1"]\nlabel = "a"\n[[cage-compare]]\nleft = "a"\nright = "zz"\nrelation = "<"\n',
         5, "cage-compare #1: no killer cage has the label 'zz'", "compare-unknown-label"),
    case('[[killer]]\ncells = ["r1c1"]\nlabel = "a"\n[[cage-compare]]\nleft = "a"\nright = "a"\nrelation = "="\n',
         5, "compares cage 'a' with itself", "compare-with-itself"),
    case('[[killer]]\ncells = ["r1c1"]\nlabel = "a"\n[[killer]]\ncells = ["r2c2"]\nlabel = "b"\n'
         '[[cage-compare]]\nleft = "a"\nright = "b"\nrelation = "<="\n', 8, "relation must be one of",
         "compare-bad-relation"),
    case('[[cage-compare]]\nleft = "a b"\nright = "b"\nrelation = "<"\n', 2, "left must be a cage label",
         "compare-label-not-a-label"),
    case('[[thermo]]\ncells = ["r1c1", "r1c2", "r1c3", "r1c4", "r2c4"]\n', 2,
         "a thermo of 5 cells is longer than the 4 digits", "thermo-too-long"),
    # the clue named once ("thermo #1: thermo: r1c1 ..." named it twice)
    case('[[thermo]]\ncells = ["r1c1", "r1c3"]\n', 2, "thermo #1: r1c1 and r1c3 are consecutive on the line but do not touch",
         "thermo-not-adjacent"),
    case('[[arrow]]\ncircle = "r1c1"\ncells = ["r2c2", "r4c4"]\n', 2,
         "arrow shaft: r2c2 and r4c4 are consecutive on the line but do not touch", "arrow-shaft-not-adjacent"),
    case('[[arrow]]\ncircle = "r1c1"\ncells = ["r3c3", "r4c4"]\n', 2,
         "the shaft must start next to the circle, but r3c3 does not touch r1c1", "arrow-shaft-away-from-circle"),
    case('[[arrow]]\ncircle = ["r1c1", "r2c2"]\ncells = ["r3c3"]\n', 2, "must be a straight run of one row or column",
         "arrow-pill-not-straight"),
    case('[[arrow]]\ncircle = "r1c1"\ncells = ["r1c2", "r1c1"]\n', 2, "r1c1 is both in the circle and on the shaft",
         "arrow-circle-on-shaft"),
    case('[[arrow]]\ncircle = "r1c1"\ncells = ["r1c2", "r1c3", "r1c4", "r2c4", "r3c4"]\n', 2,
         "a shaft of 5 cells sums to 5..20, which a circle of 1 cell(s) (1..4) can never show",
         "arrow-shaft-too-long"),
    case('[[arrow]]\ncells = ["r1c2"]\n', 2, "arrow #1: missing key 'circle'", "arrow-missing-circle"),
    case('[[little-killer]]\nsum = 5\nclue = "r1c1"\ndirection = "down-right"\n', 2,
         "clue r1c1 is inside the grid", "little-killer-clue-inside"),
    case('[[little-killer]]\nsum = 5\nclue = "r0c2"\ndirection = "down"\n', 2,
         "direction must be one of up-left, up-right, down-left, down-right", "little-killer-bad-direction"),
    case('[[little-killer]]\nsum = 5\nclue = "r0c2"\ndirection = "up-left"\n', 2,
         "from r0c2, up-left points away from the grid", "little-killer-points-away"),
    case('[[little-killer]]\nsum = 5\nclue = "r0c7"\ndirection = "down-left"\n', 2,
         "cell 'r0c7' is outside the 4x4 grid", "little-killer-clue-far-outside"),
    case('[[little-killer]]\nsum = 5\ncells = ["r1c1", "r2c2", "r3c2"]\n', 2,
         "cells must run along one diagonal", "little-killer-not-diagonal"),
    case('[[little-killer]]\nsum = 30\nclue = "r0c0"\ndirection = "down-right"\n', 2,
         "little-killer #1: sum 30 cannot be made on 4 diagonal cells (possible: 6..14)",
         "little-killer-sum-unreachable"),
    case('[[little-killer]]\nsum = 5\nclue = "r0c0"\ndirection = "down-right"\ncells = ["r1c1"]\n', 2,
         "unknown key 'clue'", "little-killer-both-forms"),
    case('[[little-killer]]\nsum = 5\n', 2, "give either cells", "little-killer-no-cells"),
    case('[[greater-than]]\ncells = ["r1c1", "r2c2"]\n', 2, "r1c1 and r2c2 are not orthogonal neighbours",
         "greater-than-not-adjacent"),
    case('[[greater-than]]\ncells = ["r1c1", "r1c2", "r1c3"]\n', 2, "cells must name exactly two cells",
         "greater-than-three-cells"),
    case('[[extra-region]]\ncells = ["r1c1", "r1c2", "r1c3", "r1c4", "r2c1"]\n', 2,
         "a region of 5 cells cannot hold 4 digits without repeats", "extra-region-too-big"),
    case('[[extra-region]]\ncells = ["r1c1"]\n', 2, "cells needs at least 2 cell(s)", "extra-region-one-cell"),
    case('[[extra-region]]\ncells = ["r1c1", "r1c2"]\ncolour = "red"\n', 2, "unknown key 'colour'",
         "extra-region-unknown-key"),
    case('rules = ["global-entropy"]\n', 2, "global-entropy needs a number of digits divisible by 3",
         "global-entropy-on-4-digits"),
    case('box = "none"\n[[indexing]]\ncells = ["r1c1"]\ndirection = "box"\n', 3,
         "indexing: box indexing needs a grid with boxes", "box-indexing-without-boxes"),
    case('[[indexing]]\ncells = ["r1c1"]\ndirection = "diagonal"\n', 2, "direction must be one of column, row, box",
         "indexing-bad-direction"),
    case('[[same-values]]\nsets = [["r1c1", "r1c2"], ["r2c1"]]\n', 2, "the sets must have the same number of cells",
         "same-values-sizes"),
    case('[[pair]]\ncells = ["r1c1", "r2c2"]\nallowed = [[1, 5]]\n', 2, "an allowed digit 5 is outside 1..4",
         "pair-digit-outside"),
    case('[[modular]]\ncells = ["r1c1", "r2c2"]\nmodulus = 5\n', 2, "modulus 5 is outside 2..4", "modular-modulus"),
    case('[[lockout]]\ncells = ["r1c1", "r2c2"]\ndifference = 4\n', 2, "difference 4 is outside 1..3",
         "lockout-difference"),
    case('[[value-indexing]]\ncells = ["r1c1", "r2c2"]\n', 2, "cells needs at least 3 cell(s)", "value-indexing-short"),
]


@pytest.mark.parametrize(("text", "line", "words"), CASES)
def test_bad_clue_is_one_line_naming_file_and_line(
    text: str, line: int, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    assert main(["solve", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert f"{path}:{line}: " in lines[0], lines[0]
    assert words in lines[0]
    assert "Traceback" not in captured.err


def test_labels_never_reach_the_program() -> None:
    puzzle = puzzle_from_toml(
        'size = 4\n[[killer]]\ncells = ["r1c1", "r1c2"]\nlabel = "zebra"\n'
        '[[killer]]\ncells = ["r2c1", "r2c2"]\nlabel = "Quagga_2"\n'
        '[[cage-compare]]\nleft = "zebra"\nright = "Quagga_2"\nrelation = ">"\n'
    )
    text = render(puzzle).text
    assert "zebra" not in text and "Quagga" not in text
    assert "cageCompareLess(2,1)." in text


def test_little_killer_clue_and_cells_forms_agree() -> None:
    by_clue = puzzle_from_toml('size = 6\n[[little-killer]]\nsum = 12\nclue = "r7c3"\ndirection = "up-right"\n')
    by_cells = puzzle_from_toml('size = 6\n[[little-killer]]\nsum = 12\ncells = ["r6c4", "r5c5", "r4c6"]\n')
    assert by_clue.clues == by_cells.clues
    assert render(by_clue).text == render(by_cells).text


def test_pill_is_read_in_reading_order_whatever_the_file_order() -> None:
    one = puzzle_from_toml('size = 9\n[[arrow]]\ncircle = ["r1c2", "r1c1"]\ncells = ["r2c1", "r3c1"]\n')
    two = puzzle_from_toml('size = 9\n[[arrow]]\ncircle = ["r1c1", "r1c2"]\ncells = ["r2c1", "r3c1"]\n')
    assert one.clues == two.clues
    assert "arrowCircle(1,1,1,10)." in render(one).text and "arrowCircle(1,1,2,1)." in render(one).text
