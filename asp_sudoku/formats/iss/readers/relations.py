"""Readers of ISS types that relate the digits of cells to each other: same-value sets,
indexing, key-based pair relations, modular lines, lockout lines, value indexing, and the global
rules of that kind (global mod 3, global entropy, anti-taxicab, Dutch flatmates)."""

from __future__ import annotations

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.formats.iss.puzzle import IssPuzzle
from asp_sudoku.formats.iss.readers.base import Reader


def _error(p: IssPuzzle, type_: str, message: str) -> PuzzleFormatError:
    return PuzzleFormatError(p.path, 0, f"ISS {type_}: {message}")


def same_values(p: IssPuzzle, args: list[str], type_: str) -> None:
    """``.SameValues~N~cells``: the cells split, in order, into N sets of equal size."""
    if not args:
        raise _error(p, type_, "expected a number of sets and cells")
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


READERS: dict[str, Reader] = {
    "SameValues": Reader("same-values", same_values),
    "Indexing": Reader("indexing", indexing),
}
