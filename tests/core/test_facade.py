"""The Python API takes what a newcomer hands it: a Puzzle, a path (str or pathlib.Path) or the
puzzle's text, in `load`, `solve`, `count` and `check`; a mistyped file name says so."""

from __future__ import annotations

import re
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


def test_every_function_of_the_facade_takes_a_path_or_text_as_solve_does() -> None:
    # render, candidates, explain, minimize, violations and is_solution failed with an
    # AttributeError deep inside when given anything but a Puzzle
    four = ROOT / "instances" / "classic-4x4-seed-a.toml"
    puzzle = asp_sudoku.load(four)
    grid = asp_sudoku.solve(four).solutions[0]
    for source in (four, str(four), four.read_text(encoding="utf-8")):
        assert asp_sudoku.render(source).text == asp_sudoku.render(puzzle).text
        assert asp_sudoku.candidates(source).candidates == asp_sudoku.candidates(puzzle).candidates
        assert asp_sudoku.explain(source).status == "unique"
        assert asp_sudoku.minimize(source).status == "unique"
        assert asp_sudoku.violations(source, grid) == [] and asp_sudoku.is_solution(source, grid.rows)
    broken = tuple(tuple(5 - v if r == 0 else v for v in row) for r, row in enumerate(grid.rows))
    assert asp_sudoku.violations(puzzle, broken) and not asp_sudoku.is_solution(puzzle, broken)


@pytest.mark.parametrize(
    ("options", "error", "said"),
    [
        ({"limit": 0}, ValueError, "limit must be at least 1"),
        ({"limit": -3}, ValueError, "limit must be at least 1"),
        ({"limit": "2"}, TypeError, "limit must be a whole number"),
        ({"keep": -1}, ValueError, "keep must be at least 0"),
        ({"time_limit": "1"}, TypeError, "time_limit must be a number"),
        ({"time_limit": 0}, ValueError, "time_limit must be a finite number of seconds above 0"),
        ({"time_limit": float("nan")}, ValueError, "time_limit must be a finite number of seconds above 0"),
        ({"on_solution": 5}, TypeError, "on_solution must be callable"),
        ({"threads": 0}, ValueError, "threads must be 1-64"),
    ],
)
def test_an_option_out_of_range_is_named_before_any_search(options: dict[str, object], error: type, said: str) -> None:
    # count(limit=-3) said "satisfiable: at least 1 solution"; solve(limit="2") failed inside
    with pytest.raises(error, match=said):
        asp_sudoku.solve(INKALA, **options)  # type: ignore[arg-type]
    if "keep" not in options and "on_solution" not in options:
        with pytest.raises(error, match=said):
            asp_sudoku.count(INKALA, **options)  # type: ignore[arg-type]


def test_load_many_takes_a_path() -> None:
    from asp_sudoku.formats import load_many

    collection = ROOT / "bench" / "data" / "classic" / "magictour_top1465_first1000.txt"
    assert load_many(collection) == load_many(str(collection)) and len(load_many(collection)) == 1000
    with pytest.raises(TypeError, match="expected a file path"):
        load_many(None)  # type: ignore[arg-type]


def test_a_puzzle_built_in_code_with_an_unknown_rule_is_named_not_a_key_error() -> None:
    import dataclasses

    puzzle = asp_sudoku.load(ROOT / "instances" / "classic-4x4-seed-a.toml")
    with pytest.raises(asp_sudoku.AspSudokuError, match="unknown rule 'miracle'.*load\\(\\) expands aliases"):
        asp_sudoku.solve(dataclasses.replace(puzzle, rules=("miracle",)))


def test_the_types_results_come_in_and_the_time_limit_error_are_exported() -> None:
    for name in ("Candidates", "Explanation", "Minimized", "Generated", "TimeLimitReached"):
        assert name in asp_sudoku.__all__ and isinstance(getattr(asp_sudoku, name), type)
    assert issubclass(asp_sudoku.TimeLimitReached, asp_sudoku.AspSudokuError)
    four = ROOT / "instances" / "classic-4x4-seed-a.toml"
    assert asp_sudoku.solve(four) == asp_sudoku.solve(four)  # equal results, whatever their seconds


@pytest.mark.parametrize("command", ["check", "steps", "encode", "explain", "minimize", "candidates", "solve", "count"])
def test_no_progress_is_accepted_by_every_command_on_puzzle_files(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    from asp_sudoku.cli import main

    assert main([command, "--no-progress", str(ROOT / "instances" / "classic-4x4-seed-a.toml")]) == 0
    assert "unrecognized" not in capsys.readouterr().err


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"size": 9, "box": (3, 3), "digits": (1, 9), "givens": ((10, 10, 10),)}, "given (10, 10, 10) lies outside the 9x9 grid"),
        ({"size": 9, "box": (3, 3), "digits": (1, 9), "givens": ((1, 1, 0),)}, "given (1, 1, 0) is not a digit 1-9"),
        ({"size": 9, "box": (2, 2), "digits": (1, 9)}, "box 2x2 does not tile a 9x9 grid"),
        ({"size": 0, "box": None, "digits": (1, 9)}, "size must be a whole number 1-25, not 0"),
        ({"size": 4, "box": None, "digits": (1, 4), "regions": ((1, 1),)}, "regions must give every cell"),
    ],
)
def test_a_puzzle_built_in_code_is_checked_when_built(fields: dict[str, object], said: str) -> None:
    # Puzzle(...) did no checking: solve() then failed with an IndexError or a ValueError inside
    with pytest.raises(asp_sudoku.AspSudokuError, match=f"invalid Puzzle: {re.escape(said)}"):
        asp_sudoku.Puzzle(**fields)  # type: ignore[arg-type]


def test_a_device_or_pipe_is_read_as_a_file_not_as_puzzle_text() -> None:
    # load("/dev/null") parsed the string "/dev/null" as TOML ("<text>:1:1: invalid TOML")
    with pytest.raises(PuzzleFormatError, match="^/dev/null: holds no puzzle: the text is empty"):
        asp_sudoku.load("/dev/null")


@pytest.mark.parametrize("text", ["", "   ", "\n"])
def test_empty_puzzle_text_is_called_empty(text: str) -> None:
    # load("") said "<input>: no such file"
    with pytest.raises(PuzzleFormatError, match="^<input>: the puzzle text is empty"):
        asp_sudoku.load(text)


def test_dir_lists_the_public_api_with_the_lazy_names() -> None:
    # dir() listed os, Any, TYPE_CHECKING... and none of the names imported on first use
    shown = dir(asp_sudoku)
    assert shown == sorted(asp_sudoku.__all__) and "Puzzle" in shown and "os" not in shown
