"""Readers of ISS types about sequences of digits: rows and columns read as numbers and ranked
(FullRank, with FullRankTies for how ties count), and lines whose digits an automaton accepts
(Regex, and NFA in ISS's serialised form, decoded here into the automaton's moves), and the
first hidden skyscraper seen along a row or column (HiddenSkyscraper), and cells holding digits
as many times as a look-and-say clue says (LookAndSay)."""

from __future__ import annotations

import base64
import binascii
import re
from typing import Any
from urllib.parse import unquote

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.formats.build import unsupported
from asp_sudoku.formats.iss.puzzle import IssPuzzle
from asp_sudoku.formats.iss.readers.base import Reader

_TIES = {"none": "none", "only-unclued": "unclued", "any": "any"}


def _line(p: IssPuzzle, args: list[str], type_: str) -> tuple[str, tuple[str, str]]:
    """The row or column of an outside clue (``R3``/``C3`` -> ``r3``/``c3``) and its two sides,
    in the order ISS gives the two values."""
    match = re.fullmatch(r"([RC])([0-9]+)", args[0] if args else "", re.IGNORECASE)
    if match is None or not 1 <= int(match.group(2)) <= (p.cols if match.group(1) in "Cc" else p.size):
        raise PuzzleFormatError(p.path, 0, f"ISS {type_}: expected a row or column like R3 or C3")
    line = f"{match.group(1).lower()}{match.group(2)}"
    return line, (("top", "bottom") if line[0] == "c" else ("left", "right"))


def _full_rank(p: IssPuzzle, args: list[str], type_: str) -> None:
    """``.FullRank~R3~<rank from the left>~<rank from the right>`` (``C3``: from the top, from
    the bottom); an empty or 0 rank is no clue."""
    line, sides = _line(p, args, type_)
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
    clues = [*p.data.get("full-rank", []), *_inside_composites(p.data.get("any-of", []))]
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


def _inside_composites(tables: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The full-rank tables inside the alternatives of any-of tables (an ISS Or read before the
    FullRankTies item), at any depth: ISS has one FullRankTies for every FullRank."""
    found: list[dict[str, Any]] = []
    for table in tables:
        for alternative in table.get("alternatives", []):
            found += alternative.get("full-rank", [])
            found += _inside_composites(alternative.get("any-of", []))
    return found


def _hidden_skyscraper(p: IssPuzzle, args: list[str], type_: str) -> None:
    """``.HiddenSkyscraper~R3~<digit from the left>~<digit from the right>`` (``C3``: from the
    top, from the bottom); an empty value is no clue, and so is 0 unless the grid has a 0."""
    line, sides = _line(p, args, type_)
    zero = str(p.data.get("values", "")).startswith("0")
    for side, value in zip(sides, args[1:3]):
        if value and (zero or p.number(value, type_)):
            p.add(
                "hidden-skyscraper",
                type_,
                {"line": line, "side": side, "digit": p.number(value, type_)},
            )


def _look_and_say(p: IssPuzzle, args: list[str], type_: str) -> None:
    """``.LookAndSay~3518~cells``: the cells hold exactly three 5s and one 8."""
    if not args:
        raise PuzzleFormatError(p.path, 0, f"ISS {type_}: expected a clue and cells")
    p.add("look-and-say", type_, {"cells": p.names(args[1:], type_), "clue": args[0]})


def _line_groups(p: IssPuzzle, items: list[str], type_: str, named: bool) -> list[list[str]]:
    """The cell lists of a Regex or NFA item: groups of cell ids separated by empty items (an
    NFA group may start with its name, ``_Name``)."""
    groups: list[list[str]] = [[]]
    for item in items:
        if not item:
            groups.append([])
        elif named and item.startswith("_") and not groups[-1]:
            continue
        else:
            groups[-1].append(p.name(item, type_))
    return [g for g in groups if g]


def _b64(token: str) -> bytes:
    """ISS's base64 (URL alphabet, padding optional), strictly: a character outside the alphabet
    is an error, not skipped (``((((`` decoded to an empty pattern that no line matches)."""
    return base64.b64decode(token + "=" * (-len(token) % 4), altchars=b"-_", validate=True)


def _regex(p: IssPuzzle, args: list[str], type_: str) -> None:
    """``.Regex~<pattern, base64>~cells~~cells...``: each line's digits match the pattern."""
    token = args[0] if args else ""
    try:
        if "%" in token:
            pattern = unquote(token)
        else:
            pattern = _b64(token).decode("ascii")
    except (binascii.Error, ValueError):
        raise PuzzleFormatError(
            p.path, 0, f"ISS {type_}: {token[:20]!r} is not an encoded pattern"
        ) from None
    for cells in _line_groups(p, args[1:], type_, named=False):
        p.add("automaton", type_, {"cells": cells, "regex": pattern})


class _Bits:
    """The bits of ISS's base64 (URL alphabet) serialisation, most significant first."""

    def __init__(self, token: str) -> None:
        data = _b64(token)
        self.bits = "".join(f"{byte:08b}" for byte in data)
        self.pos = 0

    def left(self) -> int:
        return len(self.bits) - self.pos

    def read(self, count: int) -> int:
        if count > self.left():
            raise ValueError("the data ends too early")
        value = int(self.bits[self.pos : self.pos + count] or "0", 2)
        self.pos += count
        return value


def decode_nfa(token: str, low: int, high: int) -> dict[str, Any]:
    """ISS's serialised NFA as our automaton table (``start``, ``accept``, ``transitions``).

    The bits: a header (format, state width, symbol count, how many start states and how many
    other accepting states, which start states accept, and for the plain format the width of a
    move count), then each state's moves: packed (a mask of symbols, one target each) or plain
    (a count, then symbol and target pairs).  States are numbered start states first, then the
    other accepting states.  Symbol i is the i-th digit of the grid; moves on digits the grid
    does not have are dropped (they can never be taken).  Several start states become one new
    state with all their moves."""
    if not token:
        return {"start": 0, "accept": [], "transitions": []}
    bits = _Bits(token)
    packed = bits.read(2)
    if packed not in (0, 1):
        raise ValueError("unknown NFA format")
    state_bits = bits.read(4) + 1
    symbols = bits.read(4) + 1
    start_count = bits.read(state_bits)
    accept_count = bits.read(state_bits)
    start_accepts = bits.read(start_count)
    count_bits = 0 if packed else bits.read(4)
    if not start_count:
        raise ValueError("no start state")
    moves: list[tuple[int, int, int]] = []
    state = 0
    if packed:
        while bits.left() >= symbols:
            mask = bits.read(symbols)
            for symbol in range(symbols):
                if mask >> symbol & 1:
                    moves.append((state, symbol, bits.read(state_bits)))
            state += 1
    else:
        symbol_bits = (symbols - 1).bit_length()
        while count_bits and bits.left() >= count_bits:
            for _ in range(bits.read(count_bits)):
                moves.append((state, bits.read(symbol_bits), bits.read(state_bits)))
            state += 1
    accept = {i for i in range(start_count) if start_accepts >> i & 1}
    accept |= set(range(start_count, start_count + accept_count))
    start = 0
    if start_count > 1:
        start = max([start_count + accept_count] + [max(s, t) + 1 for s, _, t in moves])
        moves += [(start, symbol, t) for s, symbol, t in moves if s < start_count]
        if accept & set(range(start_count)):
            accept.add(start)
    transitions = sorted({(s, low + symbol, t) for s, symbol, t in moves if low + symbol <= high})
    return {"start": start, "accept": sorted(accept), "transitions": [list(t) for t in transitions]}


def _nfa(p: IssPuzzle, args: list[str], type_: str) -> None:
    """``.NFA~<serialised NFA>~_Name~cells~~cells...``: each line's digits are accepted."""
    low, high = (int(v) for v in str(p.data.get("values", f"1-{max(p.size, p.cols)}")).split("-"))
    try:
        table = decode_nfa(args[0] if args else "", low, high)
    except (binascii.Error, ValueError) as exc:
        raise PuzzleFormatError(
            p.path, 0, f"ISS {type_}: the automaton cannot be read ({exc})"
        ) from None
    for cells in _line_groups(p, args[1:], type_, named=True):
        p.add("automaton", type_, {"cells": cells, **table})


READERS = {
    "FullRank": Reader("full-rank", _full_rank),
    "FullRankTies": Reader("full-rank", _full_rank_ties),
    "Regex": Reader("automaton", _regex),
    "NFA": Reader("automaton", _nfa),
    "HiddenSkyscraper": Reader("hidden-skyscraper", _hidden_skyscraper),
    "LookAndSay": Reader("look-and-say", _look_and_say),
}
