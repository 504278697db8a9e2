"""Clones: two regions of the same shape, cell for cell: each cell of the copy holds the same
digit as the matching cell of the original (f-puzzles' clone constraint)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asp_sudoku.core.model import Cell, Clue, Grid, Puzzle, cell_name
from asp_sudoku.rules.base import ClueContext, ClueKind, OnCells, examples, fact
from asp_sudoku.rules.draw import Canvas, cage_outline


@dataclass(frozen=True)
class Clone(OnCells):
    """An original region (`cells`) and its copy (`copies`, matching cell for cell)."""

    kind = "clone"
    shown = "clone of {cells}"
    copies: tuple[Cell, ...] = ()


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> Clone:
    """``{cells = [...], copies = [...]}``: as many copies as cells, none of them the same cell."""
    ctx.check_keys(table, required=("cells", "copies"))
    cells, copies = (ctx.cells(table[key], key) for key in ("cells", "copies"))
    if len(cells) != len(copies):
        raise ctx.error(f"a clone has {len(cells)} cells and {len(copies)} copies; they match cell for cell")
    if any(a == b for a, b in zip(cells, copies)):
        raise ctx.error("a cell cannot be its own copy")
    return Clone(cells=tuple(cells), copies=tuple(copies), line=ctx.line)


def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``cloneCell(K,I,R,C)``/``cloneCopy(K,I,R,C)``: (R,C) is the I-th cell of clone K's original / copy."""
    out = []
    for k, clue in enumerate(clues, start=1):
        assert isinstance(clue, Clone)
        out += [fact("cloneCell", k, i, r, c) for i, (r, c) in enumerate(clue.cells, start=1)]
        out += [fact("cloneCopy", k, i, r, c) for i, (r, c) in enumerate(clue.copies, start=1)]
    return out


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """A copied cell whose digit differs from its original's."""
    assert isinstance(clue, Clone)
    for a, b in zip(clue.cells, clue.copies):
        if grid.value(a) != grid.value(b):
            yield f"{clue.describe()}: {cell_name(b)} holds {grid.value(b)}, {cell_name(a)} holds {grid.value(a)}"


def draw(cv: Canvas, clue: Clue) -> None:
    """Both regions outlined, the copy's outline labelled with the original's first cell."""
    assert isinstance(clue, Clone)
    cage_outline(cv, clue.cells)
    cage_outline(cv, clue.copies, "=" + cell_name(clue.cells[0]))


EXAMPLES = examples(('A domino cloned in the opposite corner', 'size = 4\ngivens = "1...\\n....\\n....\\n...."\nclone = [{cells = ["r1c1", "r1c2"], copies = ["r4c3", "r4c4"]}]', '1234342121434312 1234432121433412 1243342121344312 1243432121343412 1324243131424213 1324423131422413 1342243131244213 1342423131242413 1423234141323214 1423324141322314 1432234141233214 1432324141232314'), ('No solution: a clone in the same row', 'size = 4\nclone = [{cells = ["r1c1"], copies = ["r1c2"]}]', ''))


RULE = ClueKind.of(Clone, parse, facts, check=check, draw=draw, examples=EXAMPLES)
