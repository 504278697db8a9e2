"""Independent checks (part of `check.py`) for clues on pairs and single cells: Kropki dots, XV,
even/odd, minimum/maximum, quadruples, and the "all dots shown" global rules.

Pure Python, written from the rules as a puzzle states them; reads only the validated records.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from asp_sudoku.core.model import Cell, Clue, Grid, Puzzle, cell_name
from asp_sudoku.rules.even import Even
from asp_sudoku.rules.kropki_black import KropkiBlack
from asp_sudoku.rules.kropki_white import KropkiWhite
from asp_sudoku.rules.maximum import Maximum
from asp_sudoku.rules.minimum import Minimum
from asp_sudoku.rules.odd import Odd
from asp_sudoku.rules.quadruple import Quadruple
from asp_sudoku.rules.xv import XV

ClueChecker = Callable[[Puzzle, Grid, Clue], Iterable[str]]
Checker = Callable[[Puzzle, Grid], Iterable[str]]


def _kropki_white(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    assert isinstance(clue, KropkiWhite)
    a, b = (grid.value(c) for c in clue.cells)
    if abs(a - b) != clue.difference:
        yield f"{clue.describe()} joins {a} and {b}"


def _kropki_black(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    assert isinstance(clue, KropkiBlack)
    a, b = (grid.value(c) for c in clue.cells)
    q = clue.ratio
    if a != q * b and b != q * a:
        yield f"{clue.describe()} joins {a} and {b}"


def _neighbour_pairs(n: int) -> Iterable[tuple[Cell, Cell]]:
    for r in range(1, n + 1):
        for c in range(1, n + 1):
            if c < n:
                yield (r, c), (r, c + 1)
            if r < n:
                yield (r, c), (r + 1, c)


def _marked(puzzle: Puzzle, kinds: tuple[str, ...]) -> set[frozenset[Cell]]:
    return {
        frozenset(clue.cells)
        for clue in puzzle.clues
        if isinstance(clue, (KropkiWhite, KropkiBlack, XV)) and clue.kind in kinds
    }


def _negative(
    puzzle: Puzzle, grid: Grid, rule: str, kinds: tuple[str, ...], bad: Callable[[int, int], bool], what: str
) -> Iterable[str]:
    marked = _marked(puzzle, kinds)
    for first, second in _neighbour_pairs(puzzle.size):
        if frozenset((first, second)) in marked:
            continue
        a, b = grid.value(first), grid.value(second)
        if bad(a, b):
            yield f"{rule}: {cell_name(first)} and {cell_name(second)} hold {a} and {b} ({what}) but no mark joins them"


def _consecutive(a: int, b: int) -> bool:
    return abs(a - b) == 1


def _double(a: int, b: int) -> bool:
    return a == 2 * b or b == 2 * a


def _kropki_negative(puzzle: Puzzle, grid: Grid) -> Iterable[str]:
    kinds = ("kropki-white", "kropki-black")
    yield from _negative(puzzle, grid, "kropki-negative", kinds, _consecutive, "consecutive")
    yield from _negative(puzzle, grid, "kropki-negative", kinds, _double, "ratio 1:2")


def _kropki_white_negative(puzzle: Puzzle, grid: Grid) -> Iterable[str]:
    yield from _negative(puzzle, grid, "kropki-white-negative", ("kropki-white",), _consecutive, "consecutive")


def _kropki_black_negative(puzzle: Puzzle, grid: Grid) -> Iterable[str]:
    yield from _negative(puzzle, grid, "kropki-black-negative", ("kropki-black",), _double, "ratio 1:2")


def _xv_negative(puzzle: Puzzle, grid: Grid) -> Iterable[str]:
    yield from _negative(puzzle, grid, "xv-negative", ("xv",), lambda a, b: a + b == 10, "sum 10")
    yield from _negative(puzzle, grid, "xv-negative", ("xv",), lambda a, b: a + b == 5, "sum 5")


def _xv(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    assert isinstance(clue, XV)
    a, b = (grid.value(c) for c in clue.cells)
    if a + b != clue.total:
        yield f"{clue.describe()} joins {a} and {b}"


def _even(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    assert isinstance(clue, Even)
    for cell in clue.cells:
        if grid.value(cell) % 2:
            yield f"{cell_name(cell)} is marked even but holds {grid.value(cell)}"


def _odd(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    assert isinstance(clue, Odd)
    for cell in clue.cells:
        if grid.value(cell) % 2 == 0:
            yield f"{cell_name(cell)} is marked odd but holds {grid.value(cell)}"


def _orthogonal(cell: Cell, n: int) -> list[Cell]:
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)) if 1 <= r + dr <= n and 1 <= c + dc <= n]


def _minimum(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    assert isinstance(clue, Minimum)
    for cell in clue.cells:
        for other in _orthogonal(cell, puzzle.size):
            if grid.value(other) <= grid.value(cell):
                yield f"{cell_name(cell)} is marked minimum but its neighbour {cell_name(other)} holds {grid.value(other)}"


def _maximum(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    assert isinstance(clue, Maximum)
    for cell in clue.cells:
        for other in _orthogonal(cell, puzzle.size):
            if grid.value(other) >= grid.value(cell):
                yield f"{cell_name(cell)} is marked maximum but its neighbour {cell_name(other)} holds {grid.value(other)}"


def _quadruple(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    assert isinstance(clue, Quadruple)
    held = Counter(grid.value(c) for c in clue.cells)
    for digit, times in Counter(clue.digits).items():
        if held[digit] < times:
            yield f"{clue.describe()} holds {digit} {held[digit]} time(s), not {times}"


GLOBAL_CHECKS: dict[str, Checker] = {
    "kropki-negative": _kropki_negative,
    "kropki-white-negative": _kropki_white_negative,
    "kropki-black-negative": _kropki_black_negative,
    "xv-negative": _xv_negative,
}

CLUE_CHECKS: dict[str, ClueChecker] = {
    "kropki-white": _kropki_white,
    "kropki-black": _kropki_black,
    "xv": _xv,
    "even": _even,
    "odd": _odd,
    "minimum": _minimum,
    "maximum": _maximum,
    "quadruple": _quadruple,
}

__all__ = ["CLUE_CHECKS", "GLOBAL_CHECKS"]
