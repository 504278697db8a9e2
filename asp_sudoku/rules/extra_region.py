"""Extra regions: a marked set of cells holds no digit twice (windoku windows and friends); a
region with as many cells as there are digits holds each digit exactly once."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from asp_sudoku.core.model import Clue, Grid, Puzzle
from asp_sudoku.rules.base import ClueKind, OnCells, examples, fact
from asp_sudoku.rules.draw import region
from asp_sudoku.rules.shapes.cells import cells_parser, digit_count


@dataclass(frozen=True)
class ExtraRegion(OnCells):
    """An extra all-different region."""

    kind = "extra-region"
    shown = "extra region {cells}"


parse = cells_parser(ExtraRegion, 2, digit_count, "a region of {count} cells cannot hold {most} digits without repeats")


def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``extraRegionCell(K,R,C)`` per cell; ``extraRegionFull(K)`` when the region has a cell
    for every digit."""
    out = []
    n_digits = puzzle.digits[1] - puzzle.digits[0] + 1
    for k, clue in enumerate(clues, start=1):
        assert isinstance(clue, ExtraRegion)
        out += [fact("extraRegionCell", k, r, c) for r, c in clue.cells]
        if len(clue.cells) == n_digits:
            out.append(fact("extraRegionFull", k))
    return out


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """A digit twice in the region."""
    assert isinstance(clue, ExtraRegion)
    for v in grid.repeats(clue.cells):
        yield f"{clue.describe()} holds {v} twice"


EXAMPLES = examples(('A diagonal-ish region of four cells', 'size = 4\ngivens = "1...\\n..1.\\n....\\n...."\n"extra-region" = [{cells = ["r1c2", "r2c2", "r3c3", "r4c4"]}]', '1234431221433421 1243341221344321 1324421331422431 1342241331244231 1423321441322341 1432231441233241'), ('Two regions that force r3c2 to differ from every digit', 'size = 4\ngivens = "1...\\n....\\n....\\n...."\n"extra-region" = [{cells = ["r1c1", "r2c3", "r3c2", "r4c4"]}, {cells = ["r1c1", "r2c4", "r3c2", "r4c3"]}]', ''))


RULE = ClueKind.of(ExtraRegion, parse, facts, check=check, draw=region, examples=EXAMPLES)
