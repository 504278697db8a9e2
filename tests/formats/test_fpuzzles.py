"""f-puzzles: reading JSON, payloads and links; writing links; the 20-payload round trip."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest
from helpers import DATA, assert_solution

from asp_sudoku import count, load, solve
from asp_sudoku.cli import main
from asp_sudoku.core.errors import AspSudokuError, PuzzleFormatError
from asp_sudoku.formats import detect, parse_many
from asp_sudoku.formats.build import has_kind, has_rule
from asp_sudoku.formats.fpuzzles import FormatWarning
from asp_sudoku.formats.fpuzzles.writer import fpuzzles_url, to_fpuzzles
from asp_sudoku.formats.lzstring import compress_to_base64
from asp_sudoku.formats.toml import parse_toml
from asp_sudoku.formats.toml.writer import to_toml
from asp_sudoku.rules.clone import Clone

PAYLOADS = [json.loads(line) for line in (DATA / "formats" / "fpuzzles_payloads.jsonl").read_text().splitlines()]


def solution_string(rows: tuple[tuple[int, ...], ...]) -> str:
    if len(rows) <= 9:
        return "".join(str(v) for row in rows for v in row)
    return "".join(chr(ord("A") + v - 1) for row in rows for v in row)


def blank(size: int = 9) -> list[list[dict[str, object]]]:
    return [[{} for _ in range(size)] for _ in range(size)]


def fp(obj: dict[str, object]) -> str:
    return json.dumps(obj)


def test_twenty_payloads_cover_the_main_rules() -> None:
    assert len(PAYLOADS) == 20
    covered = {f for p in PAYLOADS for f in p["features"]}
    assert {
        "killer", "thermo", "arrow", "little-killer", "anti-knight", "non-consecutive",
        "diagonal+", "diagonal-", "regions",
    } <= covered


@pytest.mark.parametrize("item", PAYLOADS, ids=[p["name"] for p in PAYLOADS])
def test_payload_solves_and_round_trips(item: dict[str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = [f for f in item["features"] if not (has_kind(f) or has_rule(f))]
    assert not missing, f"the payload needs rules this build lacks: {missing}"
    puzzle = load(item["url"])
    result = solve(puzzle)
    assert result.status == "unique"
    assert_solution(puzzle, result.solutions[0])
    assert solution_string(result.solutions[0].rows) == item["solution"]
    # convert --to fpuzzles, then read the link back: the same puzzle
    source = tmp_path / "puzzle.txt"
    source.write_text(item["url"] + "\n")
    assert main(["convert", str(source), "--to", "fpuzzles"]) == 0
    url = capsys.readouterr().out.strip()
    assert load(url) == puzzle
    # and through TOML too
    assert parse_toml(to_toml(puzzle), "back.toml") == puzzle


def test_json_payload_and_url_read_the_same() -> None:
    grid = blank()
    grid[0][0] = {"value": 5, "given": True}
    grid[4][4] = {"value": 7, "given": True}
    grid[8][8] = {"value": 3, "given": False}  # a solver's entry, not a given
    obj = {"size": 9, "grid": grid, "antiknight": True, "killercage": [{"cells": ["R1C2", "R1C3"], "value": "10"}]}
    with pytest.warns(FormatWarning, match="ignored 1 f-puzzles solver entry"):
        from_json = load(fp(obj))
        payload = compress_to_base64(fp(obj))
        assert load(payload) == from_json
        assert load("https://www.f-puzzles.com/?load=" + payload) == from_json
        assert load("https://f-puzzles.com/?load=" + payload.replace("+", " ")) == from_json  # '+' lost in a URL
    assert from_json.givens == ((1, 1, 5), (5, 5, 7))
    assert from_json.rules == ("anti-knight",)
    assert [c.kind for c in from_json.clues] == ["killer"]


def test_bare_values_are_solver_entries_not_givens() -> None:
    """f-puzzles marks givens with ``given: true``; a bare value is the solver's digit (shared mid-solve)."""
    grid = blank()
    grid[0][0] = {"value": 5, "given": True}
    grid[4][4] = {"value": 7}  # the solver's entry: the old reader took it as a given
    grid[0][1] = {"value": 5}  # a wrong entry (a 5 beside the given 5): must not make it "none"
    with pytest.warns(FormatWarning, match=r"ignored 2 f-puzzles solver entries"):
        puzzle = load(fp({"size": 9, "grid": grid}))
    assert puzzle.givens == ((1, 1, 5),)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # givens only: no warning
        assert load(fp({"size": 9, "grid": [[{"value": 5, "given": True}] + [{}] * 8] + blank()[1:]})).givens == ((1, 1, 5),)


def test_detection() -> None:
    assert detect(fp({"size": 9, "grid": blank()})) == "fpuzzles"
    assert detect("https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbQF0BfIA") == "fpuzzles"


def test_unsupported_key_is_named() -> None:
    obj = {"size": 9, "grid": blank(), "clock": [{"cells": ["R1C1"]}]}
    with pytest.raises(PuzzleFormatError, match=r"unsupported: clock"):
        load(fp(obj))


def test_clone_is_read_and_written() -> None:
    obj = {"size": 9, "grid": blank(), "clone": [{"cells": ["R1C1", "R1C2"], "cloneCells": ["R9C8", "R9C9"]}]}
    puzzle = load(fp(obj))
    [clone] = puzzle.clues
    assert isinstance(clone, Clone) and clone.cells == ((1, 1), (1, 2)) and clone.copies == ((9, 8), (9, 9))
    assert to_fpuzzles(puzzle)["clone"] == obj["clone"]
    grid = solve(puzzle).solutions[0]
    assert grid.rows[0][:2] == grid.rows[8][7:]


def test_fromconstraint_cosmetics_are_skipped_and_plain_ones_warned() -> None:
    obj = {
        "size": 9, "grid": blank(),
        "thermometer": [{"lines": [["R1C1", "R1C2", "R1C3"]]}],
        "line": [{"lines": [["R1C1", "R1C2", "R1C3"]], "fromConstraint": "Thermometer"}],
    }
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        puzzle = load(fp(obj))
    assert len(puzzle.clues) == 1
    obj["line"] = [{"lines": [["R5C5", "R5C6"]]}]
    with pytest.warns(FormatWarning, match="ignored f-puzzles drawings"):
        load(fp(obj))


def test_rule_validation_still_applies() -> None:
    obj = {"size": 9, "grid": blank(), "killercage": [{"cells": ["R1C1", "R1C2"], "value": "30"}]}
    with pytest.raises(PuzzleFormatError, match="sum 30 cannot be made"):
        load(fp(obj))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("https://f-puzzles.com/?id=abc123", "needs the network"),
        ("https://www.f-puzzles.com/?load=N4IgzglgXg!!", "not a base64 character"),
        ('{"size": 9, "grid": [[]]}', "grid must be 9 rows"),
        ('{"size": 9, "grid": ' + json.dumps(blank()) + ', "killercage": [{"cells": ["X1"]}]}', "not a cell"),
    ],
)
def test_bad_input_is_one_clear_error(text: str, message: str) -> None:
    with pytest.raises(PuzzleFormatError, match=message):
        parse_many(text, "<t>", "fpuzzles")


def test_writer_fills_the_solution(tmp_path: Path) -> None:
    puzzle = load(str(Path(__file__).resolve().parents[2] / "instances" / "classic-inkala.toml"))
    result = solve(puzzle)
    obj = to_fpuzzles(puzzle, result.solutions[0])
    assert obj["solution"] == [v for row in result.solutions[0].rows for v in row]
    assert obj["grid"][0][0] == {"value": 8, "given": True}
    assert obj["grid"][0][1] == {"value": 1, "given": False}
    # the solver's entries are not read back as givens (and the reader says it skipped them)
    with pytest.warns(FormatWarning, match="ignored 60 f-puzzles solver entries"):
        assert load(fpuzzles_url(puzzle, result.solutions[0])) == puzzle


def test_regions_none_and_rectangular_boxes_round_trip() -> None:
    text = 'size = 6\nbox = "3x2"\ngivens = """\n1 . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . 2\n"""\n'
    puzzle = parse_toml(text, "t.toml")
    assert load(fpuzzles_url(puzzle)) == puzzle
    nobox = parse_toml('size = 4\nbox = "none"\n', "n.toml")
    assert load(fpuzzles_url(nobox)) == nobox


def test_given_pencilmarks_are_read_never_dropped() -> None:
    """A cell's ``givenPencilMarks`` are the only digits it may hold: the 4x4 whose r1c1 may only
    be 1 has 72 grids, not the 288 of a blank 4x4 (the old reader dropped the marks)."""
    grid = blank(4)
    grid[0][0] = {"givenPencilMarks": [1], "centerPencilMarks": [2, 3]}  # the solver's marks are not givens
    puzzle = load(fp({"size": 4, "grid": grid}))
    assert [(c.kind, c.describe()) for c in puzzle.clues] == [("pencilmarks", "pencilmarks at r1c1 (1)")]
    assert count(puzzle).count == 72
    grid[1][1] = {"givenPencilMarks": ["3", 4]}
    two = load(fp({"size": 4, "grid": grid}))
    assert load(fpuzzles_url(two)) == two  # written back as givenPencilMarks
    assert to_fpuzzles(two)["grid"][1][1] == {"givenPencilMarks": [3, 4]}
    grid[2][2] = {"givenPencilMarks": [5]}
    with pytest.raises(PuzzleFormatError, match="digit 5 is outside 1..4"):
        load(fp({"size": 4, "grid": grid}))


def test_double_arrows_and_camel_case_region_sum_lines() -> None:
    """``doublearrow`` is read (and written back) as double arrows; newer files spell the
    region-sum key ``regionSumLine``, read as ``regionsumline``."""
    line = [["R1C1", "R1C2", "R1C3"]]
    puzzle = load(fp({"size": 4, "grid": blank(4), "doublearrow": [{"lines": line}], "regionSumLine": [{"lines": line}]}))
    assert [(c.kind, c.describe()) for c in puzzle.clues] == [
        ("region-sum", "region-sum line from r1c1"), ("double-arrow", "double arrow r1c1-r1c3")]
    assert to_fpuzzles(puzzle)["doublearrow"] == [{"lines": line}]
    assert load(fpuzzles_url(puzzle)) == puzzle
    assert load(fp({"size": 4, "grid": blank(4), "regionsumline": [{"lines": line}]})).clues == puzzle.clues[:1]


def _empty_fpuzzles(**keys: object) -> str:
    return json.dumps({"size": 4, "grid": [[{} for _ in range(4)] for _ in range(4)], **keys})


def test_a_global_flag_that_is_not_a_boolean_is_an_error_not_a_dropped_rule() -> None:
    assert load(_empty_fpuzzles(antiknight=True)).rules == ("anti-knight",)
    assert load(_empty_fpuzzles(antiknight=None)).rules == ()
    for value in ("true", 1, 0, "yes"):
        with pytest.raises(PuzzleFormatError, match="antiknight must be true or false"):
            load(_empty_fpuzzles(antiknight=value))


def test_active_constraints_are_read_past_with_a_warning() -> None:
    cage = [{"cells": ["R1C1", "R2C1"], "value": "7"}]
    with pytest.warns(FormatWarning, match="ignored f-puzzles activeConstraints"):
        puzzle = load(_empty_fpuzzles(killercage=cage, activeConstraints=["Killer Cage"]))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert puzzle == load(_empty_fpuzzles(killercage=cage))


def test_both_one_colour_negative_kropki_rules_are_kropki_negative() -> None:
    # each lets a dot of either colour mark its pair (as f-puzzles means negative ratio or
    # difference), so together they are kropki-negative, which f-puzzles' negative list of both
    # reads back as; before, a 1-2 pair needed both dots and the round trip changed the count
    text = (
        'size = 2\nbox = "none"\nrules = ["kropki-white-negative", "kropki-black-negative"]\n'
        + "".join(f'[[kropki-white]]\ncells = ["{a}", "{b}"]\n'
                  for a, b in (("r1c1", "r1c2"), ("r2c1", "r2c2"), ("r1c1", "r2c1"), ("r1c2", "r2c2")))
    )
    puzzle = parse_toml(text, "neg.toml")
    back = load(fpuzzles_url(puzzle))
    assert back.rules == ("kropki-negative",)
    assert count(puzzle).count == count(back).count == count(parse_toml(text.replace(
        '["kropki-white-negative", "kropki-black-negative"]', '["kropki-negative"]'), "k.toml")).count == 2


def test_nonconsecutive_with_kropki_dots_lets_a_dotted_pair_be_consecutive() -> None:
    # Found by a rule-semantics review: f-puzzles' nonconsecutive with dots means "all white dots
    # shown" (Rangsk's SudokuSolver: the difference dots' neg1; SudokuVariantSolverJS skips
    # every dotted pair); we read it as non-consecutive everywhere, so no white dot could hold
    rows = ((1, 2, 3, 4), (3, 4, 1, 2), (2, 1, 4, 3), (4, 3, 2, 1))
    pairs = [((r, c), (r, c + 1)) for r in range(4) for c in range(3)]
    pairs += [((r, c), (r + 1, c)) for r in range(3) for c in range(4)]
    dotted = [(a, b) for a, b in pairs if abs(rows[a[0]][a[1]] - rows[b[0]][b[1]]) == 1]
    dots = [{"cells": [f"R{a[0] + 1}C{a[1] + 1}", f"R{b[0] + 1}C{b[1] + 1}"]} for a, b in dotted]
    grid = blank(4)
    puzzle = load(fp({"size": 4, "grid": grid, "nonconsecutive": True, "difference": dots}))
    assert puzzle.rules == ("kropki-white-negative",)
    plain = solve(load(fp({"size": 4, "grid": grid})), limit=None).solutions

    def rangsk(g: tuple[tuple[int, ...], ...]) -> bool:  # dotted pairs consecutive, no other pair
        return all((abs(g[a[0]][a[1]] - g[b[0]][b[1]]) == 1) == ((a, b) in dotted) for a, b in pairs)

    assert count(puzzle, limit=None).count == sum(rangsk(g.rows) for g in plain) == 2
    # without dots it stays non-consecutive, and a black dot takes its pair out of it too
    assert load(fp({"size": 4, "grid": grid, "nonconsecutive": True})).rules == ("non-consecutive",)
    black = {"size": 4, "grid": grid, "nonconsecutive": True, "ratio": [{"cells": ["R1C1", "R1C2"], "value": "2"}]}
    assert load(fp(black)).rules == ("kropki-white-negative",)
    with pytest.raises(AspSudokuError, match="non-consecutive with Kropki dots"):
        to_fpuzzles(parse_toml('size = 4\nrules = ["non-consecutive"]\n[[kropki-black]]\ncells = ["r1c1", "r1c2"]\n', "n.toml"))
