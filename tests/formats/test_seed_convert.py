"""The converters in tools/: neutral JSON and ISS constraint strings -> TOML puzzle files."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from helpers import DATA, ROOT, puzzle_from_toml

from asp_sudoku.rules.arrow import Arrow
from asp_sudoku.rules.cage_compare import CageCompare
from asp_sudoku.rules.killer import Killer
from asp_sudoku.rules.little_killer import LittleKiller

sys.path.insert(0, str(ROOT / "tools"))
import convert_iss_raw  # noqa: E402
import convert_neutral  # noqa: E402

SHARED = ROOT.parent.parent / "shared" / "instances-raw"
if not SHARED.is_dir():
    SHARED = ROOT.parent / "shared" / "instances-raw"

ENTRY = {
    "size": 9,
    "boxes": "3x3",
    "givens": "1" + "." * 80,
    "global": ["anti_king", "diagonal_anti"],
    "cages": [
        {"label": "a", "sum": None, "cells": ["r9c1", "r9c2"]},
        {"label": "b", "sum": 10, "cells": ["r9c3", "r9c4"]},
        {"sum": "?", "cells": ["r8c8"]},
    ],
    "compares": [{"a": "a", "b": "b", "rel": "sum(a)>sum(b)"}],
    "thermos": [["r5c5", "r5c6"]],
    "arrows": [{"circle": ["r3c5", "r3c4"], "shaft": ["r4c4", "r5c3"]}],
    "little_killers": [
        {"sum": 20, "cells": ["r1c9", "r2c8", "r3c7", "r4c6", "r5c5", "r6c4", "r7c3", "r8c2", "r9c1"]},
        {"sum": 9, "cells": ["r2c8", "r3c7"]},
    ],
    "solution": "1" * 81,
}


def test_neutral_entry_becomes_the_same_puzzle() -> None:
    text = convert_neutral.to_toml("iss:Sample", ENTRY, "sample.json")
    assert "# Published solution: " + "1" * 81 in text
    puzzle = puzzle_from_toml(text)
    assert puzzle.title == "Sample"
    assert puzzle.rules == ("anti-king", "diagonal+")
    assert puzzle.givens == ((1, 1, 1),)
    killers = [c for c in puzzle.clues if isinstance(c, Killer)]
    assert [(k.label, k.total) for k in killers] == [("a", None), ("b", 10), (None, None)]
    [compare] = [c for c in puzzle.clues if isinstance(c, CageCompare)]
    assert (compare.left, compare.relation, compare.right) == ("a", ">", "b")
    [arrow] = [c for c in puzzle.clues if isinstance(c, Arrow)]
    assert arrow.circle == ((3, 4), (3, 5)) and arrow.cells == ((4, 4), (5, 3))
    full, part = [c for c in puzzle.clues if isinstance(c, LittleKiller)]
    assert 'clue = "r0c10"' in text and 'direction = "down-left"' in text
    assert full.cells[0] == (1, 9) and len(full.cells) == 9
    assert part.cells == ((2, 8), (3, 7))


def test_unsupported_entry_is_refused() -> None:
    with pytest.raises(convert_neutral.Unsupported, match="sandwiches"):
        convert_neutral.to_toml("x", {"size": 9, "sandwiches": []}, "x.json")


@pytest.mark.parametrize(
    ("start", "first_steps"),
    [
        ("R1C1", ["r1c1", "r2c2"]),  # left column: down-right
        ("R5C1", ["r5c1", "r6c2"]),
        ("R5C9", ["r5c9", "r4c8"]),  # right column: up-left
        ("R1C9", ["r1c9", "r2c8"]),  # top row: down-left
        ("R9C8", ["r9c8", "r8c9"]),  # bottom row: up-right
        ("R9C1", ["r9c1", "r8c2"]),
    ],
)
def test_iss_little_killer_directions(start: str, first_steps: list[str]) -> None:
    assert convert_iss_raw.little_killer_cells(9, start)[:2] == first_steps


def test_iss_constraint_string() -> None:
    raw = {
        "input": ".PillArrow~2~R1C3~R1C2~R1C1~R2C1.GreaterThan~R5C5~R5C4~R4C5.DisjointSets.~R9C9_4",
        "solution": "",
    }
    entry = convert_iss_raw.to_neutral(raw)
    assert entry["arrows"] == [{"circle": ["r1c3", "r1c2"], "shaft": ["r1c1", "r2c1"]}]
    assert entry["greater_than"] == [["r5c5", "r5c4"], ["r5c5", "r4c5"]]
    assert entry["global"] == ["disjoint_groups"]
    puzzle = puzzle_from_toml(convert_neutral.to_toml("iss:t", entry, "raw"))
    assert puzzle.rules == ("disjoint-groups",) and puzzle.givens == ((9, 9, 4),)
    with pytest.raises(convert_neutral.Unsupported):
        convert_iss_raw.to_neutral({"input": ".~R1C1_1_2"})


@pytest.mark.skipif(not (SHARED / "iss_neutral.jsonl").is_file(), reason="needs the shared collection next to the repo")
def test_committed_iss_files_are_what_the_script_writes(tmp_path: Path) -> None:
    assert convert_neutral.main([str(SHARED / "iss_neutral.jsonl"), str(tmp_path), "--numbered",
                                 "--index", str(tmp_path / "index.json")]) == 0
    written = sorted(p.name for p in tmp_path.iterdir())
    committed = sorted(p.name for p in (DATA / "iss").iterdir() if p.name != "README.md")
    assert written == committed
    for name in written:
        assert (tmp_path / name).read_text(encoding="utf-8") == (DATA / "iss" / name).read_text(encoding="utf-8")
    assert json.loads((tmp_path / "index.json").read_text()) == json.loads((DATA / "iss" / "index.json").read_text())


SEED_INSTANCES = [
    "miracle.toml", "spoons.toml", "killer-wikipedia.toml", "killer-daily-hard.toml",
    "killer-most-difficult.toml", "greater-killer-daily-hard.toml", "little-killer.toml",
    "arrow-ctc-tribute.toml", "disjoint-groups-barbed-cross.toml", "pill-arrow.toml",
    "greater-than-fortress.toml", "windoku.toml", "extra-region-windoku.toml",
]


@pytest.mark.parametrize("folder", ["iss", "iss-raw", "instances"])
def test_seed_rule_puzzles_write_back_to_equal_toml(folder: str) -> None:
    """The TOML writer (formats/toml/writer.py) round-trips every clue kind of the seed rules."""
    from asp_sudoku.formats import load, parse_many
    from asp_sudoku.formats.toml.writer import to_toml

    if folder == "instances":
        paths = [ROOT / "instances" / name for name in SEED_INSTANCES]
    else:
        paths = sorted((DATA / folder).glob("*.toml"))
    kinds = set()
    for path in paths:
        puzzle = load(str(path))
        [again] = parse_many(to_toml(puzzle), str(path), "toml")
        assert again == puzzle, path.name
        kinds |= {c.kind for c in puzzle.clues}
    expected = {
        "iss": {"killer", "thermo", "arrow", "little-killer"},
        "iss-raw": {"arrow", "greater-than", "little-killer"},
        "instances": {"killer", "cage-compare", "thermo", "arrow", "little-killer", "greater-than", "extra-region"},
    }
    assert kinds >= expected[folder]
