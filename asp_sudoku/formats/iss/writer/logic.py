"""Writing any-of clues as ISS's composites: ``.Or.<alternative>...End``, an alternative of one
clue as its item, of several (or none) as ``.And...End``; a pencilmarks clue inside as a given
with candidates (``.~R1C1_1_2``), as the reader reads it."""

from __future__ import annotations

from asp_sudoku.core.model import Clue, Puzzle
from asp_sudoku.formats.iss.writer.base import ClueWriter, cell_id, item, refuse
from asp_sudoku.rules.any_of import AnyOf
from asp_sudoku.rules.pencilmarks import Pencilmarks


def _clue_item(clue: Clue, puzzle: Puzzle) -> str:
    """One clue inside an alternative as one ISS item."""
    if isinstance(clue, Pencilmarks):
        return item("", "_".join([cell_id(clue.cells[0]), *map(str, clue.digits)]))
    from asp_sudoku.formats.iss.writer import WRITERS  # the package's table holds this module's

    writer = WRITERS.get(clue.kind)
    if writer is None:
        raise refuse(f"{clue.kind} clue")
    return writer(clue, puzzle)


def _any_of(clue: Clue, puzzle: Puzzle) -> str:
    assert isinstance(clue, AnyOf)
    parts = []
    for alt in clue.alternatives:
        items = [_clue_item(c, puzzle) for c in alt]
        parts.append(items[0] if len(items) == 1 else ".And" + "".join(items) + ".End")
    return ".Or" + "".join(parts) + ".End"


WRITERS: dict[str, ClueWriter] = {"any-of": _any_of}
