"""Writers of the ISS types that relate the digits of cells to each other (read by
`formats.iss.readers.relations`): same-value sets, indexing, pair relations, modular and lockout
lines, value indexing."""

from __future__ import annotations

from asp_sudoku.core.model import Clue, Puzzle
from asp_sudoku.formats.iss.readers.relations import _BASE64
from asp_sudoku.formats.iss.writer.base import ClueWriter, cell_ids, item, refuse
from asp_sudoku.rules.base import OnCells
from asp_sudoku.rules.indexing import Indexing
from asp_sudoku.rules.lockout import Lockout
from asp_sudoku.rules.modular import Modular
from asp_sudoku.rules.pair import Pair
from asp_sudoku.rules.same_values import SameValues


def _same_values(clue: Clue, puzzle: Puzzle) -> str:
    """``.SameValues~N~cells``: the N sets one after the other."""
    assert isinstance(clue, SameValues)
    return item("SameValues", len(clue.cells) // clue.size, *cell_ids(clue.cells))


def _indexing(clue: Clue, puzzle: Puzzle) -> str:
    """``.Indexing~C~cells`` (column indexing) or ``.Indexing~R~cells`` (row indexing)."""
    assert isinstance(clue, Indexing)
    letter = {"column": "C", "row": "R"}.get(clue.direction)
    if letter is None:
        raise refuse(f"indexing clue with direction {clue.direction}", "only column and row indexing")
    return item("Indexing", letter, *cell_ids(clue.cells))


def relation_key(allowed: tuple[tuple[int, int], ...], puzzle: Puzzle) -> str:
    """ISS's binary key of the digit pairs allowed: bit i*N + j (the i-th digit then the j-th,
    from 0; N the number of the grid's digits, as the reader reads it) set, six bits a
    character, lowest bit first."""
    n, low = len(puzzle.digit_range), puzzle.digits[0]
    bits = [0] * (n * n)
    for a, b in allowed:
        bits[(a - low) * n + (b - low)] = 1
    chars = []
    for start in range(0, len(bits), 6):
        chunk = bits[start : start + 6]
        chars.append(_BASE64[sum(bit << i for i, bit in enumerate(chunk))])
    return "".join(chars)


def _pair(clue: Clue, puzzle: Puzzle) -> str:
    """``.Pair~KEY~cells`` (neighbours on the list) or ``.PairX~KEY~cells`` (every two cells)."""
    assert isinstance(clue, Pair)
    allowed = set(clue.allowed)
    if clue.all and any((b, a) not in allowed for a, b in allowed):
        raise refuse("pair clue on all pairs with a relation that is not symmetric", "ISS's PairX needs a symmetric one")
    return item("PairX" if clue.all else "Pair", relation_key(clue.allowed, puzzle), *cell_ids(clue.cells))


def _modular(clue: Clue, puzzle: Puzzle) -> str:
    """``.Modular~M~cells``."""
    assert isinstance(clue, Modular)
    return item("Modular", clue.modulus, *cell_ids(clue.cells))


def _lockout(clue: Clue, puzzle: Puzzle) -> str:
    """``.Lockout~D~cells``."""
    assert isinstance(clue, Lockout)
    return item("Lockout", clue.difference, *cell_ids(clue.cells))


def _value_indexing(clue: Clue, puzzle: Puzzle) -> str:
    """``.ValueIndexing~cells``."""
    assert isinstance(clue, OnCells)
    return item("ValueIndexing", *cell_ids(clue.cells))


WRITERS: dict[str, ClueWriter] = {
    "same-values": _same_values,
    "indexing": _indexing,
    "pair": _pair,
    "modular": _modular,
    "lockout": _lockout,
    "value-indexing": _value_indexing,
}
"""Our clue kind -> the writer of one clue as one ISS item."""
