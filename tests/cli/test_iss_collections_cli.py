"""`check` on files of whole puzzles one per line answers each puzzle (issue 15, collections).

Before: the three ISS thermo puzzles were merged into one `unsatisfiable` puzzle, and SudoCue or
killer-arrow files were refused without ``--from lines``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from asp_sudoku.cli import main

DATA = Path(__file__).resolve().parents[1] / "data" / "formats"


def _statuses(out: str, path: Path) -> list[str]:
    return [ln.split(": ", 1)[1] for ln in out.splitlines() if ln.startswith(f"{path}:")]


def test_check_answers_each_iss_string_of_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    path = DATA / "iss_thermo_collection.txt"
    main(["check", str(path)])
    out = capsys.readouterr().out
    assert _statuses(out, path) == ["unique", "unique", "multiple"]
    assert f"{path}:1: unique" in out


@pytest.mark.parametrize(("name", "count"), [("sudocue_killers.txt", 3), ("tarek_killer_arrows.txt", 2)])
def test_check_reads_killer_lines_without_from(
    capsys: pytest.CaptureFixture[str], name: str, count: int
) -> None:
    path = DATA / name
    assert main(["check", str(path)]) == 0
    assert _statuses(capsys.readouterr().out, path) == ["unique"] * count


def test_check_one_iss_puzzle_over_several_lines(capsys: pytest.CaptureFixture[str]) -> None:
    path = DATA / "iss_thermo_multiline.txt"
    assert main(["check", str(path)]) == 0
    assert capsys.readouterr().out.strip() == f"{path}: unique"
