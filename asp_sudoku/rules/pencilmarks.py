"""Pencilmarks: small digits written in a cell list the only digits it may hold (a given
pencilmark of 1 and 2 means the cell holds 1 or 2)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asp_sudoku.core.model import Clue, Grid, Puzzle, cell_name
from asp_sudoku.rules.base import ClueContext, ClueKind, WithDigits, examples, fact
from asp_sudoku.rules.draw import Canvas


@dataclass(frozen=True)
class Pencilmarks(WithDigits):
    """One cell (`cells` holds it alone) and the digits it may hold, ascending."""

    kind = "pencilmarks"


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> Pencilmarks:
    """Read ``[[pencilmarks]] cell = "r1c1"`` and ``digits = [1, 2]`` (at least one digit, each
    once)."""
    ctx.check_keys(table, ["cell", "digits"])
    cell = ctx.cell(table["cell"])
    raw = table["digits"]
    if not isinstance(raw, list) or not raw:
        raise ctx.error("digits must be a list of at least one digit")
    digits = [ctx.integer(d, "digit", *ctx.digits) for d in raw]
    if len(set(digits)) != len(digits):
        raise ctx.error("digits lists a digit twice")
    return Pencilmarks(cells=(cell,), digits=tuple(sorted(digits)), line=ctx.line)


def to_table(clue: Clue) -> dict[str, Any]:
    """``cell = "rRcC"`` and ``digits = [...]``."""
    assert isinstance(clue, Pencilmarks)
    return {"cell": cell_name(clue.cells[0]), "digits": list(clue.digits)}


def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``pencilmarkStruck(R,C,P)``: a pencilmark clue on cell (R,C) leaves digit P out.  Two
    pencilmarks on one cell strike what either leaves out, so the cell keeps the digits in both;
    a clue's facts never change when another is added (the setter's tools switch clues one by
    one: `program.board`)."""
    struck: set[tuple[int, int, int]] = set()
    for clue in clues:
        assert isinstance(clue, Pencilmarks)
        (r, c), kept = clue.cells[0], set(clue.digits)
        struck |= {(r, c, p) for p in puzzle.digit_range if p not in kept}
    return [fact("pencilmarkStruck", r, c, p) for r, c, p in sorted(struck)]


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """The cell's digit is one of the listed digits."""
    assert isinstance(clue, Pencilmarks)
    value = grid.value(clue.cells[0])
    if value not in clue.digits:
        yield f"{clue.describe()} holds {value}"


def draw(cv: Canvas, clue: Clue) -> None:
    """The listed digits, small and grey, in the top-left corner of the cell."""
    assert isinstance(clue, Pencilmarks)
    r, c = clue.cells[0]
    text = "".join(str(d) for d in clue.digits) if max(clue.digits) < 10 else " ".join(str(d) for d in clue.digits)
    size = cv.cell * (0.22 if len(text) <= 4 else 0.14)
    cv.add("marks", f'<text x="{round(cv.x(c + 0.08), 2)}" y="{round(cv.y(r + 0.2), 2)}" font-size="{round(size, 2)}" '
                    f'dominant-baseline="central" font-family="sans-serif" fill="#777">{text}</text>')


EXAMPLES = examples(
    ("Pencilmarks on four cells: five solutions", 'size = 4\npencilmarks = [{cell = "r1c1", digits = [1]}, {cell = "r2c2", digits = [3, 4]}, {cell = "r4c4", digits = [2]}, {cell = "r3c2", digits = [1, 3]}]', "1234342121434312 1234432121433412 1243342121344312 1243342123144132 1243432121343412"),
    ("No solution: two cells of a row may only hold 1", 'size = 4\npencilmarks = [{cell = "r1c1", digits = [1]}, {cell = "r1c3", digits = [1]}]', ""),
)


RULE = ClueKind.of(Pencilmarks, parse, facts, to_table=to_table, check=check, draw=draw, examples=EXAMPLES)
