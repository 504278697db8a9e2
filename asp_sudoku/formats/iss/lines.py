"""One-line inputs the Interactive Sudoku Solver reads besides its constraint strings: SudoCue
killers (``3x3:<d>:k:<sum*256+cage>:...``), the enjoysudoku "snarfable" killer arrows (81
characters of sums and ``<>^v`` pointers) and plain givens (one character per cell)."""

from __future__ import annotations

import re
from typing import Any

from asp_sudoku.core.errors import PuzzleFormatError


def plain_givens(text: str, size: int, path: str) -> dict[str, Any]:
    """ISS plain givens: one character per cell, 1-9 (or A.. for grids past 9); anything else empty."""
    base = "A" if size > 9 else "1"
    rows = []
    for r in range(size):
        tokens = []
        for ch in text[r * size : (r + 1) * size]:
            value = ord(ch) - ord(base) + 1
            tokens.append(str(value) if 1 <= value <= size else ".")
        rows.append(" ".join(tokens))
    return {"size": size, "givens": "\n".join(rows)}


def _cages_data(cages: dict[int, tuple[int, list[int]]], diagonals: bool) -> dict[str, Any]:
    data: dict[str, Any] = {"size": 9}
    if diagonals:
        data["rules"] = ["diagonals"]
    data["killer"] = [
        {"cells": [f"r{i // 9 + 1}c{i % 9 + 1}" for i in cells], **({"sum": total} if total else {})}
        for total, cells in cages.values()
    ]
    return data


def data_from_sudocue_killer(text: str, path: str) -> dict[str, Any]:
    """SudoCue's killer format ``3x3:<d?>:k:<sum*256+cage>:...`` (81 numbers)."""
    parts = text.strip().split(":")
    if len(parts) != 81 + 4 or parts[0] != "3x3" or parts[2] != "k":
        raise PuzzleFormatError(path, 0, "a SudoCue killer line is 3x3:<d>:k: and 81 numbers")
    cages: dict[int, tuple[int, list[int]]] = {}
    for i, token in enumerate(parts[3:84]):
        if not token.isdigit():
            raise PuzzleFormatError(path, 0, f"SudoCue killer: {token[:10]!r} is not a number")
        total, cage = divmod(int(token), 256)
        if total:
            cages.setdefault(cage, (total, []))[1].append(i)
    return _cages_data(cages, parts[1] == "d")


_ARROWS = {"v": 9, "^": -9, "<": -1, ">": 1, "`": -10, "'": -8, ",": 8, ".": 10}


def data_from_killer_arrows(text: str, path: str) -> dict[str, Any]:
    """The enjoysudoku "snarfable" killer format: 81 characters, each a sum or an arrow."""
    text = re.sub(r"\s+", "", text)
    target = [i + _ARROWS.get(ch, 0) for i, ch in enumerate(text)]
    cages: dict[int, tuple[int, list[int]]] = {}
    for i in range(81):
        j, steps = i, 0
        while target[j] != j:
            j = target[j]
            steps += 1
            if steps > 9 or not 0 <= j < 81:
                raise PuzzleFormatError(path, 0, "killer arrows: a pointer leaves the grid or loops")
        ch = text[j]
        total = int(ch) if ch.isdigit() else ord(ch) - 55 if "A" <= ch <= "Z" else ord(ch) - 61 if "a" <= ch <= "j" else None
        if total is None:
            continue
        cages.setdefault(j, (total, []))[1].append(i)
    return _cages_data(cages, False)


def looks_like_killer_arrows(text: str) -> bool:
    """81 characters of sums and arrow pointers."""
    t = re.sub(r"\s+", "", text)
    return len(t) == 81 and re.search(r"[<v>^`',]", t) is not None and re.fullmatch(r"[0-9A-Za-j^<v>`',.]*", t) is not None
