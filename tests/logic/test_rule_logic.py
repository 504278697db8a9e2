"""Clue logic and rule logic come from each rule's own template: on every rule's examples that
have solutions, every step of the logical path (no trial) agrees with every listed solution (a
placement holds in all of them, a removed candidate in none), the path never ends in "no
solution", and a finished path ends in one."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from asp_sudoku.cli import main
from asp_sudoku.formats import parse_many
from asp_sudoku.rules import _CLUE_MODULES, _GLOBAL_MODULES, CLUE_KINDS, global_rule
from asp_sudoku.setter.logic import Solver
from asp_sudoku.setter.logic.grid import supported
from asp_sudoku.solving.single import solve

ROOT = Path(__file__).resolve().parents[2]


def examples() -> Iterator[Any]:
    for name in {**_GLOBAL_MODULES, **_CLUE_MODULES}:
        rule = global_rule(name) if name in _GLOBAL_MODULES else CLUE_KINDS[name]
        for i, example in enumerate(rule.examples):
            if example.solutions:
                yield pytest.param(example.toml, example.solutions, id=f"{name}-{i + 1}")


@pytest.mark.slow
@pytest.mark.parametrize(("toml", "solutions"), list(examples()))
def test_every_step_agrees_with_every_solution(toml: str, solutions: tuple[str, ...]) -> None:
    (puzzle,) = parse_many(toml, "<example>.toml", "toml")
    if supported(puzzle) is not None:
        pytest.skip(supported(puzzle))
    n = puzzle.size
    grids = [[list(s[r * n:(r + 1) * n]) for r in range(n)] for s in solutions]

    def value(grid: list[list[str]], r: int, c: int) -> int:
        return int(grid[r - 1][c - 1], 36)

    path = Solver(puzzle, 0).path(limit=60)
    assert path.status != "no solution", path.contradiction  # the example has solutions
    for step in path.steps:
        for r, c, p in step.placed:
            assert all(value(g, r, c) == p for g in grids), step.text
        for r, c, p in step.removed:
            assert all(value(g, r, c) != p for g in grids), step.text
    if path.solved:
        assert any(all(value(g, r + 1, c + 1) == path.grid[r][c] for r in range(n) for c in range(n)) for g in grids)


def test_a_chaos_construction_is_refused_rather_than_misread() -> None:
    """A chaos construction's clues read regions that only a whole solve draws; a check of one
    clue has none, and said "no filling left" (a path then said "no solution" on a puzzle that
    has solutions).  The logical solver refuses such puzzles, in words."""
    found = 0
    for param in examples():
        toml = param.values[0]
        (puzzle,) = parse_many(toml, "<example>.toml", "toml")
        if "chaos-construction" in puzzle.rules:
            found += 1
            why = supported(puzzle)
            assert why is not None and "chaos construction" in why
    assert found


def test_rules_of_your_own_are_refused_rather_than_ignored(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The path's checks read the rules' templates only: a rules file forbidding the one
    solution was ignored, and steps said "solved" on a puzzle with no solution."""
    (tmp_path / "no-1.lp").write_text("% r1c1 is never 1\n:- numberAt(1,1,1).\n", encoding="utf-8")
    puzzle = tmp_path / "p.toml"
    puzzle.write_text('rules-file = "no-1.lp"\nsize = 4\ngivens = """\n. 2 3 .\n3 . . 2\n2 . . 3\n. 3 2 1\n"""\n', encoding="utf-8")
    assert main(["check", str(puzzle)]) == 1  # unsatisfiable: r1c1 must be 1
    capsys.readouterr()
    for argv in (["steps", str(puzzle)], ["rate", "--json", str(puzzle)],
                 ["steps", "--rules-file", str(tmp_path / "no-1.lp"), str(tmp_path / "plain.toml")]):
        (tmp_path / "plain.toml").write_text(puzzle.read_text(encoding="utf-8").split("\n", 1)[1], encoding="utf-8")
        assert main(argv) == 2
        out, err = capsys.readouterr()
        assert "does not handle rules of your own (rules-file: " in err and "solved" not in out
        assert f"error: {argv[-1]}: the logical solver" in err  # it names the puzzle refused


def test_a_check_of_two_kinds_sharing_a_speed_up_numbers_their_lines_apart() -> None:
    """A little killer and a weighted sum both bring running sums, whose facts number the lines
    from 1: in one check (the two clues together) they were both line 1, their targets clashed,
    and a puzzle with one solution ended in "no filling left" (a QA pass).  The little killer
    instance with an extra cell VA = r9c9 + r8c8: no step removes a digit of the solution."""
    text = (ROOT / "instances/little-killer.toml").read_text()
    text += '\n[[extra]]\nname = "VA"\ncount = 1\n\n[[weighted-sum]]\ncells = ["VA", "r9c9", "r8c8"]\nweights = [-1, 1, 1]\nsum = 0\n'
    (puzzle,) = parse_many(text, "<little killer with VA>.toml", "toml")
    [grid] = solve(puzzle, limit=2).solutions
    path = Solver(puzzle, 0).path(limit=40)
    assert path.status != "no solution", path.contradiction
    assert any(len(step.clues) == 2 for step in path.steps)  # the pair checks ran
    for step in path.steps:
        assert all(grid.rows[r - 1][c - 1] != p for r, c, p in step.removed if puzzle.in_grid((r, c))), step.text
