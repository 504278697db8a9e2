"""Logical paths checked step by step: every digit placed is the puzzle's digit there (cautious
consequences), every candidate removed is in no solution (brave consequences, from `candidates`),
and a finished path ends in the solution, which the independent checker accepts."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from asp_sudoku import load
from asp_sudoku.checker import violations
from asp_sudoku.cli import EXIT_USAGE, main
from asp_sudoku.core.model import Grid, Puzzle
from asp_sudoku.formats import load_many
from asp_sudoku.formats.toml import parse_toml
from asp_sudoku.setter.candidates import candidates
from asp_sudoku.setter.logic import Solver
from asp_sudoku.setter.logic.path import Path as LogicPath
from asp_sudoku.solving.single import solve

ROOT = Path(__file__).resolve().parents[2]
SINGLES = {"hidden single", "naked single"}


def checked(puzzle: Puzzle, depth: int = 1) -> LogicPath:
    """The path of a puzzle with a unique solution, every step checked."""
    path = Solver(puzzle, depth).path()
    found = candidates(puzzle)
    assert found.status == "unique"
    for step in path.steps:
        assert step.placed or step.removed, step.text
        for r, c, p in step.placed:
            assert found.fixed[r - 1][c - 1] == p, step.text
        for r, c, p in step.removed:
            assert p not in found.candidates[r - 1][c - 1], step.text
    if path.solved:
        grid = Grid(path.grid)
        assert violations(puzzle, grid) == []
        assert all(grid.rows[r][c] == found.fixed[r][c] for r in range(puzzle.size) for c in range(puzzle.size))
    return path


def test_the_wikipedia_classic_finishes_with_singles_only() -> None:
    path = checked(load(str(ROOT / "tests/data/iss/001-classic-sudoku.toml")))
    assert path.solved
    assert {s.technique for s in path.steps} <= SINGLES
    assert path.rating <= 2.3


@pytest.mark.parametrize(
    "name", ["classic-9x9-seed", "classic-4x4-seed-a", "between-lines-sudoku"]
)
def test_paths_of_seed_puzzles_are_right_at_every_step(name: str) -> None:
    path = checked(load(str(ROOT / "instances" / f"{name}.toml")))
    assert path.solved


def test_the_6x6_classic_finishes_with_wings_and_chains_without_trial() -> None:
    """The README's example of the chains' level: no trial, an XY-wing, and chains for its
    hardest steps, every step right."""
    path = checked(load(str(ROOT / "instances/classic-6x6.toml")), depth=0)
    assert path.solved and path.trial_depth == 0
    assert path.hardest is not None and path.hardest.technique == "alternating inference chain"
    assert 6.7 <= path.rating <= 6.9
    assert "XY-wing" in {s.technique for s in path.steps}


@pytest.mark.parametrize("relation", ["<", "=", ">"])
def test_a_cage_compare_is_checked_with_the_cages_it_compares(relation: str) -> None:
    """A cage-compare's template reads its two cages' facts: its check must hold them (before,
    it summed no cell, so `<` and `>` never held and every path said "no solution").  On a 4x4
    with unsummed cages (the compared ones the second and third, as numbered in the whole
    program), the path is stuck or solved, never "no solution", the compare's own check takes
    a step, and every step removes only candidates no solution has."""
    text = (
        'size = 4\ngivens = "1...\\n....\\n....\\n...."\n'
        'killer = [{cells = ["r3c1", "r3c2"], label = "c"}, {cells = ["r1c2"], label = "a"}, {cells = ["r4c4"], label = "b"}]\n'
        f'"cage-compare" = [{{left = "b", right = "a", relation = "{relation}"}}]\n'
    )
    puzzle = load(text)
    found = candidates(puzzle)
    path = Solver(puzzle, 0).path()
    assert found.status in ("unique", "multiple") and path.status != "no solution", path.contradiction
    for step in path.steps:
        for r, c, p in step.removed:
            assert p not in found.candidates[r - 1][c - 1], step.text
        for r, c, p in step.placed:
            assert found.candidates[r - 1][c - 1] == (p,), step.text
    assert any("cage compare" in " ".join(step.clues) for step in path.steps), [step.text for step in path.steps]


@pytest.mark.slow
@pytest.mark.parametrize(
    "name", ["killer-wikipedia", "killer-daily-hard", "between-1-and-9-sudoku", "greater-killer-daily-hard"]
)
def test_seed_killers_finish_with_clue_logic(name: str) -> None:
    path = checked(load(str(ROOT / "instances" / f"{name}.toml")), depth=0)
    assert path.solved
    assert path.trial_depth == 0
    assert {"clue logic", "house and clues"} & {s.technique for s in path.steps}


# Spoons and the little killer take about 5-10 s each since trials propagate in Python (the
# little killer took two minutes before): the slow tier, which CI runs.
@pytest.mark.slow
@pytest.mark.parametrize("name", ["spoons", "little-killer"])
def test_spoons_and_the_little_killer_finish_with_a_shallow_trial(name: str) -> None:
    path = checked(load(str(ROOT / "instances" / f"{name}.toml")), depth=1)
    assert path.solved
    assert path.trial_depth <= 1


@pytest.mark.slow
def test_the_inkala_puzzle_needs_trial() -> None:
    path = Solver(load(str(ROOT / "instances/classic-inkala.toml")), 0).path()
    assert not path.solved  # no pattern technique of ours cracks it: trial is needed


@pytest.mark.slow  # about 4 s
def test_the_inkala_puzzle_is_solved_with_trials_of_depth_2_every_step_right() -> None:
    path = checked(load(str(ROOT / "instances/classic-inkala.toml")), depth=2)
    assert path.solved and path.trial_depth == 2


def test_a_path_without_trial_gets_stuck_and_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["steps", "--depth", "0", "--finish-time", "0.5", str(ROOT / "instances/classic-inkala.toml")])
    out = capsys.readouterr().out
    assert code == 0
    assert "stuck" in out and "; candidates left:\n" in out  # (a check's step says "the candidates left" too)
    assert "stopped by the time limit" in out and "the depth that finishes is unknown" in out


def test_the_time_limit_bounds_the_search_for_the_depth_that_finishes() -> None:
    """A path's time limit is the whole run's: the search for how deep a trial must go (up to
    `finish_time`) stops there too.  It ran its whole finish time after a path stuck within
    the limit (`rate --time-limit 2 --depth 0` on killer-most-difficult took 12 s: a QA pass).
    Inkala gets stuck at once without trial (0.1 s) and needs 3-7 s of trials to finish."""
    started = time.perf_counter()
    path = Solver(load(str(ROOT / "instances/classic-inkala.toml")), 0, time_limit=2, finish_time=60).path()
    took = time.perf_counter() - started
    assert path.status == "stuck" and path.finish is not None and path.finish.limit
    assert took < 2.5, took


@pytest.mark.parametrize("command", ["steps", "rate"])
def test_a_path_the_time_limit_ends_says_so_and_not_stuck(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A path that `--time-limit` ends is not stuck: the text says it was stopped by the time
    limit, with the rating so far (exit 3, as every command's time limit); `--json` keeps
    status "stuck" with "timed_out": true."""
    puzzle = str(ROOT / "instances/killer-most-difficult.toml")  # about 100 s to its end
    assert main([command, "--time-limit", "0.5", puzzle]) == 3
    out = capsys.readouterr().out
    # the first steps take about 0.3 s; on a loaded host none may come within the limit
    assert ("stopped by the time limit after" in out or "stopped by the time limit with no step" in out) and "rating so far" in out
    assert "stuck" not in out
    if command == "steps":
        assert "stopped by the time limit (0.5 s) before the path was finished; candidates left:" in out
    assert main([command, "--json", "--time-limit", "0.5", puzzle]) == 3
    closing = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert closing["status"] == "stuck" and closing["timed_out"] is True


def test_steps_json_of_a_stuck_path_gives_the_candidates_left(capsys: pytest.CaptureFixture[str]) -> None:
    """A stuck path shows the candidates left: as text, as SVG, and in the closing JSON object
    (rows of lists of digits: --json had them in no form, a QA pass); the same as the text."""
    file = str(ROOT / "instances/spoons.toml")
    assert main(["steps", "--json", "--depth", "0", "--finish-time", "0", file]) == 0
    closing = json.loads(capsys.readouterr().out.splitlines()[-1])
    path = Solver(load(file), 0).path()
    assert closing["status"] == "stuck" and closing["candidates"] == [[list(cell) for cell in row] for row in path.left]
    assert len(closing["candidates"]) == 9 and any(len(cell) > 1 for row in closing["candidates"] for cell in row)
    assert main(["steps", "--json", file]) == 0  # solved: no candidates
    assert "candidates" not in json.loads(capsys.readouterr().out.splitlines()[-1])


def test_steps_svg_takes_one_puzzle_and_says_when_it_writes_none(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`steps --svg FILE` with two puzzles wrote the second's picture over the first's without a
    word; it is refused before any path (exit 2).  A path that is not stuck writes no picture and
    says so on stderr (an old file there was left as it was, silently: a QA pass)."""
    svg = tmp_path / "x.svg"
    spoons, inkala = (str(ROOT / "instances" / name) for name in ("spoons.toml", "classic-inkala.toml"))
    assert main(["steps", "--depth", "0", "--finish-time", "0", "--svg", str(svg), spoons, inkala]) == EXIT_USAGE
    captured = capsys.readouterr()
    assert captured.out == "" and not svg.exists()
    assert captured.err == "asp-sudoku: error: --svg FILE takes one puzzle, and 2 were given; give steps one puzzle at a time\n"
    assert main(["steps", "--svg", str(svg), str(ROOT / "instances/classic-9x9-seed.toml")]) == 0
    captured = capsys.readouterr()
    assert not svg.exists() and f"{svg} not written: the path is not stuck (solved)" in captured.err
    assert main(["steps", "--svg", "", spoons]) == EXIT_USAGE
    assert "expected a file name" in capsys.readouterr().err


@pytest.mark.parametrize("target", ["folder", "missing/x.svg"])
def test_svg_that_cannot_be_written_is_one_line(target: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`steps --svg` to a folder or into a missing folder: exit 2 and one line naming it (it
    was an internal error, exit 70); said before the path, whose work was lost when the SVG
    could not be written at its end (a QA pass)."""
    (tmp_path / "folder").mkdir()
    svg = str(tmp_path / target)
    code = main(["steps", "--depth", "0", "--finish-time", "0", "--svg", svg, str(ROOT / "instances/classic-inkala.toml")])
    captured = capsys.readouterr()
    assert code == EXIT_USAGE and captured.out == "" and not (tmp_path / "missing").exists()
    assert captured.err.startswith(f"asp-sudoku: error: {svg}: cannot write: ") and captured.err.count("\n") == 1


def test_a_stuck_path_says_how_deep_a_trial_must_go_to_finish(capsys: pytest.CaptureFixture[str]) -> None:
    """Spoons without trial gets stuck (classic-6x6 no longer does: the chains finish it)."""
    puzzle = load(str(ROOT / "instances/spoons.toml"))
    stuck = Solver(puzzle, 0, finish_time=60).path()
    assert stuck.status == "stuck" and stuck.finish is not None
    assert stuck.finish.depth == 1 and not stuck.finish.limit and not stuck.finish.no_solution
    deeper = checked(puzzle, depth=1)  # the depth it names finishes the path, every step right
    assert deeper.solved and deeper.trial_depth == 1
    assert main(["rate", "--json", "--depth", "0", str(ROOT / "instances/spoons.toml")]) == 0
    closing = json.loads(capsys.readouterr().out)
    assert closing["status"] == "stuck" and closing["finish_depth"] == 1
    assert closing["finish"].startswith("a trial of depth 1 finishes it")
    assert main(["rate", "--depth", "0", "--finish-time", "0", str(ROOT / "instances/spoons.toml")]) == 0
    assert "finish" not in capsys.readouterr().out  # not looked for


NO_SOLUTION = {
    # row 1's 3 has no place: r1c3 and r1c4 share box 2 with the given 3
    "house": ('size = 4\ngivens = ["12..", "..3.", "....", "...."]\n', "3 has no place left in row 1"),
    # the two cages of sum 3 take 1 and 2 from box 4 twice: no 3 or 4 left for it
    "cages": (
        'size = 4\ngivens = ["1...", "....", "....", "...."]\n'
        '[[killer]]\nsum = 3\ncells = ["r3c3", "r3c4"]\n[[killer]]\nsum = 3\ncells = ["r4c3", "r4c4"]\n',
        "has no place left in box 4",
    ),
    # two givens 1 in row 1
    "givens": ('size = 4\ngivens = ["1..1", "....", "....", "...."]\n', "the given 1 at r1c4 repeats the given 1 at r1c1 in row 1"),
    # the cage of sum 7 over r1c1 r1c2 needs 3+4, but row 1 holds a given 3 and 4 elsewhere
    "cage": (
        'size = 4\ngivens = ["..34", "....", "....", "...."]\n[[killer]]\nsum = 7\ncells = ["r1c1", "r1c2"]\n',
        "killer cage",
    ),
}


@pytest.mark.parametrize("name", sorted(NO_SOLUTION))
def test_a_puzzle_with_no_solution_ends_with_that_status(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text, why = NO_SOLUTION[name]
    file = tmp_path / f"{name}.toml"
    file.write_text(text, encoding="utf-8")
    puzzle = load(str(file))
    assert candidates(puzzle).status == "unsatisfiable"  # clingo agrees there is none
    path = Solver(puzzle, 1, finish_time=5).path()
    assert path.status == "no solution" and not path.solved and path.finish is None
    assert path.contradiction is not None and why in path.contradiction
    assert main(["steps", "--json", str(file)]) == 0
    closing = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert closing["status"] == "no solution" and why in closing["contradiction"]
    assert main(["steps", str(file)]) == 0
    out = capsys.readouterr().out
    assert "no solution" in out and why in out and "; candidates left:\n" not in out  # (not the stuck grid)


def test_steps_json_ends_with_the_closing_object(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["steps", "--json", str(ROOT / "instances/classic-4x4-seed-a.toml")])
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 0
    *steps, closing = lines
    assert closing["status"] == "solved" and closing["steps"] == len(steps) and closing["hardest"] == "hidden single"
    assert all(set(s) >= {"technique", "level", "placed", "removed", "clues"} for s in steps)
    placed = {tuple(m) for s in steps for m in s["placed"]}
    puzzle = load(str(ROOT / "instances/classic-4x4-seed-a.toml"))
    assert len(placed) + len(puzzle.givens) == 16


def test_rate_prints_the_hardest_technique(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["rate", str(ROOT / "instances/classic-9x9-seed.toml")])
    assert code == 0
    assert "rating 1.5 (hidden single" in capsys.readouterr().out


def test_the_eliminations_count_the_candidates_the_steps_remove(capsys: pytest.CaptureFixture[str]) -> None:
    """The closing object's "eliminations" is the sum of the steps' removals (a placement's own
    removals not counted), and `rate` prints the same number."""
    puzzle = str(ROOT / "instances/classic-6x6.toml")
    assert main(["steps", "--json", puzzle]) == 0
    *steps, closing = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    removed = [tuple(m) for s in steps for m in s["removed"]]
    assert closing["eliminations"] == len(removed) == len(set(removed)) > 0
    assert main(["rate", puzzle]) == 0
    assert f"; {closing['eliminations']} eliminations" in capsys.readouterr().out


def test_a_stop_from_the_web_page_ends_the_path_as_a_time_limit_does() -> None:
    from asp_sudoku.solving.watch import Watch, watching

    watch = Watch()
    watch.stop.set()
    with watching(watch):
        path = Solver(load(str(ROOT / "instances/classic-9x9-seed.toml")), 1, finish_time=5).path()
    assert path.timed_out and path.status == "stuck" and not path.steps and path.finish is None


def test_a_stop_while_trials_find_the_solution_is_the_paths_time_limit_and_ctrl_c_stays_ctrl_c(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The first trial works out the candidates of the solutions (to skip them) with clingo,
    whose search a stop interrupts: a stop from the web page is then the path's time limit
    (TimeUp), as everywhere in the path; a Ctrl-C stays a KeyboardInterrupt."""
    from asp_sudoku.setter.logic.outcome import TimeUp
    from asp_sudoku.setter.logic.path import trial
    from asp_sudoku.solving.watch import Watch, watching

    def interrupted(*args: object, **kwargs: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(trial, "brave", interrupted)
    solver = Solver(load(str(ROOT / "instances/classic-6x6.toml")), 1)
    watch = Watch()
    watch.stop.set()
    with watching(watch), pytest.raises(TimeUp):
        solver.possible()
    with pytest.raises(KeyboardInterrupt):
        solver.possible()


@pytest.mark.parametrize("json_lines", [False, True])
def test_steps_are_printed_as_they_are_found_so_ctrl_c_keeps_them(
    json_lines: bool, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A long path shows its progress: each step is printed when found, so a Ctrl-C (here
    during the fourth step's search) leaves the first three on the screen, then the rating so
    far (with --json the closing object, status "interrupted": it had none, a QA pass), exit 130."""
    whole = Solver(load(str(ROOT / "instances/classic-9x9-seed.toml"))).path()
    next_step = Solver.next_step
    calls: list[int] = []

    def interrupted_at_the_fourth(self: Solver, *args: object, **kwargs: object) -> object:
        calls.append(1)
        if len(calls) == 4:
            raise KeyboardInterrupt
        return next_step(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Solver, "next_step", interrupted_at_the_fourth)
    code = main(["steps", *(["--json"] if json_lines else []), str(ROOT / "instances/classic-9x9-seed.toml")])
    captured = capsys.readouterr()
    assert code == 130 and "interrupted" in captured.err
    lines = captured.out.splitlines()
    if json_lines:
        assert [json.loads(line)["text"] for line in lines[:-1]] == [step.text for step in whole.steps[:3]]
        closing = json.loads(lines[-1])
        assert (closing["status"], closing["steps"], closing["rating"]) == ("interrupted", 3, 1.5)
    else:
        assert lines[1:-1] == [f"{i:4}. {s.text}  [{s.technique} {s.level:.1f}]" for i, s in enumerate(whole.steps[:3], 1)]
        assert lines[-1].startswith("interrupted after 3 steps; rating so far 1.5 (")


def test_a_path_hands_each_step_to_on_step_as_it_is_taken() -> None:
    seen: list[object] = []
    path = Solver(load(str(ROOT / "instances/classic-9x9-seed.toml"))).path(on_step=seen.append)
    assert seen == list(path.steps) and len(seen) > 10


def test_a_trial_step_resumes_where_the_last_trial_of_its_depth_left_off() -> None:
    """The candidates the last trial assumed without a contradiction go last (a shorter search
    for the next one), every candidate is still tried, and a full pass starts afresh."""
    solver = Solver(load(str(ROOT / "instances/classic-6x6.toml")), 1)
    solver.possible = frozenset  # type: ignore[method-assign]  # assume every candidate (see below)
    marks = solver.start()
    tried: list[tuple[int, int, int]] = []
    contradicts: set[tuple[int, int, int]] = set()

    def propagate(trial: object, depth: int, settled: object = None) -> str | None:
        (cell,) = trial.solved - marks.solved  # type: ignore[attr-defined]
        (p,) = trial.cands[cell]  # type: ignore[attr-defined]
        tried.append((*cell, p))
        return "contradiction" if tried[-1] in contradicts else None

    solver.propagate = propagate  # type: ignore[method-assign]
    solver.remember = lambda *kept: None  # type: ignore[method-assign]  # its ends are no fixpoints: none skipped
    order = [(r, c, p) for _, (r, c) in sorted((len(ds), cell) for cell, ds in marks.cands.items()
                                               if cell not in marks.solved) for p in sorted(marks.cands[(r, c)])]
    contradicts.add(order[5])
    step = solver.trial(marks, 1, top=True)
    assert step is not None and step.removed == (order[5],) and tried == order[:6]
    tried.clear()
    contradicts.clear()
    assert solver.trial(marks, 1, top=True) is None  # the five held go last
    assert tried == order[5:] + order[:5]
    tried.clear()
    assert solver.trial(marks, 1, top=True) is None and tried == order  # afresh after a full pass


def test_a_trial_of_the_path_never_assumes_what_some_solution_has() -> None:
    """The candidates of the (unique) solution cannot lead to a contradiction, so a trial step
    skips them: it assumes exactly the others, in the same order."""
    puzzle = load(str(ROOT / "instances/classic-6x6.toml"))
    solver = Solver(puzzle, 1)
    marks = solver.start()
    [grid] = solve(puzzle, limit=2).solutions
    solution = {(r + 1, c + 1, v) for r, row in enumerate(grid.rows) for c, v in enumerate(row)}
    assert solver.possible() == solution
    tried: list[tuple[int, int, int]] = []

    def propagate(trial: object, depth: int, settled: object = None) -> str | None:
        (cell,) = trial.solved - marks.solved  # type: ignore[attr-defined]
        (p,) = trial.cands[cell]  # type: ignore[attr-defined]
        tried.append((*cell, p))
        return None

    solver.propagate = propagate  # type: ignore[method-assign]
    order = [(r, c, p) for _, (r, c) in sorted((len(ds), cell) for cell, ds in marks.cands.items()
                                               if cell not in marks.solved) for p in sorted(marks.cands[(r, c)])]
    assert solver.trial(marks, 1, top=True) is None
    assert tried == [m for m in order if m not in solution] and len(tried) < len(order)


def test_a_trial_of_depth_2_starts_with_what_depth_1_brought_nearest_a_contradiction() -> None:
    """A top trial of depth 1 records how many candidates each assumption left; the next top
    trial of depth 2 assumes them fewest first (ties in the usual order)."""
    solver = Solver(load(str(ROOT / "instances/classic-6x6.toml")), 2)
    solver.possible = frozenset  # type: ignore[method-assign]
    marks = solver.start()
    tried: list[tuple[int, tuple[int, int, int]]] = []

    def propagate(trial: object, depth: int, settled: object = None) -> str | None:
        (cell,) = trial.solved - marks.solved  # type: ignore[attr-defined]
        (p,) = trial.cands[cell]  # type: ignore[attr-defined]
        tried.append((depth, (*cell, p)))
        if depth == 0 and p % 2:  # odd digits: pretend their propagation removed a candidate per row
            for r in range(1, 7):
                cands = trial.cands[(r, 1 + (r + p) % 6)]  # type: ignore[attr-defined]
                if len(cands) > 1:
                    cands.discard(max(cands))
        return None

    solver.propagate = propagate  # type: ignore[method-assign]
    assert solver.trial(marks, 1, top=True) is None
    order = [m for _, m in tried]
    tried.clear()
    assert solver.trial(marks, 2, top=True) is None
    assert [depth for depth, _ in tried] == [1] * len(order)
    assert [m for _, m in tried] == sorted(order, key=solver._left)
    assert [m for _, m in tried] != order


@pytest.mark.slow  # about 1.5 s
def test_skipping_what_some_solution_has_leaves_the_path_as_it_was() -> None:
    """One of Norvig's hardest (solved with trials of depth 1): the same steps, word for word,
    whether trials assume the solution's candidates or skip them."""
    puzzle = load_many(str(ROOT / "tests/data/classic/norvig_hardest.txt"))[2]
    skipping = Solver(puzzle, 1).path()
    solver = Solver(puzzle, 1)
    solver.possible = frozenset  # type: ignore[method-assign]
    assuming = solver.path()
    assert skipping.solved and any(step.technique == "trial" for step in skipping.steps)
    assert [step.text for step in skipping.steps] == [step.text for step in assuming.steps]


@pytest.mark.slow  # about 6 s for the 11
def test_norvigs_hardest_are_solved_at_the_default_depth_every_step_right() -> None:
    """Hard for backtracking, not for logic: every one solved, three by chains alone, the hardest
    two with a trial of depth 2."""
    paths = [checked(puzzle, depth=2) for puzzle in load_many(str(ROOT / "tests/data/classic/norvig_hardest.txt"))]
    assert len(paths) == 11 and all(path.solved for path in paths)
    assert sorted(path.trial_depth for path in paths) == [0, 0, 0, 0, 0, 0, 0, 1, 1, 2, 2]
    assert sum(path.hardest is not None and "chain" in path.hardest.technique for path in paths) == 3


def test_the_chain_step_is_the_easiest_chain_on_offer() -> None:
    """A long XY-chain (6.8) is not taken while a short alternating inference chain (6.7) is on
    offer: each chain step of the path is the lowest level any chain technique finds there.
    The puzzle: magictour top1465's 271st (line 272 of bench/data/classic/magictour_top1465_first1000.txt);
    before, its XY-chain at 6.8 was taken."""
    from asp_sudoku.setter.logic.techniques import CHAINS, apply, steps

    puzzle = load_many(".2.4....94..18.......36..5......63..3..94.5.......8.1........4.8.2......96......7")[0]
    solver = Solver(puzzle, 0)
    marks = solver.start()
    taken = []
    while (step := solver.next_step(marks, 0, quick=False)) is not None:
        if "chain" in step.technique:
            offered = [s for t in CHAINS for s in steps(t, marks, solver.houses, solver.houses_text)]
            assert step.level == min(s.level for s in offered), step.text
            taken.append(step)
        apply(marks, step)
    assert taken[0].technique == "alternating inference chain" and taken[0].level == 6.7


def test_a_puzzle_with_several_solutions_is_not_rated_and_steps_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """rate gave a rating to a puzzle with three solutions ("stuck ...; rating 2.9"), and ran for
    minutes on one with eight; no logical path finishes such a puzzle."""
    two = tmp_path / "two.toml"  # two solutions: r1c1 and r1c4 take 1 and 4 either way round
    two.write_text('size = 4\ngivens = """\n. 2 3 .\n3 . . 2\n2 . . 3\n. 3 2 .\n"""\n', encoding="utf-8")
    assert main(["rate", str(two)]) == 1
    assert "not rated: it has more than one solution" in capsys.readouterr().out
    assert main(["rate", "--json", str(two)]) == 1
    assert json.loads(capsys.readouterr().out) == {
        "file": str(two), "status": "multiple", "steps": 0, "rating": None, "hardest": None,
    }
    assert main(["steps", "--json", str(two)]) == 0
    out, err = capsys.readouterr()
    closing = json.loads(out.splitlines()[-1])
    assert closing["status"] == "stuck" and closing["several_solutions"] is True and "finish" not in closing
    assert "more than one solution" in err
    one = tmp_path / "one.toml"
    one.write_text(two.read_text(encoding="utf-8").replace(". 3 2 .", ". 3 2 1"), encoding="utf-8")
    assert main(["rate", "--json", str(one)]) == 0
    assert json.loads(capsys.readouterr().out)["status"] == "solved"


def test_a_locked_candidates_step_removes_the_one_digit_its_words_name(capsys: pytest.CaptureFixture[str]) -> None:
    """Two digits locked in the same box and row made one step that named only the first:
    'every 3 of box 1 lies in row 2: r2c3<>3, r2c3<>4, ...'."""
    from asp_sudoku.setter.logic import Solver

    puzzle = load('size = 4\ngivens = """\n1 2 . .\n. . . .\n. . . .\n. . . .\n"""\n')
    locked = [s for s in Solver(puzzle, 0).path().steps if s.technique.startswith("locked")]
    assert [s.text.split(":")[1] for s in locked] == [" every 3 of box 1 lies in row 2", " every 4 of box 1 lies in row 2"]
    for name in ("classic-6x6", "spoons", "killer-wikipedia"):
        for step in Solver(load(str(ROOT / "instances" / f"{name}.toml")), 1).path().steps:
            if step.technique.startswith("locked"):
                (digit,) = {p for _, _, p in step.removed}
                assert f"every {digit} of " in step.text, step.text


def test_the_deadline_is_looked_at_before_each_technique(monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by a QA pass: the deadline was looked at between steps only, and a step may ground
    several techniques' programs first (0.4-0.8 s each on a 25x25): `steps --time-limit 2` on a
    sparse 25x25 ended after 5.5 s.  Here the deadline passes inside the first technique a step
    tries: no other technique runs after it."""
    import asp_sudoku.setter.logic.path.solver as solver_module

    puzzle = load(str(ROOT / "instances" / "classic-inkala.toml"))
    solver = Solver(puzzle, time_limit=600)
    ran: list[str] = []
    real = solver_module.steps

    def first_then_late(technique, *args, **kwargs):  # type: ignore[no-untyped-def]
        ran.append(technique.name)
        solver.deadline = 0.0  # the time limit passes while this technique runs
        return real(technique, *args, **kwargs)

    monkeypatch.setattr(solver_module, "steps", first_then_late)
    path = solver.path()
    assert path.timed_out and len(ran) == 1, ran


@pytest.mark.parametrize("command", ["steps", "rate"])
def test_the_search_before_the_path_tells_its_trials_the_solution(
    command: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`steps` and `rate` search for two solutions before the path; when that search finds the
    only one, the trials take the candidates it has from it instead of a brave search of their
    own (a MATHEMAGIC killer's first trial 17.8 -> 15.3 s), and the path is the same."""
    from asp_sudoku.setter.logic.path import trial

    spoons = load(str(ROOT / "instances" / "spoons.toml"))
    alone = Solver(spoons, 1).path()
    assert alone.hardest_name == "trial of depth 1"  # its trials skip what the solution has

    def no_search(*_: object, **__: object) -> None:
        raise AssertionError("the trials searched for the solution again")

    monkeypatch.setattr(trial, "brave", no_search)
    assert main([command, "--json", "--depth", "1", str(ROOT / "instances" / "spoons.toml")]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert lines[-1]["steps"] == len(alone.steps) and lines[-1]["status"] == "solved"
    if command == "steps":
        assert [line["text"] for line in lines[:-1]] == [step.text for step in alone.steps]


@pytest.mark.parametrize("as_json", [False, True])
def test_rate_stopped_by_ctrl_c_prints_the_rating_so_far(
    as_json: bool, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`rate` interrupted printed nothing of its path (only "interrupted", exit 130), where the
    README promises what was found so far, as the time limit gives it (a QA pass)."""
    real_path = Solver.path

    def interrupted(self: Solver, *args: object, on_step: object = None, **kwargs: object) -> LogicPath:
        taken = []

        def stop_after_three(step: object) -> None:
            taken.append(step)
            if callable(on_step):
                on_step(step)
            if len(taken) == 3:
                raise KeyboardInterrupt

        return real_path(self, *args, on_step=stop_after_three, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Solver, "path", interrupted)
    file = str(ROOT / "instances/spoons.toml")
    assert main(["rate", "--workers", "1", *(["--json"] if as_json else []), file]) == 130
    out, err = capsys.readouterr()
    if as_json:
        obj = json.loads(out)
        assert (obj["status"], obj["steps"], obj["file"]) == ("interrupted", 3, file) and obj["rating"] > 0
    else:
        assert out.startswith(f"{file}: interrupted after 3 steps; rating so far ") and out.count("\n") == 1
    assert "interrupted" in err


@pytest.mark.parametrize("command", ["rate", "steps"])
def test_a_puzzle_the_logical_solver_does_not_take_has_its_json_line(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    """With --json every puzzle has its line: one the logical solver refuses (chaos
    construction, a rules file) printed nothing on stdout, so a reader of one line per file
    lost step (a QA pass); its line is now `{"file", "status": "error", "error"}`."""
    chaos, rules_file, plain = (str(ROOT / "instances" / name) for name in (
        "chaos-count-cell-count-6x6.toml", "no-adjacent-1-2.toml", "classic-4x4-seed-a.toml"))
    assert main([command, "--json", "--workers", "1", chaos, rules_file, plain]) == EXIT_USAGE
    out, err = capsys.readouterr()
    objects = [json.loads(line) for line in out.splitlines()]
    closing = [obj for obj in objects if "status" in obj]
    assert [(obj["file"], obj["status"]) for obj in closing] == [(chaos, "error"), (rules_file, "error"), (plain, "solved")]
    assert "does not handle chaos construction" in closing[0]["error"] and "rules of your own" in closing[1]["error"]
    assert err.count("asp-sudoku: error: ") == 2


@pytest.mark.parametrize("command", ["steps", "rate"])
def test_one_step_is_worded_in_the_singular(command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A grid one digit short: 'solved in 1 step', not '1 steps' (a QA pass)."""
    line = tmp_path / "one.txt"
    line.write_text(".34678912672195348198342567859761423426853791713924856961537284287419635345286179\n")
    assert main([command, str(line)]) == 0
    assert "solved in 1 step; rating 1.5 (hidden single, 1x); 0 eliminations" in capsys.readouterr().out


def test_a_jigsaw_path_names_each_region_by_the_files_id() -> None:
    """A step in a jigsaw region names it by the id the file gives it (the 0-indexed jigsaw's
    ids are 0-8, met in another order): a hidden single "in region X" places a digit in a cell
    the file's map puts in region X, read from the file's text here."""
    file = ROOT / "instances" / "0-indexed-jigsaw.toml"
    text = file.read_text(encoding="utf-8")
    rows = text.split('regions = """', 1)[1].split('"""', 1)[0].split()
    region_of = {(k // 9 + 1, k % 9 + 1): token for k, token in enumerate(rows)}
    steps = [step for step in checked(load(file)).steps if " in region " in step.text]
    assert steps
    for step in steps:
        named = step.text.split(" in region ", 1)[1].split()[0]
        for r, c, _ in step.placed:
            assert region_of[(r, c)] == named, step.text


@pytest.mark.parametrize(
    ("givens", "said"),
    [
        ("1 . . .\n. 1 . .\n. . . .\n. . . .", "the given 1 at r2c2 repeats the given 1 at r1c1 in box 1"),
        (". . . .\n3 . . 3\n. . . .\n. . . .", "the given 3 at r2c4 repeats the given 3 at r2c1 in row 2"),
        (". . 2 .\n. . . .\n. . . .\n. . 2 .", "the given 2 at r4c3 repeats the given 2 at r1c3 in column 3"),
    ],
)
def test_clashing_givens_are_named_with_their_house(givens: str, said: str) -> None:
    """Two givens of one digit in a house: the path's contradiction names both and the house."""
    puzzle = parse_toml(f'size = 4\ngivens = """\n{givens}\n"""\n', "clash.toml")
    assert Solver(puzzle, 1).path().contradiction == said
