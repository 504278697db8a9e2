"""Look-and-say: a clue on a group of cells reads as pairs "how many, which digit": ``3518`` says
"three 5s, one 8", so the group holds exactly three 5s and exactly one 8 (other digits it does
not mention may appear too).  Digits may repeat in a group unless another rule forbids it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from asp_sudoku.core.model import Clue, Grid, Puzzle, cell_name
from asp_sudoku.rules.base import ClueContext, ClueKind, OnCells, examples, fact
from asp_sudoku.rules.draw import cage_outline

if TYPE_CHECKING:
    from asp_sudoku.rules.draw import Canvas


@dataclass(frozen=True)
class LookAndSay(OnCells):
    """A look-and-say group: its cells and the pairs (how many, which digit) its clue says."""

    kind = "look-and-say"
    said: tuple[tuple[int, int], ...] = ()

    def describe(self) -> str:
        return f"look-and-say {spoken(self.said)} at {cell_name(self.cells[0])}"


def spoken(said: Sequence[tuple[int, int]]) -> str:
    """The clue as written: each pair's count then its digit."""
    return "".join(f"{count}{digit}" for count, digit in said)


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> Clue:
    """Read ``[[look-and-say]] cells = [...]`` and ``clue = "3518"`` (pairs of one-character
    count and digit)."""
    ctx.check_keys(table, ["cells", "clue"])
    cells = ctx.cells(table["cells"])
    text = table["clue"]
    if (
        not isinstance(text, str)
        or not text
        or len(text) % 2
        or not text.isdigit()
        or not text.isascii()
    ):
        raise ctx.error(
            'clue must be a string of pairs of digits, each a count then a digit, like "3518"'
        )
    said = tuple((int(text[i]), int(text[i + 1])) for i in range(0, len(text), 2))
    seen: set[int] = set()
    for count, digit in said:
        ctx.integer(digit, "a digit of the clue", *ctx.digits)
        if digit in seen:
            raise ctx.error(f"clue {text!r} says digit {digit} twice")
        seen.add(digit)
        ctx.integer(count, f"the count of {digit}s", 1, len(cells))
    if sum(count for count, _ in said) > len(cells):
        raise ctx.error(f"clue {text!r} needs more digits than the {len(cells)} cells")
    return LookAndSay(cells=cells, said=said, line=ctx.line)


def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``lookAndSayCell(K,R,C)``: (R,C) is in group K; ``lookAndSayCount(K,P,N)``: group K holds
    digit P exactly N times."""
    out = []
    for k, clue in enumerate(clues, start=1):
        assert isinstance(clue, LookAndSay)
        out += [fact("lookAndSayCell", k, r, c) for r, c in clue.cells]
        out += [
            fact("lookAndSayCount", k, digit, count)
            for count, digit in sorted(clue.said, key=lambda p: p[1])
        ]
    return out


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """Each digit the clue names appears as many times as it says."""
    assert isinstance(clue, LookAndSay)
    values = [grid.value(c) for c in clue.cells]
    for count, digit in clue.said:
        if values.count(digit) != count:
            yield f"{clue.describe()}: {values.count(digit)} {digit}s, not {count}"


def to_table(clue: Clue) -> dict[str, Any]:
    """The TOML table: the cells and the clue as written."""
    assert isinstance(clue, LookAndSay)
    return {"cells": [cell_name(c) for c in clue.cells], "clue": spoken(clue.said)}


def draw(cv: Canvas, clue: Clue) -> None:
    """A dashed cage with the clue in its corner."""
    assert isinstance(clue, LookAndSay)
    cage_outline(cv, clue.cells, spoken(clue.said))


EXAMPLES = examples(('Two diagonals and a domino: two solutions', 'size = 4\n"look-and-say" = [{cells = ["r1c1", "r2c2", "r3c3", "r4c4"], clue = "2122"}, {cells = ["r1c4", "r2c3", "r3c2", "r4c1"], clue = "24"}, {cells = ["r1c2", "r1c3"], clue = "13"}]', '1324423124133142 2314413214233241'), ('No solution: two 1s in one row', 'size = 4\n"look-and-say" = [{cells = ["r1c1", "r1c2"], clue = "21"}]', ''))  # fmt: skip


RULE = ClueKind.of(
    LookAndSay, parse, facts, to_table=to_table, check=check, draw=draw, examples=EXAMPLES
)
