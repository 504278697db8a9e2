"""Reading givens written as a grid of text, and plain-text puzzle files.

A grid is one line per row: `.` is an empty cell (and `0` too, unless 0 is a digit of the grid);
spaces and the separators `|`, `-`, `+` are ignored.  Up to 9x9 a row is a run of digits; larger
grids use whitespace-separated numbers or single characters, a letter standing for 10 and up
(`A` = 10, `B` = 11, ...: a 12x12 row `1 2 3 4 5 6 7 8 9 A B C` or `123456789ABC`); a one-line
16x16 uses `0-9A-F` (values 0-15) or `1-9A-G` (values 1-16).  A plain-text file holds one grid,
or one or more puzzles of one line each (N*N characters).
"""

from __future__ import annotations

import math
import re
from functools import cache

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.core.model import DEFAULT_BOXES, MAX_SIZE, Puzzle

Givens = tuple[tuple[int, int, int], ...]
_SEPARATOR_ONLY = re.compile(r"^[\s|+\-=*]*$")
_EMPTY = {".", "_", "*", "?"}
_LETTERS = "ABCDEFGHIJKLMNOP"
"""Single-character digits from 10 up (`A` = 10 ... `P` = 25)."""
_ONE_CHARACTER = set("0123456789" + _LETTERS) | _EMPTY
"""The characters of a row written without spaces (a grid of more than 9 columns)."""


def is_separator_line(text: str) -> bool:
    """A line drawn only with separators (e.g. ``------+-------`` or ``*-----*-----*``), or blank;
    a line of ``*`` and no dash is a row of empty cells."""
    return bool(_SEPARATOR_ONLY.match(text)) and ("*" not in text or "-" in text or "=" in text)


def parse_digits(spec: str, size: int, path: str, line: int) -> tuple[int, int]:
    """Read ``values = "1-9"`` / ``"0-15"``: the digits run from 0 or 1, at least as many as a
    row has cells (1..N by default; more, as in a 6x6 holding 1-9, and rows, columns and boxes
    hold different digits without holding them all)."""
    match = re.fullmatch(r"\s*([0-9]{1,9})\s*-\s*([0-9]{1,9})\s*", spec)
    low, high = (int(match.group(1)), int(match.group(2))) if match else (-1, -1)
    if low not in (0, 1) or not size <= high - low + 1 <= MAX_SIZE:
        raise PuzzleFormatError(
            path, line, f"values must run from 0 or 1 to at least {size - 1} or {size} (at most {MAX_SIZE} digits), like \"1-{size}\" or \"0-{size - 1}\", not {spec[:30]!r}"
        )
    return low, high


def _value(token: str, size: int, digits: tuple[int, int], path: str, line: int, rows: int = 0) -> int | None:
    """One cell token of a row of `size` cells (in a grid of `rows` rows, 0: a square) -> a
    value or None for empty."""
    if token in _EMPTY:
        return None
    if token.isdigit() and token.isascii() and len(token) <= 9:
        value = int(token)
    elif len(token) == 1 and token.upper() in _LETTERS:
        value = 10 + _LETTERS.index(token.upper())
        if value > digits[1]:
            raise PuzzleFormatError(
                path, line, f"{token!r} stands for {value}, which is not a digit of a {rows or size}x{size} grid ({digits[0]}-{digits[1]})"
            )
    else:
        raise PuzzleFormatError(path, line, f"{token[:20]!r} is not a digit or '.'")
    if value == 0 and digits[0] == 1:
        return None
    if not digits[0] <= value <= digits[1]:
        raise PuzzleFormatError(
            path, line, f"{value} is not a digit of a {rows or size}x{size} grid ({digits[0]}-{digits[1]})"
        )
    return value


def split_row(text: str, size: int) -> list[str] | None:
    """The cell tokens of one row, or None when the row does not have `size` cells."""
    cleaned = re.sub(r"[|+]", " ", text)
    cleaned = re.sub(r"(?<![0-9.])-|-(?![0-9.])|--+", " ", cleaned)
    tokens = cleaned.split()
    if len(tokens) == size:
        return tokens
    joined = "".join(tokens)
    if len(joined) == size and (size <= 9 or all(ch in _ONE_CHARACTER for ch in joined.upper())):
        return list(joined)
    return None


def parse_grid(
    rows: list[tuple[int, str]], size: int, digits: tuple[int, int], path: str, cols: int = 0
) -> Givens:
    """Givens from (line number, text) rows of `cols` cells (0: `size`, a square); separator-only
    rows are skipped."""
    cols = cols or size
    rows = [(line, text) for line, text in rows if not is_separator_line(text)]
    if len(rows) != size:
        where = rows[-1][0] if rows else 0
        raise PuzzleFormatError(path, where, f"the grid has {len(rows)} row{'s' if len(rows) != 1 else ''}, expected {size}")
    givens = []
    for r, (line, text) in enumerate(rows, start=1):
        tokens = split_row(text, cols)
        if tokens is None:
            count = len(re.sub(r"[\s|+\-]", "", text)) if cols <= 9 else len(text.split())
            hint = ""
            if size == cols and all(split_row(t, count) for _, t in rows):  # every row as long: R x C
                hint = f' (a grid of {size} rows of {count} cells is written size = "{size}x{count}" in TOML)'
            raise PuzzleFormatError(path, line, f"row {r} has {count} cells, expected {cols}{hint}")
        for c, token in enumerate(tokens, start=1):
            value = _value(token, cols, digits, path, line, size)
            if value is not None:
                givens.append((r, c, value))
    return tuple(givens)


def infer_size(rows: list[tuple[int, str]], path: str) -> int:
    """The side of a grid written as rows (the number of rows that are not separators)."""
    n = sum(1 for _, text in rows if not is_separator_line(text))
    if not 1 <= n <= MAX_SIZE:
        raise PuzzleFormatError(path, rows[0][0] if rows else 0, f"a grid of {n} rows is not supported")
    if n == 1:
        line, text = next((ln, t) for ln, t in rows if not is_separator_line(t))
        width = len(re.sub(r"[\s|+\-]", "", text))
        if width > 1:
            raise PuzzleFormatError(
                path, line, f"a grid of one row of {width} characters is not square; write one row per line"
            )
    return n


def looks_like_grid_text(text: str) -> bool:
    """True when a text reads as a bare grid or a one-line-per-puzzle collection."""
    lines = [ln.split("#", 1)[0] for ln in text.splitlines()]  # '#' starts a comment, as in load_text
    lines = [ln for ln in lines if ln.strip()]
    return bool(lines) and all(re.fullmatch(r"[\s\w.|+\-*?]*", ln) for ln in lines)


def four_by_four_lines(lines: list[str]) -> bool:
    """Sixteen lines of sixteen characters, each `.` or a digit 0-4, every line with a given:
    sixteen one-line 4x4 puzzles, not one 16x16 grid (whose givens would use only 1-4 of its
    sixteen digits, in every row).  An empty 16x16 (all dots) stays one grid."""
    return len(lines) == 16 and all(re.fullmatch(r"[.0-4]{16}", t.strip()) and re.search(r"[1-4]", t) for t in lines)


def _plain_line(text: str, size: int) -> Givens | None:
    """The givens of a one-line grid of `size` <= 9 written only with its digits, '.' and '0' (the
    common case of large collections), or None to read it the general way."""
    if size > 9 or text.strip(_PLAIN[size]):
        return None
    given = _given_tuples(size)
    return tuple(given[i][ch] for i, ch in enumerate(text) if ch not in ".0")


@cache
def _given_tuples(size: int) -> tuple[dict[str, tuple[int, int, int]], ...]:
    """For each cell of a one-line grid, its given (row, column, digit) by character, made once:
    the givens of a large collection share these tuples (a 9x9 puzzle's givens took 1.9 kB of
    memory as tuples of their own, 0.2 kB as references)."""
    return tuple({str(d): (i // size + 1, i % size + 1, d) for d in range(1, size + 1)} for i in range(size * size))


_DRAWN = re.compile(r"[\s|+]")


def hex_digits(text: str) -> tuple[int, int]:
    """The digits of a 16x16's text: 0-15 when a cell holds 0 and no cell 16 (`G`), and 0 cannot
    be an empty cell (the empty cells are written `.`, `_`, `*` or `?`, or there are none: a
    whole grid); else 1-16 (`1-9A-G`, a `0` an empty cell too).  Cells are single characters
    (`0-9A-F`), or numbers apart (`1 2 ... 10 ... 16`, as larger grids are written: the `0` in
    `10` is no cell of its own)."""
    upper = text.upper()
    tokens = upper.split()
    if any(len(token) == 2 and token.isdigit() for token in tokens):  # numbers apart
        cells = [token for token in tokens if token.isdigit() or token in _EMPTY]
        zero, sixteen = "0" in cells, "16" in cells
    else:
        cells = [ch for ch in upper if not ch.isspace() and ch not in "|+-"]
        zero, sixteen = "0" in cells, "G" in cells
    if not zero or sixteen:
        return (1, 16)
    return (0, 15) if any(cell in _EMPTY for cell in cells) or len(cells) == 256 else (1, 16)


_PLAIN = {n: ".0" + "".join(str(d) for d in range(1, n + 1)) for n in range(1, 10)}


def line_puzzle(t: str, path: str, line: int, entry: str) -> Puzzle:
    """The puzzle of a one-line grid `t` (N*N characters, no comment), on file line `line`."""
    size = math.isqrt(len(t))
    if size not in DEFAULT_BOXES or size > 9 and size != 16:
        raise PuzzleFormatError(path, line, f"a line of {len(t)} characters is not a grid")
    digits = hex_digits(t) if size == 16 else (1, size)
    givens = _plain_line(t, size) or parse_grid(
        [(line, t[i * size : (i + 1) * size]) for i in range(size)], size, digits, path
    )
    return Puzzle(
        size=size, box=DEFAULT_BOXES[size], digits=digits, givens=givens, path=path, entry=entry,
        row_lines=(line,) * size,
    )


def load_text(text: str, path: str) -> list[Puzzle]:
    """Puzzles from a plain-text file: one grid, or one puzzle per line of N*N characters."""
    rows = [
        (i, ln.split("#", 1)[0].rstrip())
        for i, ln in enumerate(text.splitlines(), start=1)
        if ln.split("#", 1)[0].strip()
    ]
    if not rows:
        raise PuzzleFormatError(path, 0, "the file holds no puzzle")
    single_lines = all(  # (a row drawn with bars and spaces, `| 4 . . | ...`, may be 25 long too)
        math.isqrt(len(t.strip())) ** 2 == len(t.strip()) and len(t.strip()) >= 16 and not _DRAWN.search(t.strip())
        for _, t in rows
    )
    square = len(rows) == len(rows[0][1].strip()) and len(rows) <= MAX_SIZE
    square = square and not four_by_four_lines([t for _, t in rows])
    if single_lines and not square:
        return [line_puzzle(t.strip(), path, line, str(line) if len(rows) > 1 else "") for line, t in rows]
    long_line = next(((ln, t) for ln, t in rows if len(t.strip()) > MAX_SIZE), None)
    if long_line and " " not in long_line[1].strip():
        raise PuzzleFormatError(
            path, long_line[0], f"a line of {len(long_line[1].strip())} characters is not a grid "
            "(a one-line puzzle has N*N characters, e.g. 81 for a 9x9)"
        )
    size = infer_size(rows, path)
    if size not in DEFAULT_BOXES:
        raise PuzzleFormatError(path, rows[0][0], f"a {size}x{size} grid has no default box shape; use a TOML file")
    digits = hex_digits("\n".join(text for _, text in rows)) if size == 16 else (1, size)
    return [
        Puzzle(
            size=size,
            box=DEFAULT_BOXES[size],
            digits=digits,
            givens=parse_grid(rows, size, digits, path),
            path=path,
            row_lines=tuple(line for line, text in rows if not is_separator_line(text)),
        )
    ]
