"""An unknown rule or clue-table name says what was probably meant, and what is known, on one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from asp_sudoku.cli import main
from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.formats.build import MAX_KNOWN
from asp_sudoku.formats.toml import parse_toml
from asp_sudoku.rules import GLOBAL_RULES


def error_of(text: str) -> str:
    with pytest.raises(PuzzleFormatError) as info:
        parse_toml("size = 4\n" + text, "t.toml")
    return str(info.value)


def test_a_misspelt_rule_gets_a_suggestion_and_the_known_names() -> None:
    message = error_of('rules = ["anti-night"]\n')
    assert message.startswith("t.toml:2: unknown rule 'anti-night' (did you mean 'anti-knight'?; known: ")
    assert all(name in message for name in GLOBAL_RULES)


def test_a_misspelt_clue_table_gets_a_suggestion() -> None:
    message = error_of('[[kiler]]\ncells = ["r1c1", "r1c2"]\n')
    assert message.startswith("t.toml:2: unknown key 'kiler' (did you mean 'killer'?; known: ")
    assert "'title'" not in message  # a far second guess is left out


def test_two_equally_close_names_are_both_offered() -> None:
    assert "did you mean 'kropki-white' or 'kropki-black'?" in error_of('[[kropki]]\ncells = ["r1c1", "r1c2"]\n')


def test_a_name_in_the_wrong_place_says_where_it_goes() -> None:
    assert "'killer' is a clue table: [[killer]]" in error_of('rules = ["killer"]\n')
    assert "'anti-knight' is a global rule: rules = [\"anti-knight\"]" in error_of("[[anti-knight]]\n")


def test_no_suggestion_when_nothing_is_close() -> None:
    message = error_of('colour = "red"\n')
    assert "unknown key 'colour' (known: title, " in message and "did you mean" not in message


@pytest.mark.parametrize("text", ['rules = ["' + "x" * 5000 + '"]\n', '["' + "y\\n" * 2000 + '"]\n'])
def test_the_message_stays_one_bounded_line(text: str) -> None:
    message = error_of(text)
    assert "\n" not in message
    assert len(message) < MAX_KNOWN + 200
    assert message.startswith("t.toml") and ": unknown " in message


def test_the_cli_prints_it_on_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "p.toml"
    path.write_text('size = 9\nrules = ["anti-night"]\n')
    assert main(["solve", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "did you mean 'anti-knight'?" in err
