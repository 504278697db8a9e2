"""`asp-sudoku serve` on the command line: its options, and one line when the extra is missing."""

from __future__ import annotations

import pytest

import asp_sudoku.web
from asp_sudoku.cli import main


def test_without_the_web_extra_serve_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(asp_sudoku.web, "missing", lambda: "starlette")
    assert main(["serve"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert 'pip install "asp-sudoku[web]"' in err and "starlette" in err


@pytest.mark.parametrize("port", ["-1", "65536", "http"])
def test_a_bad_port_is_a_usage_error(port: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", port]) == 2
    assert "--port" in capsys.readouterr().err


def test_a_port_in_use_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("asp-sudoku: error: cannot listen on 127.0.0.1:") and err.count("\n") == 1
