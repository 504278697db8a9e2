"""minimize: redundant givens and clues, and a minimal puzzle that is still unique."""

from __future__ import annotations

import dataclasses
import json
import tomllib
from pathlib import Path

import pytest
from helpers import DATA, INSTANCES, puzzle_from_toml

from asp_sudoku import load, minimize, solve
from asp_sudoku.cli import main
from asp_sudoku.core.model import Puzzle
from asp_sudoku.formats import load_many, parse_many

SETTER = DATA / "setter"
MIRACLE_SOLUTION = "483726159726159483159483726837261594261594837594837261372615948615948372948372615"


def with_solution_givens(puzzle: Puzzle, cells: list[tuple[int, int]]) -> Puzzle:
    extra = tuple((r, c, int(MIRACLE_SOLUTION[(r - 1) * 9 + c - 1])) for r, c in cells)
    return dataclasses.replace(puzzle, givens=tuple(sorted(set(puzzle.givens + extra))))


def assert_minimal_unique(puzzle: Puzzle) -> None:
    """Unique, and dropping any one given or clue leaves several solutions."""
    assert solve(puzzle).status == "unique"
    for g in puzzle.givens:
        fewer = dataclasses.replace(puzzle, givens=tuple(x for x in puzzle.givens if x != g))
        assert solve(fewer).status == "multiple", g
    for k in range(len(puzzle.clues)):
        fewer = dataclasses.replace(puzzle, clues=puzzle.clues[:k] + puzzle.clues[k + 1 :])
        assert solve(fewer).status == "multiple", puzzle.clues[k].describe()


def test_miracle_with_extra_givens() -> None:
    puzzle = with_solution_givens(load(str(SETTER / "miracle.toml")), [(1, 1), (9, 9)])
    found = minimize(puzzle)
    assert found.status == "unique"
    # Each of the four givens alone is redundant; two of them must stay.
    assert sorted(i.given for i in found.redundant) == sorted(puzzle.givens)
    assert found.minimal is not None and len(found.minimal.givens) == 2
    assert_minimal_unique(found.minimal)
    assert found.minimal.rules == puzzle.rules


def test_minimal_classic_is_left_alone() -> None:
    puzzle = load(str(INSTANCES / "classic-inkala.toml"))
    found = minimize(puzzle)
    assert found.status == "unique" and found.redundant == () and found.removed == ()
    assert found.minimal == puzzle


@pytest.mark.slow
def test_killer_cages_made_redundant_by_givens() -> None:
    # The wiki killer plus its full solution's first row: some cages become redundant.
    puzzle = load(str(SETTER / "killer-wiki.toml"))
    row = "215647398"
    puzzle = dataclasses.replace(puzzle, givens=tuple((1, c + 1, int(v)) for c, v in enumerate(row)))
    found = minimize(puzzle)
    assert found.status == "unique"
    assert any(i.kind == "clue" for i in found.redundant)
    assert found.minimal is not None
    assert_minimal_unique(found.minimal)


def test_not_unique_is_reported() -> None:
    found = minimize(load(str(SETTER / "miracle-one-given.toml")))
    assert found.status == "multiple" and found.minimal is None
    found = minimize(load(str(SETTER / "classic-hidden-conflict.toml")))
    assert found.status == "unsatisfiable"


def test_rules_can_be_redundant() -> None:
    puzzle = with_solution_givens(load(str(SETTER / "miracle.toml")), [(1, 1), (9, 9)])
    found = minimize(puzzle, rules=True)
    names = [i.rule for i in found.redundant if i.kind == "rule"]
    assert names  # with four givens, some rule is not needed
    assert found.minimal is not None
    assert_minimal_unique(found.minimal)
    for rule in found.minimal.rules:  # every rule left is needed
        fewer = dataclasses.replace(found.minimal, rules=tuple(r for r in found.minimal.rules if r != rule))
        assert solve(fewer).status == "multiple"


def test_minimize_cli_writes_a_readable_minimal_puzzle(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "m.toml"
    text = (SETTER / "miracle.toml").read_text().replace(". . . | . . . | . . .\n\"\"\"", ". . . | . . . | . . 5\n\"\"\"")
    source.write_text(text)
    out_file = tmp_path / "min.toml"
    assert main(["minimize", str(source), "-o", str(out_file)]) == 0
    captured = capsys.readouterr()
    assert captured.out == ""  # the puzzle went to -o; the report is on stderr
    out = captured.err
    assert "redundant (the puzzle stays unique without any one of them): 2" in out
    assert "line 19: given r9c9 = 5" in out and "r5c3" not in out.split("a minimal")[0]
    [minimal] = load_many(str(out_file))
    assert len(minimal.givens) == 2 and minimal.rules == load(str(source)).rules
    assert main(["check", str(out_file)]) == 0
    capsys.readouterr()
    assert main(["minimize", "--json", str(source)]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["status"] == "unique" and len(obj["redundant"]) == 2
    assert obj["minimal"]["rules"] == ["miracle"]
    assert sum(v != 0 for row in obj["minimal"]["givens"] for v in row) == 2
    assert main(["minimize", str(SETTER / "miracle-one-given.toml")]) == 1
    captured = capsys.readouterr()
    assert "minimize needs a unique puzzle" in captured.err and captured.out == ""


def test_minimize_stdout_is_the_minimal_puzzle_as_toml(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`minimize FILE > min.toml` gives a valid puzzle file: the report goes to stderr."""
    source = tmp_path / "m.toml"
    text = (SETTER / "miracle.toml").read_text().replace(". . . | . . . | . . .\n\"\"\"", ". . . | . . . | . . 5\n\"\"\"")
    source.write_text(text)
    assert main(["minimize", str(source)]) == 0
    captured = capsys.readouterr()
    tomllib.loads(captured.out)  # plain TOML, nothing ahead of it
    [minimal] = parse_many(captured.out, "min.toml", "toml")
    assert len(minimal.givens) == 2 and minimal.rules == load(str(source)).rules
    assert "redundant (the puzzle stays unique without any one of them): 2" in captured.err
    assert "line 19: given r9c9 = 5" in captured.err
    # nothing to drop: stdout is still the (minimal) puzzle
    min_file = tmp_path / "min.toml"
    min_file.write_text(captured.out)
    assert main(["minimize", str(min_file)]) == 0
    again = capsys.readouterr()
    assert "nothing is redundant" in again.err
    [same] = parse_many(again.out, "again.toml", "toml")
    assert same.givens == minimal.givens and same.rules == minimal.rules


def test_four_by_four() -> None:
    puzzle = puzzle_from_toml('givens = """\n1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n"""\n')
    found = minimize(puzzle)
    assert found.minimal is not None and len(found.redundant) == 16
    assert_minimal_unique(found.minimal)
    assert 4 <= len(found.minimal.givens) <= 8


@pytest.mark.parametrize(
    ("givens", "status", "count", "exhausted"),
    [
        ("1 . . .\n. . . .\n. . . .\n. . . .", "multiple", 2, False),
        ("1 1 . .\n. . . .\n. . . .\n. . . .", "unsatisfiable", 0, True),
        ("1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1", "unique", 1, True),
    ],
)
def test_json_says_what_the_first_search_found(
    givens: str, status: str, count: int, exhausted: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Found by a QA pass: `minimize --json` of a puzzle with several solutions said
    `"count": 0, "exhausted": true` (no solution, all searched) beside `"status": "multiple"`."""
    path = tmp_path / "p.toml"
    path.write_text(f'size = 4\ngivens = """\n{givens}\n"""\n', encoding="utf-8")
    main(["minimize", "--json", str(path)])
    answer = json.loads(capsys.readouterr().out)
    assert (answer["status"], answer["count"], answer["exhausted"]) == (status, count, exhausted)


def test_rules_switchable_on_a_chaos_puzzle_still_count_grids() -> None:
    """Found by a QA pass: with `rules=True` (`minimize --rules`) the switched program lost
    chaos construction's projection (one answer per grid of digits, not per region layout), so
    every unique chaos puzzle was called "multiple" and refused."""
    puzzle = puzzle_from_toml(
        'size = 4\nbox = "none"\nrules = ["chaos-construction"]\n'
        'givens = """\n. . . 2\n2 . . .\n. 4 . .\n. . . .\n"""\n\n'
        '[[chaos-count]]\ncell = "r1c1"\noffset = 0\ncells = ["r1c1", "r1c2"]\n'
    )
    assert solve(puzzle).status == "unique"
    found = minimize(puzzle, rules=True)
    assert found.status == "unique" and found.minimal is not None
    assert solve(found.minimal).status == "unique"


def puzzle_of_json(obj: dict[str, object]) -> Puzzle:
    """The puzzle a `--json` object describes (`"minimal"` of minimize, generate's object),
    rebuilt from its keys alone as a script would."""
    lines = [f"size = {obj['size']}", f'box = "{obj["box"]}"', f'values = "{obj["values"]}"']
    if not obj["latin"]:
        lines.append("latin = false")
    if obj["regions"] is not None:
        lines.remove('box = "none"')
        lines += ['regions = """', *(" ".join(map(str, row)) for row in obj["regions"]), '"""']  # type: ignore[attr-defined]
    rows = [" ".join("." if v is None or (v == 0 and obj["values"][0] != "0") else str(v) for v in row)  # type: ignore[index]
            for row in obj["givens"]]  # type: ignore[attr-defined]
    lines += [f"rules = {json.dumps(obj['rules'])}", 'givens = """', *rows, '"""']
    return parse_many("\n".join(lines) + "\n", "rebuilt.toml")[0]


@pytest.mark.parametrize(
    "command",
    [["minimize", str(INSTANCES / "0-indexed-jigsaw.toml")],
     ["generate", "--size", "6", "--box", "3x2", "--values", "0-5", "--seed", "1"]],
    ids=["minimize-jigsaw-0-8", "generate-6x6-3x2-0-5"],
)
def test_the_json_puzzle_is_the_whole_puzzle(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """The puzzle in `minimize --json` ("minimal") and `generate --json` had only size, rules,
    givens and clues: a jigsaw's regions, a 3x2 box and digits 0-8 were gone, and the 6x6
    rebuilt from it under the default 2x3 boxes had no solution.  Rebuilt from the JSON alone,
    it is now the very puzzle the TOML output is."""
    assert main(command) == 0
    toml_out = capsys.readouterr().out
    assert main([*command, "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    rebuilt = puzzle_of_json(obj["minimal"] if command[0] == "minimize" else obj)
    written = parse_many(toml_out, "written.toml")[0]
    assert rebuilt == written and rebuilt.regions == written.regions and rebuilt.box == written.box
    assert solve(rebuilt).status == "unique"
