"""`solve`, `check` and `count` on a file of several puzzles go through `solve_many`: the output
must be exactly what one run per puzzle prints (timings aside)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from helpers import DATA, assert_solution

from asp_sudoku.cli import main
from asp_sudoku.core.model import Grid
from asp_sudoku.formats import load_many

MAGICTOUR = (DATA / "classic" / "magictour_top1465_first100.txt").read_text(encoding="utf-8")
LINES = [ln for ln in MAGICTOUR.splitlines() if ln.strip() and not ln.startswith("#")][:6]


def with_cell(line: str, index: int, value: str) -> str:
    return line[:index] + value + line[index + 1 :]


def collection() -> list[str]:
    """Six hard classic puzzles, one with several solutions (givens removed) and one with none
    (a given repeated in its row)."""
    several = LINES[1]
    for i in [i for i, ch in enumerate(several) if ch != "."][:6]:
        several = with_cell(several, i, ".")
    first_given = next(i for i, ch in enumerate(LINES[2]) if ch != ".")
    row_start = first_given - first_given % 9
    free = next(i for i in range(row_start, row_start + 9) if LINES[2][i] == ".")
    none = with_cell(LINES[2], free, LINES[2][first_given])
    return [LINES[0], several, none, *LINES[3:]]


def without_times(text: str) -> str:
    text = re.sub(r"\d+\.\d+ s\)", "T s)", text)
    return re.sub(r'"seconds": [0-9.e-]+', '"seconds": T', text)


def without_grids(text: str) -> str:
    """Which solutions of a puzzle with several the search meets first may differ (solve_many's
    docstring): the grids, and the cells where two differ, are masked for that puzzle."""
    text = re.sub(r'"solutions": \[.*\]', '"solutions": G', text)
    text = re.sub(r"they differ in .*", "they differ in D", text)
    text = "\n".join("G" if re.fullmatch(r"[0-9 |+-]+", ln) else ln for ln in text.splitlines())
    return "\n".join(ln for ln in text.splitlines() if not re.fullmatch(r"  (r\d+c\d+ ?)+", ln))


def chunks(out: str, path: str) -> list[str]:
    """The output split per puzzle: each part starts at a line naming the file (or a JSON line)."""
    parts: list[str] = []
    for line in out.splitlines(keepends=True):
        if line.startswith((path, "{")) or not parts:
            parts.append(line)
        else:
            parts[-1] += line
    return parts


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


@pytest.mark.parametrize(
    "argv",
    [["check"], ["check", "--json"], ["solve"], ["solve", "--json"], ["solve", "--format", "json"], ["count", "--limit", "3"]],
    ids=" ".join,
)
def test_a_collection_prints_what_one_run_per_puzzle_prints(argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = collection()
    whole = tmp_path / "all.txt"
    whole.write_text("# a collection\n" + "\n".join(lines) + "\n", encoding="utf-8")
    code, out = run(capsys, *argv, str(whole))
    got = [without_times(chunk) for chunk in chunks(out, str(whole))]
    expected, codes = [], []
    for number, line in enumerate(lines, start=2):
        single = tmp_path / "one.txt"
        single.write_text("\n" * (number - 1) + line + "\n", encoding="utf-8")  # same line number
        one_code, one_out = run(capsys, *argv, str(single))
        expected.append(without_times(one_out.replace(str(single), f"{whole}:{number}")))
        codes.append(one_code)
    several = 1  # the puzzle with several solutions
    assert len(got) == len(expected)
    assert [c for i, c in enumerate(got) if i != several] == [c for i, c in enumerate(expected) if i != several]
    assert without_grids(got[several]) == without_grids(expected[several])
    assert code == max(codes)
    if argv[0] == "check" and "--json" not in argv:
        words = [ln.rsplit(": ", 1)[-1] for ln in out.splitlines() if ln.startswith(str(whole))]
        assert words == ["unique", "multiple", "unsatisfiable", "unique", "unique", "unique"]


def test_a_multiple_in_a_collection_shows_two_checked_grids(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    whole = tmp_path / "all.txt"
    whole.write_text("\n".join(collection()) + "\n", encoding="utf-8")
    code, out = run(capsys, "check", "--json", str(whole))
    objects = [json.loads(ln) for ln in out.splitlines()]
    assert [o["status"] for o in objects] == ["unique", "multiple", "unsatisfiable", "unique", "unique", "unique"]
    assert len(objects[1]["solutions"]) == 2 and objects[1]["solutions"][0] != objects[1]["solutions"][1]
    [several] = load_many(str(whole))[1:2]
    for rows in objects[1]["solutions"]:
        assert_solution(several, Grid(tuple(tuple(row) for row in rows)))
    assert code == 1  # not every puzzle is unique
