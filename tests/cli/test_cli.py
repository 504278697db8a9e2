"""The command line, run in-process: output, exit codes and error messages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import INSTANCES

import asp_sudoku
from asp_sudoku.cli import main

INKALA = str(INSTANCES / "classic-inkala.toml")
LOOSE_4X4 = """title = "loose"
givens = '''
1 2 | 3 4
. . | . .
----+----
. . | . .
. . | . .
'''
"""


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_solve_prints_the_grid_and_uniqueness(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", INKALA]) == 0
    out = capsys.readouterr().out
    assert "8 1 2 | 7 5 3 | 6 4 9" in out
    assert "------+-------+------" in out
    assert out.rstrip().splitlines()[-1].startswith("unique: exactly one solution")


def test_solve_json_has_the_stable_keys(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--json", INKALA, INKALA]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    obj = json.loads(lines[0])
    assert list(obj) == ["file", "title", "status", "count", "exhausted", "solutions", "seconds"]
    assert obj["status"] == "unique" and obj["count"] == 1 and obj["exhausted"] is True
    assert obj["solutions"][0][0] == [8, 1, 2, 7, 5, 3, 6, 4, 9]


def test_solve_n1_is_satisfiable(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write(tmp_path, "loose.toml", LOOSE_4X4)
    assert main(["solve", "-n", "1", "--json", path]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert (obj["status"], obj["count"], obj["exhausted"]) == ("satisfiable", 1, False)


def test_solve_all_lists_every_solution(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write(tmp_path, "loose.toml", LOOSE_4X4)
    assert main(["solve", "--all", path]) == 0
    out = capsys.readouterr().out
    assert out.count("solution ") == 12  # 12 ways to complete a 4x4 with a fixed first row
    assert "multiple: 12 solutions" in out


def test_solve_multiple_without_all_says_so(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write(tmp_path, "loose.toml", LOOSE_4X4)
    assert main(["solve", path]) == 0
    assert "multiple: at least 2 solutions, 1 shown" in capsys.readouterr().out


def test_count_exact_and_limited(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write(tmp_path, "loose.toml", LOOSE_4X4)
    assert main(["count", path]) == 0
    assert "12 solutions" in capsys.readouterr().out
    assert main(["count", "--limit", "5", path]) == 0
    assert "more than 5 solutions (multiple; stopped at --limit 5" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("limit", "line", "status", "count", "exhausted"),
    [
        (1, "more than 1 solution (multiple; stopped at --limit 1", "multiple", 1, False),
        (11, "more than 11 solutions (multiple; stopped at --limit 11", "multiple", 11, False),
        (12, "12 solutions (multiple;", "multiple", 12, True),  # exactly the limit: exact, not "at least"
        (13, "12 solutions (multiple;", "multiple", 12, True),
    ],
)
def test_count_at_its_limit_is_exact(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, limit: int, line: str, status: str, count: int, exhausted: bool
) -> None:
    """A puzzle of 12 solutions counted up to 1, 11, 12 and 13: alone, in a collection (two
    files: solved together) and through the library."""
    path = write(tmp_path, "loose.toml", LOOSE_4X4)
    assert main(["count", "--limit", str(limit), path]) == 0
    assert line in capsys.readouterr().out
    assert main(["count", "--limit", str(limit), "--json", path, path]) == 0
    for text in capsys.readouterr().out.splitlines():
        found = json.loads(text)
        assert (found["status"], found["count"], found["exhausted"]) == (status, count, exhausted)
    result = asp_sudoku.count(path, limit=limit)
    assert (result.status, result.count, result.exhausted) == (status, count, exhausted)


def test_check_names_the_extra_cells_where_two_solutions_differ(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Found by a QA pass: two solutions that differ in an extra cell only were said to "differ
    in 0 cells" (and one cell was "1 cells")."""
    grid = "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1"
    extra = '[[extra]]\nname = "VA"\n\n[[pencilmarks]]\ncell = "VA"\ndigits = [1, 2]\n'
    path = write(tmp_path, "va.toml", f'size = 4\ngivens = """\n{grid}\n"""\n\n{extra}')
    assert main(["check", path]) == 1
    assert capsys.readouterr().out.endswith("they differ in 1 cell:\n  VA\n")


def test_check_unique_multiple_none(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["check", INKALA]) == 0
    assert capsys.readouterr().out.strip().endswith(": unique")
    loose = write(tmp_path, "loose.toml", LOOSE_4X4)
    assert main(["check", loose]) == 1
    out = capsys.readouterr().out
    assert ": multiple" in out and "solution 1:" in out and "solution 2:" in out
    assert "they differ in" in out
    bad = write(tmp_path, "bad.toml", 'givens = """\n5 . . . . . . . 5\n' + ". . . . . . . . .\n" * 8 + '"""\n')
    assert main(["check", bad]) == 1
    assert capsys.readouterr().out.strip().endswith(": unsatisfiable")
    assert main(["solve", bad]) == 1
    assert "unsatisfiable: no solution" in capsys.readouterr().out


def test_encode_to_stdout_and_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["encode", INKALA]) == 0
    text = capsys.readouterr().out
    assert text.startswith("% asp-sudoku")
    assert "numberAt(1,1,8)." in text and "#show numberAt/3." in text
    out = tmp_path / "prog.lp"
    assert main(["encode", INKALA, "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == text


def test_plain_text_collection(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    lines = (INSTANCES.parent / "tests" / "data" / "classic" / "norvig_hardest.txt").read_text().splitlines()
    path = write(tmp_path, "two.txt", "# two puzzles\n" + "\n".join(lines[:2]) + "\n")
    assert main(["check", path]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [f"{path}:2: unique", f"{path}:3: unique"]


BAD_FILES = [
    ("short-row", 'givens = """\n8 . . . . . . . .\n. . 3 6 . . . .\n' + ". . . . . . . . .\n" * 7 + '"""\n',
     "short-row.toml:3: row 2 has 8 cells, expected 9"),
    ("digit-ten", 'size = 9\ngivens = """\n' + ". . . . . . . . .\n" * 4 + "10 . . . . . . . .\n" + ". . . . . . . . .\n" * 4 + '"""\n',
     "digit-ten.toml:7: 10 is not a digit of a 9x9 grid (1-9)"),
    ("unknown-key", 'title = "x"\nsize = 4\ncolour = "red"\n', "unknown-key.toml:3: unknown key 'colour'"),
    ("wrong-box", 'size = 9\nbox = "2x3"\n', "wrong-box.toml:2: box 2x3 does not tile a 9x9 grid"),
    ("bad-toml", 'title = "x\n', "bad-toml.toml:1:"),
    ("unknown-rule", 'size = 9\nrules = ["anti-queen"]\n', "unknown-rule.toml:2: unknown rule 'anti-queen'"),
    ("duplicate-key", 'size = 9\nsize = 9\n', "duplicate-key.toml:2:"),
    ("too-many-rows", 'size = 4\ngivens = """\n1 . . .\n. . . .\n. . . .\n. . . .\n. . . .\n"""\n',
     "too-many-rows.toml:7: the grid has 5 rows, expected 4"),
    ("bad-values", 'size = 9\nvalues = "2-10"\n', "bad-values.toml:2: values must run"),
]


@pytest.mark.parametrize("name, text, message", BAD_FILES, ids=[b[0] for b in BAD_FILES])
def test_bad_input_is_one_clear_line_and_exit_2(
    name: str, text: str, message: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path, f"{name}.toml", text)
    assert main(["solve", path]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err
    assert message in err
    assert str(tmp_path) in err


def test_missing_file_and_bad_usage(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["solve", str(tmp_path / "nope.toml")]) == 2
    assert "nope.toml: cannot read the file" in capsys.readouterr().err
    assert main(["solve"]) == 2
    assert main(["frobnicate", INKALA]) == 2
    assert main(["solve", "-n", "0", INKALA]) == 2
    assert "Traceback" not in capsys.readouterr().err


def test_one_bad_file_does_not_stop_the_others(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = write(tmp_path, "bad.toml", "colour = 1\n")
    assert main(["check", bad, INKALA]) == 2
    captured = capsys.readouterr()
    assert captured.out.strip().endswith(": unique")
    assert "unknown key 'colour'" in captured.err


@pytest.mark.parametrize("command", ["check", "solve", "count"])
def test_a_collection_with_one_bad_line_answers_the_good_lines(
    command: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """One malformed line of a collection is its own error line; the good lines are answered."""
    lines = (INSTANCES.parent / "tests" / "data" / "classic" / "norvig_hardest.txt").read_text().splitlines()
    bad = lines[1][:40] + "x" + lines[1][41:]  # an 81-character line with a letter in it
    path = write(tmp_path, "three.txt", "\n".join([lines[0], bad, lines[2]]) + "\n")
    assert main([command, path]) == 2
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    assert captured.err.splitlines() == [f"asp-sudoku: error: {path}:2:41: 'x' is not a digit or '.'"]
    out = captured.out
    assert f"{path}:1" in out and f"{path}:3" in out and f"{path}:2" not in out
    assert out.index(f"{path}:1") < out.index(f"{path}:3")
    if command == "check":
        assert out.splitlines() == [f"{path}:1: unique", f"{path}:3: unique"]


@pytest.mark.slow
def test_differing_cells_are_listed_in_short_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """check and explain of a puzzle with many solutions list the cells where two solutions
    differ in lines of at most 90 characters, not one line of up to 81 names (issue 19)."""
    empty = tmp_path / "empty.toml"
    empty.write_text("size = 9\n", encoding="utf-8")
    assert main(["check", str(empty)]) == 1
    out = capsys.readouterr().out
    listed = [line for line in out[out.index("they differ in"):].splitlines() if line.startswith("  ")]
    assert listed and all(len(line) <= 90 for line in listed), out
    assert main(["explain", str(empty)]) == 1
    out = capsys.readouterr().out
    listed = [line for line in out[out.index("they differ in"):].splitlines() if line.startswith("  ")]
    assert len(listed) >= 5 and all(len(line) <= 90 for line in listed), out


def test_svg_output_of_several_puzzles_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """`solve --format svg A B` used to print two SVG documents one after the other (no valid
    picture); it now says so and exits 2 (issue 19)."""
    a, b = str(INSTANCES / "spoons.toml"), str(INSTANCES / "miracle.toml")
    assert main(["solve", "--format", "svg", a, b]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "--format svg draws one puzzle" in err
    assert main(["solve", "--format", "svg", a]) == 0
    assert capsys.readouterr().out.count("<svg") == 1


def test_a_picture_of_solve_shows_one_solution_and_says_when_there_are_more(capsys: pytest.CaptureFixture[str]) -> None:
    """`solve --format svg --all` (or -n, or fpuzzles) printed one solution and exit 0 without a
    word, and a picture of a puzzle with several solutions did not say so: --all and -n are
    refused with a picture, and a picture of a puzzle that is not unique says so on stderr."""
    several = str(INSTANCES / "miracle-one-given.toml")  # 8 solutions
    for fmt in ("svg", "fpuzzles"):
        for asked in (["--all"], ["-n", "3"]):
            assert main(["solve", "--format", fmt, *asked, several]) == 2
            out, err = capsys.readouterr()
            assert out == "" and f"--format {fmt} shows one solution, and {asked[0]} asks for several" in err
        assert main(["solve", "--format", fmt, several]) == 0
        out, err = capsys.readouterr()
        assert out.count("<svg" if fmt == "svg" else "f-puzzles.com") == 1
        assert err == f"asp-sudoku: {several}: not unique: the picture shows one of its solutions\n"
    assert main(["solve", "--format", "svg", INKALA]) == 0
    assert capsys.readouterr().err == ""  # unique: nothing to say
    # said once for a collection, before any puzzle (it was said for each), and -n 1 is one
    assert main(["solve", "--format", "fpuzzles", "--all", several, INKALA]) == 2
    assert capsys.readouterr().err.count("asks for several") == 1
    assert main(["solve", "--format", "fpuzzles", "-n", "1", INKALA]) == 0
    assert capsys.readouterr().out.count("f-puzzles.com") == 1


def test_count_names_the_outcome_as_check_does(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """One word per outcome: count says unique / multiple / unsatisfiable beside the number, the
    words check and --json use (issue 19: "none", "unsatisfiable" and "0 solutions")."""
    clash = tmp_path / "clash.toml"
    clash.write_text('size = 4\ngivens = """\n1 1 . .\n. . . .\n. . . .\n. . . .\n"""\n', encoding="utf-8")
    assert main(["count", str(clash)]) == 1
    assert "0 solutions (unsatisfiable; " in capsys.readouterr().out
    assert main(["check", str(clash)]) == 1
    assert capsys.readouterr().out.strip().endswith(": unsatisfiable")
    assert main(["count", str(INSTANCES / "spoons.toml")]) == 0
    assert "1 solution (unique; " in capsys.readouterr().out


def test_a_javascript_file_is_refused_as_an_iss_script(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "split.js"
    script.write_text("const puzzle = makePuzzle();\n", encoding="utf-8")
    for path in (str(script), "/data/scripts/how_shall_we_split_this.js"):
        assert main(["check", path]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "sandbox script (JavaScript)" in err


@pytest.mark.parametrize("command", ["solve", "count", "check", "candidates", "rate"])
def test_json_has_a_line_for_every_input_a_refused_one_too(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    """Two good puzzles around a refused file and a collection with a refused line: one JSON
    object per input, in order, the refused ones with status "error" and the message of stderr."""
    good = write(tmp_path, "loose.toml", LOOSE_4X4)
    bad = write(tmp_path, "bad.toml", 'givens = "zzz"\n')
    lines = write(tmp_path, "two.txt", "1234341221434321\n12x4\n")
    assert main([command, "--json", good, bad, lines, good]) == 2
    captured = capsys.readouterr()
    out = [json.loads(line) for line in captured.out.splitlines()]
    one = "solved" if command == "rate" else "unique"
    assert [(o["file"], o["status"]) for o in out] == [
        (good, "multiple"), (bad, "error"), (f"{lines}:1", one), (f"{lines}:2", "error"), (good, "multiple"),
    ]
    assert out[1]["error"].startswith(f"{bad}:1: ") and out[3]["error"].startswith(f"{lines}:2: ")
    assert [line.removeprefix("asp-sudoku: error: ") for line in captured.err.splitlines()] == [out[1]["error"], out[3]["error"]]


@pytest.mark.parametrize(("text", "words"), [("", "is empty"), ("\n  \n", "is empty"), ("# a note\n\n# another\n", "holds only comments")])
def test_a_file_with_no_puzzle_says_so(capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, words: str) -> None:
    """An empty or comment-only collection said "the puzzle needs a size or givens" (a QA pass)."""
    for name in ("c.txt", "c.toml"):
        path = write(tmp_path, name, text)
        assert main(["check", path]) == 2
        assert capsys.readouterr().err == f"asp-sudoku: error: {path}: holds no puzzle: the text {words}\n"
