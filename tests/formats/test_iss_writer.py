"""Writing ISS constraint strings and SudokuPad links: every instance in instances/ written and
read back gives the same answer as the original (status; the same solution when unique; and
every solution found satisfies the original, by the independent checker), and a rule the
format cannot express is refused by name."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import INSTANCES as INSTANCE_DIR
from helpers import assert_solution, puzzle_from_toml

import asp_sudoku
from asp_sudoku.cli import main
from asp_sudoku.core.errors import AspSudokuError
from asp_sudoku.core.model import Puzzle
from asp_sudoku.formats import parse_many
from asp_sudoku.formats.fpuzzles.writer import sudokupad_url
from asp_sudoku.formats.iss.writer import WRITTEN_RULES, to_iss
from asp_sudoku.formats.names import iss_names

INSTANCES = sorted(INSTANCE_DIR.glob("*.toml"))

# Instances with a rule the format has no spelling for, and the words of the refusal.
ISS_REFUSED = {
    "greater-killer-daily-hard.toml": "ISS has no cage-compare clue",
    "no-adjacent-1-2.toml": "ISS has no user-written rules",
}
SUDOKUPAD_REFUSED = {
    "greater-killer-daily-hard.toml": "f-puzzles has no cage-compare clue",
    "no-adjacent-1-2.toml": "f-puzzles cannot carry user-written rules",
    "greater-than-fortress.toml": "f-puzzles has no greater-than clue",
    "0-indexed-jigsaw.toml": "f-puzzles grids hold the digits 1-9, not 0-8",
    "classic-16x16-seed.toml": "f-puzzles grids hold the digits 1-16, not 0-15",
    "classic-6x6-zero-based.toml": "f-puzzles grids hold the digits 1-6, not 0-5",
}


def _same_answer(original: Puzzle, written: Puzzle) -> None:
    expected = asp_sudoku.check(original)
    got = asp_sudoku.check(written)
    assert got.status == expected.status
    if expected.status == "unique":
        assert got.solutions == expected.solutions
    for grid in got.solutions:
        assert_solution(original, grid)


@pytest.mark.slow
@pytest.mark.parametrize("path", INSTANCES, ids=lambda p: p.name)
def test_iss_round_trip_of_every_instance(path: Path) -> None:
    original = asp_sudoku.load(str(path))
    if path.name in ISS_REFUSED:
        with pytest.raises(AspSudokuError, match=ISS_REFUSED[path.name]):
            to_iss(original)
        return
    (written,) = parse_many(to_iss(original), "<iss>", "iss")
    _same_answer(original, written)


@pytest.mark.slow
@pytest.mark.parametrize("path", INSTANCES, ids=lambda p: p.name)
def test_sudokupad_round_trip_of_every_instance(path: Path) -> None:
    original = asp_sudoku.load(str(path))
    if path.name in SUDOKUPAD_REFUSED:
        with pytest.raises(AspSudokuError, match=SUDOKUPAD_REFUSED[path.name]):
            sudokupad_url(original)
        return
    link = sudokupad_url(original)
    assert link.startswith("https://sudokupad.app/fpuzzles")
    (written,) = parse_many(link, "<link>", None)
    _same_answer(original, written)


def test_written_rules_are_those_iss_names() -> None:
    """The writer writes only rules formats.names gives an ISS spelling (the rules read from ISS
    since the writer was made are refused by name until it learns them)."""
    assert WRITTEN_RULES <= set(iss_names())


@pytest.mark.parametrize(
    ("toml", "expected"),
    [
        ('size = 6\nbox = "3x2"\ngivens = """\n1 . . . . .\n. . . . . .\n. . . . . .\n'
         '. . . . . .\n. . . . . .\n. . . . . 2"""', ".Shape~6x6.NoBoxes.Jigsaw~001122001122001122334455334455334455"
         ".~R1C1_1~R6C6_2"),
        ('size = 4\nbox = "none"\ngivens = ". . . .\\n. . . .\\n. . . .\\n. . . ."', ".Shape~4x4.NoBoxes"),
        ('givens = """' + "\n".join([". " * 9] * 9) + '"""', ".Shape~9x9"),
        ('size = 4\nrules = ["diagonals"]\ngivens = "1 . . .\\n. . . .\\n. . . .\\n. . . ."\n'
         '[[pencilmarks]]\ncell = "r2c3"\ndigits = [1, 2]', ".Shape~4x4.Diagonal~1.Diagonal~-1.~R1C1_1~R2C3_1_2"),
    ],
    ids=["boxes-3x2-as-jigsaw", "no-boxes", "empty", "diagonals-and-pencilmarks"],
)
def test_small_strings_read_back_the_same(toml: str, expected: str) -> None:
    puzzle = puzzle_from_toml(toml)
    text = to_iss(puzzle)
    assert text == expected
    (back,) = parse_many(text, "<iss>", "iss")
    assert (back.size, back.digits, back.givens, back.rules, back.clues) == (
        puzzle.size, puzzle.digits, puzzle.givens, puzzle.rules, puzzle.clues
    )
    if puzzle.box is None or puzzle.box == back.box:
        assert back.box == puzzle.box


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ('[[kropki-white]]\ncells = ["r1c1", "r1c2"]\ndifference = 2', "kropki-white clue with difference 2"),
        ('[[odd]]\ncells = ["r1c1"]', "ISS has no odd clue"),
        ('rules = ["kropki-white-negative"]', "ISS has no kropki-white-negative rule"),
    ],
    ids=["white-dot-difference-2", "odd", "negative-white"],
)
def test_what_iss_cannot_say_is_refused_by_name(table: str, message: str) -> None:
    puzzle = puzzle_from_toml('size = 4\ngivens = ". . . .\\n. . . .\\n. . . .\\n. . . ."\n' + table)
    with pytest.raises(AspSudokuError, match=message):
        to_iss(puzzle)


def test_convert_to_iss_and_sudokupad_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = INSTANCE_DIR / "miracle.toml"
    assert main(["convert", str(source), "--to", "iss"]) == 0
    text = capsys.readouterr().out
    assert text == ".AntiKing.AntiKnight.AntiConsecutive.~R5C3_1~R6C7_2\n"
    out = tmp_path / "miracle.iss"
    out.write_text(text)
    assert main(["check", str(out)]) == 0
    assert "unique" in capsys.readouterr().out
    assert main(["convert", str(source), "--to", "sudokupad"]) == 0
    link = capsys.readouterr().out.strip()
    assert main(["check", link]) == 0
    assert "unique" in capsys.readouterr().out
    refused = INSTANCE_DIR / "greater-killer-daily-hard.toml"
    assert main(["convert", str(refused), "--to", "iss"]) != 0
    assert "ISS has no cage-compare clue" in capsys.readouterr().err
