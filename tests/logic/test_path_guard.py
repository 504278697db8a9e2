"""A logical path never prints a step that contradicts the solutions it knows: such a step is a
bug in a technique, and the path stops with an internal error (`path.options.check_step`)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from asp_sudoku import load
from asp_sudoku.cli import EXIT_INTERNAL, main
from asp_sudoku.core.errors import InternalCheckError
from asp_sudoku.core.model import Puzzle
from asp_sudoku.setter.logic import Solver
from asp_sudoku.setter.logic.answers import search_status
from asp_sudoku.setter.logic.grid import Marks
from asp_sudoku.setter.logic.techniques import Step
from asp_sudoku.solving.single import solve

PUZZLE = "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4."  # the first of tests/data/classic/norvig_hardest.txt: singles and locked candidates


def _wrong(puzzle: Puzzle, kind: str) -> Callable[[Marks], Step]:
    """A step on an open cell of two or more candidates that removes its digit in the solution,
    or places another of its candidates."""
    solution = solve(puzzle).solutions[0]

    def made_up(marks: Marks) -> Step:
        (r, c), digits = next((cell, ds) for cell, ds in sorted(marks.cands.items()) if len(ds) > 1)
        right = solution.rows[r - 1][c - 1]
        if kind == "removes":
            return Step("naked pair", 3.0, (), ((r, c, right),), (), f"a made-up pair: r{r}c{c}<>{right}")
        other = min(digits - {right})
        return Step("hidden single", 1.5, ((r, c, other),), (), (), f"r{r}c{c} = {other}: made up")

    return made_up


def _bad_third_step(monkeypatch: pytest.MonkeyPatch, wrong: Callable[[Marks], Step]) -> list[Step]:
    """The path's third step is `wrong`'s (returned in the list); the others are as found."""
    found = Solver.next_step
    made: list[Step] = []

    def next_step(self: Solver, marks, depth, quick):  # type: ignore[no-untyped-def]
        if len(made) == 2:
            made.append(wrong(marks))
            return made[-1]
        made.append(found(self, marks, depth, quick))
        return made[-1]

    monkeypatch.setattr(Solver, "next_step", next_step)
    return made


@pytest.mark.parametrize("kind", ["removes", "places"])
def test_a_step_against_the_known_solution_stops_the_path(kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the solution known (`search_status`, as `steps` and `rate` do), a step removing its
    digit, or placing another, raises InternalCheckError naming the step and the candidate."""
    puzzle = load(PUZZLE)
    made = _bad_third_step(monkeypatch, _wrong(puzzle, kind))
    solver = Solver(puzzle)
    assert search_status(puzzle, None, solver) == "unique"
    with pytest.raises(InternalCheckError, match=r"internal error: step 3 \(") as caught:
        solver.path()
    (r, c, p), = made[2].removed or made[2].placed
    assert f"r{r}c{c}{'<>' if kind == 'removes' else '='}{p}" in str(caught.value)


def test_steps_prints_the_steps_before_a_wrong_one_then_an_internal_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`steps`: the two steps before it, then one line on stderr and exit 70, no traceback;
    without the wrong step the same command exits 0."""
    puzzle = load(PUZZLE)
    assert main(["steps", PUZZLE]) == 0
    good = capsys.readouterr().out.splitlines()
    _bad_third_step(monkeypatch, _wrong(puzzle, "removes"))
    assert main(["steps", PUZZLE]) == EXIT_INTERNAL
    shown = capsys.readouterr()
    assert shown.out.splitlines() == good[:3]  # the title and the first two steps
    assert shown.err.startswith("asp-sudoku: internal error: step 3 (naked pair) contradicts the solution: ")
    assert shown.err.count("\n") == 1 and "Traceback" not in shown.err


def test_with_no_solution_known_placements_are_not_judged(monkeypatch: pytest.MonkeyPatch) -> None:
    """A puzzle with no solution: a path may place digits on its way to the contradiction, so
    only removals would be judged (none is wrong: no solution has any candidate); and with no
    search before the path and no trial (nothing known), nothing is judged."""
    puzzle = load(PUZZLE)
    made = _bad_third_step(monkeypatch, _wrong(puzzle, "places"))
    solver = Solver(puzzle)
    solver.know([])  # as `search_status` tells a path of a puzzle with no solution
    path = solver.path()
    assert made[2] in path.steps  # not refused
    made.clear()  # the next path makes its third step up again
    path = Solver(puzzle).path()  # nothing known (no search, no trial): not judged either
    assert made[2] in path.steps
