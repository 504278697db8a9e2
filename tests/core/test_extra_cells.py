"""Extra cells (cells outside the grid, ISS's var cells): exact answer sets against a brute force,
the checker, TOML and ISS round trips, output, and the refusals (bad names, kinds that cannot
use them, commands that do not handle them)."""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable

import pytest
from grid_enum import Rows, grids
from helpers import DATA, puzzle_from_toml

from asp_sudoku import explain, minimize, solve
from asp_sudoku.checker import violations
from asp_sudoku.cli import main
from asp_sudoku.core.errors import AspSudokuError, PuzzleFormatError
from asp_sudoku.core.model import Grid, Puzzle
from asp_sudoku.formats.fpuzzles.writer import to_fpuzzles
from asp_sudoku.formats.iss import parse_iss
from asp_sudoku.formats.iss.writer import to_iss
from asp_sudoku.formats.toml.writer import to_toml
from asp_sudoku.program.render import render
from asp_sudoku.setter.candidates import candidates
from asp_sudoku.setter.logic import Solver

Extra = dict[str, int]
Rule = Callable[[Rows, Extra], bool]


def v(rows: Rows, r: int, c: int) -> int:
    return rows[r - 1][c - 1]


# (id, TOML after `size = 4`, extra cell names, the rule written out directly)
CASES: list[tuple[str, str, list[str], Rule]] = [
    (
        "sum-and-all-different",
        'givens = "1...\\n....\\n....\\n...."\nextra = [{name = "VA", count = 2}]\n'
        '"weighted-sum" = [{cells = ["VA1", "r1c1", "r1c2"], weights = [-1, 1, 1], sum = 0}]\n'
        '"extra-region" = [{cells = ["VA1", "VA2"]}]',
        ["VA1", "VA2"],
        lambda g, x: v(g, 1, 1) == 1 and x["VA1"] == v(g, 1, 1) + v(g, 1, 2) and x["VA1"] != x["VA2"],
    ),
    (
        "region-greater-than-pencilmarks",
        'givens = "....\\n.1..\\n....\\n...."\nextra = [{name = "X"}]\n'
        '"extra-region" = [{cells = ["X", "r1c1", "r2c2"]}]\n"greater-than" = [{cells = ["X", "r4c4"]}]\n'
        'pencilmarks = [{cell = "X", digits = [2, 3]}]',
        ["X"],
        lambda g, x: v(g, 2, 2) == 1 and len({x["X"], v(g, 1, 1), v(g, 2, 2)}) == 3 and x["X"] > v(g, 4, 4) and x["X"] in (2, 3),
    ),
    (
        "value-indexing-reads-a-row",
        'givens = "2...\\n....\\n....\\n...3"\nextra = [{name = "N"}]\n'
        '"value-indexing" = [{cells = ["N", "r1c1", "r1c1", "r1c2", "r1c3", "r1c4"]}]',
        ["N"],
        lambda g, x: v(g, 1, 1) == 2 and v(g, 4, 4) == 3 and x["N"] == v(g, 1, v(g, 1, 1)),
    ),
    (
        "global-rules-leave-extra-cells-alone",
        'rules = ["diagonal-", "anti-taxicab"]\nextra = [{name = "E", count = 2}]\n'
        '"equal-sum" = [{sets = [["E1"], ["r1c1"]]}, {sets = [["E2"], ["r4c4"]]}]',
        ["E1", "E2"],
        lambda g, x: (
            len({g[i][i] for i in range(4)}) == 4
            and all(
                not (g[r][c] == g[r2][c2] and r < r2 and abs(r - r2) + abs(c - c2) == g[r][c])
                for r, c, r2, c2 in itertools.product(range(4), repeat=4)
            )
            and x["E1"] == v(g, 1, 1) and x["E2"] == v(g, 4, 4)
        ),
    ),
    (
        "a-global-rule-and-an-extra-cell",
        'givens = "1...\\n....\\n....\\n...."\nrules = ["diagonal-"]\nextra = [{name = "E"}]\n'
        '"equal-sum" = [{sets = [["E"], ["r4c4"]]}]',
        ["E"],
        lambda g, x: v(g, 1, 1) == 1 and len({g[i][i] for i in range(4)}) == 4 and x["E"] == v(g, 4, 4),
    ),
    (
        "a-check-of-every-cell-fills-the-extra-cells-too",  # a minimum clue's check reads every cell
        'givens = "....\\n....\\n.3..\\n...."\nextra = [{name = "VA"}]\nminimum = [{cells = ["r1c2", "r4c4"]}]\n'
        '"weighted-sum" = [{cells = ["VA", "r1c1", "r1c2"], weights = [-1, 1, 1], sum = 0}]',
        ["VA"],
        lambda g, x: v(g, 3, 2) == 3 and x["VA"] == v(g, 1, 1) + v(g, 1, 2)
        and all(v(g, r, c) < v(g, r + dr, c + dc) for r, c in ((1, 2), (4, 4))
                for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)) if 1 <= r + dr <= 4 and 1 <= c + dc <= 4),
    ),
    (
        "unsatisfiable",
        'extra = [{name = "VA"}]\npencilmarks = [{cell = "VA", digits = [1, 2]}]\n'
        '"weighted-sum" = [{cells = ["VA", "r1c1", "r1c2"], weights = [-1, 1, 1], sum = 0}]',
        ["VA"],
        lambda g, x: x["VA"] in (1, 2) and x["VA"] == v(g, 1, 1) + v(g, 1, 2),
    ),
]


def brute_force(names: list[str], rule: Rule) -> set[tuple[Rows, tuple[int, ...]]]:
    """Every 4x4 grid and every value 1-4 of each extra cell that obey `rule`."""
    found = set()
    for rows in grids(4, (2, 2)):
        for values in itertools.product(range(1, 5), repeat=len(names)):
            if rule(rows, dict(zip(names, values))):
                found.add((rows, values))
    return found


@pytest.mark.parametrize(("toml", "names", "rule"), [pytest.param(t, n, r, id=i) for i, t, n, r in CASES])
def test_exact_answer_sets(toml: str, names: list[str], rule: Rule) -> None:
    puzzle = puzzle_from_toml("size = 4\n" + toml)
    places = puzzle.extra_cells()
    assert list(places) == names
    result = solve(puzzle, limit=None)
    found = set()
    for grid in result.solutions:
        assert violations(puzzle, grid) == []
        found.add((grid.rows, tuple(grid.value(places[n]) for n in names)))
    assert result.exhausted
    assert found == brute_force(names, rule)


@pytest.mark.parametrize(("toml", "names", "rule"), [pytest.param(t, n, r, id=i) for i, t, n, r in CASES])
def test_candidates_of_the_extra_cells(toml: str, names: list[str], rule: Rule) -> None:
    """`candidates` gives each extra cell the values it takes in some solution (it showed the
    grid's cells only: a QA pass found two solutions differing in an extra cell alone said
    "0 differ"), and the grid's cells theirs."""
    puzzle = puzzle_from_toml("size = 4\n" + toml)
    expected = brute_force(names, rule)
    found = candidates(puzzle, counts=True)
    assert found.extra == tuple((n, tuple(sorted({values[i] for _, values in expected}))) for i, n in enumerate(names))
    assert found.counted == len(expected) and found.extra_counts == tuple(
        (n, tuple(sum(values[i] == d for _, values in expected) for d in range(1, 5))) for i, n in enumerate(names)
    ) * bool(expected)  # no solution: nothing counted
    assert found.candidates == tuple(
        tuple(tuple(sorted({rows[r][c] for rows, _ in expected})) for c in range(4)) for r in range(4)
    )


def test_the_checker_reads_extra_cells() -> None:
    puzzle = puzzle_from_toml("size = 4\n" + CASES[0][1])
    [grid] = solve(puzzle, limit=1).solutions
    place = puzzle.extra_cells()["VA1"]
    wrong = Grid(grid.rows, tuple((p, (value % 4) + 1 if p == place else value) for p, value in grid.extra))
    broken = violations(puzzle, wrong)
    assert any("weighted" in message and "VA1" in message for message in broken), broken
    assert violations(puzzle, Grid(grid.rows)) == ["the extra cell VA1 holds no digit 1-4", "the extra cell VA2 holds no digit 1-4"]
    # A repeat in a house does not hide a broken clue (the checker went on only without one).
    repeat = Grid(((grid.rows[0][1],) + grid.rows[0][1:],) + grid.rows[1:], wrong.extra)
    broken = violations(puzzle, repeat)
    assert any("row 1" in m for m in broken) and any("weighted" in m and "VA1" in m for m in broken), broken


def test_toml_round_trip_and_program() -> None:
    puzzle = puzzle_from_toml("size = 4\n" + CASES[1][1])
    text = to_toml(puzzle, check=True)
    assert '[[extra]]\nname = "X"' in text and '"X"' in text.split("[[greater-than]]")[1]
    assert puzzle_from_toml(text) == puzzle
    program = render(puzzle).text
    assert "extraCell(6,6)." in program and "{ numberAt(R,C,P) : digit(P) } = 1 :- extraCell(R,C)." in program


def test_grids_without_extra_cells_render_as_before() -> None:
    program = render(puzzle_from_toml("size = 4\nrules = [\"diagonal-\", \"anti-taxicab\", \"dutch-flatmates\"]\nvalues = \"1-4\"")).text
    assert "extraCell" not in program and "row(R) }" not in program and "cell(R,C), cell(R2,C2)" not in program


@pytest.mark.parametrize(
    ("toml", "message"),
    [
        ('extra = [{name = "VA"}]\nkiller = [{cells = ["VA", "r1c1"], sum = 5}]', "killer #1: extra cell 'VA': a killer clue cannot name extra cells"),
        ('extra = [{name = "VA"}]\n"extra-region" = [{cells = ["VB", "r1c1"]}]', "'VB' is neither a cell name like 'r1c1' nor one of the puzzle's extra cells (its extra cells are VA)"),
        ('"extra-region" = [{cells = ["VB", "r1c1"]}]', "it declares none ([[extra]])"),
        ('extra = [{name = "VA", count = 2}, {name = "VA"}]', "extra #2: the extra cells 'VA' are declared twice"),
        ('extra = [{name = "VA", count = 2}, {name = "VA", count = 3}]', "extra #2: the extra cells 'VA' are declared twice"),
        ('extra = [{name = "va"}]', "extra #1: name must be 1-10 capital letters"),
        ('extra = [{name = "VA", count = 0}]', "extra #1: count must be a whole number 1-200"),
        ('extra = [{name = "VA", size = 2}]', "extra #1: unknown key 'size'"),
    ],
    ids=["kind-cannot-use-them", "unknown-name", "none-declared", "duplicate", "duplicate-in-groups", "bad-name", "bad-count", "bad-key"],
)
def test_bad_input(toml: str, message: str) -> None:
    with pytest.raises(PuzzleFormatError) as info:
        puzzle_from_toml("size = 4\n" + toml, "bad.toml")
    assert info.value.path == "bad.toml" and info.value.line > 0
    assert message in info.value.message


@pytest.mark.parametrize(("toml", "names", "rule"), [pytest.param(t, n, r, id=i) for i, t, n, r in CASES])
def test_every_step_of_the_path_agrees_with_the_brute_force(toml: str, names: list[str], rule: Rule) -> None:
    """The logical path (trials to depth 2) fills the extra cells too: every placement holds in
    every solution and no removed candidate is in one, grid cell or extra cell; an extra cell is
    called by its name in the steps' words; no solution ends in a contradiction."""
    puzzle = puzzle_from_toml("size = 4\n" + toml)
    expected = brute_force(names, rule)
    places = puzzle.extra_cells()
    where = {place: i for i, place in enumerate(places[n] for n in names)}

    def value(rows: Rows, values: tuple[int, ...], r: int, c: int) -> int:
        return values[where[(r, c)]] if (r, c) in where else rows[r - 1][c - 1]

    path = Solver(puzzle, 2).path(limit=200)
    if not expected:
        assert path.status == "no solution"
        assert not re.search(r"r[5-9]c|r\d\dc", path.contradiction or ""), path.contradiction  # names, not places
        return
    assert path.status != "no solution", path.contradiction
    for step in path.steps:
        assert not re.search(r"r[5-9]c|r\d\dc", step.text), step.text  # no place outside the grid
        for r, c, p in step.placed:
            assert all(value(rows, values, r, c) == p for rows, values in expected), step.text
        for r, c, p in step.removed:
            assert all(value(rows, values, r, c) != p for rows, values in expected), step.text
    if len(expected) == 1:
        assert path.solved
    assert any(name in step.text for step in path.steps for name in names) or not path.steps


def test_cli_output(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "x.toml"
    path.write_text("size = 4\n" + CASES[1][1])
    assert main(["solve", str(path)]) in (0, 1)
    out = capsys.readouterr().out
    assert "\nX=" in out
    main(["solve", str(path), "--json"])
    obj = json.loads(capsys.readouterr().out)
    assert obj["extra"] and set(obj["extra"][0]) == {"X"}
    for name in ("explain", "minimize"):  # the file named, as every error line does
        assert main([name, str(path)]) != 0
        assert f"error: {path}: {name} does not handle extra cells (cells outside the grid, like X) yet" in capsys.readouterr().err
    assert main(["steps", "--json", str(path)]) in (0, 1)  # the logical path takes them
    assert all("r6c6" not in line for line in capsys.readouterr().out.splitlines())


def test_foreign_writers() -> None:
    puzzle = puzzle_from_toml("size = 4\n" + CASES[1][1])
    with pytest.raises(AspSudokuError, match="no cells outside the grid"):
        to_fpuzzles(puzzle)
    with pytest.raises(AspSudokuError, match="extra cells named X"):
        to_iss(puzzle)


RAW = [json.loads(line) for line in (DATA / "formats" / "iss_puzzles_raw.jsonl").read_text().splitlines()]


@pytest.mark.parametrize("number", [43, *range(231, 238)])
def test_iss_round_trip(number: int) -> None:
    puzzle = parse_iss(RAW[number - 1]["input"], "iss")
    assert puzzle.extra
    assert parse_iss(to_iss(puzzle), "iss") == puzzle


def test_iss_var_cells() -> None:
    puzzle = parse_iss(".Shape~4x4.Var~A~Hello%20there~2.Var~B~~1.AllDifferent~VA1~VA2~VB.~VB_3", "iss")
    assert [(g.name, g.count, g.label) for g in puzzle.extra] == [("VA", 2, "Hello there"), ("VB", 1, "")]
    assert list(puzzle.extra_cells()) == ["VA1", "VA2", "VB"]
    result = solve(puzzle, limit=None)
    assert result.count == 288 * 3 * 2  # VB is 3; VA1 and VA2 two other digits
    with pytest.raises(PuzzleFormatError, match="no ISS Var declares"):
        parse_iss(".Shape~4x4.Var~A~~2.AllDifferent~VA1~VC1", "iss")


def test_doppelganger_cells_hold_what_their_houses_miss() -> None:
    puzzle = parse_iss(RAW[42]["input"], "iss")
    [grid] = solve(puzzle, limit=1).solutions
    places = puzzle.extra_cells()
    digits = set(range(10))
    for i in range(1, 10):
        assert grid.value(places[f"DGC{i}"]) == (digits - set(grid.rows[i - 1])).pop()
        assert grid.value(places[f"DGR{i}"]) == (digits - {row[i - 1] for row in grid.rows}).pop()


def test_a_collection_shares_one_grounding_and_keeps_the_extra_cells() -> None:
    from asp_sudoku.batch import solve_chunk

    text = RAW[232]["input"]
    one = parse_iss(text, "a")
    two = parse_iss(text + ".~R1C1_6", "b")
    lines = solve_chunk([("a", one), ("b", two)])
    [alone] = solve(one, limit=1).solutions
    expected = {name: alone.value(place) for name, place in one.extra_cells().items()}
    assert [line["extra"] for line in lines] == [expected, expected]


def test_the_logical_solver_takes_extra_cells() -> None:
    """`supported` (used by the path, `rate` and the web page's steps) takes them, and a step
    names an extra cell by its name."""
    from asp_sudoku.setter.logic.grid import named, supported

    puzzle = puzzle_from_toml("size = 4\n" + CASES[0][1])
    assert supported(puzzle) is None
    assert puzzle.extra_cells() == {"VA1": (6, 6), "VA2": (7, 7)}
    assert named(puzzle, "r6c6 = 3, r7c7<>2, r1c1 = 1, r6c66") == "VA1 = 3, VA2<>2, r1c1 = 1, r6c66"


@pytest.mark.parametrize("tool", [minimize, explain], ids=["minimize", "explain"])
def test_the_setter_refuses_extra_cells_in_the_library_too(tool: Callable[[Puzzle], object]) -> None:
    """Not only the CLI: `minimize` and `explain` (which stopped on an internal error) refuse a
    puzzle with extra cells, naming themselves and an extra cell."""
    puzzle = puzzle_from_toml("size = 4\n" + CASES[0][1])
    message = f"{puzzle.label}: {tool.__name__} does not handle extra cells (cells outside the grid, like VA1) yet"
    with pytest.raises(AspSudokuError, match=f"^{re.escape(message)}$"):
        tool(puzzle)
