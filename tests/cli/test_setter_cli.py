"""The setter's commands on the command line: exit codes, errors, time limits, several files."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import DATA, INSTANCES

from asp_sudoku.cli import main

SETTER = DATA / "setter"
HARD = 'rules = ["anti-king", "non-consecutive"]\nsize = 9\n'  # slow to enumerate


@pytest.mark.parametrize("command", ["candidates", "explain", "minimize"])
def test_bad_file_is_one_line_exit_2(command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('givens = """\n1 2 3\n"""\nsize = 4\nfoo = 1\n')
    assert main([command, str(bad)]) == 2
    err = capsys.readouterr().err
    assert "bad.toml" in err and len(err.strip().splitlines()) == 1
    assert main([command, str(tmp_path / "missing.toml")]) == 2
    assert "missing.toml" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["candidates", "explain"])
def test_time_limit_gives_unknown_and_exit_3(command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hard.toml"
    path.write_text(HARD)
    assert main([command, "--time-limit", "0.1", str(path)]) == 3
    assert "unknown: stopped by the time limit" in capsys.readouterr().out
    assert main([command, "--json", "--time-limit", "0.1", str(path)]) == 3
    assert '"status": "unknown"' in capsys.readouterr().out


def test_minimize_time_limit(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["minimize", "--time-limit", "0.05", str(SETTER / "killer-wiki.toml")]) == 3
    assert "unknown" in capsys.readouterr().out


def test_generate_time_limit(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--size", "16", "--seed", "1", "--time-limit", "0.05"]) == 3
    assert "stopped by the time limit" in capsys.readouterr().err


def test_several_files_in_one_call(capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(SETTER / "miracle.toml"), str(INSTANCES / "classic-inkala.toml"), str(SETTER / "classic-hidden-conflict.toml")]
    assert main(["candidates", *files]) == 1  # the worst: one has no solution
    out = capsys.readouterr().out
    assert out.count("unique: all 81 cells fixed") == 2 and "unsatisfiable" in out
    assert main(["explain", *files[:2]]) == 0
    assert main(["minimize", *files[:2]]) == 0


@pytest.mark.parametrize("command", ["candidates", "explain", "minimize", "generate"])
def test_help(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([command, "--help"]) == 0
    assert "usage: asp-sudoku " + command in capsys.readouterr().out


def test_library_exports() -> None:
    import asp_sudoku

    for name in ("candidates", "explain", "minimize", "generate"):
        assert name in asp_sudoku.__all__ and callable(getattr(asp_sudoku, name))
