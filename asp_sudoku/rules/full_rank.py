"""Full rank: every row and every column is read as a number in both directions (from the left
and from the right, from the top and from the bottom), which makes four numbers per row or
column; a clue outside the grid is the rank of the number read from it, counting from the
smallest: one more than how many of those numbers are smaller.  With ``ties = "unclued"`` (the
default) no other number reads the same as a clued one; ``ties = "any"`` lets numbers tie (tied
numbers share a rank); ``ties = "none"`` also forbids any two numbers of the grid to be equal."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from asp_sudoku.core.model import Cell, Clue, Grid, Puzzle, cell_name
from asp_sudoku.rules.base import ClueContext, ClueKind, Outside, examples, fact
from asp_sudoku.rules.draw import outside_text
from asp_sudoku.rules.shapes.outside import outside_line, require_unique_places

if TYPE_CHECKING:
    from asp_sudoku.rules.draw import Canvas

TIES = ("unclued", "any", "none")


@dataclass(frozen=True)
class FullRank(Outside):
    """A full-rank clue: where it stands, the cells it reads (nearest first), the rank, and
    which ties are allowed."""

    kind = "full-rank"
    number: int = 1
    ties: str = "unclued"


def readings(size: int) -> list[tuple[Cell, ...]]:
    """The 4N numbers of a grid as cells, first digit first: each row from the left and from the
    right, each column from the top and from the bottom."""
    out: list[tuple[Cell, ...]] = []
    for i in range(1, size + 1):
        row = tuple((i, c) for c in range(1, size + 1))
        col = tuple((r, i) for r in range(1, size + 1))
        out += [row, row[::-1], col, col[::-1]]
    return out


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> Clue:
    """Read ``[[full-rank]] clue = "r0c2"`` (or ``line``/``side``), ``rank = N`` (1 to 4 times
    the grid size) and an optional ``ties``."""
    ctx.check_keys(table, ["rank"], ["clue", "line", "side", "ties"])
    clue, cells = outside_line(ctx, table)
    rank = ctx.integer(table["rank"], "rank", 1, 4 * ctx.size)
    ties = table.get("ties", "unclued")
    if ties not in TIES:
        raise ctx.error(
            f"ties must be one of {', '.join(repr(t) for t in TIES)}, not {str(ties)[:20]!r}"
        )
    return FullRank(clue=clue, cells=cells, number=rank, ties=ties, line=ctx.line)


def finish(puzzle: Puzzle, clues: Sequence[Clue]) -> None:
    """No two full-rank clues stand in the same place."""
    require_unique_places(puzzle.path, "full-rank", clues)


def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``fullRankLine(E,I,R,C)``: (R,C) is the I-th digit of number E (all 4N numbers);
    ``fullRankClue(E,K)``: number E has rank K; ``fullRankStrict(E)``: no other number equals
    clued number E; ``fullRankDistinct(1)``: no two numbers are equal; ``fullRankEdgesFull(1)``: every row and
    column holds every digit once (not with more digits than a row has cells, nor on a grid
    whose rows may repeat digits), so each digit starts exactly four numbers."""
    lines = readings(puzzle.size)
    index = {cells: e for e, cells in enumerate(lines, start=1)}
    out = [
        fact("fullRankLine", e, i, r, c)
        for e, cells in enumerate(lines, start=1)
        for i, (r, c) in enumerate(cells, start=1)
    ]
    records = [c for c in clues if isinstance(c, FullRank)]
    out += sorted({fact("fullRankClue", index[c.cells], c.number) for c in records})
    out += sorted({fact("fullRankStrict", index[c.cells]) for c in records if c.ties != "any"})
    if any(c.ties == "none" for c in records):
        out.append(fact("fullRankDistinct", 1))
    low, high = puzzle.digits
    if records and puzzle.latin and high - low + 1 == puzzle.size == puzzle.cols:
        out.append(fact("fullRankEdgesFull", 1))  # every row and column holds every digit once
    return out


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """The clued number has as many smaller numbers as its rank says (one fewer); no other
    number equals it unless ties are allowed; with no ties at all, no two numbers are equal."""
    assert isinstance(clue, FullRank)
    numbers = [tuple(grid.value(c) for c in cells) for cells in readings(puzzle.size)]
    own = tuple(grid.value(c) for c in clue.cells)
    smaller = sum(1 for n in numbers if n < own)
    if smaller + 1 != clue.number:
        yield f"{clue.describe()}: its number {''.join(map(str, own))} ranks {smaller + 1}"
    if clue.ties != "any" and numbers.count(own) > 1:
        yield f"{clue.describe()}: another row or column reads {''.join(map(str, own))} too"
    if clue.ties == "none" and len(set(numbers)) < len(numbers):
        yield f'{clue.describe()}: two rows or columns read the same number (ties = "none")'


def to_table(clue: Clue) -> dict[str, Any]:
    """The TOML table of a full-rank clue (``ties`` only when not the default)."""
    assert isinstance(clue, FullRank)
    table: dict[str, Any] = {"clue": cell_name(clue.clue), "rank": clue.number}
    if clue.ties != "unclued":
        table["ties"] = clue.ties
    return table


def draw(cv: Canvas, clue: Clue) -> None:
    """The rank beside the row or column, as ``#N``."""
    assert isinstance(clue, FullRank)
    outside_text(cv, clue.clue, f"#{clue.number}")


EXAMPLES = examples(('Column 1 read downwards is the 10th smallest of the 16 numbers: nine solutions', 'size = 4\n"full-rank" = [{clue = "r0c1", rank = 10}]', '3124243112434312 3214143243212143 3241142343122134 3412123441232341 3412213443211243 3412214342311324 3421124341322314 3421213413424213 3421214343121234'), ('The same clue where no two numbers of the grid may be equal: six solutions', 'size = 4\n"full-rank" = [{clue = "r0c1", rank = 10, ties = "none"}]', '3124243112434312 3214143243212143 3412123441232341 3412213443211243 3421213413424213 3421214343121234'), ('Three clues that need ties: row 4 from the left reads 2314, as row 3 does from the right', 'size = 4\n"full-rank" = [{clue = "r0c1", rank = 10, ties = "any"}, {clue = "r0c2", rank = 15, ties = "any"}, {clue = "r4c0", rank = 5, ties = "any"}]', '3421124341322314'), ('No solution: the same three clues when clued numbers may not tie', 'size = 4\n"full-rank" = [{clue = "r0c1", rank = 10}, {clue = "r0c2", rank = 15}, {clue = "r4c0", rank = 5}]', ''))  # fmt: skip


RULE = ClueKind.of(
    FullRank,
    parse,
    facts,
    finish=finish,
    to_table=to_table,
    check=check,
    draw=draw,
    examples=EXAMPLES,
)
