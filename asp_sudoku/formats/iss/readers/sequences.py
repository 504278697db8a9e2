"""Readers of ISS types about sequences of digits: rows and columns read as numbers and ranked
(FullRank, with FullRankTies for how ties count)."""

from __future__ import annotations

import re

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.formats.build import unsupported
from asp_sudoku.formats.iss.puzzle import IssPuzzle
from asp_sudoku.formats.iss.readers.base import Reader

_TIES = {"none": "none", "only-unclued": "unclued", "any": "any"}


def _full_rank(p: IssPuzzle, args: list[str], type_: str) -> None:
    """``.FullRank~R3~<rank from the left>~<rank from the right>`` (``C3``: from the top, from
    the bottom); an empty or 0 rank is no clue."""
    match = re.fullmatch(r"([RC])(\d+)", args[0] if args else "", re.IGNORECASE)
    if match is None or not 1 <= int(match.group(2)) <= p.size:
        raise PuzzleFormatError(p.path, 0, f"ISS {type_}: expected a row or column like R3 or C3")
    line = f"{match.group(1).lower()}{match.group(2)}"
    sides = ("top", "bottom") if line[0] == "c" else ("left", "right")
    for side, value in zip(sides, args[1:3]):
        if value and p.number(value, type_):
            table = {"line": line, "side": side, "rank": p.number(value, type_)}
            ties = p.modes.get("full-rank-ties", "unclued")
            if ties != "unclued":
                table["ties"] = ties
            p.add("full-rank", type_, table)


def _full_rank_ties(p: IssPuzzle, args: list[str], type_: str) -> None:
    """``.FullRankTies~none|only-unclued|any``: the ties every full-rank clue allows."""
    mode = args[0] if args else ""
    if mode not in _TIES:
        raise PuzzleFormatError(
            p.path, 0, f"ISS {type_}: {mode[:20]!r} is not none, only-unclued or any"
        )
    ties = _TIES[mode]
    clues = p.data.get("full-rank", [])
    if ties == "none" and not clues:
        raise unsupported(
            p.path,
            0,
            "FullRankTies~none before any FullRank clue",
            "asp-sudoku keeps it on the clues",
        )
    p.modes["full-rank-ties"] = ties
    for table in clues:
        table.pop("ties", None)
        if ties != "unclued":
            table["ties"] = ties


READERS = {
    "FullRank": Reader("full-rank", _full_rank),
    "FullRankTies": Reader("full-rank", _full_rank_ties),
}
