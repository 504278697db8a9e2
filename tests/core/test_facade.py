"""The Python API takes what a newcomer hands it: a Puzzle, a path (str or pathlib.Path) or the
puzzle's text, in `load`, `solve`, `count` and `check`; a mistyped file name says so."""

from __future__ import annotations

from pathlib import Path

import pytest

import asp_sudoku
from asp_sudoku import PuzzleFormatError

ROOT = Path(__file__).resolve().parents[2]
INKALA = ROOT / "instances" / "classic-inkala.toml"
FOUR_OPEN = "size = 4\n"  # no givens: many solutions


@pytest.mark.parametrize("name", ["nope.toml", "instances/nope.txt", "nope.json", "nope", "puzzles/killer-1"])
def test_a_missing_file_is_no_such_file(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(PuzzleFormatError, match=r": no such file$") as caught:
        asp_sudoku.load(name)
    assert str(caught.value) == f"{name}: no such file"


def test_a_missing_path_object_is_no_such_file(tmp_path: Path) -> None:
    with pytest.raises(PuzzleFormatError, match="no such file"):
        asp_sudoku.load(tmp_path / "nope.toml")


def test_a_folder_is_not_a_puzzle_file(tmp_path: Path) -> None:
    with pytest.raises(PuzzleFormatError, match="is a directory"):
        asp_sudoku.load(str(tmp_path))


def test_load_takes_a_str_a_path_and_text() -> None:
    by_name = asp_sudoku.load(str(INKALA))
    assert asp_sudoku.load(INKALA) == by_name
    assert asp_sudoku.load(INKALA.read_text(encoding="utf-8")) == by_name
    assert asp_sudoku.load(INKALA).path == str(INKALA)


def test_one_line_puzzle_texts_are_still_text() -> None:
    assert asp_sudoku.load("." * 81).size == 9
    with pytest.raises(PuzzleFormatError, match="not square"):  # a mistyped grid: its own error
        asp_sudoku.load("1234")


def test_load_refuses_other_types_plainly() -> None:
    with pytest.raises(TypeError, match="file path or a puzzle's text"):
        asp_sudoku.load(42)  # type: ignore[arg-type]


@pytest.mark.parametrize("source", [str(INKALA), INKALA, INKALA.read_text(encoding="utf-8")], ids=["str", "path", "text"])
def test_solve_count_and_check_take_a_path_or_text(source: str | Path) -> None:
    assert asp_sudoku.solve(source).unique
    assert asp_sudoku.count(source).count == 1
    assert asp_sudoku.check(source).status == "unique"


def test_solve_of_a_missing_file_is_no_such_file(tmp_path: Path) -> None:
    with pytest.raises(PuzzleFormatError, match="no such file"):
        asp_sudoku.solve(str(tmp_path / "nope.toml"))


def test_check_is_the_clis_check() -> None:
    assert "check" in asp_sudoku.__all__
    puzzle = asp_sudoku.load(FOUR_OPEN)
    result = asp_sudoku.check(puzzle)
    assert result.status == "multiple"
    first, second = result.solutions
    assert first.diff(second)
    unsat = asp_sudoku.load('size = 4\ngivens = """\n1 1 . .\n. . . .\n. . . .\n. . . .\n"""\n')
    assert asp_sudoku.check(unsat).status == "unsatisfiable"
