"""Line clues that read only their cells in drawing order: German whispers, palindrome, between
line, entropic line, slow thermometer and zipper.  Each is its own clue kind (record, parser,
facts, template); they share the parsing of a connected line.  Renban, region-sum lines and
weighted sums have modules of their own."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..model import Cell, Clue, Puzzle, cell_name
from .base import ClueContext, ClueKind, fact
from .shapes import cells_of, line_cells, position_facts


@dataclass(frozen=True)
class Whispers(Clue):
    """A German whispers line: neighbours on it differ by at least `difference`."""

    kind = "whispers"
    cells: tuple[Cell, ...] = ()
    difference: int = 5

    def describe(self) -> str:
        return f"whispers line from {cell_name(self.cells[0])} (difference {self.difference})"


@dataclass(frozen=True)
class Palindrome(Clue):
    """A palindrome line: it reads the same from either end."""

    kind = "palindrome"
    cells: tuple[Cell, ...] = ()

    def describe(self) -> str:
        return f"palindrome from {cell_name(self.cells[0])}"


@dataclass(frozen=True)
class Between(Clue):
    """A between line: the digits inside lie strictly between the digits at its two ends."""

    kind = "between"
    cells: tuple[Cell, ...] = ()

    def describe(self) -> str:
        return f"between line {cell_name(self.cells[0])}-{cell_name(self.cells[-1])}"


@dataclass(frozen=True)
class Entropic(Clue):
    """An entropic line: any three cells in a row on it hold a low, a middle and a high digit."""

    kind = "entropic"
    cells: tuple[Cell, ...] = ()

    def describe(self) -> str:
        return f"entropic line from {cell_name(self.cells[0])}"


@dataclass(frozen=True)
class SlowThermo(Clue):
    """A slow thermometer: digits never decrease from the bulb (first cell)."""

    kind = "slow-thermo"
    cells: tuple[Cell, ...] = ()

    def describe(self) -> str:
        return f"slow thermo from {cell_name(self.cells[0])}"


@dataclass(frozen=True)
class Zipper(Clue):
    """A zipper line: cells the same distance from its middle add up to the same total, which
    is the middle digit on a line of odd length."""

    kind = "zipper"
    cells: tuple[Cell, ...] = ()

    def describe(self) -> str:
        return f"zipper line from {cell_name(self.cells[0])}"


def default_difference(digits: tuple[int, int]) -> int:
    """The whispers difference when none is given: half the number of digits, rounded up
    (5 for 1-9, 3 for 1-6, 8 for 1-16)."""
    return (digits[1] - digits[0] + 2) // 2


def parse_whispers(ctx: ClueContext, table: Mapping[str, Any]) -> Whispers:
    """Read ``[[whispers]] cells = [...]`` and an optional ``difference = D``.  Only
    neighbours along the line are compared, so the line may pass a cell twice (a loop)."""
    ctx.check_keys(table, ["cells"], ["difference"])
    raw = table["cells"]
    if not isinstance(raw, list) or not 2 <= len(raw) <= 2 * ctx.size * ctx.size:
        raise ctx.error("cells must be a list of at least 2 cell names, in drawing order")
    cells = tuple(ctx.cell(c) for c in raw)  # a line may come back to a cell (a loop)
    ctx.require_connected_line(cells, ctx.kind)
    low, high = ctx.digits
    difference = ctx.integer(table.get("difference", default_difference(ctx.digits)), "difference", 1, high - low)
    return Whispers(cells=cells, difference=difference, line=ctx.line)


def _simple(record: type[Clue], minimum: int) -> Callable[[ClueContext, Mapping[str, Any]], Clue]:
    def parse(ctx: ClueContext, table: Mapping[str, Any]) -> Clue:
        ctx.check_keys(table, ["cells"])
        cells = line_cells(ctx, table, minimum)
        return record(cells=cells, line=ctx.line)  # type: ignore[call-arg]

    parse.__doc__ = f"Read ``[[{record.kind}]] cells = [...]`` (at least {minimum} cells, in drawing order)."
    return parse


def parse_entropic(ctx: ClueContext, table: Mapping[str, Any]) -> Entropic:
    """Read ``[[entropic]] cells = [...]``; the digits must split into three equal groups."""
    count = ctx.digits[1] - ctx.digits[0] + 1
    if count % 3:
        raise ctx.error(f"entropic lines need a number of digits divisible by 3, not {count}")
    clue = _simple(Entropic, 3)(ctx, table)
    assert isinstance(clue, Entropic)
    return clue


def parse_slow_thermo(ctx: ClueContext, table: Mapping[str, Any]) -> SlowThermo:
    """Read ``[[slow-thermo]] cells = [bulb, ..., tip]``."""
    clue = _simple(SlowThermo, 2)(ctx, table)
    assert isinstance(clue, SlowThermo)
    return clue


def _with_length(cell_pred: str, length_pred: str) -> Callable[[Puzzle, Sequence[Clue]], list[str]]:
    def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
        out = position_facts(cell_pred, clues)
        out += [fact(length_pred, k, len(cells_of(c))) for k, c in enumerate(clues, start=1)]
        return out

    facts.__doc__ = f"``{cell_pred}(K,I,R,C)``: (R,C) is at position I of line K; ``{length_pred}(K,N)``."
    return facts


def facts_whispers(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``whispersCell(K,I,R,C)`` and ``whispersDifference(K,D)``."""
    out = position_facts("whispersCell", clues)
    out += [fact("whispersDifference", k, c.difference) for k, c in enumerate(clues, start=1) if isinstance(c, Whispers)]
    return out


def facts_entropic(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``entropicCell(K,I,R,C)``: (R,C) is at position I of entropic line K."""
    return position_facts("entropicCell", clues)


def facts_slow_thermo(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``slowThermoCell(K,I,R,C)``: (R,C) is at position I (bulb = 1) of slow thermometer K."""
    return position_facts("slowThermoCell", clues)


WHISPERS_KIND = ClueKind("whispers", "whispers.lp.j2", Whispers, parse_whispers, facts_whispers)
PALINDROME_KIND = ClueKind(
    "palindrome", "palindrome.lp.j2", Palindrome, _simple(Palindrome, 2),
    _with_length("palindromeCell", "palindromeLength"),
)
BETWEEN_KIND = ClueKind(
    "between", "between.lp.j2", Between, _simple(Between, 3), _with_length("betweenCell", "betweenLength")
)
ENTROPIC_KIND = ClueKind("entropic", "entropic.lp.j2", Entropic, parse_entropic, facts_entropic)
SLOW_THERMO_KIND = ClueKind("slow-thermo", "slow_thermo.lp.j2", SlowThermo, parse_slow_thermo, facts_slow_thermo)
ZIPPER_KIND = ClueKind(
    "zipper", "zipper.lp.j2", Zipper, _simple(Zipper, 3), _with_length("zipperCell", "zipperLength")
)
