"""SudokuPad: fpuz ids exactly, scl/ctc ids for givens, regions, cages, metadata and global rules."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from helpers import INSTANCES

from asp_sudoku import load, solve
from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.formats import detect, parse_many
from asp_sudoku.formats.fpuzzles import FormatWarning
from asp_sudoku.formats.fpuzzles.writer import to_fpuzzles
from asp_sudoku.formats.lzstring import compress_to_base64
from asp_sudoku.formats.sudokupad import PROP_MAP, unzip

INKALA = "812753649943682175675491283154237896369845721287169534521974368438526917796318452"


def zip_puzzle(obj: Any) -> str:
    """A test-side PuzzleZipper: short keys, unquoted keys, t/f, single quotes."""

    def rename(o: Any) -> Any:
        if isinstance(o, list):
            return [rename(v) for v in o]
        if isinstance(o, dict):
            return {PROP_MAP.get(k, k): rename(v) for k, v in o.items()}
        return o

    text = json.dumps(rename(obj), separators=(",", ":"))
    text = re.sub(r'([,{\[])"([a-zA-Z0-9]+)":', r"\1\2:", text)
    text = re.sub(r"(:)false([,}\]])", r"\1f\2", text)
    text = re.sub(r"(:)true([,}\]])", r"\1t\2", text)
    return text.replace("'", "\\'").replace('"', "'")


def scl(givens: str, **extra: Any) -> dict[str, Any]:
    cells = [[({"value": int(givens[r * 9 + c])} if givens[r * 9 + c] != "." else {}) for c in range(9)] for r in range(9)]
    regions = [[[r, c] for r in range(top, top + 3) for c in range(left, left + 3)] for top in (0, 3, 6) for left in (0, 3, 6)]
    return {"id": "t", "cellSize": 64, "cells": cells, "regions": regions, **extra}


def inkala_givens() -> str:
    puzzle = load(str(INSTANCES / "classic-inkala.toml"))
    grid = puzzle.given_grid()
    return "".join(str(v) if v else "." for row in grid for v in row)


def test_fpuz_id_is_an_fpuzzles_payload() -> None:
    puzzle = load(str(INSTANCES / "classic-inkala.toml"))
    payload = compress_to_base64(json.dumps(to_fpuzzles(puzzle)))
    for link in (f"https://sudokupad.app/fpuzzles{payload}", f"https://sudokupad.app/sudoku/fpuz{payload}", f"fpuzzles{payload}"):
        assert detect(link) == "sudokupad"
        assert load(link) == puzzle


def test_scl_id_reads_givens_cages_globals_and_metadata() -> None:
    obj = scl(
        inkala_givens(),
        cages=[
            {"cells": [[8, 7], [8, 8]], "value": "7", "unique": True},
            {"value": "title: Inkala with a cage"},
            {"value": "author: test"},
        ],
        metadata={"antiknight": False},
    )
    link = "https://sudokupad.app/scl" + compress_to_base64(zip_puzzle(obj))
    puzzle = load(link)
    assert puzzle.title == "Inkala with a cage" and puzzle.author == "test"
    assert [c.kind for c in puzzle.clues] == ["killer"]
    result = solve(puzzle)
    assert result.status == "unique" and result.solutions[0].as_string() == INKALA


def test_scl_global_rules_and_ctc_alias() -> None:
    obj = scl("." * 81, **{"global": ["antiknight", "antiking", "nonconsecutive"]})
    puzzle = load("ctc" + compress_to_base64(zip_puzzle(obj)))
    assert puzzle.rules == ("anti-king", "anti-knight", "non-consecutive")


def test_drawings_are_ignored_with_a_warning() -> None:
    obj = scl(inkala_givens(), lines=[{"wayPoints": [[0.5, 0.5], [1.5, 1.5]], "color": "#CFCFCF", "thickness": 21}])
    with pytest.warns(FormatWarning, match=r"ignored SudokuPad drawings \(1 lines\)"):
        load("scl" + compress_to_base64(zip_puzzle(obj)))


def test_unzip_matches_plain_json() -> None:
    obj = scl("1" + "." * 80, cages=[{"cells": [[0, 1]], "value": "2", "unique": True}])
    assert unzip(zip_puzzle(obj)) == obj


@pytest.mark.parametrize("link", ["https://sudokupad.app/8bNmDd4J9G", "https://sudokupad.app/sudoku/8bNmDd4J9G",
                                  "sudokupad.app/sudoku/8bNmDd4J9G", "sudokupad.app/8bNmDd4J9G"])
def test_short_ids_need_the_network(link: str) -> None:
    # without https:// the id was quoted with the host and its last character cut (a QA pass)
    with pytest.raises(PuzzleFormatError, match="short id '8bNmDd4J9G': .*needs the network"):
        load(link)


def test_unsupported_global_is_named() -> None:
    obj = scl("." * 81, **{"global": ["antitaxicab"]})
    with pytest.raises(PuzzleFormatError, match="unsupported: global antitaxicab"):
        load("scl" + compress_to_base64(zip_puzzle(obj)))


def test_scl_given_centre_marks_are_pencilmarks_and_corner_marks_are_refused() -> None:
    # Inkala's r1c2 is empty and its solution holds INKALA[1] there: given centre marks that
    # include that digit keep the one solution, marks without it leave none (never dropped, as
    # f-puzzles givenPencilMarks are not).
    obj = scl(inkala_givens())
    solution_digit = int(INKALA[1])
    for marks, status in (([solution_digit, solution_digit % 9 + 1], "unique"), ([solution_digit % 9 + 1], "unsatisfiable")):
        obj["cells"][0][1] = {"givenCentremarks": marks}
        puzzle = load("https://sudokupad.app/scl" + compress_to_base64(zip_puzzle(obj)))
        [clue] = [c for c in puzzle.clues if c.kind == "pencilmarks"]
        assert clue.cells == ((1, 2),) and list(clue.digits) == sorted(marks)
        assert solve(puzzle).status == status
    obj["cells"][0][1] = {"givenPencilmarks": [1, 2]}
    with pytest.raises(PuzzleFormatError, match="corner pencil marks given in r1c2"):
        load("https://sudokupad.app/scl" + compress_to_base64(zip_puzzle(obj)))


def test_a_given_zero_is_refused_and_a_cage_label_that_is_no_sum_is_warned_about() -> None:
    # a 0 was read as an empty cell, and a cage labelled "x24" lost its label, both unsaid
    zero = scl("0" + "." * 80)
    with pytest.raises(PuzzleFormatError, match=r"r1c1 holds 0.*values = \"0-8\""):
        load("https://sudokupad.app/scl" + compress_to_base64(zip_puzzle(zero)))
    for label in ("x24", "15?"):
        labelled = scl("." * 81, cages=[{"cells": [[0, 0], [0, 1]], "value": label}])
        with pytest.warns(FormatWarning, match=f"labelled '{re.escape(label)}', which is no sum"):
            puzzle = load("https://sudokupad.app/scl" + compress_to_base64(zip_puzzle(labelled)))
        (cage,) = puzzle.clues
        assert cage.kind == "killer" and cage.total is None  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"regions": [5]}, "region 1 must be a list of cells"),
        ({"regions": [[[0]]]}, "[0] is not a cell [row, col]"),
        ({"cages": [{"cells": 5, "value": 3}]}, "a cage's cells must be a list of [row, col], not 5"),
        ({"cages": 5}, "cages must be a list, not int"),
        ({"lines": 5}, "lines must be a list, not int"),
        ({"global": 5}, "global must be a list, not int"),
        ({"cages": [{"cells": [[0, 0], [0, "x"]], "value": 3}]}, "is not a cell [row, col]"),
    ],
    ids=["region-number", "region-short-cell", "cage-cells-number", "cages-number", "lines-number", "global-number",
         "cage-cell-text"],
)
def test_wrongly_typed_fields_are_refused_not_an_internal_error(extra: dict[str, Any], message: str) -> None:
    """Found by a QA pass: these were TypeError or IndexError inside the reader (exit 70,
    "internal error"; a batch stopped at the first), as the raw JSON and as an scl link."""
    obj = {**scl(INKALA[:9] + "." * 72), **extra}
    for text in (json.dumps(obj), "https://sudokupad.app/scl" + compress_to_base64(zip_puzzle(obj))):
        with pytest.raises(PuzzleFormatError) as caught:
            parse_many(text)
        assert message in caught.value.message
