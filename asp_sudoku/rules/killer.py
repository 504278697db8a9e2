"""Killer cages: the digits in a cage are all different and, with a sum, add up to it."""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from asp_sudoku.core.errors import FormatWarning, PuzzleFormatError
from asp_sudoku.core.model import Clue, Grid, Puzzle, cell_name
from asp_sudoku.rules.base import ClueContext, ClueKind, OnCells, examples, fact
from asp_sudoku.rules.draw import cage_outline

if TYPE_CHECKING:
    from asp_sudoku.rules.draw import Canvas

LABEL_RE = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")


@dataclass(frozen=True)
class Killer(OnCells):
    """A cage: its cells, its sum (None when the cage shows no sum) and an optional label."""

    kind = "killer"
    total: int | None = None
    label: str | None = None

    def describe(self) -> str:
        name = f"killer cage {self.label}" if self.label else "killer cage"
        total = "no sum" if self.total is None else f"sum {self.total}"
        return f"{name} ({total}: {' '.join(cell_name(c) for c in self.cells)})"


def sum_bounds(count: int, low: int, high: int) -> tuple[int, int]:
    """The smallest and largest sum of `count` distinct values from low..high."""
    smallest = sum(range(low, low + count))
    largest = sum(range(high - count + 1, high + 1))
    return smallest, largest


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> Killer:
    """Read ``[[killer]] cells = [...], sum = S, label = "a"``."""
    ctx.check_keys(table, ["cells"], ["sum", "label"])
    cells = ctx.cells(table["cells"])
    n_digits = ctx.digits[1] - ctx.digits[0] + 1
    if len(cells) > n_digits:
        raise ctx.error(f"a cage of {len(cells)} cells cannot hold distinct digits")
    total = None
    if "sum" in table:
        total = ctx.integer(table["sum"], "sum")
        low, high = sum_bounds(len(cells), *ctx.digits)
        if not low <= total <= high:
            raise ctx.error(
                f"sum {total} cannot be made from {len(cells)} distinct digits "
                f"(possible: {low}..{high})"
            )
    label = None
    if "label" in table:
        label = table["label"]
        if not isinstance(label, str) or not LABEL_RE.match(label):
            raise ctx.error(
                "label must be a letter followed by letters, digits or '_', "
                f"not {label!r}"[:120]
            )
    return Killer(cells=cells, total=total, label=label, line=ctx.line)


def _where(clue: Clue, k: int) -> str:
    """A cage by its line in the file, or by its position when the format has no lines."""
    return f"the cage on line {clue.line}" if clue.line else f"cage {k}"


def _warn_overlaps(puzzle: Puzzle, clues: Sequence[Clue]) -> None:
    """A cell in two cages is usually a typo (the puzzle then often has no solution), so say so.

    A warning, not an error: some published puzzles overlap their cages on purpose (the Interactive
    Sudoku Solver's "Killer sudoku [overlap]", tests/data/iss/016-killer-sudoku-overlap.toml).
    """
    first: dict[tuple[int, int], int] = {}
    for k, clue in enumerate(clues, start=1):
        assert isinstance(clue, Killer)
        for cell in dict.fromkeys(clue.cells):
            if cell not in first:
                first[cell] = k
                continue
            other = clues[first[cell] - 1]
            message = (
                f"{cell_name(cell)} is in two killer cages, this one and {_where(other, first[cell])} "
                "(usually a typo: the digits of both cages must then fit, often leaving no solution)"
            )
            warnings.warn(
                str(PuzzleFormatError(puzzle.path, clue.line, message)),  # "file:line: ..." as errors say it
                FormatWarning,
                stacklevel=2,
            )
            break  # one warning per cage


def finish(puzzle: Puzzle, clues: Sequence[Clue]) -> None:
    """Labels are unique; a cell in two cages is warned about."""
    _warn_overlaps(puzzle, clues)
    seen: dict[str, int] = {}
    for clue in clues:
        assert isinstance(clue, Killer)
        if clue.label is None:
            continue
        if clue.label in seen:
            raise PuzzleFormatError(
                puzzle.path,
                clue.line,
                f"killer cage label {clue.label!r} is already used by the cage "
                f"on line {seen[clue.label]}",
            )
        seen[clue.label] = clue.line


def label_ids(puzzle: Puzzle) -> dict[str, int]:
    """The integer id (1-based position) of every labelled cage; labels never reach ASP."""
    return {
        clue.label: k
        for k, clue in enumerate(puzzle.clues_of("killer"), start=1)
        if isinstance(clue, Killer) and clue.label is not None
    }


def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``killerCage(K,R,C)`` per cell and ``killerSum(K,S)`` per cage with a sum.  K is the
    cage's place among the puzzle's killer clues (`label_ids`), also when only some of them are
    given (a check of one cage-compare and its two cages), else its place among `clues`.  The
    puzzle's own list (or the start of it) is numbered by place even when it holds one record
    twice (a library caller's `clues + clues`: numbered by identity, both copies were one cage,
    and the cage combinations of the other number had no cells, so no solution)."""
    out = []
    for k, clue in numbered(puzzle, clues):
        out += [fact("killerCage", k, r, c) for r, c in clue.cells]
        if clue.total is not None:
            out.append(fact("killerSum", k, clue.total))
    return out


def numbered(puzzle: Puzzle, clues: Sequence[Clue]) -> list[tuple[int, Killer]]:
    """Each of these killer clues with its number K in the facts (see `facts`), in order."""
    cages = puzzle.clues_of("killer")
    place: dict[int, int] = {}
    for k, clue in enumerate(cages, start=1):
        place.setdefault(id(clue), k)
    prefix = len(clues) <= len(cages) and all(a is b for a, b in zip(clues, cages))  # or the whole
    numbers = (
        list(range(1, len(clues) + 1)) if prefix
        else [place[id(clue)] for clue in clues] if all(id(clue) in place for clue in clues) else None
    )
    out = []
    for i, clue in enumerate(clues):
        assert isinstance(clue, Killer)
        out.append((numbers[i] if numbers is not None else i + 1, clue))
    return out


def to_table(clue: Clue) -> dict[str, Any]:
    """The TOML table of a cage (the inverse of `parse`)."""
    assert isinstance(clue, Killer)
    table: dict[str, Any] = {"cells": [cell_name(c) for c in clue.cells]}
    if clue.total is not None:
        table["sum"] = clue.total
    if clue.label is not None:
        table["label"] = clue.label
    return table


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """A digit twice in the cage, or a sum the digits do not make."""
    assert isinstance(clue, Killer)
    for v in grid.repeats(clue.cells):
        yield f"{clue.describe()} holds {v} twice"
    got = sum(grid.value(c) for c in clue.cells)
    if clue.total is not None and got != clue.total:
        yield f"{clue.describe()} adds up to {got}"


def draw(cv: Canvas, clue: Clue) -> None:
    """A dashed outline around the cage, its sum in the top-left corner."""
    assert isinstance(clue, Killer)
    cage_outline(cv, clue.cells, "" if clue.total is None else str(clue.total))


EXAMPLES = examples(('Three cages with sums and one without', 'size = 4\nkiller = [{cells = ["r1c1", "r1c2"], sum = 3}, {cells = ["r1c3", "r2c3", "r2c4"], sum = 6}, {cells = ["r3c1", "r3c2"], sum = 7}, {cells = ["r4c1", "r4c2"]}]', '1234341243212143 1234342143122143 1234431234212143 1234432134122143 2134341243211243 2134342143121243 2134431234211243 2134432134121243'), ('Two cages of 3 in one box: both need 1 and 2', 'size = 4\nkiller = [{cells = ["r1c1", "r1c2"], sum = 3}, {cells = ["r2c1", "r2c2"], sum = 3}]', ''))


RULE = ClueKind(
    "killer", "killer.lp.j2", Killer, parse, facts, finish, to_table, check=check, draw=draw,
    speedups=("killer_combinations", "killer_implied_sums"), examples=EXAMPLES,
)
