"""Skyscraper: a clue outside the grid counts the digits visible from it along its row or
column, where each digit is a building of that height and taller buildings hide shorter ones."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asp_sudoku.core.model import Clue, Grid, Puzzle, cell_name
from asp_sudoku.rules.base import ClueContext, ClueKind, Outside, examples, plain
from asp_sudoku.rules.draw import Canvas, outside_text
from asp_sudoku.rules.shapes import outside_facts, outside_line, require_unique_places


@dataclass(frozen=True)
class Skyscraper(Outside):
    """A skyscraper clue: where it stands, the cells it looks along (nearest first), the count."""

    kind = "skyscraper"
    count: int = 1

    def describe(self) -> str:
        return f"skyscraper {self.count} at {cell_name(self.clue)}"


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> Skyscraper:
    """Read ``[[skyscraper]] clue = "r0c3"`` (or ``line = "c3", side = "bottom"``) and
    ``count = N``, the number of buildings seen."""
    ctx.check_keys(table, ["count"], ["clue", "line", "side"])
    clue, cells = outside_line(ctx, table)
    count = ctx.integer(table["count"], "count", 1, ctx.size)
    return Skyscraper(clue=clue, cells=cells, count=count, line=ctx.line)


def finish(puzzle: Puzzle, clues: Sequence[Clue]) -> None:
    """One skyscraper clue per place."""
    require_unique_places(puzzle.path, "skyscraper", clues)


def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``skyscraperCell(K,I,R,C)``: (R,C) is the I-th cell seen from clue K;
    ``skyscraperCount(K,N)``: N buildings are seen."""
    numbers = [c.count for c in clues if isinstance(c, Skyscraper)]
    return outside_facts("skyscraperCell", "skyscraperCount", clues, numbers)


def to_table(clue: Clue) -> dict[str, Any]:
    """The TOML table of the clue: where it stands (``clue = "rRcC"``) and its count."""
    assert isinstance(clue, Skyscraper)
    return {"clue": plain(clue.clue), "count": clue.count}


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """As many digits are seen from the clue as it says, each taller than all before it."""
    assert isinstance(clue, Skyscraper)
    tallest = None
    seen = 0
    for v in (grid.value(c) for c in clue.cells):
        if tallest is None or v > tallest:
            seen += 1
            tallest = v
    if seen != clue.count:
        yield f"{clue.describe()}: {seen} buildings are seen"


def draw(cv: Canvas, clue: Clue) -> None:
    """The count in the place of the clue, outside the grid."""
    assert isinstance(clue, Skyscraper)
    outside_text(cv, clue.clue, f"[{clue.count}]")


EXAMPLES = examples(
    ('Three skyscraper clues: three solutions', 'size = 4\nskyscraper = [{clue = "r0c1", count = 4}, {clue = "r0c4", count = 1}, {clue = "r3c5", count = 2}]', '1324241331424231 1324241332414132 1324243131424213'),
    ('No solution: four buildings seen from the left means 1 2 3 4, which shows one from the right', 'size = 4\nskyscraper = [{clue = "r1c0", count = 4}, {clue = "r1c5", count = 2}]', ''),
)


RULE = ClueKind(
    "skyscraper", "skyscraper.lp.j2", Skyscraper, parse, facts, finish,
    to_table=to_table, check=check, draw=draw, examples=EXAMPLES,
)
