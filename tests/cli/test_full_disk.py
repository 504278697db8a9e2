"""Standard output that cannot be written (a full disk: /dev/full) ends a command with exit 74
and one line saying so, never 0 with nothing written (`encode` into a full disk exited 0 when
its whole output was still in the buffer at the end) nor an "internal error" (70)."""

from __future__ import annotations

import errno
import io
import os
import subprocess
import sys

import pytest
from helpers import INSTANCES

from asp_sudoku.cli import EXIT_OUTPUT, main

INKALA = str(INSTANCES / "classic-inkala.toml")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("unbuffered", ["", "1"])
@pytest.mark.parametrize("command", [["encode", INKALA], ["check", INKALA], ["solve", INKALA], ["solve", "--all", INKALA]])
def test_a_full_disk_is_exit_74_with_one_line(command: list[str], unbuffered: str) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    if unbuffered:
        env["PYTHONUNBUFFERED"] = unbuffered  # each print written at once: the error comes inside main
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "asp_sudoku", *command], stdout=full, stderr=subprocess.PIPE, text=True, env=env, timeout=120)
    assert done.returncode == EXIT_OUTPUT == 74
    assert done.stderr == "asp-sudoku: error: cannot write the output: No space left on device\n"


class Full(io.StringIO):
    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")


def test_main_says_so_when_printing_fails(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdout", Full())
    assert main(["solve", INKALA]) == EXIT_OUTPUT
    assert "cannot write the output" in capsys.readouterr().err
