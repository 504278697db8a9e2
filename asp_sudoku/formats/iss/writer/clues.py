"""Writers of the first clue kinds ISS reads (read inline by `formats.iss.items`): cages,
arrows, little killers, plain lines, dots, XV, greater-than, whispers, outside sums and counts,
quadruples, weighted sums."""

from __future__ import annotations

from asp_sudoku.core.model import Clue, Puzzle
from asp_sudoku.formats.iss.items import LINE_TYPES
from asp_sudoku.formats.iss.readers.sums import little_killer_cells
from asp_sudoku.formats.iss.writer.base import ClueWriter, cell_id, cell_ids, item, refuse
from asp_sudoku.rules.arrow import Arrow
from asp_sudoku.rules.base import OnPair, Outside, cells_of
from asp_sudoku.rules.greater_than import GreaterThan
from asp_sudoku.rules.killer import Killer
from asp_sudoku.rules.little_killer import LittleKiller
from asp_sudoku.rules.quadruple import Quadruple
from asp_sudoku.rules.weighted_sum import WeightedSum
from asp_sudoku.rules.whispers import Whispers

LINE_NAMES = {kind: type_ for type_, kind in LINE_TYPES.items()}


def _killer(clue: Clue, puzzle: Puzzle) -> str:
    """``.Cage~S~cells``; a cage without a sum is ``Cage~0`` (ISS reads sum 0 as none, so a cage
    of sum 0, possible with digits from 0, has no spelling: refused)."""
    assert isinstance(clue, Killer)
    if clue.total == 0:
        raise refuse("killer clue with sum 0", "ISS reads a cage of sum 0 as a cage without a sum")
    return item("Cage", clue.total or 0, *cell_ids(clue.cells))


def _weighted_sum(clue: Clue, puzzle: Puzzle) -> str:
    """``.Sum~S~cells`` (weights 1 each) or ``.Sum~S_=_w1_w2...~cells``; with distinct digits,
    ``.Cage~S~cells`` listing each cell as many times as it counts (as the reader reads a cage
    that lists a cell twice)."""
    assert isinstance(clue, WeightedSum)
    if clue.distinct:
        _check_counted_cage(clue)
        return item("Cage", clue.total, *(cell_id(c) for c, w in zip(clue.cells, clue.weights) for _ in range(w)))
    if set(clue.weights) == {1}:
        return item("Sum", clue.total, *cell_ids(clue.cells))
    return item("Sum", "_".join(map(str, [clue.total, "=", *clue.weights])), *cell_ids(clue.cells))


def _check_counted_cage(clue: WeightedSum) -> None:
    """Refuse a weighted sum with distinct digits that no ISS cage says: a cage counts a cell
    once a time it lists it, reads as a killer cage when it lists none twice, and has no sum 0."""
    if min(clue.weights) < 1:
        raise refuse("weighted-sum clue with distinct digits and a weight below 1", "a cage counts a cell once a time it lists it")
    if set(clue.weights) == {1}:
        raise refuse("weighted-sum clue with distinct digits and weights 1 each", "that is a killer cage: write it as one")
    if clue.total == 0:
        raise refuse("weighted-sum clue with distinct digits and sum 0", "a cage of sum 0 has no sum")


def _arrow(clue: Clue, puzzle: Puzzle) -> str:
    assert isinstance(clue, Arrow)
    if len(clue.circle) == 1:
        return item("Arrow", cell_id(clue.circle[0]), *cell_ids(clue.cells))
    return item("PillArrow", len(clue.circle), *cell_ids(clue.circle), *cell_ids(clue.cells))


def _little_killer(clue: Clue, puzzle: Puzzle) -> str:
    assert isinstance(clue, LittleKiller)
    wanted = {(r - 1, c - 1) for r, c in clue.cells}
    for (r, c), cells in little_killer_cells(puzzle.size).items():
        if set(cells) == wanted:
            return item("LittleKiller", clue.total, cell_id((r + 1, c + 1)))
    if len(wanted) == 1:  # a corner: ISS numbers no diagonal of one cell
        raise refuse("little killer of one cell", "its little killers cover diagonals of two cells or more")
    raise refuse("little killer on part of a diagonal", "its sum must cover a diagonal from edge to edge")


def _line(type_: str) -> ClueWriter:
    def write(clue: Clue, puzzle: Puzzle) -> str:
        return item(type_, *cell_ids(cells_of(clue)))

    return write


def _dot(type_: str, number: int, what: str) -> ClueWriter:
    def write(clue: Clue, puzzle: Puzzle) -> str:
        assert isinstance(clue, OnPair)
        if clue.number != number:
            raise refuse(f"{clue.kind} clue with {what} {clue.number}", f"its dot means {what} {number}")
        return item(type_, *cell_ids(clue.cells))

    return write


def _xv(clue: Clue, puzzle: Puzzle) -> str:
    assert isinstance(clue, OnPair)
    if clue.number not in (5, 10):
        raise refuse(f"xv clue with sum {clue.number}", "only X (10) and V (5)")
    return item("X" if clue.number == 10 else "V", *cell_ids(clue.cells))


def _greater_than(clue: Clue, puzzle: Puzzle) -> str:
    """``.GreaterThan~R1C1~R1C2``.  The reader keeps two grid cells side by side; a grid cell and
    an extra cell are refused: ISS compares only neighbours, and a var cell is none of a grid
    cell's, so ISS would read no rule there.  (Two extra cells are left to the reader's layout
    of their group.)"""
    assert isinstance(clue, GreaterThan)
    inside = [1 <= r <= puzzle.size and 1 <= c <= puzzle.cols for r, c in (clue.greater, clue.lesser)]
    if inside[0] != inside[1]:
        raise refuse(
            f"greater-than clue between {cell_id(clue.greater)} and {cell_id(clue.lesser)}",
            "ISS compares only neighbours: grid cells sharing a side, var cells next to each other",
        )
    return item("GreaterThan", cell_id(clue.greater), cell_id(clue.lesser))


def _whispers(clue: Clue, puzzle: Puzzle) -> str:
    assert isinstance(clue, Whispers)
    return item("Whisper", clue.difference, *cell_ids(clue.cells))


def line_of(clue: Outside, size: int) -> tuple[str, int]:
    """An outside clue's row or column (``R3``/``C3``) and its side: 0 top/left, 1 bottom/right."""
    r, c = clue.clue
    if r in (0, size + 1):
        return f"C{c}", int(r != 0)
    return f"R{r}", int(c != 0)


def _sandwich(clue: Clue, puzzle: Puzzle) -> str:
    """``.Sandwich~S~R3``; refused on a line that cannot hold every digit (more digits than it
    has cells): ISS sums there between the line's own smallest and largest digits, a lunchbox,
    where ours sums between the grid's 1 and largest digit."""
    assert isinstance(clue, Outside)
    line = line_of(clue, puzzle.size)[0]
    low, high = puzzle.digits
    if (puzzle.cols if line[0] == "R" else puzzle.size) != high - low + 1:
        raise refuse(
            f"sandwich clue on a line shorter than the {high - low + 1} digits ({line})",
            "ISS sums such a line between its own smallest and largest digits",
        )
    return item("Sandwich", clue.number, line)


def outside(type_: str) -> ClueWriter:
    """Clues outside one end of a row or column: ``.XSum~C3~<top>~<bottom>`` (one side left
    empty)."""

    def write(clue: Clue, puzzle: Puzzle) -> str:
        assert isinstance(clue, Outside)
        line, side = line_of(clue, puzzle.size)
        if type_ == "XSum" and clue.number == 0:  # ISS refuses it ("Clue value can't be 0"), as our reader does
            why = ("no x-sum is 0, so the puzzle has no solution" if puzzle.digits[0] > 0
                   else "here a line that starts with 0 has x-sum 0, but ISS reads no such clue")
            raise refuse("x-sum of 0", f"ISS refuses a clue of 0: {why}")
        values = ["", ""]
        values[side] = str(clue.number)
        return item(type_, line, *values)

    return write


def _quadruple(clue: Clue, puzzle: Puzzle) -> str:
    assert isinstance(clue, Quadruple)
    return item("Quad", cell_id(min(clue.cells)), *clue.digits)


WRITERS: dict[str, ClueWriter] = {
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
    "x-sum": outside("XSum"),
    "skyscraper": outside("Skyscraper"),
    "quadruple": _quadruple,
    "weighted-sum": _weighted_sum,
}
"""Our clue kind -> the writer of one clue as one ISS item."""
