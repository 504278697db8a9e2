"""What a reader of one ISS constraint type is."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from asp_sudoku.formats.iss.puzzle import IssPuzzle


@dataclass(frozen=True)
class Reader:
    """One ISS type: `kind` is our rule it is read as (a clue kind or a global rule name), and
    `read(puzzle, args, type_)` adds its clue tables (or rule) to the puzzle being read."""

    kind: str
    read: Callable[[IssPuzzle, list[str], str], None]
