"""True candidates (brave/cautious consequences), checked against full enumeration."""

from __future__ import annotations

import json
from xml.etree import ElementTree

import pytest
from helpers import DATA, assert_solution, puzzle_from_toml

from asp_sudoku import candidates, load, solve
from asp_sudoku.cli import main
from asp_sudoku.core.model import Grid, Puzzle

SETTER = DATA / "setter"
MIRACLE_SOLUTION = "483726159726159483159483726837261594261594837594837261372615948615948372948372615"


def union_of(grids: list[Grid], size: int) -> list[list[list[int]]]:
    cells: list[list[set[int]]] = [[set() for _ in range(size)] for _ in range(size)]
    for g in grids:
        for r, row in enumerate(g.rows):
            for c, v in enumerate(row):
                cells[r][c].add(v)
    return [[sorted(s) for s in row] for row in cells]


def test_miracle_one_given_candidates_equal_union_of_all_solutions(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(SETTER / "miracle-one-given.toml")
    assert main(["solve", "--all", "--json", path]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert listed["count"] == 8 and listed["exhausted"]
    grids = [Grid(tuple(tuple(row) for row in s)) for s in listed["solutions"]]
    puzzle = load(path)
    for g in grids:
        assert_solution(puzzle, g)
    expected = union_of(grids, 9)
    assert main(["candidates", "--json", path]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["candidates"] == expected
    assert got["status"] == "multiple"
    fixed = [[cell[0] if len(cell) == 1 else 0 for cell in row] for row in expected]
    assert got["fixed"] == fixed
    assert got["fixed"][4][2] == 1 and sum(v != 0 for row in got["fixed"] for v in row) == 1


def test_miracle_two_givens_every_cell_fixed() -> None:
    found = candidates(load(str(SETTER / "miracle.toml")))
    assert found.status == "unique"
    assert found.open_cells() == []
    digits = "".join(str(v) for row in found.fixed for v in row)
    assert digits == MIRACLE_SOLUTION
    assert all(len(cell) == 1 for row in found.candidates for cell in row)


def test_counts_match_enumeration_and_limit() -> None:
    puzzle = load(str(SETTER / "miracle-one-given.toml"))
    found = candidates(puzzle, counts=True)
    assert found.counted == 8 and found.exhausted and found.counts is not None
    grids = solve(puzzle, limit=None, keep=None).solutions
    for r in range(9):
        for c in range(9):
            for i, d in enumerate(found.digits):
                assert found.counts[r][c][i] == sum(g.rows[r][c] == d for g in grids)
    partial = candidates(puzzle, counts=True, limit=3)
    assert partial.counted == 3 and not partial.exhausted
    assert partial.candidates == found.candidates
    assert sum(partial.counts[0][0]) == 3  # the first 3 solutions' digits, not the 4th's
    for limit in (8, 9):  # exactly 8 solutions: counted exactly, all of them
        exact = candidates(puzzle, counts=True, limit=limit)
        assert (exact.counted, exact.exhausted, exact.counts) == (8, True, found.counts)


def test_unsatisfiable_has_no_candidates(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(SETTER / "classic-hidden-conflict.toml")
    found = candidates(load(path))
    assert found.status == "unsatisfiable"
    assert all(cell == () for row in found.candidates for cell in row)
    assert main(["candidates", path]) == 1
    assert "unsatisfiable" in capsys.readouterr().out


def test_small_grid_candidates_against_brute_force() -> None:
    # 4x4 with two givens: every solution listed, candidates must be their union.
    puzzle = puzzle_from_toml('givens = """\n1 . . .\n. . . .\n. . . .\n. . . 2\n"""\n')
    grids = list(solve(puzzle, limit=None, keep=None).solutions)
    found = candidates(puzzle)
    assert [[list(c) for c in row] for row in found.candidates] == union_of(grids, 4)


def test_text_pencil_grid_and_svg(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(SETTER / "miracle-one-given.toml")
    assert main(["candidates", path, "--counts"]) == 0
    out = capsys.readouterr().out
    assert "multiple: 1 cell fixed in every solution, 80 differ" in out
    assert "r1c3  3:4  8:4" in out
    assert main(["candidates", "--format", "svg", path]) == 0
    svg = capsys.readouterr().out
    root = ElementTree.fromstring(svg)
    assert root.tag.endswith("svg")
    found = candidates(load(path))
    marks = [t for t in root.iter() if t.tag.endswith("text") and t.get("class") == "mark"]
    assert len(marks) == sum(len(c) for row in found.candidates for c in row if len(c) > 1)


JIGSAW_WITH_EXTRA = """size = 6
regions = \"\"\"
A A A B B B
A A C B B B
A C C C D D
E C C D D D
E E F F F D
E E E F F F
\"\"\"
givens = \"\"\"
1 . . . . .
. . . . . .
. . . . . .
. . . . . .
. . . . . .
. . . . . 2
\"\"\"
[[extra]]
name = "VA"
count = 2

[[weighted-sum]]
cells = ["VA1", "r1c2", "r1c3"]
weights = [-1, 1, 1]
sum = 0

[[killer]]
cells = ["r6c1", "r6c2"]
sum = 11
"""


def test_the_candidates_picture_is_the_puzzles_picture_with_pencil_marks() -> None:
    """The candidates' SVG was a bare grid of 3x3-style box lines: no jigsaw regions, no cages or
    other clues, no extra cells.  It is now the puzzle's own picture with the marks drawn in: every
    element of the puzzle's picture is in it, each open cell's small digits are its candidates,
    and the extra cells' candidates are written under it."""
    from asp_sudoku.picture.candidates import CELL, candidates_svg
    from asp_sudoku.picture.svg import render_svg

    puzzle = puzzle_from_toml(JIGSAW_WITH_EXTRA)
    found = candidates(puzzle)
    assert found.status == "multiple"
    svg = candidates_svg(found)
    plain = render_svg(puzzle, cell=CELL)
    lines = set(svg.splitlines())
    caption = next(line for line in plain.splitlines() if "extra cells" in line)
    assert [line for line in plain.splitlines() if line not in lines] == [caption]
    assert "VA1: " + " ".join(str(d) for d in dict(found.extra)["VA1"]) in svg
    root = ElementTree.fromstring(svg)
    marks = [t for t in root.iter() if t.tag.endswith("text") and t.get("class") == "mark"]
    per_cell: dict[tuple[int, int], list[int]] = {}
    for t in marks:  # the cell a small digit lies in, from its position
        c, r = (int(float(t.get(k, "0")) // CELL) for k in ("x", "y"))
        per_cell.setdefault((r, c), []).append(int(t.text or "0"))
    assert per_cell == {(r + 1, c + 1): list(ds) for r, row in enumerate(found.candidates)
                        for c, ds in enumerate(row) if len(ds) > 1}
    assert 'stroke-width="3"' in svg and ">11<" in svg  # the regions' borders, the cage's sum


def test_hex_grid_candidates_use_its_digits() -> None:
    puzzle = Puzzle(size=4, box=(2, 2), digits=(0, 3), givens=((1, 1, 0),))
    found = candidates(puzzle)
    assert found.candidates[0][0] == (0,)
    assert set(found.candidates[0][1]) == {1, 2, 3}
    assert found.fixed[0][0] == 0  # the digit 0, fixed; open cells are None


def test_only_the_last_brave_model_is_decoded(monkeypatch: pytest.MonkeyPatch) -> None:
    """A brave search finds many models, each showing every digit found so far; only the last is
    the answer.  Decoding each one cost models x candidates in Python (a 16x16 of thermos: 46 s
    against clingo's 3 s).  Here: an empty 6x6 (many brave models), decoded once per mode."""
    import asp_sudoku.solving.setter as setter

    decoded = []
    real = setter._cells

    def counting(*args: object) -> object:
        decoded.append(1)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(setter, "_cells", counting)
    found = candidates(puzzle_from_toml("size = 6\n"))
    assert len(decoded) == 2  # the brave and the cautious answer
    assert all(cell == (1, 2, 3, 4, 5, 6) for row in found.candidates for cell in row)
