"""Readers of ISS constraint types, grouped by theme, one module per group: each module's
`READERS` maps ISS type names to a `Reader` (our rule kind, and the function that adds that
type's clue tables to the puzzle being read).  `asp_sudoku.formats.iss.items` reads the types
of the first rules inline and looks every other type up here; `formats.names` lists them."""

from __future__ import annotations

from asp_sudoku.formats.iss.readers import chaos, logic, sequences, sums
from asp_sudoku.formats.iss.readers.base import Reader
from asp_sudoku.formats.iss.readers.relations import READERS as RELATIONS

READERS: dict[str, Reader] = {**sums.READERS, **sequences.READERS, **RELATIONS, **chaos.READERS, **logic.READERS}
"""ISS type name -> its reader (merged from the theme modules)."""

__all__ = ["READERS", "Reader"]
