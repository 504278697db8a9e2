"""Shapes that several clue kinds share: a pair of neighbouring cells (dots), a line drawn through
cells, a group of cells that must hang together, and a clue outside the grid that looks along a
row or column.  Each helper validates through `ClueContext` and returns plain integers.  And
the checks several global rules share: repeated values, cells a step apart, neighbours that no
mark joins."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.core.model import Cell, Clue, Grid, Puzzle, cell_name
from asp_sudoku.rules.base import (
    ClueCheck,
    ClueContext,
    ClueDraw,
    ClueKind,
    Example,
    GlobalRule,
    OnCells,
    OnPair,
    Outside,
    cells_of,
    fact,
)
from asp_sudoku.rules.draw import outside_text

if TYPE_CHECKING:
    from asp_sudoku.rules.draw import Canvas

LINE_RE = re.compile(r"^[rRcC]\d+$")


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
            raise PuzzleFormatError(
                path, clue.line,
                f"{kind}: r{cells[0][0]}c{cells[0][1]}-r{cells[1][0]}c{cells[1][1]} already has "
                f"a {kind} clue (line {seen[cells]})",
            )
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
    ``[[<kind>]] cells = ["r1c1", "r1c2"], <key> = N`` read into the record, `number` being the
    key (also the record's field), its default and its bounds from the digits; at most one mark
    of the kind per pair; facts ``<predicate>(R,C,R2,C2,N)``; its template is named after the kind."""
    key, default, bounds = number

    def parse(ctx: ClueContext, table: Mapping[str, Any]) -> Clue:
        ctx.check_keys(table, ["cells"], [key])
        cells = orthogonal_pair(ctx, table["cells"])
        low, high = bounds(ctx.digits)
        value = ctx.integer(table.get(key, default), key, low, high)
        number: dict[str, Any] = {key: value}  # the key is also the record's field
        return replace(record(cells=cells, line=ctx.line), **number)

    def finish(puzzle: Puzzle, clues: Sequence[Clue]) -> None:
        require_unique_pairs(puzzle.path, record.kind, clues)

    def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
        return pair_facts(predicate, clues)

    template = f"{record.kind.replace('-', '_')}.lp.j2"
    return ClueKind(record.kind, template, record, parse, facts, finish, check=check, draw=draw, examples=examples)


def line_cells(ctx: ClueContext, table: Mapping[str, Any], minimum: int) -> tuple[Cell, ...]:
    """The `cells` of a line, in drawing order; consecutive cells must touch."""
    cells = ctx.cells(table["cells"], minimum=minimum)
    ctx.require_connected_line(cells, ctx.kind)
    return cells


def require_connected_group(ctx: ClueContext, cells: Sequence[Cell]) -> None:
    """The cells form one group when cells that touch (also diagonally) are joined."""
    todo = [cells[0]]
    seen = {cells[0]}
    members = set(cells)
    while todo:
        r, c = todo.pop()
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                nxt = (r + dr, c + dc)
                if nxt in members and nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
    if len(seen) != len(members):
        apart = sorted(members - seen)[0]
        raise ctx.error(f"the cells do not form one line: r{apart[0]}c{apart[1]} is apart")


def position_facts(name: str, clues: Sequence[Clue]) -> list[str]:
    """``name(K,I,R,C)``: cell (R,C) is at position I (1-based) of clue K (1-based)."""
    out = []
    for k, clue in enumerate(clues, start=1):
        cells = cells_of(clue)
        out += [fact(name, k, i, r, c) for i, (r, c) in enumerate(cells, start=1)]
    return out


def position_facts_of(name: str) -> Callable[[Puzzle, Sequence[Clue]], list[str]]:
    """The facts of a kind whose clues are lines: ``name(K,I,R,C)``, cell (R,C) at position I of
    clue K (see `position_facts`)."""

    def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
        return position_facts(name, clues)

    facts.__doc__ = f"``{name}(K,I,R,C)``: cell (R,C) is at position I of clue K."
    return facts


def member_facts(name: str, length: str = "") -> Callable[[Puzzle, Sequence[Clue]], list[str]]:
    """The facts of a kind whose clues are sets of cells: ``name(K,R,C)``, cell (R,C) belongs
    to clue K; with `length`, also ``length(K,N)``: clue K has N cells."""

    def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
        out = []
        for k, clue in enumerate(clues, start=1):
            out += [fact(name, k, r, c) for r, c in cells_of(clue)]
            if length:
                out.append(fact(length, k, len(cells_of(clue))))
        return out

    facts.__doc__ = f"``{name}(K,R,C)``: cell (R,C) is in clue K" + (f"; ``{length}(K,N)``." if length else ".")
    return facts


def outside_line(ctx: ClueContext, table: Mapping[str, Any]) -> tuple[Cell, tuple[Cell, ...]]:
    """Where an outside clue stands and the cells it looks along, nearest first.

    Read from ``clue = "r0c3"`` (one step outside the grid: row 0 or N+1, or column 0 or N+1)
    or from ``line = "c3"`` / ``"r3"`` with an optional ``side`` (``"top"``/``"bottom"`` for a
    column, ``"left"``/``"right"`` for a row; default top or left).
    """
    n = ctx.size
    if ("clue" in table) == ("line" in table):
        raise ctx.error("give either clue = \"r0c3\" (the cell outside the grid) or line = \"c3\"")
    if "clue" in table:
        if "side" in table:
            raise ctx.error("side goes with line, not with clue")
        r, c = ctx.cell(table["clue"], outside=True)
        if r in (0, n + 1) and 1 <= c <= n:
            rows = range(1, n + 1) if r == 0 else range(n, 0, -1)
            return (r, c), tuple((rr, c) for rr in rows)
        if c in (0, n + 1) and 1 <= r <= n:
            cols = range(1, n + 1) if c == 0 else range(n, 0, -1)
            return (r, c), tuple((r, cc) for cc in cols)
        raise ctx.error(
            f"clue {table['clue']!r} must stand just outside the grid, beside a row or column "
            f"(row 0 or {n + 1}, or column 0 or {n + 1})"
        )
    spec = table["line"]
    if not isinstance(spec, str) or not LINE_RE.match(spec.strip()):
        raise ctx.error(f"line must name a row or column like 'r3' or 'c3', not {spec!r}"[:120])
    axis, index = spec.strip()[0].lower(), int(spec.strip()[1:])
    if not 1 <= index <= n:
        raise ctx.error(f"line {spec!r} is outside the {n}x{n} grid")
    side = table.get("side", "top" if axis == "c" else "left")
    sides = ("top", "bottom") if axis == "c" else ("left", "right")
    if side not in sides:
        raise ctx.error(f"side of a {'column' if axis == 'c' else 'row'} must be {' or '.join(sides)}, not {side!r}"[:120])
    if axis == "c":
        clue = (0, index) if side == "top" else (n + 1, index)
    else:
        clue = (index, 0) if side == "left" else (index, n + 1)
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
            raise PuzzleFormatError(
                path, clue.line, f"{kind}: r{where[0]}c{where[1]} already has a {kind} clue (line {seen[where]})"
            )
        seen[where] = clue.line


def outside_facts(cell_name: str, number_name: str, clues: Sequence[Clue], numbers: Sequence[int]) -> list[str]:
    """``cell_name(K,I,R,C)``: (R,C) is the I-th cell seen from outside clue K; and
    ``number_name(K,N)``: the number of clue K (`numbers`, in clue order)."""
    out = position_facts(cell_name, clues)
    out += [fact(number_name, k, n) for k, n in enumerate(numbers, start=1)]
    return out


@dataclass(frozen=True)
class CellMark(OnCells):
    """A clue that marks cells, each on its own (even, odd, minimum, maximum): a subclass sets
    `kind` and says in its docstring what a marked cell holds."""


def cell_mark_kind(
    record: type[CellMark],
    predicate: str,
    wrong: Callable[[Puzzle, Grid, Cell], Iterable[str]],
    draw: ClueDraw,
    examples: tuple[Example, ...] = (),
) -> ClueKind:
    """The clue kind of a `CellMark` record: ``[[<kind>]] cells = ["r1c1", ...]`` read into the
    record; the marked cells, sorted and without repeats, as facts ``<predicate>(R,C)``; its
    checker asks `wrong` (the module's own) what is wrong with each marked cell; its template is
    named after the kind."""

    def parse(ctx: ClueContext, table: Mapping[str, Any]) -> Clue:
        return record(cells=ctx.only_cells(table), line=ctx.line)

    def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
        cells = {cell for clue in clues for cell in cells_of(clue)}
        return [fact(predicate, r, c) for r, c in sorted(cells)]

    def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
        for cell in cells_of(clue):
            yield from wrong(puzzle, grid, cell)

    template = f"{record.kind}.lp.j2"
    return ClueKind(record.kind, template, record, parse, facts, check=check, draw=draw, examples=examples)


def orthogonal_neighbours(cell: Cell, size: int) -> list[Cell]:
    """The cells sharing an edge with `cell` in a grid of this size."""
    r, c = cell
    steps = ((-1, 0), (1, 0), (0, -1), (0, 1))
    return [(r + dr, c + dc) for dr, dc in steps if 1 <= r + dr <= size and 1 <= c + dc <= size]


def cells_parser(
    record: type[OnCells],
    minimum: int = 2,
    most: Callable[[ClueContext], int] | None = None,
    too_many: str = "",
    shape: str = "",
) -> Callable[[ClueContext, Mapping[str, Any]], Clue]:
    """The parser of a clue made of its cells only, ``[[<kind>]] cells = [...]``: at least
    `minimum` distinct cells, at most ``most(ctx)`` (else the error `too_many`, with ``{count}``
    and ``{most}``), forming a line in drawing order (`shape` "line": consecutive cells touch),
    one group (`shape` "group") or any set of cells."""

    def parse(ctx: ClueContext, table: Mapping[str, Any]) -> Clue:
        cells = ctx.only_cells(table, minimum, most(ctx) if most else None, too_many)
        if shape == "line":
            ctx.require_connected_line(cells, ctx.kind)
        elif shape == "group":
            require_connected_group(ctx, cells)
        return record(cells=cells, line=ctx.line)

    parse.__doc__ = f"Read ``[[{record.kind}]] cells = [...]`` (at least {minimum} cells)."
    return parse


def digit_count(ctx: ClueContext) -> int:
    """How many digits the grid has: the most cells of a clue whose digits all differ."""
    return ctx.digit_count


def values_check(
    record: type[OnCells], wrong: Callable[[Puzzle, list[int]], Iterable[str]]
) -> Callable[[Puzzle, Grid, Clue], Iterable[str]]:
    """The checker of a clue that is a condition on the digits of its cells, in their order:
    `wrong` (the rule's own) says what is wrong with them; each message follows the clue's
    description."""

    def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
        assert isinstance(clue, record)
        for message in wrong(puzzle, [grid.value(c) for c in clue.cells]):
            yield f"{clue.describe()}{message}"

    return check


def line_facts(cell_pred: str, length_pred: str) -> Callable[[Puzzle, Sequence[Clue]], list[str]]:
    def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
        out = position_facts(cell_pred, clues)
        out += [fact(length_pred, k, len(cells_of(c))) for k, c in enumerate(clues, start=1)]
        return out

    facts.__doc__ = f"``{cell_pred}(K,I,R,C)``: (R,C) is at position I of line K; ``{length_pred}(K,N)``."
    return facts


def pairs_differ(grid: Grid, steps: Sequence[tuple[int, int]], rule: str) -> Iterator[str]:
    """Checker of an "anti" rule: cells one of these steps apart (each step given in one
    direction only) hold different values; each pair that does not, in words."""
    n = grid.size
    for r in range(1, n + 1):
        for c in range(1, n + 1):
            for dr, dc in steps:
                r2, c2 = r + dr, c + dc
                if 1 <= r2 <= n and 1 <= c2 <= n and grid.value((r, c)) == grid.value((r2, c2)):
                    yield f"{rule}: {cell_name((r, c))} and {cell_name((r2, c2))} both hold {grid.value((r, c))}"


def neighbour_pairs(n: int) -> Iterator[tuple[Cell, Cell]]:
    """Every pair of orthogonal neighbours of an n x n grid, each once, in reading order."""
    for r in range(1, n + 1):
        for c in range(1, n + 1):
            if c < n:
                yield (r, c), (r, c + 1)
            if r < n:
                yield (r, c), (r + 1, c)


def unmarked_pairs(
    puzzle: Puzzle, grid: Grid, rule: str, kinds: tuple[str, ...], bad: Callable[[int, int], bool], what: str
) -> Iterator[str]:
    """Checker of an "all marks shown" (negative) rule: orthogonal neighbours that no clue of
    these kinds joins must not hold values `bad` accepts; each pair that does, in words."""
    marked = {frozenset(cells_of(clue)) for clue in puzzle.clues if clue.kind in kinds}
    for first, second in neighbour_pairs(puzzle.size):
        if frozenset((first, second)) in marked:
            continue
        a, b = grid.value(first), grid.value(second)
        if bad(a, b):
            yield f"{rule}: {cell_name(first)} and {cell_name(second)} hold {a} and {b} ({what}) but no mark joins them"


def diagonal_rule(name: str, anti: bool, examples: tuple[Example, ...]) -> GlobalRule:
    """The global rule of one long diagonal holding each digit once: the main one (top-left to
    bottom-right) or the anti-diagonal (bottom-left to top-right), drawn as a thin blue line."""
    what = "the anti-diagonal" if anti else "the main diagonal"

    def check(puzzle: Puzzle, grid: Grid) -> Iterator[str]:
        n = puzzle.size
        for v in grid.repeats([(i, n + 1 - i if anti else i) for i in range(1, n + 1)]):
            yield f"{name}: {what} holds {v} twice"

    def draw(cv: Canvas, puzzle: Puzzle) -> None:
        n = puzzle.size
        y1, y2 = (cv.y(n + 1), cv.y(1)) if anti else (cv.y(1), cv.y(n + 1))
        cv.add("lines", f'<line x1="{cv.x(1)}" y1="{y1}" x2="{cv.x(n + 1)}" y2="{y2}" stroke="#5b9bd5" stroke-width="1.5"/>')

    check.__doc__ = f"Every digit {what} holds twice."
    template = "diagonal_anti.lp.j2" if anti else "diagonal_main.lp.j2"
    return GlobalRule(name, template, check, draw, examples)


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
        if turn and ctx.size + 1 in clue:
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
