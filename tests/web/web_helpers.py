"""What the web tests share: the TAREK killer in its forms, a small puzzle with extra cells, and a
grid read back checked."""

from __future__ import annotations

import tomllib

from helpers import DATA

from asp_sudoku.checker import violations
from asp_sudoku.core.model import Grid, Puzzle
from asp_sudoku.formats import parse_many

EXTRA = """size = 4
givens = ["1 . . .", ". . 3 .", ". 1 . .", ". . . 2"]
[[extra]]
name = "V"
count = 2

[[weighted-sum]]
cells = ["V1", "r1c1", "r1c2"]
weights = [-1, 1, 1]
sum = 0

[[weighted-sum]]
cells = ["V2", "r4c4"]
weights = [-1, 2]
sum = 0
"""  # V1 = r1c1 + r1c2, V2 = 2 * r4c4: the path removes candidates of both, then places them

TAREK = DATA / "iss" / "071-c-5-ed-h-r-k-c-n-j-8-p-n-i.toml"  # a TAREK killer (ISS collection TAREK_ALL)


def tarek_puzzle() -> Puzzle:
    """The TAREK killer as read from its TOML file."""
    [puzzle] = parse_many(TAREK.read_text(encoding="utf-8"), str(TAREK))
    return puzzle


def tarek_iss() -> str:
    """The TAREK killer as an Interactive Sudoku Solver constraint string (`.Cage~SUM~R1C1~...`),
    written here from the TOML's cages (no writer of ours is involved)."""
    data = tomllib.loads(TAREK.read_text(encoding="utf-8"))
    return "".join(f".Cage~{cage['sum']}~" + "~".join(c.upper() for c in cage["cells"]) for cage in data["killer"])


def checked_grid(puzzle: Puzzle, rows: list[list[int]]) -> Grid:
    """The grid of an answer, after the independent checker has accepted it."""
    grid = Grid(tuple(tuple(row) for row in rows))
    assert violations(puzzle, grid) == []
    return grid
