"""Every puzzle of bench section 6 (bench/data/versus-iss) that both solvers decide gets ISS's
answer from asp-sudoku, and the solution iss_puzzles_raw.jsonl records where it records one.
The killer collections there are the same puzzles as bench/data/iss (tested in
test_bench_data.py); these are the others.  No timing is asserted."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import assert_solution

from asp_sudoku.formats import load
from asp_sudoku.solving.single import solve
from bench.versus_iss import FOLDER, SAME, recorded
from bench.versus_iss import UNDECIDED as ISS_UNDECIDED

COLLECTIONS = ("LITTLE_KILLER_SNIPES", "EXAMPLE_SLOW_CASES", "HARD_PENCILMARKS", "EXAMPLE_HARD_BENCHMARKS",
               "EXAMPLE_LONG_SUMS")
ANSWERS: dict[str, str] = json.loads((FOLDER / "answers.json").read_text(encoding="utf-8"))
# Raw lines neither solver decides within 60 s (bench/README.md).
UNDECIDED = {328, 330}
# Raw lines that take asp-sudoku more than a second or two: with -m nightly.
LONG = {140, 141, 142, 152, 156, 157, 159, 160, 318, 319, 320, 321, 322, 323, 329}


def entries() -> list[tuple[Path, str, int]]:
    """(file, ISS's status, raw line) of the puzzles tested here (the file is named by the line)."""
    by_collection = recorded()
    return [
        (e.file, e.status, int(e.file.stem))
        for collection in COLLECTIONS for e in by_collection[collection] if int(e.file.stem) not in UNDECIDED
    ]


@pytest.mark.parametrize(
    ("path", "status"),
    [
        pytest.param(path, status, id=f"{path.parent.name}/{path.name}",
                     marks=[pytest.mark.nightly] if line in LONG else [pytest.mark.slow])
        for path, status, line in entries()
    ],
)
def test_versus_iss_puzzle_gets_iss_answer(path: Path, status: str) -> None:
    puzzle = load(str(path), "iss")
    result = solve(puzzle, limit=2, keep=1)
    assert result.exhausted or result.count == 2
    assert result.status == SAME[status]
    for grid in result.solutions:
        assert_solution(puzzle, grid)
    rel = f"{path.parent.name}/{path.name}"
    if rel in ANSWERS:
        assert result.solutions[0].as_string() == ANSWERS[rel]


def test_versus_iss_data_is_complete() -> None:
    """Every timed puzzle has its file, and the ones left out here are the ISS-undecided snipes."""
    timed = [e for collection in recorded().values() for e in collection]
    assert len(timed) == 86
    assert all(e.file.is_file() for e in timed)
    assert {int(e.file.stem) for e in timed if e.status == ISS_UNDECIDED} <= UNDECIDED
