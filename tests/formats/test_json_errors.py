"""A JSON file that is neither an f-puzzles nor a SudokuPad puzzle gets a message saying so,
not one about SudokuPad's insides."""

from __future__ import annotations

from pathlib import Path

import pytest

from asp_sudoku.cli import main

CASES = [
    ('{"size": 9, "givens": []}', 'an f-puzzles puzzle has a "grid" key, a SudokuPad puzzle a "cells" key'),
    ("[1, 2]", 'an f-puzzles puzzle has a "grid" key, a SudokuPad puzzle a "cells" key'),
    ('{"foo": 1', "x.json:1:10: the file: invalid JSON: Expecting ',' delimiter"),
]


@pytest.mark.parametrize(("text", "message"), CASES)
def test_json_that_is_no_puzzle(text: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "x.json"
    path.write_text(text, encoding="utf-8")
    assert main(["solve", str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "SudokuPad:" not in err
