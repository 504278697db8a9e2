"""The Doppelganger rule's check in the logical path fills the grid from the candidates with the
rule alone, no house rule (`global.lp.j2`).  Its template states what the rule implies, that no
house holds a digit twice; without that line clingo found no filling of ISS's "Dutch-pelgänger"
(raw line 231) at its start within 120 s (8.7M conflicts), with it one in a few thousand, and
the path solves ISS's Doppelganger examples (43 in 58 s, 232 in 29 s, 230 in 3 s)."""

from __future__ import annotations

import json

import clingo
import pytest
from helpers import DATA

from asp_sudoku.formats.iss import parse_iss
from asp_sudoku.setter.logic import Solver, clue_logic

RAW = [json.loads(line) for line in (DATA / "formats" / "iss_puzzles_raw.jsonl").read_text().splitlines()]


def test_the_rule_check_finds_a_filling_within_a_small_budget(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    puzzle = parse_iss(RAW[230]["input"], "iss")
    assert "doppelganger" in puzzle.rules
    solver = Solver(puzzle, 0)
    marks = solver.start()
    programs: list[str] = []

    class Kept(Exception):
        pass

    def keep(text: str) -> None:
        programs.append(text)
        raise Kept

    monkeypatch.setattr(clue_logic, "brave", keep)
    with pytest.raises(Kept):
        clue_logic.global_removals(puzzle, marks, solver.houses_text)
    [text] = programs
    ctl = clingo.Control(["--models=1", "--solve-limit=50000"])
    ctl.add("base", [], text)
    ctl.ground([("base", [])])
    result = ctl.solve()
    assert result.satisfiable, "no filling within 50,000 conflicts"
