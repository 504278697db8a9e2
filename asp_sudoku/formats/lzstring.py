"""lz-string's ``compressToBase64`` / ``decompressFromBase64``, as f-puzzles and SudokuPad use them.

A small port of pieroxy's lz-string 1.5 (MIT), written from the algorithm: an LZW variant that
writes a bit stream, six bits per output character.  JavaScript strings are UTF-16, so the codec
works on UTF-16 code units; text outside the Basic Multilingual Plane round-trips as surrogate
pairs.  Payloads from URLs may use the URI-safe alphabet (``+-$``) or have ``+`` turned into a
space; both are accepted when decoding.
"""

from __future__ import annotations

from collections.abc import Callable

BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="
URI_SAFE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$"
_B64_VALUE = {ch: i for i, ch in enumerate(BASE64)}
_URI_VALUE = {ch: i for i, ch in enumerate(URI_SAFE)}


class LZStringError(ValueError):
    """The text is not an lz-string payload."""


def _units(text: str) -> list[int]:
    """UTF-16 code units of a string, as JavaScript sees it."""
    data = text.encode("utf-16-le", "surrogatepass")
    return [data[i] | (data[i + 1] << 8) for i in range(0, len(data), 2)]


def _from_units(units: list[int]) -> str:
    data = bytearray()
    for u in units:
        data += bytes((u & 0xFF, u >> 8))
    return data.decode("utf-16-le", "surrogatepass")


class _BitWriter:
    def __init__(self, bits_per_char: int, alphabet: str) -> None:
        self.bits = bits_per_char
        self.alphabet = alphabet
        self.out: list[str] = []
        self.val = 0
        self.pos = 0

    def write(self, value: int, count: int) -> None:
        """Write `count` bits of `value`, lowest bit first."""
        for _ in range(count):
            self.val = (self.val << 1) | (value & 1)
            value >>= 1
            if self.pos == self.bits - 1:
                self.pos = 0
                self.out.append(self.alphabet[self.val])
                self.val = 0
            else:
                self.pos += 1

    def finish(self) -> str:
        while True:
            self.val <<= 1
            if self.pos == self.bits - 1:
                self.out.append(self.alphabet[self.val])
                break
            self.pos += 1
        return "".join(self.out)


def _compress(text: str, bits_per_char: int, alphabet: str) -> str:
    dictionary: dict[tuple[int, ...], int] = {}
    to_create: set[tuple[int, ...]] = set()
    w: tuple[int, ...] = ()
    enlarge_in = 2
    dict_size = 3
    num_bits = 2
    out = _BitWriter(bits_per_char, alphabet)

    def emit(word: tuple[int, ...]) -> None:
        nonlocal enlarge_in, num_bits
        if word in to_create:
            unit = word[0]
            if unit < 256:
                out.write(0, num_bits)
                out.write(unit, 8)
            else:
                out.write(1, num_bits)
                out.write(unit, 16)
            enlarge_in -= 1
            if enlarge_in == 0:
                enlarge_in = 1 << num_bits
                num_bits += 1
            to_create.discard(word)
        else:
            out.write(dictionary[word], num_bits)
        enlarge_in -= 1
        if enlarge_in == 0:
            enlarge_in = 1 << num_bits
            num_bits += 1

    for unit in _units(text):
        c = (unit,)
        if c not in dictionary:
            dictionary[c] = dict_size
            dict_size += 1
            to_create.add(c)
        wc = w + c
        if wc in dictionary:
            w = wc
        else:
            emit(w)
            dictionary[wc] = dict_size
            dict_size += 1
            w = c
    if w:
        emit(w)
    out.write(2, num_bits)
    return out.finish()


def compress_to_base64(text: str) -> str:
    """``LZString.compressToBase64(text)``."""
    res = _compress(text, 6, BASE64)
    return res + "=" * ((4 - len(res) % 4) % 4) if len(res) % 4 != 1 else res + "==="


MAX_UNITS = 5_000_000
"""Most characters a payload may expand to.  lz-string's dictionary lets each code stand for one
more character than the code before, so a 45 KB payload can stand for 200 million characters
(and 3 GB of memory while decoding): decoding stops at this bound instead."""


def _decompress(length: int, reset_value: int, next_value: Callable[[int], int]) -> str | None:
    dictionary: list[list[int]] = [[], [], []]
    enlarge_in = 4
    num_bits = 3
    result: list[int] = []
    val = next_value(0)
    position = reset_value
    index = 1

    def read(count: int) -> int:
        nonlocal val, position, index
        bits = 0
        for power in range(count):
            if val & position:
                bits |= 1 << power
            position >>= 1
            if position == 0:
                position = reset_value
                val = next_value(index)
                index += 1
        return bits

    kind = read(2)
    if kind == 2:
        return ""
    first = [read(8 if kind == 0 else 16)]
    dictionary.append(first)
    w = first
    result += first
    while True:
        if index > length:
            return ""
        c = read(num_bits)
        if c in (0, 1):
            dictionary.append([read(8 if c == 0 else 16)])
            c = len(dictionary) - 1
            enlarge_in -= 1
        elif c == 2:
            return _from_units(result)
        if enlarge_in == 0:
            enlarge_in = 1 << num_bits
            num_bits += 1
        if c < len(dictionary) and dictionary[c]:
            entry = dictionary[c]
        elif c == len(dictionary):
            entry = w + w[:1]
        else:
            return None
        result += entry
        if len(result) > MAX_UNITS:
            raise LZStringError(f"the payload expands to more than {MAX_UNITS} characters")
        dictionary.append(w + entry[:1])
        enlarge_in -= 1
        w = entry
        if enlarge_in == 0:
            enlarge_in = 1 << num_bits
            num_bits += 1


def decompress_from_base64(payload: str) -> str:
    """``LZString.decompressFromBase64(payload)``; raises LZStringError for a broken payload.

    Accepts the URI-safe alphabet too, and a ``+`` that a URL turned into a space.
    """
    payload = payload.strip().replace(" ", "+")
    if not payload:
        raise LZStringError("empty payload")
    table = _URI_VALUE if any(ch in "-$" for ch in payload) else _B64_VALUE
    bad = next((ch for ch in payload if ch not in table), None)
    if bad is not None:
        raise LZStringError(f"{bad!r} is not a base64 character")
    values = [table[ch] for ch in payload]

    def next_value(i: int) -> int:
        return values[i] if i < len(values) else 0

    try:
        text = _decompress(len(values), 32, next_value)
    except LZStringError:
        raise
    except (UnicodeDecodeError, IndexError, ValueError):
        text = None
    if not text:
        raise LZStringError("not an lz-string payload")
    return text
