"""The CLI comforts of issue 17: progress on a terminal, `-` for standard input, shell completion,
`solve --format png`, `solve --random --seed N`."""

from __future__ import annotations

import io
import json
import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import INSTANCES, ROOT, assert_solution, checked_solutions, puzzle_from_toml

from asp_sudoku.cli import EXIT_OK, EXIT_USAGE, main
from asp_sudoku.cli.progress import FORCE_ENV
from asp_sudoku.core.model import Grid

FOUR = str(INSTANCES / "classic-4x4-seed-a.toml")
MIRACLE8 = str(INSTANCES / "miracle-one-given.toml")  # 8 solutions
INKALA = INSTANCES / "classic-inkala.toml"
INKALA_LINE = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."


def env(**extra: str) -> dict[str, str]:
    out = {k: v for k, v in os.environ.items() if k != FORCE_ENV}
    out.update(PYTHONPATH=str(ROOT), **extra)
    return out


def cli(*argv: str, stdin: str | None = None, **extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "asp_sudoku", *argv], input=stdin, capture_output=True, text=True,
        env=env(**extra), cwd=ROOT, timeout=120,
    )


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# --- progress ---------------------------------------------------------------------------------


def in_terminal(*argv: str) -> tuple[int, str]:
    """Run the CLI with stdout and stderr on a pseudo-terminal; its exit code and all it wrote."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: never returns
        os.environ.pop(FORCE_ENV, None)
        os.environ["PYTHONPATH"] = str(ROOT)
        os.chdir(ROOT)
        os.execv(sys.executable, [sys.executable, "-m", "asp_sudoku", *argv])
    chunks = []
    while True:
        try:
            data = os.read(fd, 65536)
        except OSError:  # the child closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    return os.waitstatus_to_exitcode(status), b"".join(chunks).decode()


@pytest.mark.slow
def test_a_long_count_on_a_terminal_shows_progress(tmp_path: Path) -> None:
    six = tmp_path / "six.toml"
    six.write_text("size = 6\n", encoding="utf-8")
    # 400,000 of the empty 6x6's solutions: well past the line's half-second delay even on a
    # quiet machine (60,000 took 0.4 s there: no line, and the test failed)
    code, text = in_terminal("count", "--limit", "400000", str(six))
    assert code == EXIT_OK
    assert "asp-sudoku count: " in text and "solutions/s" in text, text  # count, rate
    assert "[00:0" in text  # elapsed
    assert text.rstrip().endswith("more than 400000 solutions (multiple; stopped at --limit 400000; " + text.rstrip().rsplit("; ", 1)[1])
    code, quiet = in_terminal("count", "--no-progress", "--limit", "60000", str(six))
    assert "solutions/s" not in quiet


def test_without_a_terminal_nothing_changes() -> None:
    plain = cli("count", MIRACLE8)
    assert plain.returncode == EXIT_OK and plain.stderr == ""
    assert plain.stdout.startswith(f"{MIRACLE8}: 8 solutions")
    assert cli("solve", "--all", "--json", MIRACLE8).stderr == ""


@pytest.mark.parametrize(
    "argv",
    [
        ["count", MIRACLE8],
        ["solve", "--all", MIRACLE8],
        ["solve", "--random", "--seed", "1", MIRACLE8],
        ["candidates", "--counts", FOUR],
        ["explain", FOUR],
        ["minimize", FOUR],
        ["generate", "--size", "4", "--seed", "1"],
    ],
    ids=lambda a: " ".join(a[:2]),
)
def test_every_long_command_reports_progress(argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(FORCE_ENV, "1")  # stands for "stderr is a terminal"
    code, out, err = run(argv, capsys)
    assert code in (0, 1), err
    assert f"asp-sudoku {argv[0]}: " in err and ("solutions" in err or "solver calls" in err), err
    monkeypatch.setenv(FORCE_ENV, "0")
    code2, out2, err2 = run(argv, capsys)
    assert f"asp-sudoku {argv[0]}: " not in err2
    assert "\r" not in out + out2  # stdout never holds the progress line
    code3, _, err3 = run([*argv, "--no-progress"], capsys)
    assert "\r" not in err3


def test_batch_estimate_and_convert_take_no_progress_too(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """--no-progress is accepted by every command that reads puzzle files (a script may pass it
    to all); batch, estimate and convert refused it.  batch's line follows the terminal test (and
    ASP_SUDOKU_PROGRESS) as the others do, and --no-progress keeps its summary."""
    monkeypatch.setenv(FORCE_ENV, "1")
    code, _, err = run(["batch", FOUR], capsys)
    assert code == EXIT_OK and "\r1/1 puzzles" in err and "1 puzzle: 1 unique" in err
    code, _, err = run(["batch", "--no-progress", FOUR], capsys)
    assert code == EXIT_OK and "\r" not in err and "1 puzzle: 1 unique" in err
    code, out, _ = run(["estimate", "--no-progress", FOUR], capsys)
    assert code == EXIT_OK and "solution" in out
    code, out, _ = run(["convert", "--no-progress", "--to", "iss", FOUR], capsys)
    assert code == EXIT_OK and out.startswith(".")


def test_a_plain_solve_imports_no_progress_completion_png_or_draw_module() -> None:
    probe = (
        "import sys, json; from asp_sudoku.cli import main; code = main(sys.argv[1:]); "
        "print(json.dumps(sorted(sys.modules)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe, "solve", str(INKALA)], capture_output=True, text=True, env=env(), cwd=ROOT, timeout=120,
    )
    modules = set(json.loads(out.stdout.splitlines()[-1]))
    assert not {m for m in modules if m.split(".")[0] in ("tqdm", "shtab", "cairosvg")}
    assert not {"asp_sudoku.solving.draw", "asp_sudoku.cli.completion", "asp_sudoku.picture.png"} & modules


# --- standard input ---------------------------------------------------------------------------


def test_dash_reads_standard_input() -> None:
    done = cli("check", "-", stdin=INKALA_LINE + "\n")
    assert done.returncode == EXIT_OK, done.stderr
    assert done.stdout == "<stdin>: unique\n" and done.stderr == ""
    toml = cli("solve", "--json", "-", stdin=INKALA.read_text(encoding="utf-8"))
    assert json.loads(toml.stdout)["status"] == "unique" and json.loads(toml.stdout)["file"] == "<stdin>"
    link = cli("convert", "--to", "fpuzzles", str(INKALA)).stdout
    assert cli("check", "-", stdin=link).stdout == "<stdin>: unique\n"  # a link, detected
    assert '"id":"<stdin>"' in cli("batch", "-", stdin=INKALA_LINE).stdout
    assert cli("check", "-", "-", stdin=INKALA_LINE).stdout == "<stdin>: unique\n" * 2  # read once
    assert cli("estimate", "-", stdin=INKALA_LINE).stdout.startswith("<stdin>: 1 solution (exact")  # was '<text>' parsed as a grid


def test_bad_standard_input_is_one_line_naming_stdin() -> None:
    done = cli("check", "-", stdin="1 2\n")
    assert done.returncode == EXIT_USAGE
    assert done.stderr.startswith("asp-sudoku: error: <stdin>:1:") and done.stderr.count("\n") == 1


# --- shell completion -------------------------------------------------------------------------


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_scripts_name_the_commands(shell: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["completion", shell], capsys)
    assert code == EXIT_OK and err == ""
    from asp_sudoku.cli.parser import COMMAND_NAMES

    for name in COMMAND_NAMES:
        assert name in out, name
    assert "random" in out and "no-progress" in out  # fish writes `-l random`


def test_the_bash_script_registers_the_completion() -> None:
    script = cli("completion", "bash").stdout
    done = subprocess.run(["bash", "-c", 'eval "$COMPLETION"; complete -p asp-sudoku'], capture_output=True, text=True, env=env(COMPLETION=script), timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("complete ") and done.stdout.rstrip().endswith(" asp-sudoku")


def test_completion_without_shtab_is_one_line(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "shtab", None)
    code, out, err = run(["completion", "bash"], capsys)
    assert code == EXIT_USAGE and out == ""
    assert err.count("\n") == 1 and "shtab" in err


# --- PNG --------------------------------------------------------------------------------------

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.mark.slow  # cairosvg's import and drawing, twice: about 5 s
def test_solve_writes_a_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("cairosvg")
    image = pytest.importorskip("PIL.Image")
    target = tmp_path / "inkala.png"
    code, out, err = run(["solve", "--format", "png", "-o", str(target), str(INKALA)], capsys)
    assert code == EXIT_OK and out == "" and err == ""
    data = target.read_bytes()
    assert data.startswith(PNG_SIGNATURE)
    with image.open(io.BytesIO(data)) as picture:
        picture.load()
        assert picture.size[0] > 100 and picture.size[1] > 100
    piped = subprocess.run([sys.executable, "-m", "asp_sudoku", "solve", "--format", "png", str(INKALA)], capture_output=True, env=env(), cwd=ROOT, timeout=120)
    assert piped.returncode == 0 and piped.stdout.startswith(PNG_SIGNATURE)


def test_png_is_refused_on_a_terminal_and_without_cairosvg(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import asp_sudoku.cli.formats as formats

    monkeypatch.setattr(formats, "_isatty", lambda stream: True)
    code, out, err = run(["solve", "--format", "png", str(INKALA)], capsys)
    assert code == EXIT_USAGE and out == "" and err.count("\n") == 1 and "-o FILE.png" in err
    monkeypatch.setitem(sys.modules, "cairosvg", None)
    code, out, err = run(["solve", "--format", "png", "-o", str(tmp_path / "x.png"), str(INKALA)], capsys)
    assert code == EXIT_USAGE and err.count("\n") == 1 and "asp-sudoku[png]" in err
    assert not (tmp_path / "x.png").exists()


def test_output_file_takes_a_picture_only(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(["solve", "-o", str(tmp_path / "x"), str(INKALA)], capsys)
    assert code == EXIT_USAGE and "--format svg, png or fpuzzles" in err
    code, out, err = run(["solve", "--format", "svg", "-o", str(tmp_path / "x.svg"), str(INKALA)], capsys)
    assert code == EXIT_OK and out == "" and (tmp_path / "x.svg").read_text(encoding="utf-8").startswith("<svg")


# --- random -----------------------------------------------------------------------------------


def grid_of(text: str) -> Grid:
    rows = [line for line in text.splitlines() if line[:1].isdigit()]
    return Grid(tuple(tuple(int(ch) for ch in row.replace("|", "").split()) for row in rows))


def test_random_draws_a_solution_and_prints_its_seed(capsys: pytest.CaptureFixture[str]) -> None:
    from asp_sudoku.formats import load

    puzzle = load(MIRACLE8)
    seen = set()
    for seed in range(6):
        code, out, err = run(["solve", "--random", "--seed", str(seed), MIRACLE8], capsys)
        assert code == EXIT_OK and err == ""
        assert f"random solution for --seed {seed}, drawn uniformly from all 8 solutions" in out
        grid = grid_of(out)
        assert_solution(puzzle, grid)
        again = run(["solve", "--random", "--seed", str(seed), MIRACLE8], capsys)[1]
        assert grid_of(again) == grid
        seen.add(grid)
    assert len(seen) > 1  # the seed matters
    code, out, err = run(["solve", "--random", MIRACLE8], capsys)
    assert "random solution for --seed " in out  # a seed of its own, printed


def test_random_json_says_seed_and_uniformity(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["solve", "--random", "--seed", "5", "--json", MIRACLE8], capsys)
    obj = json.loads(out)
    assert obj["seed"] == 5 and obj["uniform"] is True and obj["count"] == 8 and obj["status"] == "multiple"
    assert len(obj["solutions"]) == 1


def test_random_on_a_small_puzzle_draws_every_solution(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = 'size = 4\ngivens = """\n1 2 3 4\n3 . . .\n. . . .\n. . . .\n"""\n'
    path = tmp_path / "six.toml"
    path.write_text(text, encoding="utf-8")
    every = checked_solutions(puzzle_from_toml(text))
    seen = set()
    for seed in range(40):
        out = run(["solve", "--random", "--seed", str(seed), "--json", str(path)], capsys)[1]
        seen.add("".join(str(v) for row in json.loads(out)["solutions"][0] for v in row))
    assert seen == set(every)


def test_seed_without_random_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["solve", "--seed", "3", MIRACLE8], capsys)
    assert code == EXIT_USAGE and "--seed goes with --random" in err


@pytest.mark.parametrize("fmt", ["svg", "text", "fpuzzles"])
def test_json_with_another_format_is_a_usage_error(fmt: str, capsys: pytest.CaptureFixture[str]) -> None:
    """`--json` is `--format json`: with another format it was dropped without a word."""
    code, out, err = run(["solve", "--json", "--format", fmt, MIRACLE8], capsys)
    assert code == EXIT_USAGE and not out
    assert f"--json and --format {fmt} do not go together" in err
    assert run(["solve", "--json", "--format", "json", MIRACLE8], capsys)[0] != EXIT_USAGE


def test_output_cut_short_by_the_reader_exits_141_quietly(tmp_path: Path) -> None:
    """`asp-sudoku solve --all FILE | head -1`: the reader closes the pipe; the command stops
    without a traceback and exits 141 (128 + SIGPIPE, as a Unix tool would), not 0: what was
    cut off may have said otherwise (`check ... | head -1` on a puzzle with several solutions
    exited 0).  An empty 9x9 has more solutions than any pipe holds, so the cut is certain."""
    puzzle = tmp_path / "empty.toml"
    puzzle.write_text("size = 9\n", encoding="utf-8")
    done = subprocess.run(
        ["bash", "-c", '"$0" -m asp_sudoku solve --all "$1" | head -1; echo "status ${PIPESTATUS[0]}"', sys.executable, str(puzzle)],
        capture_output=True, text=True, env=env(), cwd=ROOT, timeout=120,
    )
    assert done.stdout.splitlines()[-1] == "status 141" and done.stdout.count("\n") == 2, done.stdout
    assert "Traceback" not in done.stderr and "Error" not in done.stderr, done.stderr


@pytest.mark.parametrize(
    ("argv", "said", "not_said"),
    [
        (["check", "https://tinyurl.com/abc"], "a short link (tinyurl.com and the like) is not followed", "cannot read the file"),
        (["minimize", "--threads", "2", MIRACLE8], "unrecognized arguments: --threads", "did you mean"),
        (["solve", "--josn", MIRACLE8], "did you mean '--json'?", ""),
        (["check", "ONE_ROW"], "the grid has 1 row, expected 9", "1 rows"),
    ],
)
def test_slips_get_plain_messages(
    argv: list[str], said: str, not_said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Found by a QA pass: a short link read as a missing file, `--threads` on a setter tool
    answered with "did you mean '--rules'?", and "1 rows"."""
    one_row = tmp_path / "one-row.toml"
    one_row.write_text('size = 9\ngivens = "123"\n', encoding="utf-8")
    code, _, err = run([str(one_row) if a == "ONE_ROW" else a for a in argv], capsys)
    assert code == EXIT_USAGE and said in err
    assert not not_said or not_said not in err


def test_generate_says_when_givens_were_added_at_random(capsys: pytest.CaptureFixture[str]) -> None:
    """More givens asked than the fewest found: the header said "the fewest givens for a grid"
    beside "not minimal"; it now says the rest were added at random."""
    code, out, _ = run(["generate", "--size", "4", "--givens", "12", "--seed", "1"], capsys)
    assert code == 0
    header = out.splitlines()[1]
    assert "12 givens" in header and "then givens added at random up to the asked number" in header


def test_every_file_argument_completes_as_a_path() -> None:
    """Found by a QA pass: estimate's FILE and steps --svg FILE got no path completion (the file
    arguments were listed by name).  Every argument whose metavar says FILE is completed as one."""
    from asp_sudoku.cli.completion import _actions, _names_a_file
    from asp_sudoku.cli.parser import build_parser

    files = {(a.dest, a.option_strings[0] if a.option_strings else "") for a in _actions(build_parser()) if _names_a_file(a)}
    assert {("file", ""), ("svg", "--svg"), ("files", ""), ("out", "--out"), ("output", "-o"), ("rules_file", "--rules-file")} <= files
    script = cli("completion", "bash").stdout
    assert "_shtab_asp_sudoku_estimate_pos_0_COMPGEN=_shtab_compgen_files" in script
    assert "_shtab_asp_sudoku_steps___svg_COMPGEN=_shtab_compgen_files" in script
