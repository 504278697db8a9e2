"""Greater killer: the sums of two labelled killer cages compare as stated (``<``, ``=``, ``>``).

A compare names cages by their labels; labels are mapped to the cages' integer ids here and never
reach the program.  Cages without a sum still take part: the template compares the two cages'
digit sums directly.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.core.model import Clue, Grid, Puzzle
from asp_sudoku.rules.base import ClueContext, ClueKind, examples, fact
from asp_sudoku.rules.killer import LABEL_RE, Killer, label_ids

if TYPE_CHECKING:
    from asp_sudoku.rules.draw import Canvas

RELATIONS = ("<", "=", ">")


@dataclass(frozen=True)
class CageCompare(Clue):
    """The sum of cage `left` relates to the sum of cage `right` by `relation`."""

    kind = "cage-compare"
    left: str = ""
    right: str = ""
    relation: str = "="

    def describe(self) -> str:
        return f"cage compare sum({self.left}) {self.relation} sum({self.right})"


def _label(ctx: ClueContext, table: Mapping[str, Any], key: str) -> str:
    value = table[key]
    if not isinstance(value, str) or not LABEL_RE.match(value):
        raise ctx.error(
            f"{key} must be a cage label (a letter followed by letters, digits or '_'), "
            f"not {value!r}"[:160]
        )
    return value


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> CageCompare:
    """Read ``[[cage-compare]] left = "a", right = "b", relation = "<"``."""
    ctx.check_keys(table, ["left", "right", "relation"])
    left, right = _label(ctx, table, "left"), _label(ctx, table, "right")
    relation = table["relation"]
    if relation == "==":
        relation = "="
    if relation not in RELATIONS:
        raise ctx.error(f"relation must be one of \"<\", \"=\", \">\", not {relation!r}"[:120])
    if left == right:
        raise ctx.error(f"compares cage {left!r} with itself")
    return CageCompare(left=left, right=right, relation=relation, line=ctx.line)


def finish(puzzle: Puzzle, clues: Sequence[Clue]) -> None:
    """Every label a compare names belongs to a killer cage."""
    known = label_ids(puzzle)
    for index, clue in enumerate(clues, start=1):
        assert isinstance(clue, CageCompare)
        for label in (clue.left, clue.right):
            if label not in known:
                hint = f" (labels: {', '.join(sorted(known))})" if known else " (no cage has a label)"
                raise PuzzleFormatError(
                    puzzle.path,
                    clue.line,
                    f"cage-compare #{index}: no killer cage has the label {label!r}{hint}"[:300],
                )


def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``cageCompareLess(K,K2)``: cage K sums to less than cage K2; ``cageCompareEqual(K,K2)``.

    ``a > b`` is written as ``cageCompareLess(b,a)``; K, K2 are the killer cages' ids.
    """
    ids = label_ids(puzzle)
    out = []
    for clue in clues:
        assert isinstance(clue, CageCompare)
        left, right = ids[clue.left], ids[clue.right]
        if clue.relation == "<":
            out.append(fact("cageCompareLess", left, right))
        elif clue.relation == ">":
            out.append(fact("cageCompareLess", right, left))
        else:
            out.append(fact("cageCompareEqual", left, right))
    return sorted(set(out))


def needs(puzzle: Puzzle, clue: Clue) -> tuple[Clue, ...]:
    """The two cages a compare reads (its template reads their `killerCage` facts)."""
    assert isinstance(clue, CageCompare)
    cages = _cages(puzzle)
    return tuple(cages[label] for label in (clue.left, clue.right) if label in cages)


def _cages(puzzle: Puzzle) -> dict[str, Killer]:
    """The labelled killer cages of a puzzle, by label."""
    return {c.label: c for c in puzzle.clues if isinstance(c, Killer) and c.label is not None}


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """The two cages' digit sums do not compare as stated."""
    assert isinstance(clue, CageCompare)
    cages = _cages(puzzle)
    left, right = (sum(grid.value(c) for c in cages[label].cells) for label in (clue.left, clue.right))
    holds = {"<": left < right, "=": left == right, ">": left > right}[clue.relation]
    if not holds:
        yield f"{clue.describe()} fails: the sums are {left} and {right}"


def draw(cv: Canvas, clue: Clue) -> None:
    """Each compared cage's label in its last cell's corner, and the comparison under the grid."""
    assert isinstance(clue, CageCompare)
    cages = _cages(cv.puzzle)
    for label in (clue.left, clue.right):
        if label in cages:
            r, c = max(cages[label].cells)
            cv.text("cages", cv.x(c + 0.8), cv.y(r + 0.8), label, cv.cell * 0.24, ' fill="#555"')
    cv.caption(f"cage {clue.left} {clue.relation} cage {clue.right}")


EXAMPLES = examples(('Cage a (r2c2, r2c3) adds up to more than cage b (r3c3, r3c4)', 'size = 4\ngivens = "12..\\n3...\\n....\\n...."\nkiller = [{cells = ["r2c2", "r2c3"], label = "a"}, {cells = ["r3c3", "r3c4"], label = "b"}]\n"cage-compare" = [{left = "a", right = "b", relation = ">"}]', '1234341243212143 1234342143122143 1243341243212134 1243342123144132 1243342141322314 1243342143122134'), ('a holds 1 and 2 (3), b two of 3 and 4 (7): a cannot be greater', 'size = 4\ngivens = "12..\\n....\\n....\\n...."\nkiller = [{cells = ["r1c1", "r1c2"], label = "a"}, {cells = ["r2c1", "r2c2"], label = "b"}]\n"cage-compare" = [{left = "a", right = "b", relation = ">"}]', ''))


RULE = ClueKind(
    "cage-compare", "cage_compare.lp.j2", CageCompare, parse, facts, finish, check=check, draw=draw,
    examples=EXAMPLES, needs=needs,
)
