"""`check`, `solve` and `count` read a collection as they answer it (a file of millions of lines
is never held whole), and go on after a puzzle whose search fails as before."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import ROOT

import asp_sudoku.cli as cli
import asp_sudoku.solving.many as many
from asp_sudoku.core.errors import AspSudokuError

LINES = (ROOT / "bench" / "data" / "classic" / "magictour_top1465_first1000.txt").read_text().splitlines()[1:7]  # (its first line is a comment)


@pytest.fixture
def collection(tmp_path: Path) -> Path:
    path = tmp_path / "six.txt"
    path.write_text("\n".join(LINES) + "\n")
    return path


def _counting_reads(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Every entry the command line reads, as it reads it."""
    read: list[object] = []
    real = cli.iter_entries

    def counting(*args: object, **kwargs: object) -> Iterator[object]:
        for item in real(*args, **kwargs):  # type: ignore[arg-type]
            read.append(item)
            yield item

    monkeypatch.setattr(cli, "iter_entries", counting)
    return read


@pytest.mark.parametrize("command", ["check", "solve", "count"])
def test_each_answer_comes_before_the_rest_is_read(
    command: str, collection: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    read = _counting_reads(monkeypatch)
    seen: list[int] = []
    answer = cli._PRESOLVED[command]

    def answering(*args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(len(read))
        return answer(*args, **kwargs)

    monkeypatch.setitem(cli._PRESOLVED, command, answering)
    assert cli.main([command, "--from", "lines", str(collection)]) == 0
    assert seen == [2, 2, 3, 4, 5, 6]  # one puzzle ahead at most (all six were read first)
    assert capsys.readouterr().out.count("\n") == (6 if command != "solve" else 6 * 13)


def test_workers_read_every_puzzle_first(collection: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Worker threads read their input from threads of their own: the input is a list then."""
    read = _counting_reads(monkeypatch)
    seen: list[int] = []
    answer = cli._PRESOLVED["check"]
    monkeypatch.setitem(cli._PRESOLVED, "check", lambda *a: (seen.append(len(read)), answer(*a))[1])
    assert cli.main(["check", "--workers", "2", "--from", "lines", str(collection)]) == 0
    assert seen == [6] * 6


@pytest.mark.parametrize("argv", [["rate", "--workers", "1"], ["steps"], ["steps", "--workers", "2"]])
def test_steps_and_rate_read_as_they_go_whatever_their_workers(
    argv: list[str], collection: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`steps` shares one path's trials over processes (by default one a core), and so does
    `rate` of one puzzle: their input is still read one puzzle at a time, not held whole."""
    from asp_sudoku.cli import logic

    read = _counting_reads(monkeypatch)
    seen: list[int] = []
    monkeypatch.setitem(logic.COMMANDS, argv[0], lambda *a: (seen.append(len(read)), 0)[1])
    assert cli.main([*argv, "--from", "lines", str(collection)]) == 0
    assert seen == [2, 2, 3, 4, 5, 6]


def test_rate_over_workers_reads_a_few_puzzles_ahead_at_most(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`rate` of several puzzles with workers rates them side by side (`shared_rate`): it reads
    at most `AHEAD` puzzles a worker ahead of the one it prints, in order."""
    from asp_sudoku.cli import logic, shared_rate

    many_lines = tmp_path / "forty.txt"
    many_lines.write_text("\n".join(LINES * 7)[: 81 * 40 + 39] + "\n")
    read = _counting_reads(monkeypatch)
    monkeypatch.setitem(logic.COMMANDS, "rate", lambda puzzle, args: (print(puzzle.label), 0)[1])
    printed: list[tuple[str, int]] = []
    write = sys.stdout.write  # capsys's

    def noted(text: str) -> int:
        if text:
            printed.append((text, len(read)))
        return write(text)

    monkeypatch.setattr(sys.stdout, "write", noted)
    assert cli.main(["rate", "--workers", "2", "--from", "lines", str(many_lines)]) == 0
    assert [text for text, _ in printed] == [f"{many_lines}:{n}\n" for n in range(1, 41)]
    assert all(reads <= n + shared_rate.AHEAD * 2 + 1 for n, (_, reads) in enumerate(printed, 1))
    assert printed[0][1] < 40  # not all read first


def test_a_failing_search_leaves_the_others_answered_in_order(
    collection: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The third puzzle's search fails: its error line, and the other five answered, in order."""
    real = many.solve_with_cache

    def failing(puzzle, *args, **kwargs):  # type: ignore[no-untyped-def]
        if puzzle.label.endswith(":3"):
            raise AspSudokuError("the search of the third puzzle failed")
        return real(puzzle, *args, **kwargs)

    monkeypatch.setattr(many, "solve_with_cache", failing)
    assert cli.main(["check", "--json", "--from", "lines", str(collection)]) == 2
    out, err = capsys.readouterr()
    files = [line.split('"file": "')[1].split('"')[0] for line in out.splitlines()]
    assert files == [f"{collection}:{n}" for n in (1, 2, 4, 5, 6)]
    assert "the search of the third puzzle failed" in err
