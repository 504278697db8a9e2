"""`check`, `solve` and `count` read a collection as they answer it (a file of millions of lines
is never held whole), and go on after a puzzle whose search fails as before."""

from __future__ import annotations

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


@pytest.mark.parametrize("workers", [[], ["--workers", "2"]])
def test_steps_and_rate_read_as_they_go_whatever_their_workers(
    workers: list[str], collection: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`steps` and `rate` share one path's trials over processes (by default one a core): their
    input is still read one puzzle at a time, not held whole."""
    from asp_sudoku.cli import logic

    read = _counting_reads(monkeypatch)
    seen: list[int] = []
    monkeypatch.setitem(logic.COMMANDS, "rate", lambda *a: (seen.append(len(read)), 0)[1])
    assert cli.main(["rate", *workers, "--from", "lines", str(collection)]) == 0
    assert seen == [2, 2, 3, 4, 5, 6]


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
