"""Readers of ISS types that relate the digits of cells to each other: same-value sets,
indexing, key-based pair relations, modular lines, lockout lines, value indexing, and the global
rules of that kind (global mod 3, global entropy, anti-taxicab, Dutch flatmates)."""

from __future__ import annotations

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.formats.iss.puzzle import IssPuzzle
from asp_sudoku.formats.iss.readers.base import Reader
from asp_sudoku.formats.iss.readers.chaos import is_region_cell, same_region


def _error(p: IssPuzzle, type_: str, message: str) -> PuzzleFormatError:
    return PuzzleFormatError(p.path, 0, f"ISS {type_}: {message}")


def same_values(p: IssPuzzle, args: list[str], type_: str) -> None:
    """``.SameValues~N~cells``: the cells split, in order, into N sets of equal size."""
    if not args:
        raise _error(p, type_, "expected a number of sets and cells")
    if any(is_region_cell(a) for a in args[1:]):
        same_region(p, args, type_)
        return
    count = p.number(args[0], type_)
    names = p.names(args[1:], type_)
    if count < 1 or len(names) % count:
        raise _error(p, type_, f"{len(names)} cells do not split into {count} sets")
    if count < 2:
        return  # one set: nothing to compare
    size = len(names) // count
    p.add("same-values", type_, {"sets": [names[i : i + size] for i in range(0, len(names), size)]})


def indexing(p: IssPuzzle, args: list[str], type_: str) -> None:
    """``.Indexing~C~cells`` (column indexing) or ``.Indexing~R~cells`` (row indexing)."""
    direction = {"C": "column", "R": "row"}.get(args[0] if args else "")
    if direction is None:
        raise _error(p, type_, f"the indexing type {(args[0] if args else '')[:5]!r} is not C or R")
    p.add("indexing", type_, {"cells": p.names(args[1:], type_), "direction": direction})


_BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def _low(p: IssPuzzle) -> int:
    """The smallest digit of the grid being read (0 for a grid of digits 0-N)."""
    return 0 if str(p.data.get("values", "")).startswith("0") else 1


def relation_pairs(p: IssPuzzle, key: str, type_: str) -> list[tuple[int, int]]:
    """The digit pairs (a, b) an ISS binary key allows: bit (i-1)*N + (j-1) of the key (N digits) (six
    bits a character, URL-safe base64, lowest bit first) allows the i-th digit then the j-th."""
    low, high = (int(v) for v in str(p.data.get("values", f"1-{max(p.size, p.cols)}")).split("-"))
    n = high - low + 1  # ISS's key covers every pair of the grid's digits
    bits = []
    for char in key:
        index = _BASE64.find(char)
        if index < 0:
            raise _error(p, type_, f"{key[:20]!r} is not a relation key")
        bits += [(index >> b) & 1 for b in range(6)]
    return [(i + low, j + low) for i in range(n) for j in range(n) if i * n + j < len(bits) and bits[i * n + j]]


def named_groups(items: list[str]) -> list[list[str]]:
    """ISS cell groups: an empty item or a name (``_name``) starts a new group."""
    groups: list[list[str]] = [[]]
    for item in items:
        if not item or item.startswith("_"):
            groups.append([])
        else:
            groups[-1].append(item)
    return [g for g in groups if g]


def pair(p: IssPuzzle, args: list[str], type_: str) -> None:
    """``.Pair~KEY~[_name]~cells~~cells...`` (neighbours in each group compared) and ``.PairX``
    (every two cells of a group); ``.Binary`` and ``.BinaryX`` are the same with the legacy key,
    whose last two base64 characters are swapped."""
    if not args:
        raise _error(p, type_, "expected a relation key and cells")
    key = args[0]
    if type_ in ("Binary", "BinaryX"):
        key = key.translate(str.maketrans("-_", "_-"))
    allowed = relation_pairs(p, key, type_)
    every = type_ in ("PairX", "BinaryX")
    if every and any((b, a) not in allowed for a, b in allowed):
        raise _error(p, type_, "the relation of a pairwise constraint on all pairs must be symmetric")
    for group in named_groups(args[1:]):
        if len(group) < 2:
            continue
        table: dict[str, object] = {"cells": p.names(group, type_), "allowed": [list(x) for x in allowed]}
        if every:
            table["all"] = True
        p.add("pair", type_, table)


def modular(p: IssPuzzle, args: list[str], type_: str) -> None:
    """``.Modular~M~cells``."""
    if len(args) < 2:
        raise _error(p, type_, "expected a modulus and cells")
    p.add("modular", type_, {"cells": p.names(args[1:], type_), "modulus": p.number(args[0], type_)})


def lockout(p: IssPuzzle, args: list[str], type_: str) -> None:
    """``.Lockout~D~cells``: the ends differ by at least D.  ISS keeps the ends different
    whatever D (handlers.js Lockout: its ends are exclusion cells), so a D below 1 reads as 1."""
    if len(args) < 3:
        raise _error(p, type_, "expected a difference and at least two cells")
    difference = max(p.number(args[0], type_), 1)
    p.add("lockout", type_, {"cells": p.names(args[1:], type_), "difference": difference})


def value_indexing(p: IssPuzzle, args: list[str], type_: str) -> None:
    """``.ValueIndexing~cells``: the digit cell, the index cell, then the indexed cells."""
    p.add("value-indexing", type_, {"cells": p.names(args, type_)})


READERS: dict[str, Reader] = {
    "SameValues": Reader("same-values", same_values),
    "Indexing": Reader("indexing", indexing),
    "Pair": Reader("pair", pair),
    "PairX": Reader("pair", pair),
    "Binary": Reader("pair", pair),
    "BinaryX": Reader("pair", pair),
    "Modular": Reader("modular", modular),
    "Lockout": Reader("lockout", lockout),
    "ValueIndexing": Reader("value-indexing", value_indexing),
}
