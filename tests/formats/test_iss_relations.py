"""ISS types that relate digits (formats/iss/readers/relations.py): the pairwise relation keys
decoded against keys encoded here from known relations, and strings that must be refused."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.formats import parse_many
from asp_sudoku.rules.pair import Pair

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def encode(fn: Callable[[int, int], bool], n: int, legacy: bool = False) -> str:
    """ISS's relation key, written here from its description: bit (i-1)*n + (j-1) set when
    fn(i, j), six bits a character, lowest first, trailing zero characters dropped."""
    bits = [fn(i, j) for i in range(1, n + 1) for j in range(1, n + 1)]
    chars = [sum(1 << b for b in range(6) if k + b < len(bits) and bits[k + b]) for k in range(0, len(bits), 6)]
    while chars and not chars[-1]:
        chars.pop()
    alphabet = ALPHABET[:-2] + "_-" if legacy else ALPHABET
    return "".join(alphabet[c] for c in chars)


def pairs_read(text: str) -> list[Pair]:
    (puzzle,) = parse_many(text, "<t>", "iss")
    return [c for c in puzzle.clues if isinstance(c, Pair)]


@pytest.mark.parametrize("legacy", [False, True])
def test_relation_keys_decode_to_the_relation(legacy: bool) -> None:
    def fn(a: int, b: int) -> bool:
        return a != b and (a, b) != (1, 2) and (a, b) != (9, 8)  # not symmetric; dense: six-bit runs

    key = encode(fn, 9, legacy)
    assert "-" in key or "_" in key  # the two alphabets differ only there
    [pair] = pairs_read(f".{'Binary' if legacy else 'Pair'}~{key}~~R1C1~R1C2~R2C2")
    expected = {(a, b) for a in range(1, 10) for b in range(1, 10) if fn(a, b)}
    assert set(pair.allowed) == expected and not pair.all
    assert pair.cells == ((1, 1), (1, 2), (2, 2))


def test_named_groups_make_one_clue_each() -> None:
    key = encode(lambda a, b: a != b, 9)
    clues = pairs_read(f".PairX~{key}~_first~R1C1~R2C2~~R3C3~R4C4~_second~R5C5~R6C6")
    assert [c.cells for c in clues] == [((1, 1), (2, 2)), ((3, 3), (4, 4)), ((5, 5), (6, 6))]
    assert all(c.all for c in clues)


def test_zero_based_keys_start_at_zero() -> None:
    key = encode(lambda a, b: a - 1 == 2 * (b - 1), 9)  # on digits 0-8: a == 2b
    [pair] = pairs_read(f".Shape~9x9~0-8.Pair~{key}~R1C1~R2C2")
    assert set(pair.allowed) == {(2 * b, b) for b in range(5)}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (".SameValues~2~R1C1~R1C2~R1C3", "do not split into 2 sets"),
        (".Indexing~X~R1C1", "not C or R"),
        (".PairX~" + encode(lambda a, b: a < b, 9) + "~R1C1~R2C2", "must be symmetric"),
        (".Pair~A*~R1C1~R2C2", "not a relation key"),
        (".Lockout~4~R1C1", "at least two cells"),
    ],
)
def test_bad_strings(text: str, message: str) -> None:
    with pytest.raises(PuzzleFormatError, match=message):
        parse_many(text, "<t>", "iss")
