"""A one-line grid pasted on the command line is a puzzle, like a link or an ISS string."""

from __future__ import annotations

from pathlib import Path

import pytest

from asp_sudoku.cli import main
from asp_sudoku.formats import pasted

GRID = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SYMBOLS = "123456789ABCDEFG"


def hex_grid() -> str:
    """A 16x16 one-line grid in letters (10-16 as A-G), every third cell empty."""
    cells = [SYMBOLS[(4 * (r % 4) + r // 4 + c) % 16] for r in range(16) for c in range(16)]
    return "".join("." if k % 3 == 0 else ch for k, ch in enumerate(cells))


def test_an_81_character_grid_is_checked(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", GRID]) == 0  # the old CLI: "cannot read the file" (exit 2)
    assert "unique" in capsys.readouterr().out


@pytest.mark.parametrize(
    "grid",
    [GRID.replace(".", "0"), "1.3...1..4.3.2..", hex_grid()],
    ids=["zeros", "4x4", "16x16-letters"],
)
def test_other_one_line_grids_are_pasted(grid: str) -> None:
    assert pasted(grid)


@pytest.mark.parametrize("text", ["puzzle.toml", GRID[:80], GRID[:80] + "x", "12345"])
def test_other_names_stay_file_names(text: str) -> None:
    assert not pasted(text)


def test_a_file_of_that_name_is_still_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / GRID).write_text("1.3...1..4.3.2..\n")  # an odd file name, but a file: it wins
    assert not pasted(GRID)


def test_a_16x16_letter_grid_solves(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", hex_grid()]) == 0
    assert "unique" in capsys.readouterr().out


@pytest.mark.parametrize("args", [[], ["--from", "text"]])
def test_a_grid_of_the_wrong_length_is_named_as_one(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """A one-line grid one character short is neither a grid nor a file: the message says so and
    counts its characters, where it said only "cannot read the file"."""
    assert main(["check", *args, GRID[:80]]) == 2
    err = capsys.readouterr().err
    assert "nor a one-line grid: 80 characters" in err and "a 9x9 81" in err and "an 8x8 64" in err
    assert main(["check", *args, "no-such-file.toml"]) == 2
    assert "cannot read the file" in capsys.readouterr().err
