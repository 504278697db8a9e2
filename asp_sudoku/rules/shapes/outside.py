"""Shapes of clues outside the grid that look along a row or column (sandwich, x-sum,
skyscraper): where a clue stands, the cells it sees, one clue per place, the facts, and the
clue kind of such a number."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from asp_sudoku.core.errors import placed_twice
from asp_sudoku.core.model import Cell, Clue, Puzzle
from asp_sudoku.rules.base import (
    ClueCheck,
    ClueContext,
    ClueKind,
    Example,
    Outside,
    fact,
)
from asp_sudoku.rules.draw import outside_text
from asp_sudoku.rules.shapes.cells import position_facts

if TYPE_CHECKING:
    from asp_sudoku.rules.draw import Canvas


LINE_RE = re.compile(r"^[rRcC][0-9]+$")


def outside_line(ctx: ClueContext, table: Mapping[str, Any]) -> tuple[Cell, tuple[Cell, ...]]:
    """Where an outside clue stands and the cells it looks along, nearest first.

    Read from ``clue = "r0c3"`` (one step outside the grid: row 0 or N+1, or column 0 or N+1)
    or from ``line = "c3"`` / ``"r3"`` with an optional ``side`` (``"top"``/``"bottom"`` for a
    column, ``"left"``/``"right"`` for a row; default top or left).
    """
    n, m = ctx.size, ctx.cols
    if ("clue" in table) == ("line" in table):
        raise ctx.error("give either clue = \"r0c3\" (the cell outside the grid) or line = \"c3\"")
    if "clue" in table:
        if "side" in table:
            raise ctx.error("side goes with line, not with clue")
        r, c = ctx.cell(table["clue"], outside=True)
        if r in (0, n + 1) and 1 <= c <= m:
            rows = range(1, n + 1) if r == 0 else range(n, 0, -1)
            return (r, c), tuple((rr, c) for rr in rows)
        if c in (0, m + 1) and 1 <= r <= n:
            cols = range(1, m + 1) if c == 0 else range(m, 0, -1)
            return (r, c), tuple((r, cc) for cc in cols)
        raise ctx.error(
            f"clue {table['clue']!r} must stand just outside the grid, beside a row or column "
            f"(row 0 or {n + 1}, or column 0 or {m + 1})"
        )
    spec = table["line"]
    if not isinstance(spec, str) or not LINE_RE.match(spec.strip()):
        raise ctx.error(f"line must name a row or column like 'r3' or 'c3', not {spec!r}"[:120])
    axis, index = spec.strip()[0].lower(), int(spec.strip()[1:])
    if not 1 <= index <= (m if axis == "c" else n):
        raise ctx.error(f"line {spec!r} is outside the {n}x{m} grid")
    side = table.get("side", "top" if axis == "c" else "left")
    sides = ("top", "bottom") if axis == "c" else ("left", "right")
    if side not in sides:
        raise ctx.error(f"side of a {'column' if axis == 'c' else 'row'} must be {' or '.join(sides)}, not {side!r}"[:120])
    if axis == "c":
        clue = (0, index) if side == "top" else (n + 1, index)
    else:
        clue = (index, 0) if side == "left" else (index, m + 1)
    return outside_line(ctx, {"clue": f"r{clue[0]}c{clue[1]}"})


def outside_keys(table: Mapping[str, Any]) -> tuple[str, ...]:
    """The keys that place an outside clue (besides its number)."""
    return tuple(k for k in ("clue", "line", "side") if k in table)


def require_unique_places(path: str, kind: str, clues: Sequence[Clue]) -> None:
    """No two outside clues of one kind stand in the same place (raises PuzzleFormatError)."""
    seen: dict[Cell, int] = {}
    for clue in clues:
        assert isinstance(clue, Outside)
        where = clue.clue
        if where in seen:
            raise placed_twice(path, clue.line, kind, f"r{where[0]}c{where[1]}", seen[where])
        seen[where] = clue.line


def outside_facts(cell_name: str, number_name: str, clues: Sequence[Clue], numbers: Sequence[int]) -> list[str]:
    """``cell_name(K,I,R,C)``: (R,C) is the I-th cell seen from outside clue K; and
    ``number_name(K,N)``: the number of clue K (`numbers`, in clue order)."""
    out = position_facts(cell_name, clues)
    out += [fact(number_name, k, n) for k, n in enumerate(numbers, start=1)]
    return out


def outside_kind(
    record: type[Outside],
    key: str,
    bounds: Callable[[ClueContext], tuple[int, int]],
    predicates: tuple[str, str],
    shown: str,
    check: ClueCheck,
    examples: tuple[Example, ...],
    turn: bool = False,
) -> ClueKind:
    """The clue kind of a number outside the grid: ``[[<kind>]] clue = "r0c3"`` (or ``line =
    "c3"``, ``side = "bottom"``) and ``<key> = N`` within ``bounds(ctx)``, at most one clue of
    the kind per place; facts ``<cell>(K,I,R,C)`` (the I-th cell seen from clue K) and
    ``<number>(K,N)`` from `predicates`; drawn as `shown` (a format for the number) in its place.
    With `turn`, a clue below or right of the grid is read as the one above or left of it (a
    sandwich sum reads the same from either end)."""

    def parse(ctx: ClueContext, table: Mapping[str, Any]) -> Clue:
        ctx.check_keys(table, [key], ["clue", "line", "side"])
        clue, cells = outside_line(ctx, table)
        number = ctx.integer(table[key], key, *bounds(ctx))
        if turn and (clue[0] == ctx.size + 1 or clue[1] == ctx.cols + 1):
            clue = (0, clue[1]) if clue[0] == ctx.size + 1 else (clue[0], 0)
            cells = tuple(reversed(cells))
        return record(clue=clue, cells=cells, number=number, line=ctx.line)

    def finish(puzzle: Puzzle, clues: Sequence[Clue]) -> None:
        require_unique_places(puzzle.path, record.kind, clues)

    def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
        numbers = [c.number for c in clues if isinstance(c, Outside)]
        return outside_facts(*predicates, clues, numbers)

    def to_table(clue: Clue) -> dict[str, Any]:
        assert isinstance(clue, Outside)
        return {"clue": f"r{clue.clue[0]}c{clue.clue[1]}", key: clue.number}

    def draw(cv: Canvas, clue: Clue) -> None:
        assert isinstance(clue, Outside)
        outside_text(cv, clue.clue, shown.format(clue.number))

    return ClueKind.of(
        record, parse, facts, finish=finish, to_table=to_table, check=check, draw=draw, examples=examples
    )
