"""The process's entry point (`python -m asp_sudoku`, the `asp-sudoku` script): it ends the process
without Python's finalization, so everything a command writes must be out before it does, and it
must still wait, as Python would, for what is left running."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from helpers import INSTANCES, ROOT

FOUR = str(INSTANCES / "classic-4x4-seed-a.toml")


def env() -> dict[str, str]:
    """Buffered output (as a user's shell has it), so that a missing flush would show."""
    return {**{k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}, "PYTHONPATH": str(ROOT)}


def process(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "asp_sudoku", *argv], capture_output=True, text=True, env=env(), cwd=ROOT, timeout=120
    )


def test_everything_written_reaches_a_pipe(tmp_path: Path) -> None:
    """The 288 grids of an empty 4x4 through a pipe (some 20 KB), and a picture to a
    file: all there, and the exit code is the command's."""
    empty = tmp_path / "empty4.toml"
    empty.write_text("size = 4\n", encoding="utf-8")
    done = process("solve", "--all", "--json", str(empty))
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)  # cut short, it would not read
    assert answer["count"] == 288 and len({str(grid) for grid in answer["solutions"]}) == 288
    svg = tmp_path / "four.svg"
    done = process("solve", "--format", "svg", "-o", str(svg), FOUR)
    assert done.returncode == 0 and svg.read_text(encoding="utf-8").rstrip().endswith("</svg>")


@pytest.mark.parametrize(("argv", "code"), [(["check", str(INSTANCES / "miracle-one-given.toml")], 1), (["solve", "no-such.toml"], 2)])
def test_the_exit_code_is_mains(argv: list[str], code: int) -> None:
    done = process(*argv)
    assert done.returncode == code and "Traceback" not in done.stderr


@pytest.mark.parametrize("daemon", [False, True])
def test_a_thread_still_running_is_waited_for_unless_a_daemon(daemon: bool, tmp_path: Path) -> None:
    """A thread that is not a daemon keeps the process alive until it ends, as Python's own exit
    would; a daemon thread does not (its marker is never written)."""
    marker = tmp_path / "marker"
    script = textwrap.dedent(f"""
        import threading, time
        from asp_sudoku.cli.entry import leave
        def late():
            time.sleep(0.5)
            open({str(marker)!r}, "w").close()
        threading.Thread(target=late, daemon={daemon}).start()
        print("bye")
        leave(4)
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env(), timeout=60)
    assert (done.returncode, done.stdout) == (4, "bye\n"), done.stderr
    assert marker.exists() is not daemon


def test_importing_the_entry_point_imports_no_other_module_of_the_package() -> None:
    """`asp_sudoku.__main__` and the package facade import nothing of the command line: its
    import, the first 40-odd ms of a process, happens inside `run`, where a Ctrl-C is caught."""
    script = (
        "import sys\nbefore = set(sys.modules)\nimport asp_sudoku.__main__\n"
        "print(sorted(m for m in set(sys.modules) - before if m.startswith('asp_sudoku')))"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env(), cwd=ROOT, timeout=60)
    assert done.stdout.strip() == "['asp_sudoku', 'asp_sudoku.__main__', 'asp_sudoku.core']", done.stderr


@pytest.mark.parametrize("module", ["asp_sudoku.cli", "asp_sudoku.cli.commands", "asp_sudoku.core.model"])
def test_a_ctrl_c_while_the_command_line_is_imported_says_interrupted(module: str) -> None:
    """A Ctrl-C that lands while the command line's modules are imported ends the process as one
    during a command does (one line, exit 130), not with Python's traceback and exit 1."""
    script = textwrap.dedent(f"""
        import sys
        class Interrupt:
            def find_spec(self, name, path=None, target=None):
                if name == {module!r}:
                    raise KeyboardInterrupt
        sys.meta_path.insert(0, Interrupt())
        sys.argv = ["asp-sudoku", "solve", {FOUR!r}]
        from asp_sudoku.__main__ import run
        run()
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env(), cwd=ROOT, timeout=60)
    assert (done.returncode, done.stderr, done.stdout) == (130, "asp-sudoku: interrupted\n", "")
