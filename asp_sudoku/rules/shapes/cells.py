"""Shapes of clues made of cells: lines in drawing order and groups that hang together (parsing,
facts, a checker on the digits in order), and cells marked one by one (even, odd, minimum,
maximum)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from asp_sudoku.core.model import Cell, Clue, Grid, Puzzle
from asp_sudoku.rules.base import (
    ClueContext,
    ClueDraw,
    ClueKind,
    Example,
    OnCells,
    cells_of,
    fact,
)

if TYPE_CHECKING:
    from asp_sudoku.rules.draw import Canvas


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


def position_number_facts(cell_pred: str, number_pred: str, field: str) -> Callable[[Puzzle, Sequence[Clue]], list[str]]:
    """The facts of a kind whose clues are lines with a number: ``cell_pred(K,I,R,C)`` (see
    `position_facts`) and ``number_pred(K,N)``, N the record's `field`."""

    def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
        out = position_facts(cell_pred, clues)
        out += [fact(number_pred, k, getattr(clue, field)) for k, clue in enumerate(clues, start=1)]
        return out

    facts.__doc__ = f"``{cell_pred}(K,I,R,C)``: (R,C) is at position I of line K; ``{number_pred}(K,N)``: its {field}."
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


def cell_and_members_facts(head: str, member: str) -> Callable[[Puzzle, Sequence[Clue]], list[str]]:
    """The facts of a kind whose clues have one `cell` (a digit that tells something) and
    `cells`: ``head(K,R,C)``, clue K's own cell; ``member(K,R,C)``, a cell clue K lists."""

    def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
        out = []
        for k, clue in enumerate(clues, start=1):
            record: Any = clue  # any record with `cell` and `cells` (count-distinct, chaos-region-count)
            own: Cell = record.cell
            listed: tuple[Cell, ...] = record.cells
            out.append(fact(head, k, *own))
            out += [fact(member, k, r, c) for r, c in listed]
        return out

    facts.__doc__ = f"``{head}(K,R,C)``: clue K's own cell; ``{member}(K,R,C)``: a cell clue K lists."
    return facts


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
            ctx.require_connected_line(cells)
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


@dataclass(frozen=True)
class SumCells(OnCells):
    """A clue on cells in order with a number, its `total` (written ``sum``): a sum line, a
    lunchbox, a rellik cage."""

    total: int = 0


def sum_cells_facts(cell_pred: str, sum_pred: str, length_pred: str = "") -> Callable[[Puzzle, Sequence[Clue]], list[str]]:
    """The facts of a kind of `SumCells`: ``<cell_pred>(K,I,R,C)``, cell (R,C) at position I of
    clue K; ``<sum_pred>(K,S)``, its total; with `length_pred`, ``<length_pred>(K,N)``."""

    def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
        out = position_facts(cell_pred, clues)
        for k, clue in enumerate(clues, start=1):
            assert isinstance(clue, SumCells)
            out.append(fact(sum_pred, k, clue.total))
            if length_pred:
                out.append(fact(length_pred, k, len(clue.cells)))
        return out

    facts.__doc__ = f"``{cell_pred}(K,I,R,C)``, ``{sum_pred}(K,S)``" + (f", ``{length_pred}(K,N)``." if length_pred else ".")
    return facts


def distinct_sum_parser(
    record: type[SumCells], minimum: int, bounds: Callable[[tuple[int, int]], tuple[int, int]], what: str
) -> Callable[[ClueContext, Mapping[str, Any]], Clue]:
    """The parser of ``[[<kind>]] cells = [...], sum = S`` for cells holding different digits: at
    least `minimum` cells and no more than the digits (else "a `what` of N cells..."), S within
    ``bounds(digits)``."""

    def parse(ctx: ClueContext, table: Mapping[str, Any]) -> Clue:
        ctx.check_keys(table, ["cells", "sum"])
        cells = ctx.cells(table["cells"], minimum=minimum)
        if len(cells) > ctx.digit_count:
            raise ctx.error(f"a {what} of {len(cells)} cells cannot hold different digits")
        total = ctx.integer(table["sum"], "sum", *bounds(ctx.digits))
        return record(cells=cells, total=total, line=ctx.line)

    parse.__doc__ = f"Read ``[[{record.kind}]] cells = [...], sum = S`` (at least {minimum} cells, different digits)."
    return parse


def corner_number(cv: Canvas, cell: Cell, text: str) -> None:
    """A clue's small number in the top-left corner of a cell."""
    x, y = cv.centre(cell)
    cv.text("marks", x - cv.cell * 0.3, y - cv.cell * 0.3, text, cv.cell * 0.22)


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


def orthogonal_neighbours(cell: Cell, size: int, cols: int = 0) -> list[Cell]:
    """The cells sharing an edge with `cell` in a grid of `size` rows and `cols` columns (0: a
    square)."""
    cols = cols or size
    r, c = cell
    steps = ((-1, 0), (1, 0), (0, -1), (0, 1))
    return [(r + dr, c + dc) for dr, dc in steps if 1 <= r + dr <= size and 1 <= c + dc <= cols]
