"""Every command in the README runs as written, from a fresh clone's root: each line of the
README's shell blocks that starts with `asp-sudoku` (and what it chains with `&&`) is run in a
scratch folder that holds the repository's `instances/` and `bench/data/`; each must end with
the exit status the README promises (0, or 1 for `explain` of a puzzle with no solution) and
write what it says it writes."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import ROOT

FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)


def readme_commands() -> list[str]:
    """The `asp-sudoku` lines of the README's shell blocks, comments removed."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    lines = []
    for lang, block in FENCE.findall(text):
        if lang not in ("", "sh", "bash", "console"):
            continue
        for line in block.splitlines():
            if line.startswith("asp-sudoku "):
                lines.append(re.sub(r"\s+#.*$", "", line).strip())
    return lines


COMMANDS = readme_commands()
EXIT = {"explain": 1}  # the README's explain example has no solution: exit 1, as "Exit codes" says


def test_the_readme_has_commands() -> None:
    assert len(COMMANDS) >= 10, COMMANDS


@pytest.mark.slow
@pytest.mark.parametrize("command", COMMANDS, ids=[c.split()[1] + "-" + str(i) for i, c in enumerate(COMMANDS)])
def test_readme_command_runs_as_written(command: str, tmp_path: Path) -> None:
    (tmp_path / "instances").symlink_to(ROOT / "instances")
    (tmp_path / "bench").mkdir()
    (tmp_path / "bench" / "data").symlink_to(ROOT / "bench" / "data")
    for part in command.split("&&"):
        argv = shlex.split(part)
        program = argv[0]
        if program == "asp-sudoku":
            argv = [sys.executable, "-m", "asp_sudoku", *argv[1:]]
        elif program == "python":
            argv = [sys.executable, *argv[1:]]
        run = subprocess.run(argv, cwd=tmp_path, capture_output=True, text=True, timeout=300,
                             env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
        expected = EXIT.get(argv[3], 0) if program == "asp-sudoku" else 0
        assert run.returncode == expected, f"{part}: exit {run.returncode}\n{run.stderr[-2000:]}"
        assert "error:" not in run.stderr and "Traceback" not in run.stderr, run.stderr[-2000:]
        written = [argv[i + 1] for i, a in enumerate(argv[:-1]) if a in ("-o", "--out")]
        for name in written:
            assert (tmp_path / name).stat().st_size > 0, f"{part}: {name} is empty"
        if not written:
            assert run.stdout.strip(), f"{part}: printed nothing"
