"""Hostile text on the way out: pictures, links and batch results stay well-formed, and batch
takes the hostile corpus in its stride (an error line per bad entry; the batch goes on)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from asp_sudoku.cli import main

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = ROOT / "tests" / "data" / "hostile"
ACCEPTED = sorted((HOSTILE / "accepted").iterdir())
REFUSED = sorted(p for p in HOSTILE.iterdir() if p.is_file() and p.name not in ("EXPECTED.tsv", "README.md"))
MARKER = Path("/tmp/asp_sudoku_hostile_marker")
EXPECTED = dict(
    line.split("\t", 1)
    for line in (HOSTILE / "EXPECTED.tsv").read_text(encoding="utf-8").splitlines()
    if line and not line.startswith("#")
)
INKALA = ROOT / "instances" / "classic-inkala.toml"


@pytest.mark.parametrize("path", ACCEPTED, ids=[p.name for p in ACCEPTED])
def test_svg_of_a_hostile_title_is_valid_xml(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--format", "svg", str(path)]) == 0
    svg = capsys.readouterr().out
    root = ET.fromstring(svg.encode("utf-8"))
    assert root.tag.endswith("svg")
    assert "<script" not in svg and "\x1b" not in svg


@pytest.mark.parametrize("path", ACCEPTED, ids=[p.name for p in ACCEPTED])
def test_fpuzzles_link_of_a_hostile_title_is_one_line(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--format", "fpuzzles", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and out.splitlines() == [out.rstrip("\n")]


def test_batch_goes_through_the_whole_corpus(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every refused file is an error line, the good puzzle is solved, nothing runs."""
    monkeypatch.chdir(tmp_path)
    MARKER.unlink(missing_ok=True)
    out = tmp_path / "results.jsonl"
    files = [str(p) for p in REFUSED] + [str(INKALA)]
    assert main(["batch", "--quiet", "--out", str(out), *files]) == 2
    raw = out.read_bytes().decode("utf-8")
    lines = raw.split("\n")[:-1]
    assert raw.splitlines() == lines  # no U+2028 or \r inside a line
    results = [json.loads(line) for line in lines]
    errors = [r for r in results if r["status"] == "error"]
    for path in REFUSED:  # each refused file: at least one error line, with the expected words
        mine = [r["error"] for r in errors if str(r["id"]).startswith(str(path))]
        assert mine, path.name
        assert any(EXPECTED[path.name] in m for m in mine), (path.name, mine)
    assert all(r["error"] and "Traceback" not in r["error"] for r in errors)
    # the good puzzle, and the good lines of the collections that hold one bad line, are solved
    assert any(r["id"] == str(INKALA) and r["status"] == "unique" for r in results)
    assert not MARKER.exists() and not (tmp_path / "hostile_marker").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.jsonl"]


def test_resume_refuses_a_file_edited_in_the_middle(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r.jsonl"
    before = b'{"id":"a","status":"unique"}\nnot a result\n{"id":"b","status":"unique"}\n'
    out.write_bytes(before)
    assert main(["batch", "--quiet", "--resume", "--out", str(out), str(INKALA)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and ":2: not a result line" in err
    assert out.read_bytes() == before  # nothing cut off


def test_batch_line_for_a_file_name_with_line_separators(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "a\u2028b\x85c.toml"
    bad.write_text('size = 4\ntitle = "\u2028"\n', encoding="utf-8")
    assert main(["batch", "--quiet", str(bad)]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and len(out.splitlines()) == 1
    assert json.loads(out)["id"].endswith("a\u2028b\x85c.toml")
