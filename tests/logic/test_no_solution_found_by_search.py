"""A puzzle with no solution whose logical path does not show it (stuck, or stopped): `rate`
does not rate it and `steps` says so, as for a puzzle with several solutions (a QA pass found
"stuck in 20 steps; rating 6.8" for such a puzzle, exit 0)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_filled_trials import SIX

from asp_sudoku.cli import main

# No solution: r1c1 = 2 leaves the ratio-3 black dot r2c5-r2c6 no filling, which logic without
# trial does not see (it gets stuck after 20 steps); a trial of depth 1 shows it.
NONE = SIX.format(first="2")


@pytest.fixture
def none(tmp_path: Path) -> Path:
    file = tmp_path / "none.toml"
    file.write_text(NONE, encoding="utf-8")
    return file


def test_rate_does_not_rate_a_puzzle_with_no_solution_its_path_does_not_show(
    none: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["count", str(none)]) == 1  # clingo: no solution
    capsys.readouterr()
    assert main(["rate", "--depth", "0", str(none)]) == 1
    assert "not rated: it has no solution (a search found none), and the logical path got stuck after 20 steps" in capsys.readouterr().out
    assert main(["rate", "--depth", "0", "--json", str(none)]) == 1
    assert json.loads(capsys.readouterr().out) == {
        "file": str(none), "status": "unsatisfiable", "steps": 20, "rating": None, "hardest": None,
    }


def test_rate_rates_the_path_that_shows_there_is_no_solution(none: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rate", "--json", str(none)]) == 0  # a trial of depth 1 shows it
    closing = json.loads(capsys.readouterr().out)
    assert closing["status"] == "no solution" and closing["rating"] == 7.0 and "no_solution" not in closing


def test_steps_walks_the_path_and_says_the_puzzle_has_no_solution(none: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["steps", "--depth", "0", "--json", str(none)]) == 0
    out, err = capsys.readouterr()
    closing = json.loads(out.splitlines()[-1])
    assert closing["status"] == "stuck" and closing["no_solution"] is True
    assert closing["finish_depth"] == 1  # how deep a trial must go to show it
    assert "it has no solution (a search found none)" in err
    assert main(["steps", "--depth", "0", str(none)]) == 0
    assert "; the puzzle has no solution (a search found none), which the path did not show" in capsys.readouterr().out
