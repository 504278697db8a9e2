"""The command line on non-square grids: R rows of C digits printed, ISS ``Shape~RxC`` read and
written, a square-only rule or format refused in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from asp_sudoku.cli import main

# ISS's "6x8: Plain" (tests/data/formats/iss_puzzles_raw.jsonl) and its recorded solution.
PLAIN_6X8 = (".Shape~6x8.~R1C1_1~R3C3_2~R4C6_3~R6C8_4~R1C5_5~R6C2_6~R2C7_7~R5C4_8~R3C5_1~R5C2_2~R3C1_3"
             "~R1C6_4~R5C7_5~R3C8_6~R6C5_7~R1C3_8~R4C2_1~R1C8_2~R5C8_3~R3C2_5~R6C3_1~R2C3_4")
SOLUTION = "178654322345867135241786816723454278615356137824"


def test_solve_prints_six_rows_of_eight_digits(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", PLAIN_6X8]) == 0
    out = capsys.readouterr().out.splitlines()
    digits = [line.replace("|", "").split() for line in out if line[:1].isdigit()]
    assert len(digits) == 6 and all(len(row) == 8 for row in digits)
    assert "".join("".join(row) for row in digits) == SOLUTION
    assert out[-1].startswith("unique:")
    assert main(["solve", "--json", PLAIN_6X8]) == 0
    rows = json.loads(capsys.readouterr().out)["solutions"][0]
    assert [len(row) for row in rows] == [8] * 6


def test_convert_writes_the_shape(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["convert", "--to", "toml", PLAIN_6X8]) == 0
    toml = capsys.readouterr().out
    assert 'size = "6x8"' in toml
    path = tmp_path / "p.toml"
    path.write_text(toml)
    assert main(["convert", "--to", "iss", str(path)]) == 0
    assert capsys.readouterr().out.startswith(".Shape~6x8.~R1C1_1")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('size = "6x8"\nrules = ["diagonals"]\n', "rule 'diagonal+' needs a square grid, not 6x8"),
        ('size = "4x6"\n[[sandwich]]\nclue = "r0c1"\nsum = 5\n', "sandwich clues need a square grid, not 4x6"),
    ],
    ids=["diagonals", "sandwich"],
)
def test_square_only_rules_are_refused_in_one_line(
    text: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "p.toml"
    path.write_text(text)
    assert main(["solve", str(path)]) != 0
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_fpuzzles_refuses_a_non_square_grid_and_steps_solves_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["convert", "--to", "fpuzzles", PLAIN_6X8]) != 0
    assert "f-puzzles grids are square (N x N), not 6x8" in capsys.readouterr().err
    # solve's picture names the file as convert does (it named none; a QA pass)
    assert main(["solve", "--format", "fpuzzles", PLAIN_6X8]) == 2
    from asp_sudoku.formats import short_label

    assert f"error: {short_label(PLAIN_6X8)}: f-puzzles grids are square (N x N), not 6x8" in capsys.readouterr().err
    assert main(["steps", "--json", PLAIN_6X8]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert lines[-1]["status"] == "solved"
    for step in lines[:-1]:  # each placement is the solution's digit, no removal is
        assert all(SOLUTION[(r - 1) * 8 + c - 1] == str(p) for r, c, p in step["placed"])
        assert all(SOLUTION[(r - 1) * 8 + c - 1] != str(p) for r, c, p in step["removed"])
        assert not (step["technique"] == "hidden single" and " in column " in step["text"])  # a column holds 6 of 8
