"""Contain: the clue's cells hold each of its digits at least as many times as it is listed; with
``exact = true``, exactly as many times (other digits may fill the remaining cells)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from asp_sudoku.core.model import Clue, Grid, Puzzle
from asp_sudoku.rules.base import ClueContext, ClueKind, WithDigits, examples, fact
from asp_sudoku.rules.shapes.cells import corner_number

if TYPE_CHECKING:
    from asp_sudoku.rules.draw import Canvas


@dataclass(frozen=True)
class Contain(WithDigits):
    """A contain clue: its cells, the digits they hold (a digit listed twice twice), and whether
    those counts are exact rather than at least."""

    kind = "contain"
    exact: bool = False


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> Contain:
    """Read ``[[contain]] cells = [...], digits = [2, 2, 5], exact = true`` (exact optional)."""
    ctx.check_keys(table, ["cells", "digits"], ["exact"])
    cells = ctx.cells(table["cells"])
    raw = table["digits"]
    if not isinstance(raw, list) or not 1 <= len(raw) <= len(cells):
        raise ctx.error(f"digits must be a list of one to {len(cells)} digits (no more than the cells)")
    digits = tuple(sorted(ctx.integer(d, "digit", *ctx.digits) for d in raw))
    exact = table.get("exact", False)
    if not isinstance(exact, bool):
        raise ctx.error(f"exact must be true or false, not {exact!r}"[:80])
    return Contain(cells=cells, digits=digits, exact=exact, line=ctx.line)


def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``containCell(K,R,C)``, ``containDigit(K,P,N)``: digit P is listed N times in clue K;
    ``containExact(K)``: those counts are exact."""
    out = []
    for k, clue in enumerate(clues, start=1):
        assert isinstance(clue, Contain)
        out += [fact("containCell", k, r, c) for r, c in clue.cells]
        out += [fact("containDigit", k, p, n) for p, n in sorted(Counter(clue.digits).items())]
        if clue.exact:
            out.append(fact("containExact", k))
    return out


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """A listed digit held fewer times than listed (or, exact, a different number of times)."""
    assert isinstance(clue, Contain)
    held = Counter(grid.value(c) for c in clue.cells)
    for digit, times in sorted(Counter(clue.digits).items()):
        if held[digit] < times or (clue.exact and held[digit] != times):
            yield f"{clue.describe()}: {digit} is there {held[digit]} time(s), listed {times}"


def draw(cv: Canvas, clue: Clue) -> None:
    """The cells hatched grey, the digits in the first cell's corner."""
    assert isinstance(clue, Contain)
    for r, c in clue.cells:
        cv.add("under", f'<rect x="{cv.x(c)}" y="{cv.y(r)}" width="{cv.cell}" height="{cv.cell}" fill="#ececf4"/>')
    corner_number(cv, clue.cells[0], ("=" if clue.exact else "") + ",".join(map(str, clue.digits)))


EXAMPLES = examples(('Two 1s on the diagonal, exactly one 2 and one 3 on the anti-diagonal, a 4 in two cells', 'size = 4\ncontain = [{cells = ["r1c1", "r2c2", "r3c3", "r4c4"], digits = [1, 1]}, {cells = ["r1c4", "r2c3", "r3c2"], digits = [2, 3], exact = true}, {cells = ["r4c1", "r4c2"], digits = [4]}]', '1423234132144132 1432324123144123 2314413212433421 2341413232141423 2413314212344321 3214412313422431 3241412323141432 3412214313244231'), ('Exactly one 1 and at least two 1s in the same cells', 'size = 4\ncontain = [{cells = ["r1c1", "r2c2", "r3c3", "r4c4"], digits = [1], exact = true}, {cells = ["r1c1", "r2c2", "r3c3", "r4c4"], digits = [1, 1]}]', ''))


RULE = ClueKind.of(Contain, parse, facts, check=check, draw=draw, examples=EXAMPLES)
