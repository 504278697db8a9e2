"""Writing a `Puzzle` as an Interactive Sudoku Solver (ISS) constraint string.

The string is a list of items ``.<Type>~arg~arg...``: the grid (``.Shape~6x6``, left out for a
9x9 of digits 1-9), ``.NoBoxes`` and ``.Jigsaw~<layout>`` for grids without default boxes, the
global rules, one item per clue, and the givens last (``.~R1C1_5~R2C3_7``; a cell with
pencilmarks lists its digits, ``R1C1_1_2``).  Cell ids are ``R<r>C<c>`` with one base-17
character each.  Every type written is one the ISS reader in this package reads back as the
same rule (`formats.names.iss_names` lists them); a rule or clue ISS cannot express is an error
naming it.
"""

from __future__ import annotations

from collections.abc import Callable

from asp_sudoku.core.errors import AspSudokuError
from asp_sudoku.core.model import DEFAULT_BOXES, Cell, Clue, Puzzle
from asp_sudoku.formats.iss.items import GLOBAL_TYPES, LINE_TYPES, _little_killer_cells
from asp_sudoku.rules.any_of import AnyOf
from asp_sudoku.rules.arrow import Arrow
from asp_sudoku.rules.base import OnPair, Outside, cells_of
from asp_sudoku.rules.greater_than import GreaterThan
from asp_sudoku.rules.killer import Killer
from asp_sudoku.rules.little_killer import LittleKiller
from asp_sudoku.rules.pencilmarks import Pencilmarks
from asp_sudoku.rules.quadruple import Quadruple
from asp_sudoku.rules.whispers import Whispers

_CHARS = "0123456789abcdefghijklmnopqrstuvwxyz"
GLOBAL_NAMES = {rule: type_ for type_, rule in GLOBAL_TYPES.items()} | {
    "diagonal+": "Diagonal~1",
    "diagonal-": "Diagonal~-1",
}
LINE_NAMES = {kind: type_ for type_, kind in LINE_TYPES.items()}


def cell_id(cell: Cell) -> str:
    """(3, 12) -> ``R3Cc`` (ISS writes each index in base size+1; for 1-16 the characters are
    those of base 17)."""
    return f"R{_CHARS[cell[0]]}C{_CHARS[cell[1]]}"


def _item(type_: str, *args: object) -> str:
    return "." + "~".join([type_, *(str(a) for a in args)])


def _refuse(what: str, why: str = "") -> AspSudokuError:
    return AspSudokuError(f"ISS has no {what}" + (f" ({why})" if why else ""))


def _killer(clue: Clue, size: int) -> str:
    assert isinstance(clue, Killer)
    return _item("Cage", clue.total or 0, *map(cell_id, clue.cells))


def _arrow(clue: Clue, size: int) -> str:
    assert isinstance(clue, Arrow)
    if len(clue.circle) == 1:
        return _item("Arrow", cell_id(clue.circle[0]), *map(cell_id, clue.cells))
    return _item("PillArrow", len(clue.circle), *map(cell_id, clue.circle), *map(cell_id, clue.cells))


def _little_killer(clue: Clue, size: int) -> str:
    assert isinstance(clue, LittleKiller)
    wanted = {(r - 1, c - 1) for r, c in clue.cells}
    for (r, c), cells in _little_killer_cells(size).items():
        if set(cells) == wanted:
            return _item("LittleKiller", clue.total, cell_id((r + 1, c + 1)))
    raise _refuse("little killer on part of a diagonal", "its sum must cover a diagonal from edge to edge")


def _line(type_: str) -> Callable[[Clue, int], str]:
    def write(clue: Clue, size: int) -> str:
        return _item(type_, *map(cell_id, cells_of(clue)))

    return write


def _dot(type_: str, number: int, what: str) -> Callable[[Clue, int], str]:
    def write(clue: Clue, size: int) -> str:
        assert isinstance(clue, OnPair)
        if clue.number != number:
            raise _refuse(f"{clue.kind} clue with {what} {clue.number}", f"its dot means {what} {number}")
        return _item(type_, *map(cell_id, clue.cells))

    return write


def _xv(clue: Clue, size: int) -> str:
    assert isinstance(clue, OnPair)
    if clue.number not in (5, 10):
        raise _refuse(f"xv clue with sum {clue.number}", "only X (10) and V (5)")
    return _item("X" if clue.number == 10 else "V", *map(cell_id, clue.cells))


def _greater_than(clue: Clue, size: int) -> str:
    assert isinstance(clue, GreaterThan)
    return _item("GreaterThan", cell_id(clue.greater), cell_id(clue.lesser))


def _whispers(clue: Clue, size: int) -> str:
    assert isinstance(clue, Whispers)
    return _item("Whisper", clue.difference, *map(cell_id, clue.cells))


def _line_of(clue: Outside, size: int) -> tuple[str, int]:
    """An outside clue's row or column (``R3``/``C3``) and its side: 0 top/left, 1 bottom/right."""
    r, c = clue.clue
    if r in (0, size + 1):
        return f"C{c}", int(r != 0)
    return f"R{r}", int(c != 0)


def _sandwich(clue: Clue, size: int) -> str:
    assert isinstance(clue, Outside)
    return _item("Sandwich", clue.number, _line_of(clue, size)[0])


def _outside(type_: str) -> Callable[[Clue, int], str]:
    """X-sums and skyscrapers: ``.XSum~C3~<top>~<bottom>`` (one side left empty)."""

    def write(clue: Clue, size: int) -> str:
        assert isinstance(clue, Outside)
        line, side = _line_of(clue, size)
        values = ["", ""]
        values[side] = str(clue.number)
        return _item(type_, line, *values)

    return write


def _quadruple(clue: Clue, size: int) -> str:
    assert isinstance(clue, Quadruple)
    return _item("Quad", cell_id(min(clue.cells)), *clue.digits)


def _clue_item(clue: Clue, size: int) -> str:
    """One clue as one ISS item (a pencilmarks clue as a given with candidates)."""
    if isinstance(clue, Pencilmarks):
        return _item("", "_".join([cell_id(clue.cells[0]), *map(str, clue.digits)]))
    writer = WRITERS.get(clue.kind)
    if writer is None:
        raise _refuse(f"{clue.kind} clue")
    return writer(clue, size)


def _any_of(clue: Clue, size: int) -> str:
    """``.Or.<alternative>...End``: an alternative of one clue is its item, of several (or none)
    an ``.And...End``."""
    assert isinstance(clue, AnyOf)
    parts = []
    for alt in clue.alternatives:
        items = [_clue_item(c, size) for c in alt]
        parts.append(items[0] if len(items) == 1 else ".And" + "".join(items) + ".End")
    return ".Or" + "".join(parts) + ".End"


WRITERS: dict[str, Callable[[Clue, int], str]] = {
    "any-of": _any_of,
    "killer": _killer,
    "arrow": _arrow,
    "little-killer": _little_killer,
    **{kind: _line(type_) for kind, type_ in LINE_NAMES.items()},
    "kropki-white": _dot("WhiteDot", 1, "difference"),
    "kropki-black": _dot("BlackDot", 2, "ratio"),
    "xv": _xv,
    "greater-than": _greater_than,
    "whispers": _whispers,
    "sandwich": _sandwich,
    "x-sum": _outside("XSum"),
    "skyscraper": _outside("Skyscraper"),
    "quadruple": _quadruple,
}
"""Our clue kind -> the writer of one clue as one ISS item (pencilmarks go with the givens)."""


def _grid_items(puzzle: Puzzle) -> list[str]:
    """Shape, boxes and jigsaw regions."""
    n = puzzle.size
    items = []
    if puzzle.digits == (0, n - 1):
        items.append(_item("Shape", f"{n}x{n}", f"0-{n - 1}"))
    elif puzzle.digits != (1, n):
        raise _refuse(f"grid of digits {puzzle.digits[0]}-{puzzle.digits[1]} in a {n}x{n}", "only 1-N or 0-(N-1)")
    elif n != 9:
        items.append(_item("Shape", f"{n}x{n}"))
    regions = puzzle.regions
    if regions is None and puzzle.box is not None and puzzle.box != DEFAULT_BOXES.get(n):
        h, w = puzzle.box  # boxes of another shape: written as jigsaw regions
        regions = tuple(tuple((r // h) * (n // w) + c // w + 1 for c in range(n)) for r in range(n))
    if regions is not None or puzzle.box is None:
        items.append(_item("NoBoxes"))
    if regions is not None:
        items.append(_item("Jigsaw", "".join(_CHARS[v - 1] for row in regions for v in row)))
    return items


def _givens_item(puzzle: Puzzle) -> str:
    """``.~R1C1_5~...``: the givens and the cells given several digits (pencilmarks)."""
    digits: dict[Cell, set[int]] = {(r, c): {v} for r, c, v in puzzle.givens}
    for clue in puzzle.clues:
        if isinstance(clue, Pencilmarks):
            for cell in clue.cells:
                digits[cell] = digits[cell] & set(clue.digits) if cell in digits else set(clue.digits)
    if not digits:
        return ""
    for cell, values in digits.items():
        if not values:
            raise _refuse(f"empty cell: r{cell[0]}c{cell[1]} is given digits with none in common")
    args = ["_".join([cell_id(cell), *map(str, sorted(values))]) for cell, values in sorted(digits.items())]
    return _item("", *args)


def to_iss(puzzle: Puzzle) -> str:
    """The ISS constraint string of a puzzle (AspSudokuError for a rule ISS cannot express)."""
    n = puzzle.size
    if n > 16:
        raise _refuse(f"{n}x{n} grid", "ISS grids are at most 16x16")
    if puzzle.user_rules:
        raise _refuse("user-written rules (rules-file)")
    items = _grid_items(puzzle)
    for rule in puzzle.rules:
        if rule not in GLOBAL_NAMES:
            raise _refuse(f"{rule} rule")
        if rule == "windoku" and n != 9:
            raise _refuse(f"windoku rule on a {n}x{n} grid", "asp-sudoku's windoku is for 9x9 grids")
        items.append("." + GLOBAL_NAMES[rule])
    for clue in puzzle.clues:
        if isinstance(clue, Pencilmarks):
            continue
        writer = WRITERS.get(clue.kind)
        if writer is None:
            raise _refuse(f"{clue.kind} clue")
        items.append(writer(clue, n))
    items.append(_givens_item(puzzle))
    return "".join(items) or _item("Shape", "9x9")  # an empty classic grid: still a string ISS reads


WRITTEN_RULES = frozenset(GLOBAL_NAMES) | frozenset(WRITERS) | {"pencilmarks"}
"""Every rule (global or clue kind) `to_iss` can write."""
