"""explain: a minimal conflicting set for a puzzle with no solution; differing cells and the
fewest extra givens for a puzzle with several."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from helpers import DATA, puzzle_from_toml

from asp_sudoku import explain, load, solve
from asp_sudoku.cli import main
from asp_sudoku.core.model import Puzzle
from asp_sudoku.program.board import Item, make_board
from asp_sudoku.rules.killer import Killer
from asp_sudoku.setter.explain import minimal_conflict
from asp_sudoku.setter.report import explanation_lines, explanation_object

SETTER = DATA / "setter"


def killer_with_changed_sum(label: str = "x1", total: int = 9) -> Puzzle:
    puzzle = load(str(SETTER / "killer-wiki.toml"))
    clues = []
    for clue in puzzle.clues:
        if isinstance(clue, Killer) and clue.label == label:
            clue = dataclasses.replace(clue, total=total, line=clue.line)
        clues.append(clue)
    return dataclasses.replace(puzzle, clues=tuple(clues))


def without_item(puzzle: Puzzle, item: Item) -> Puzzle:
    """The puzzle without one given, clue or global rule."""
    return dataclasses.replace(
        puzzle,
        givens=tuple(g for g in puzzle.givens if g != item.given),
        clues=tuple(c for c in puzzle.clues if c is not item.clue),
        rules=tuple(r for r in puzzle.rules if r != item.rule),
    )


def only(puzzle: Puzzle, items: tuple[Item, ...]) -> Puzzle:
    """The puzzle made of the named items only (the grid rules stay)."""
    return dataclasses.replace(
        puzzle,
        givens=tuple(sorted(i.given for i in items if i.given)),
        clues=tuple(c for c in puzzle.clues if any(c is i.clue for i in items)),
        rules=tuple(r for r in puzzle.rules if any(r == i.rule for i in items)),
    )


def assert_minimal_conflict(puzzle: Puzzle, conflict: tuple[Item, ...]) -> None:
    """The named items have no solution together; without any one of them they have one."""
    subset = only(puzzle, conflict)
    assert solve(subset, limit=1).status == "unsatisfiable"
    for item in conflict:
        assert solve(without_item(subset, item), limit=1).count == 1, item.describe()


def test_killer_with_one_cage_sum_changed_names_that_cage() -> None:
    puzzle = killer_with_changed_sum("x1", 9)
    assert solve(puzzle).status == "unsatisfiable"
    found = explain(puzzle)
    assert found.status == "unsatisfiable"
    labels = [getattr(i.clue, "label", None) for i in found.conflict]
    assert "x1" in labels
    assert all(i.kind == "clue" for i in found.conflict)
    assert len(found.conflict) < len(puzzle.clues) // 2
    assert_minimal_conflict(puzzle, found.conflict)
    # x1 is the one item whose removal alone repairs the whole puzzle.
    assert [getattr(i.clue, "label", None) for i in found.culprits] == ["x1"]
    assert solve(without_item(puzzle, found.culprits[0])).status == "unique"
    assert all(i.line > 0 for i in found.conflict)


@pytest.mark.parametrize("label,total", [("c2", 18), ("e1", 17), ("r1", 19)])
def test_other_changed_cages_are_named_and_minimal(label: str, total: int) -> None:
    puzzle = killer_with_changed_sum(label, total)
    found = explain(puzzle)
    assert label in [getattr(i.clue, "label", None) for i in found.conflict]
    assert_minimal_conflict(puzzle, found.conflict)


def test_classic_contradiction_hidden_in_three_givens() -> None:
    path = SETTER / "classic-hidden-conflict.toml"
    puzzle = load(str(path))
    found = explain(puzzle)
    assert found.status == "unsatisfiable"
    named = {i.given for i in found.conflict}
    assert {(1, 9, 4), (6, 7, 6), (9, 8, 7)} <= named
    assert all(i.kind == "given" for i in found.conflict)
    assert_minimal_conflict(puzzle, found.conflict)
    # Each of the three alone repairs the whole puzzle as well.
    for given in [(1, 9, 4), (6, 7, 6), (9, 8, 7)]:
        repaired = dataclasses.replace(puzzle, givens=tuple(g for g in puzzle.givens if g != given))
        assert solve(repaired, limit=1).count == 1
    # Lines: a given is reported at the line of its row in the file.
    lines = path.read_text().splitlines()
    for item in found.conflict:
        assert item.given is not None
        r, c, v = item.given
        assert str(v) in lines[item.line - 1]


def test_global_rule_is_named_when_needed() -> None:
    # Anti-knight forbids r1c3 = r2c5; with the rule the two givens conflict, without it not.
    puzzle = puzzle_from_toml(
        'rules = ["anti-knight", "diagonals"]\ngivens = """\n'
        + "\n".join([". . 1 . . . . . .", ". . . . 1 . . . ."] + [". . . . . . . . ."] * 7)
        + '\n"""\n'
    )
    found = explain(puzzle)
    assert found.status == "unsatisfiable"
    kinds = sorted((i.kind, i.rule or "") for i in found.conflict)
    assert kinds == [("given", ""), ("given", ""), ("rule", "anti-knight")]
    rule = next(i for i in found.conflict if i.kind == "rule")
    assert rule.line == 1 and "rule anti-knight" in rule.where()
    assert_minimal_conflict(puzzle, found.conflict)


def test_multiple_solutions_fewest_extra_givens_proved() -> None:
    puzzle = load(str(SETTER / "miracle-one-given.toml"))
    found = explain(puzzle)
    assert found.status == "multiple" and found.count == 8 and found.exhausted
    assert len(found.differing) == 80 and (5, 3) not in found.differing
    assert len(found.extra_givens) == 1 and found.extra_optimal
    fixed = dataclasses.replace(puzzle, givens=tuple(sorted(puzzle.givens + found.extra_givens)))
    result = solve(fixed)
    assert result.status == "unique" and result.solutions[0] == found.solution


def test_multiple_solutions_many_gives_minimal_extra_givens() -> None:
    # An empty 4x4 has 288 solutions; with limit 10 they are not all listed, so the extra
    # givens are only minimal: none of them can be dropped.
    puzzle = puzzle_from_toml("size = 4\n")
    found = explain(puzzle, limit=10)
    assert found.status == "multiple" and not found.exhausted and not found.extra_optimal
    extra = found.extra_givens
    full = dataclasses.replace(puzzle, givens=tuple(sorted(extra)))
    assert solve(full).status == "unique"
    for g in extra:
        fewer = dataclasses.replace(puzzle, givens=tuple(x for x in sorted(extra) if x != g))
        assert solve(fewer).status == "multiple"
    exact = explain(puzzle)  # 288 <= 500: proved the fewest (4 for a 4x4)
    assert exact.exhausted and exact.extra_optimal and len(exact.extra_givens) == 4


def test_minimal_conflict_on_a_synthetic_core() -> None:
    # Conflicts are the sets containing {2, 5} or {1, 3, 4}; the core returns the whole set.
    def core(on: list[int]) -> list[int] | None:
        s = set(on)
        return list(on) if {2, 5} <= s or {1, 3, 4} <= s else None

    for order in ([0, 1, 2, 3, 4, 5], [5, 4, 3, 2, 1, 0], [1, 3, 4, 0, 2, 5]):
        found = minimal_conflict(core, order)
        assert core(found) is not None
        assert all(core([x for x in found if x != y]) is None for y in found)
    assert sorted(minimal_conflict(core, [0, 1, 2, 3, 4, 5])) == [2, 5]  # first items go first
    assert sorted(minimal_conflict(core, [2, 5, 1, 3, 4, 0])) == [1, 3, 4]
    with pytest.raises(ValueError):
        minimal_conflict(core, [0, 1])


def test_explain_cli(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "killer.toml"
    text = (SETTER / "killer-wiki.toml").read_text()
    text = text.replace('sum = 8\nlabel = "x1"', 'sum = 9\nlabel = "x1"')
    path.write_text(text)
    assert main(["explain", str(path)]) == 1
    out = capsys.readouterr().out
    x1_line = text.splitlines().index('cells = ["r8c2", "r9c2"]')  # the [[killer]] line is above
    assert f"line {x1_line}: killer cage x1 (sum 9: r8c2 r9c2)" in out
    assert "these 3 items have none together" in out
    assert main(["explain", "--json", str(path)]) == 1
    obj = json.loads(capsys.readouterr().out)
    assert obj["status"] == "unsatisfiable"
    assert [c["line"] for c in obj["culprits"]] == [x1_line]
    assert main(["explain", str(SETTER / "miracle.toml")]) == 0
    assert "unique" in capsys.readouterr().out
    assert main(["explain", "--json", str(SETTER / "miracle-one-given.toml")]) == 1
    obj = json.loads(capsys.readouterr().out)
    assert obj["status"] == "multiple" and obj["count"] == 8 and obj["extra_givens_proved_fewest"]
    assert len(obj["extra_givens"]) == 1 and len(obj["differing"]) == 80


def test_board_items_of_killer_hold_their_facts() -> None:
    puzzle = load(str(SETTER / "killer-wiki.toml"))
    board = make_board(puzzle, rules=True)
    assert len(board.items) == 29
    assert board.items[0].text.splitlines()[0] == "killerCage(1,1,1)."
    assert "killerSum(1,3)." in board.items[0].text
    assert "killerCage(29," in board.items[28].text


def test_one_item_against_rules_of_your_own_is_worded_for_one_and_names_the_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # "these 1 items ... this item has none together ... removing any one of them alone", and no
    # word of the rules file the given clashes with
    (tmp_path / "u.lp").write_text("% never 1 in r1c1\n:- numberAt(1,1,1).\n", encoding="utf-8")
    puzzle = tmp_path / "ru.toml"
    puzzle.write_text('size = 4\nrules-file = "u.lp"\ngivens = """\n1 2 . .\n. . . .\n. . . .\n. . . .\n"""\n', encoding="utf-8")
    assert main(["explain", str(puzzle)]) == 1
    out = capsys.readouterr().out
    assert "your rules (" in out and "u.lp): this item alone has none" in out
    assert "removing it makes the whole puzzle solvable" in out and "any one of them" not in out


def test_an_items_json_names_every_cell_of_its_clue() -> None:
    # an arrow's item named its shaft only, so the web page shaded no circle; a quadruple's
    # digits (1, 2) are no cell r1c2
    from asp_sudoku.rules.arrow import Arrow
    from asp_sudoku.rules.quadruple import Quadruple

    arrow = Item("clue", "", clue=Arrow(cells=((4, 6), (4, 7)), circle=((4, 5),)))
    assert arrow.as_json()["cells"] == ["r4c6", "r4c7", "r4c5"]
    quad = Item("clue", "", clue=Quadruple(cells=((1, 1), (1, 2), (2, 1), (2, 2)), digits=(1, 2)))
    assert quad.as_json()["cells"] == ["r1c1", "r1c2", "r2c1", "r2c2"]
    assert Quadruple(cells=((5, 5), (5, 6), (6, 5), (6, 6)), digits=(1, 2)).named_cells() == ((5, 5), (5, 6), (6, 5), (6, 6))


CHAOS_CLASH = """
size = 4
box = "none"
rules = ["chaos-construction"]
givens = \"\"\"
1 . . .
3 3 . 1
. . 4 .
. . . 2
\"\"\"

[[thermo]]
cells = ["r4c2", "r4c1"]

[[thermo]]
cells = ["r1c2", "r2c2"]

[[chaos-same-region]]
cells = ["r2c4", "r1c3"]
"""


def test_a_chaos_clue_is_never_on_without_chaos_construction() -> None:
    """Found by a QA pass: explain switched the rule chaos-construction off and kept the chaos
    clue on; the solver's grid then had no regions for the checker to read ("internal error:
    the solver's grid breaks the rules").  A chaos clue now needs the rule's item."""
    puzzle = puzzle_from_toml(CHAOS_CLASH)
    board = make_board(puzzle, rules=True)
    rule = next(i for i, item in enumerate(board.items) if item.rule == "chaos-construction")
    chaos = next(i for i, item in enumerate(board.items) if item.clue is not None and item.clue.kind == "chaos-same-region")
    assert rule in board.close([chaos])
    assert chaos not in board.without(range(len(board.items)), rule)
    found = explain(puzzle)
    assert found.status == "unsatisfiable" and found.conflict
    assert_minimal_conflict(puzzle, found.conflict)


def test_a_chaos_count_conflict_names_the_rule_it_reads() -> None:
    """Found by a QA pass: a chaos count of 4 over two cells was named as the conflict alone,
    though alone (the rule switched off under it) it has 288 solutions."""
    puzzle = puzzle_from_toml(
        'size = 4\nbox = "none"\nrules = ["chaos-construction"]\ngivens = """\n4 . . .\n. . . .\n. . . .\n. . . .\n"""\n\n'
        '[[chaos-count]]\ncell = "r1c1"\noffset = 0\ncells = ["r1c1", "r1c2"]\n'
    )
    found = explain(puzzle)
    assert found.status == "unsatisfiable"
    assert sorted(item.kind for item in found.conflict) == ["clue", "given", "rule"]
    assert solve(only(puzzle, found.conflict), limit=1).status == "unsatisfiable"
    # the clue cannot be without the rule: said, as dropping the rule drops the clue too
    kinds = [item.kind for item in found.conflict]
    assert found.needs == ((kinds.index("clue"), kinds.index("rule")),)
    lines = explanation_lines(found)
    assert "and what cannot be without it," in lines[0]
    assert "  (chaos-count at r1c1 cannot be without rule chaos-construction: dropping the second drops the first too)" in lines
    assert explanation_object(found)["needs"] == [[kinds.index("clue"), kinds.index("rule")]]
