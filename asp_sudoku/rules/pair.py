"""Pair relations: a clue lists cells and the pairs of digits allowed on them; every two
neighbouring cells of the list (or, with ``all = true``, every two of its cells) hold an allowed
pair, the earlier cell's digit first (a relation written for any rule between two cells, as
ISS's pairwise constraints are)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asp_sudoku.core.model import Clue, Grid, Puzzle, cell_name
from asp_sudoku.rules.base import ClueContext, ClueKind, OnCells, examples, fact
from asp_sudoku.rules.draw import line
from asp_sudoku.rules.shapes.cells import position_facts


@dataclass(frozen=True)
class Pair(OnCells):
    """Cells in order and the allowed (earlier digit, later digit) pairs; `all` compares every
    two cells, not only neighbours in the list."""

    kind = "pair"
    shown = "pair relation on {cells}"
    allowed: tuple[tuple[int, int], ...] = ()
    all: bool = False


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> Pair:
    """Read ``[[pair]] cells = [...]``, ``allowed = [[1, 2], [2, 1], ...]`` (digit pairs, the
    earlier cell's digit first) and an optional ``all = true``."""
    ctx.check_keys(table, ["cells", "allowed"], ["all"])
    cells = ctx.cells(table["cells"], minimum=2)
    raw = table["allowed"]
    if not isinstance(raw, list):
        raise ctx.error("allowed must be a list of digit pairs like [1, 2]")
    allowed = set()
    for item in raw:
        if not isinstance(item, list) or len(item) != 2:
            raise ctx.error(f"allowed lists {str(item)[:20]}, not a pair of digits like [1, 2]")
        allowed.add((ctx.integer(item[0], "an allowed digit", *ctx.digits), ctx.integer(item[1], "an allowed digit", *ctx.digits)))
    every = table.get("all", False)
    if not isinstance(every, bool):
        raise ctx.error(f"all must be true or false, not {str(every)[:20]!r}")
    return Pair(cells=cells, allowed=tuple(sorted(allowed)), all=every, line=ctx.line)


def to_table(clue: Clue) -> dict[str, Any]:
    """``cells``, ``allowed`` and ``all`` (when true)."""
    assert isinstance(clue, Pair)
    table: dict[str, Any] = {"cells": [cell_name(c) for c in clue.cells], "allowed": [list(p) for p in clue.allowed]}
    if clue.all:
        table["all"] = True
    return table


def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``pairCell(K,I,R,C)``: cell (R,C) at position I of clue K; ``pairAllowed(K,A,B)``: digits
    A then B are allowed; ``pairAll(K)``: every two cells are compared."""
    out = position_facts("pairCell", clues)
    for k, clue in enumerate(clues, start=1):
        assert isinstance(clue, Pair)
        out += [fact("pairAllowed", k, a, b) for a, b in clue.allowed]
        if clue.all:
            out.append(fact("pairAll", k))
    return out


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """Two compared cells whose digits are not an allowed pair."""
    assert isinstance(clue, Pair)
    cells = clue.cells
    for i, first in enumerate(cells):
        for second in cells[i + 1 :] if clue.all else cells[i + 1 : i + 2]:
            pair = (grid.value(first), grid.value(second))
            if pair not in clue.allowed:
                yield f"{clue.describe()}: {cell_name(first)} and {cell_name(second)} hold {pair[0]} and {pair[1]}, not an allowed pair"


EXAMPLES = examples(('Neighbours on the list differ by exactly 2', 'size = 4\ngivens = "1...\\n....\\n....\\n...."\npair = [{cells = ["r1c1", "r2c2", "r3c3"], allowed = [[1, 3], [3, 1], [2, 4], [4, 2]]}]', '1234432124133142 1234432134122143 1243432134122134 1423234132144132 1432234132144123 1432234142133124'), ('With all = true, the first and last cells are compared too: no three digits of 1-4 differ by 2 two by two', 'size = 4\npair = [{cells = ["r1c1", "r2c2", "r3c3"], allowed = [[1, 3], [3, 1], [2, 4], [4, 2]], all = true}]', ''))


RULE = ClueKind.of(Pair, parse, facts, to_table=to_table, check=check, draw=line("#b0b0b0", 0.06), examples=EXAMPLES)
