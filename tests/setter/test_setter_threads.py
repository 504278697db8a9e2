"""The setter's tools search with one thread: they refuse --threads rather than ignore it."""

from __future__ import annotations

import pytest
from helpers import INSTANCES

from asp_sudoku.cli import main


@pytest.mark.parametrize("command", ["candidates", "explain", "minimize"])
def test_setter_tools_refuse_threads(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([command, "--threads", "2", str(INSTANCES / "classic-4x4-seed-a.toml")]) == 2
    assert "unrecognized arguments: --threads" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["solve", "count", "check"])
def test_solving_commands_take_threads(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([command, "--threads", "2", str(INSTANCES / "classic-4x4-seed-a.toml")]) == 0
