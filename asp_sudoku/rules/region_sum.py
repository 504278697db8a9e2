"""Region-sum lines: the digits on a line add up to the same total in every box (or jigsaw
region) it passes through; each separate visit of the line to a region is a segment of its own,
with that same total."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.core.model import Cell, Clue, Grid, Puzzle
from asp_sudoku.rules.base import ClueKind, OnCells, examples, fact
from asp_sudoku.rules.draw import line
from asp_sudoku.rules.shapes.cells import cells_parser


@dataclass(frozen=True)
class RegionSum(OnCells):
    """A region-sum line, in drawing order."""

    kind = "region-sum"
    shown = "region-sum line from {first}"


# ``[[region-sum]] cells = [...]``: at least 2 cells, in drawing order.
parse = cells_parser(RegionSum, 2, shape="line")


def region_of(puzzle: Puzzle, cell: Cell) -> int:
    """The box (numbered row by row from 0) or jigsaw region of a cell."""
    r, c = cell
    if puzzle.regions is not None:
        return puzzle.regions[r - 1][c - 1]
    assert puzzle.box is not None
    h, w = puzzle.box
    return ((r - 1) // h) * (puzzle.cols // w) + (c - 1) // w


def segments(puzzle: Puzzle, clue: RegionSum) -> list[list[Cell]]:
    """The line cut where it crosses from one region into another."""
    out: list[list[Cell]] = []
    for cell in clue.cells:
        if out and region_of(puzzle, out[-1][-1]) == region_of(puzzle, cell):
            out[-1].append(cell)
        else:
            out.append([cell])
    return out


def finish(puzzle: Puzzle, clues: Sequence[Clue]) -> None:
    """Region-sum lines need boxes or jigsaw regions."""
    if clues and puzzle.box is None and puzzle.regions is None:
        raise PuzzleFormatError(puzzle.path, clues[0].line, "region-sum lines need a grid with boxes or regions")


def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``regionSumSegment(K,S,R,C)``: (R,C) is in segment S (1-based, in drawing order) of line K."""
    out = []
    for k, clue in enumerate(clues, start=1):
        assert isinstance(clue, RegionSum)
        for s, part in enumerate(segments(puzzle, clue), start=1):
            out += [fact("regionSumSegment", k, s, r, c) for r, c in part]
    return out


def _region(puzzle: Puzzle, cell: Cell) -> tuple[int, int]:
    r, c = cell
    if puzzle.regions is not None:
        return (puzzle.regions[r - 1][c - 1], 0)
    assert puzzle.box is not None
    return ((r - 1) // puzzle.box[0], (c - 1) // puzzle.box[1])


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """A line whose parts in the regions it visits do not all add up to the same total."""
    assert isinstance(clue, RegionSum)
    totals: list[int] = []
    previous = None
    for cell in clue.cells:
        region = _region(puzzle, cell)
        if region != previous:
            totals.append(0)
            previous = region
        totals[-1] += grid.value(cell)
    if len(set(totals)) > 1:
        yield f"{clue.describe()}: its parts in the regions add up to {totals}"


EXAMPLES = examples(('A region-sum line through three boxes', 'size = 4\n"region-sum" = [{cells = ["r2c1", "r2c2", "r3c2", "r4c3"]}]', '3412124343212134 3412214313244231 3412214343211234 3421124323144132 3421124343122134 3421214343121234 4213132424313142 4213312414322341 4213312424311342 4231132424133142 4231132434122143 4231312424131342'), ('A region-sum line whose segments are two cells of one row', 'size = 4\n"region-sum" = [{cells = ["r1c2", "r1c3"]}]', ''))


RULE = ClueKind(
    "region-sum", "region_sum.lp.j2", RegionSum, parse, facts, finish,
    check=check, draw=line("#6ab0e0"), examples=EXAMPLES,
)
