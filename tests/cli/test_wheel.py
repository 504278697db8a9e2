"""The built wheel carries the templates and the web page's folder: install it outside the source
tree, solve, and put the page together."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from helpers import INSTANCES, ROOT


@pytest.mark.slow
def test_installed_wheel_solves_from_outside_the_source_tree(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(dist), str(ROOT)],
        check=True, timeout=600,
    )
    [wheel] = dist.glob("asp_sudoku-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "asp_sudoku/encodings/base.lp.j2" in names
    for piece in (ROOT / "asp_sudoku" / "web" / "page").iterdir():  # the markup, style and scripts
        assert f"asp_sudoku/web/page/{piece.name}" in names
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target), str(wheel)],
        check=True, timeout=600,
    )
    work = tmp_path / "elsewhere"
    work.mkdir()
    puzzle = work / "inkala.toml"
    puzzle.write_text((INSTANCES / "classic-inkala.toml").read_text(encoding="utf-8"), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(target)}
    script = target / "bin" / "asp-sudoku"
    command = [str(script)] if script.exists() else [sys.executable, "-m", "asp_sudoku"]
    proc = subprocess.run(command + ["solve", "inkala.toml"], cwd=work, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "unique: exactly one solution" in proc.stdout
    located = subprocess.run(
        [sys.executable, "-c", "from asp_sudoku.program.render import encodings_dir; print(encodings_dir())"],
        cwd=work, env=env, capture_output=True, text=True, timeout=60,
    )
    assert located.stdout.strip().startswith(str(target))
    built = subprocess.run(  # the installed page: every piece written in (needs no Starlette)
        [sys.executable, "-c", "import asp_sudoku.web.assemble as a; print(a.__file__); print(len(a.build_page()))"],
        cwd=work, env=env, capture_output=True, text=True, timeout=60,
    )
    assert built.returncode == 0, built.stderr
    where, size = built.stdout.split()
    assert where.startswith(str(target)) and int(size) > 10_000
