"""A newcomer's slips on the command line: a mistyped command, option or choice gets one line
on stderr with "did you mean ...?" and exit status 2; bare `asp-sudoku` lists the commands."""

from __future__ import annotations

import pytest
from helpers import INSTANCES

from asp_sudoku.cli import EXIT_USAGE, main
from asp_sudoku.cli.args import LOGIC_COMMANDS, SETTER_COMMANDS
from asp_sudoku.cli.commands import command
from asp_sudoku.cli.parser import COMMAND_NAMES, build_parser

FILE = str(INSTANCES / "classic-4x4-seed-a.toml")


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize(
    ("argv", "suggestion"),
    [
        (["slove", FILE], "did you mean 'solve'?"),
        (["cuont", FILE], "did you mean 'count'?"),
        (["chekc", FILE], "did you mean 'check'?"),
        (["solve", "--jsn", FILE], "did you mean '--json'?"),
        (["solve", "--jsn=1", FILE], "did you mean '--json'?"),
        (["solve", "-json", FILE], "did you mean '--json'?"),
        (["count", "--limt", "3", FILE], "did you mean '--limit'?"),
        (["check", "--time-limt", "3", FILE], "did you mean '--time-limit'?"),
        (["solve", "--from", "tmol", FILE], "did you mean 'toml'?"),
        (["solve", "--format", "jsno", FILE], "did you mean 'json'?"),
        (["--versoin"], "did you mean '--version'?"),
    ],
)
def test_a_typo_gets_did_you_mean_on_one_line(argv: list[str], suggestion: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(argv, capsys)
    assert code == EXIT_USAGE
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("asp-sudoku"), err
    assert suggestion in err


def test_an_unknown_command_names_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["xyzzy", FILE], capsys)
    assert code == EXIT_USAGE
    assert "did you mean" not in err
    assert "unknown command 'xyzzy'" in err and "solve, count, check" in err


def test_an_unknown_option_far_from_any_gets_no_guess(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["solve", "--zzzzzzzz", FILE], capsys)
    assert code == EXIT_USAGE
    assert "unrecognized arguments: --zzzzzzzz" in err and "did you mean" not in err


@pytest.mark.parametrize("option", ["--json", "--version"])
def test_an_option_after_a_command_is_matched_with_that_commands_options(option: str, capsys: pytest.CaptureFixture[str]) -> None:
    """`encode --json` got "did you mean '--version'?", and `encode --version` "did you mean
    '--version'?": an option of `asp-sudoku` itself, which no command takes after its name."""
    code, _, err = run(["encode", option, FILE], capsys)
    assert code == EXIT_USAGE
    assert err == f"asp-sudoku encode: unrecognized arguments: {option}\n"


def test_bare_asp_sudoku_prints_the_usage_and_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run([], capsys)
    assert code == EXIT_USAGE
    assert out == ""
    assert err.startswith("usage: asp-sudoku")
    assert "the following arguments are required" not in err
    listed = [line.split()[0] for line in err.splitlines() if line.startswith("  ")]
    assert listed == ["solve", "count", "check", "encode", "candidates", "explain", "minimize", "generate", "steps", "rate", "convert", "batch", "completion", "estimate", "serve"]
    assert "print the exact number of solutions" in err  # each command's help line


def test_a_correct_command_still_runs(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["check", FILE], capsys)
    assert (code, err) == (0, "")
    assert "unique" in out


@pytest.mark.parametrize("name", sorted(COMMAND_NAMES))
def test_every_command_builds_its_parser_alone(name: str) -> None:
    """The parser built for one command (start-up: only that command's module imported) knows it,
    and the per-puzzle commands are found by `command` (SETTER_COMMANDS / LOGIC_COMMANDS say whose)."""
    parser = build_parser(name)
    assert name in parser.subcommands.choices
    if name in SETTER_COMMANDS | LOGIC_COMMANDS and name != "generate":
        assert callable(command(name))


@pytest.mark.parametrize(
    ("argument", "message"),
    [
        ("no-such-puzzle.toml", "no-such-puzzle.toml: cannot read the file: No such file or directory"),
        (str(INSTANCES.parent / "bench/data/classic/royle17_sample.txt"), "royle17_sample.txt: holds 99 puzzles; estimate takes one"),
    ],
)
def test_estimate_reads_its_file_as_every_command_does(argument: str, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    """`estimate` named a missing file '<text>:1: a grid of one row of 9 characters is not
    square' (its name read as a grid) and a collection 'use load_many for collections'."""
    code, out, err = run(["estimate", argument], capsys)
    assert code == EXIT_USAGE and out == ""
    assert err.startswith("asp-sudoku: error: ") and message in err and err.count("\n") == 1


def test_encode_help_says_it_takes_one_file(capsys: pytest.CaptureFixture[str]) -> None:
    """`encode` takes one FILE (its help said "puzzle file(s)"; two files are a usage error)."""
    assert main(["encode", "--help"]) == 0
    assert "puzzle file (one puzzle)" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["count", "--limit", "abc", FILE], "argument --limit: expected a whole number, not 'abc'"),
        (["solve", "--threads", "x", FILE], "argument --threads: expected a whole number, not 'x'"),
        (["generate", "--count", "1.5"], "argument --count: expected a whole number, not '1.5'"),
        (["serve", "--port", "x"], "argument --port: expected a whole number, not 'x'"),
        (["solve", "--time-limit", "abc", FILE], "argument --time-limit: expected a number of seconds, not 'abc'"),
        (["estimate", "--confidence", "abc", FILE], "argument --confidence: expected a number between 0 and 1"),
    ],
)
def test_a_value_that_is_no_number_is_named_as_such(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    """argparse named the checking function: "argument --limit: invalid _positive value: 'abc'"."""
    code, out, err = run(argv, capsys)
    assert code == EXIT_USAGE and out == ""
    assert message in err and "_" not in err.split("argument", 1)[1] and err.count("\n") == 1
