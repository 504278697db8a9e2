"""Rendered programs and their models are exactly the golden files, and clingo's own
executable on the `encode` output finds exactly the answer sets that `solve --all` finds."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import DATA, INSTANCES
from make_golden import GOLDEN, model_line

from asp_sudoku import load, render, solve
from asp_sudoku.cli import main


@pytest.mark.parametrize("name", GOLDEN)
def test_program_matches_golden_file(name: str) -> None:
    puzzle = load(str(INSTANCES / f"{name}.toml"))
    text = render(puzzle).text
    assert text == render(load(str(INSTANCES / f"{name}.toml"))).text  # deterministic
    assert text == (DATA / "golden" / f"{name}.lp").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", GOLDEN)
def test_models_match_golden_file(name: str) -> None:
    puzzle = load(str(INSTANCES / f"{name}.toml"))
    models = sorted(model_line(g) for g in solve(puzzle, limit=None).solutions)
    assert "\n".join(models) + "\n" == (DATA / "golden" / f"{name}.models").read_text(encoding="utf-8")


def clingo_answer_sets(program: Path) -> set[frozenset[str]]:
    """Run the clingo executable that ships with the clingo package; parse its answer sets."""
    proc = subprocess.run(
        [sys.executable, "-m", "clingo", str(program), "0"], capture_output=True, text=True, timeout=300
    )
    # `python -m clingo` exits 0; a clingo binary exits 10/20/30 (SAT/UNSAT/exhausted)
    assert proc.returncode in (0, 10, 20, 30), proc.stderr
    assert re.search(r"^Models\s*: \d+$", proc.stdout, re.M), "the search did not finish"
    lines = proc.stdout.splitlines()
    sets = set()
    for i, line in enumerate(lines):
        if line.startswith("Answer:"):
            sets.add(frozenset(re.findall(r"numberAt\(\d+,\d+,\d+\)", lines[i + 1])))
    return sets


LOOSE = "size = 4\ngivens = '''\n1 . . .\n. . 3 .\n. . . .\n. . . .\n'''\n"


@pytest.mark.parametrize("source", ["loose-4x4", "classic-inkala"])
def test_clingo_executable_reproduces_solve_all(source: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if source == "loose-4x4":
        path = tmp_path / "loose.toml"
        path.write_text(LOOSE, encoding="utf-8")
    else:
        path = INSTANCES / f"{source}.toml"
    program = tmp_path / "prog.lp"
    assert main(["encode", str(path), "-o", str(program)]) == 0
    ours = {
        frozenset(f"numberAt({r},{c},{v})" for r, row in enumerate(g.rows, 1) for c, v in enumerate(row, 1))
        for g in solve(load(str(path)), limit=None).solutions
    }
    assert len(ours) >= 1
    assert clingo_answer_sets(program) == ours
