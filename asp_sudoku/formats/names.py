"""What each of our rules is called in the foreign formats we read: f-puzzles JSON keys,
SudokuPad's native global rules, and Interactive Sudoku Solver (ISS) constraint types, taken
from the readers' own tables (plus the types the readers handle one by one).  A rule missing
from a format's table here is one that format cannot express, or that we cannot read from it:
`tests/formats/test_names.py` lists both for each format."""

from __future__ import annotations

from collections.abc import Iterable

# ISS types each read by code of its own in formats/iss/ (not by a table there).
_ISS_SPECIAL = {
    "killer": ("Cage",),
    "arrow": ("Arrow", "PillArrow"),
    "whispers": ("Whisper",),
    "sandwich": ("Sandwich",),
    "x-sum": ("XSum",),
    "skyscraper": ("Skyscraper",),
    "quadruple": ("Quad",),
    "diagonal+": ("Diagonal~1",),
    "diagonal-": ("Diagonal~-1",),
    "pencilmarks": ("givens with several digits (R1C1_1_2)",),
    "chaos-same-region": ("SameValues on region cells (CC1, CC2, ...)",),
    "chaos-region-count": ("CountDistinct on region cells (CC1, CC2, ...)",),
    "weighted-sum": ("Sum", "Cage listing a cell twice", "Arrow on cells not in a line"),
}

# f-puzzles keys each read by code of its own (not by a table there).
_FPUZZLES_SPECIAL = {
    "pencilmarks": ("grid cell givenPencilMarks",),
    "windoku": ("extraregion (all the windows of the grid)",),
}


def _invert(pairs: Iterable[tuple[str, str]]) -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {}
    for foreign, ours in pairs:
        out.setdefault(ours, []).append(foreign)
    return {ours: tuple(sorted(set(names))) for ours, names in out.items()}


def fpuzzles_names() -> dict[str, tuple[str, ...]]:
    """Our rule name -> the f-puzzles keys read as it."""
    from asp_sudoku.formats.fpuzzles import GLOBAL_KEYS
    from asp_sudoku.formats.fpuzzles.keys import CLUE_KEYS, NEGATIVE_RULES

    pairs = [*GLOBAL_KEYS.items(), *((key, kind) for key, (kind, _) in CLUE_KEYS.items())]
    pairs += [(f'negative: ["{key}"]', rule) for key, rule in NEGATIVE_RULES.items()]
    pairs.append(('negative: ["difference", "ratio"]', "kropki-negative"))  # both at once: every dot shown
    pairs += [(key, ours) for ours, keys in _FPUZZLES_SPECIAL.items() for key in keys]
    return _invert(pairs)


def sudokupad_names() -> dict[str, tuple[str, ...]]:
    """Our rule name -> SudokuPad's native global rules read as it (clues in SudokuPad's own
    format are drawings; its `fpuz` ids carry f-puzzles JSON, where the f-puzzles names apply)."""
    from asp_sudoku.formats.sudokupad import GLOBALS

    # Cages with a sum are killer cages there; a cell's given centre marks, its pencil marks.
    return _invert([*GLOBALS.items(), ("cages", "killer"), ("givenCentremarks", "pencilmarks")])


def iss_names() -> dict[str, tuple[str, ...]]:
    """Our rule name -> the ISS constraint types read as it."""
    from asp_sudoku.formats.iss.items import GLOBAL_TYPES, LINE_TYPES, PAIR_TYPES
    from asp_sudoku.formats.iss.readers import READERS

    pairs = [*GLOBAL_TYPES.items(), *LINE_TYPES.items(), *((t, kind) for t, (kind, _) in PAIR_TYPES.items())]
    pairs += [(t, reader.kind) for t, reader in READERS.items()]
    pairs += [(t, ours) for ours, types in _ISS_SPECIAL.items() for t in types]
    return _invert(pairs)


FORMATS = {"f-puzzles": fpuzzles_names, "SudokuPad": sudokupad_names, "ISS": iss_names}
"""Each foreign format's name table, by the format's name."""
