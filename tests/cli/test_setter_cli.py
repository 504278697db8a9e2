"""The setter's commands on the command line: exit codes, errors, time limits, several files."""

from __future__ import annotations

import json
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
    captured = capsys.readouterr()
    assert "unknown" in captured.err and captured.out == ""  # stdout is for the puzzle only


@pytest.mark.slow
def test_generate_time_limit(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--size", "16", "--seed", "1", "--time-limit", "0.05"]) == 3
    assert "stopped by the time limit" in capsys.readouterr().err


def test_several_files_in_one_call(capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(SETTER / "miracle.toml"), str(INSTANCES / "classic-inkala.toml"), str(SETTER / "classic-hidden-conflict.toml")]
    assert main(["candidates", *files]) == 1  # the worst: one has no solution
    out = capsys.readouterr().out
    assert out.count("unique: all 81 cells fixed") == 2 and "unsatisfiable" in out
    assert main(["explain", *files[:2]]) == 0
    capsys.readouterr()
    # minimize's TOML of two puzzles on stdout would make no valid file (`minimize FILE > min.toml`)
    assert main(["minimize", *files[:2]]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "minimize writes its puzzle as one TOML file, which takes one puzzle, and 2 were given" in captured.err
    assert main(["minimize", "--json", *files[:2]]) == 0
    assert [json.loads(line)["status"] for line in capsys.readouterr().out.splitlines()] == ["unique", "unique"]


@pytest.mark.parametrize("command", ["candidates", "explain", "minimize", "generate"])
def test_help(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([command, "--help"]) == 0
    assert "usage: asp-sudoku " + command in capsys.readouterr().out


def test_library_exports() -> None:
    import asp_sudoku

    for name in ("candidates", "explain", "minimize", "generate"):
        assert name in asp_sudoku.__all__ and callable(getattr(asp_sudoku, name))


MANY = "85...24..72......9..4.........1.7..23............................................"  # many solutions


@pytest.mark.slow
def test_candidates_counts_stopped_by_the_time_limit_exits_3_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The candidates are found, the counting is not finished: exit 3 (as `count`), a line saying
    the time limit stopped the counting, no partial counts; the same candidates every run (the
    text run's grid and the JSON run's lists).  (5 s: the candidates take about a second, several
    on a loaded 2-core machine.)"""
    path = tmp_path / "many.txt"
    path.write_text(MANY + "\n")
    assert main(["candidates", "--counts", "--time-limit", "5", str(path)]) == 3
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{path}: multiple: ")
    assert out[-1].startswith("solutions per digit: not shown: the time limit stopped the counting after ")
    assert "the candidates above are complete" in out[-1]
    assert not any(line.startswith("  r") for line in out)  # no per-cell counts
    shown = [token for line in out[1:-1] for token in line.replace("|", " ").split() if token.isdigit()]
    assert main(["candidates", "--counts", "--json", "--time-limit", "5", str(path)]) == 3
    obj = json.loads(capsys.readouterr().out)
    assert obj["counts"] is None and obj["counts_timed_out"] is True and obj["counts_exhausted"] is False
    assert shown == ["".join(map(str, digits)) for row in obj["candidates"] for digits in row]
    # stopped by --limit instead: the counts of the first N solutions, printed, exit 0
    assert main(["candidates", "--counts", "--limit", "5", str(path)]) == 0
    out = capsys.readouterr().out
    assert "over 5 solutions (stopped at --limit 5; partial: the puzzle has more)" in out


def test_generate_suggests_a_rule_name(capsys: pytest.CaptureFixture[str]) -> None:
    """A mistyped rule for generate gets a "did you mean" and the known names (issue 19)."""
    assert main(["generate", "--rules", "anti-night", "--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert "unknown rule 'anti-night' (did you mean 'anti-knight'?" in err and "known: " in err


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--clues", "killer"], "have clues"),
        (["--rules", "anti-knight"], "have rules"),
        (["--box", "3x2"], "other boxes than a text grid's"),
        (["--box", "none"], "other boxes than a text grid's"),
    ],
)
def test_generate_refuses_a_text_grid_that_would_drop_what_the_puzzle_is(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # the text grid held the givens only, under a header saying "unique"
    assert main(["generate", "--size", "6", "--seed", "3", "--format", "text", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "--format text writes the givens only" in err and said in err


def test_generate_refuses_more_givens_than_cells(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--size", "4", "--givens", "17"]) == 2
    assert "a 4x4 grid has 16 cells" in capsys.readouterr().err


def test_minimize_writes_one_output_file_for_one_puzzle_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # minimize -o wrote each puzzle's result over the one before
    out = tmp_path / "out.toml"
    files = [str(INSTANCES / "classic-4x4-seed-a.toml"), str(INSTANCES / "classic-4x4-seed-b.toml")]
    assert main(["minimize", "-o", str(out), *files]) == 2
    assert "-o FILE takes one puzzle, and 2 were given" in capsys.readouterr().err and not out.exists()


def test_candidates_svg_stopped_by_the_time_limit_is_still_a_picture(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`candidates --format svg > FILE.svg` stopped by its time limit wrote the text line
    "...: unknown: stopped by the time limit" to stdout (no SVG); now, as `solve --format svg`,
    the puzzle's picture goes to stdout and the line to stderr, exit 3."""
    from xml.etree import ElementTree

    path = tmp_path / "hard.toml"
    path.write_text(HARD)
    assert main(["candidates", "--format", "svg", "--time-limit", "0.1", str(path)]) == 3
    out, err = capsys.readouterr()
    assert ElementTree.fromstring(out).tag.endswith("svg")
    assert "unknown: stopped by the time limit" in err and "unknown" not in out
