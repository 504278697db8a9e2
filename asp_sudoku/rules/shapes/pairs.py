"""Shapes of clues on two orthogonal neighbours (Kropki dots, XV): reading the pair, one mark per
pair, the facts, and the clue kind of a mark with a number."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from asp_sudoku.core.errors import placed_twice
from asp_sudoku.core.model import Cell, Clue, Puzzle
from asp_sudoku.rules.base import (
    ClueCheck,
    ClueContext,
    ClueDraw,
    ClueKind,
    Example,
    OnPair,
    cells_of,
    fact,
)

if TYPE_CHECKING:
    pass


def orthogonal_pair(ctx: ClueContext, value: Any) -> tuple[Cell, Cell]:
    """Two orthogonally adjacent cells, in reading order (the first above or left of the second)."""
    cells = ctx.cells(value, "cells", minimum=2)
    if len(cells) != 2:
        raise ctx.error(f"cells must name exactly two cells, not {len(cells)}")
    (r1, c1), (r2, c2) = sorted(cells)
    if abs(r1 - r2) + abs(c1 - c2) != 1:
        raise ctx.error(f"r{r1}c{c1} and r{r2}c{c2} are not orthogonal neighbours")
    return (r1, c1), (r2, c2)


def pair_facts(predicate: str, clues: Sequence[Clue]) -> list[str]:
    """``<predicate>(R,C,R2,C2,N)`` for each clue on a pair of cells (dots, X and V): the cells in
    reading order, N the clue's number (validated when the clue was read)."""
    out = []
    for clue in clues:
        assert isinstance(clue, OnPair)
        (r, c), (r2, c2) = clue.cells
        out.append(fact(predicate, r, c, r2, c2, clue.number))
    return out


def require_unique_pairs(path: str, kind: str, clues: Sequence[Clue]) -> None:
    """No two clues of one kind sit on the same pair of cells (raises PuzzleFormatError)."""
    seen: dict[tuple[Cell, ...], int] = {}
    for clue in clues:
        cells = cells_of(clue)
        if cells in seen:
            raise placed_twice(path, clue.line, kind, f"r{cells[0][0]}c{cells[0][1]}-r{cells[1][0]}c{cells[1][1]}", seen[cells])
        seen[cells] = clue.line


def pair_kind(
    record: type[OnPair],
    predicate: str,
    number: tuple[str, int, Callable[[tuple[int, int]], tuple[int, int]]],
    check: ClueCheck,
    draw: ClueDraw,
    examples: tuple[Example, ...] = (),
) -> ClueKind:
    """The clue kind of a mark on two orthogonal neighbours with an optional number (kropki dots):
    ``[[<kind>]] cells = ["r1c1", "r1c2"], <key> = N`` read into the record's `number` (`number`
    gives the key, its default and its bounds from the digits) and written back so; at most one
    mark of the kind per pair; facts ``<predicate>(R,C,R2,C2,N)``; the template named after the
    kind."""
    key, default, bounds = number

    def parse(ctx: ClueContext, table: Mapping[str, Any]) -> Clue:
        ctx.check_keys(table, ["cells"], [key])
        cells = orthogonal_pair(ctx, table["cells"])
        low, high = bounds(ctx.digits)
        value = ctx.integer(table.get(key, default), key, low, high)
        return record(cells=cells, number=value, line=ctx.line)

    def finish(puzzle: Puzzle, clues: Sequence[Clue]) -> None:
        require_unique_pairs(puzzle.path, record.kind, clues)

    def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
        return pair_facts(predicate, clues)

    def to_table(clue: Clue) -> dict[str, Any]:
        assert isinstance(clue, OnPair)
        return {"cells": [f"r{r}c{c}" for r, c in clue.cells], key: clue.number}

    return ClueKind.of(
        record, parse, facts, finish=finish, to_table=to_table, check=check, draw=draw, examples=examples
    )


def neighbour_pairs(n: int, m: int = 0) -> Iterator[tuple[Cell, Cell]]:
    """Every pair of orthogonal neighbours of an n x m grid (m = 0: n x n), each once, in reading
    order."""
    m = m or n
    for r in range(1, n + 1):
        for c in range(1, m + 1):
            if c < m:
                yield (r, c), (r, c + 1)
            if r < n:
                yield (r, c), (r + 1, c)
