"""Every command in the README runs as written, from a fresh clone's root: each line of the
README's shell blocks that starts with `asp-sudoku` (and what it chains with `&&`) is run in a
scratch folder that holds the repository's `instances/` and `bench/data/`; each must end with
the exit status the README promises (0, or 1 for `explain` of a puzzle with no solution) and
write what it says it writes.  `asp-sudoku serve` runs until stopped: it is started on a free
port (`--port 0` added), must print its address and serve the page there, and is then stopped."""

from __future__ import annotations

import re
import shlex
import signal
import subprocess
import sys
import urllib.request
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
        if program == "asp-sudoku" and argv[1] == "serve":
            _serve_as_written(argv, tmp_path)
            continue
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


def _serve_as_written(argv: list[str], tmp_path: Path) -> None:
    """`asp-sudoku serve ...` on a free port: it prints the page's address, the page is there."""
    extra = [] if "--port" in argv else ["--port", "0"]
    server = subprocess.Popen([sys.executable, "-m", "asp_sudoku", *argv[1:], *extra], cwd=tmp_path,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        found = re.search(r"http://[^ ]+/", line)
        assert found, f"serve printed {line!r}; stderr: {server.stderr.read() if server.poll() is not None else ''}"
        with urllib.request.urlopen(found.group(0), timeout=30) as page:
            assert page.status == 200 and "<textarea" in page.read().decode("utf-8")
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
