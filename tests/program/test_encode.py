"""The programs `encode` prints for the issue-7 rules give, under the clingo executable, the same
number of answer sets as the library; and they show each rule's template text."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import DATA, INSTANCES

from asp_sudoku import load
from asp_sudoku.program.render import render
from asp_sudoku.solving.single import count

FILES = [
    INSTANCES / "xv-kropki-sudoku.toml",
    INSTANCES / "raw-spaghetti.toml",
    INSTANCES / "0-indexed-jigsaw.toml",
    INSTANCES / "between-1-and-9-sudoku.toml",
    DATA / "iss_more" / "iss-6x6-between-odd-and-even.toml",
    DATA / "iss_more" / "iss-zipper-lines-easy.toml",
    DATA / "iss_more" / "iss-quadruple-repeated-values.toml",
    DATA / "iss_more" / "skyscraper-all-6.toml",
]


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_clingo_executable_agrees(path: Path, tmp_path: Path) -> None:
    puzzle = load(str(path))
    program = tmp_path / "prog.lp"
    program.write_text(render(puzzle).text, encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "clingo", str(program), "0", "-q"],
                         capture_output=True, text=True, check=False)
    match = re.search(r"^Models\s*:\s*(\d+)\s*$", run.stdout, re.M)
    assert match, run.stdout + run.stderr
    assert int(match.group(1)) == count(puzzle).count == 1


def test_encode_shows_every_template_header() -> None:
    text = render(load(str(DATA / "iss_more" / "renban-skyscrapers.toml"))).text
    assert "% Templates: base.lp.j2, skyscraper.lp.j2, renban.lp.j2" in text
    assert "% Skyscraper: a clue outside the grid is the number of digits seen from it" in text
    assert "% Renban: the digits on a renban line are all different" in text
