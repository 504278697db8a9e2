"""Region-sum lines: the digits on a line add up to the same total in every box (or jigsaw
region) it passes through; each separate visit of the line to a region is a segment of its own."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.core.model import Cell, Clue, Puzzle, cell_name
from asp_sudoku.rules.base import ClueContext, ClueKind, fact
from asp_sudoku.rules.shapes import line_cells


@dataclass(frozen=True)
class RegionSum(Clue):
    """A region-sum line, in drawing order."""

    kind = "region-sum"
    cells: tuple[Cell, ...] = ()

    def describe(self) -> str:
        return f"region-sum line from {cell_name(self.cells[0])}"


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> RegionSum:
    """Read ``[[region-sum]] cells = [...]`` (at least 2 cells, in drawing order)."""
    ctx.check_keys(table, ["cells"])
    return RegionSum(cells=line_cells(ctx, table, 2), line=ctx.line)


def region_of(puzzle: Puzzle, cell: Cell) -> int:
    """The box (numbered row by row from 0) or jigsaw region of a cell."""
    r, c = cell
    if puzzle.regions is not None:
        return puzzle.regions[r - 1][c - 1]
    assert puzzle.box is not None
    h, w = puzzle.box
    return ((r - 1) // h) * (puzzle.size // w) + (c - 1) // w


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


RULE = ClueKind("region-sum", "region_sum.lp.j2", RegionSum, parse, facts, finish)
