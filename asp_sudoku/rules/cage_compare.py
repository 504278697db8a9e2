"""Greater killer: the sums of two labelled killer cages compare as stated (``<``, ``=``, ``>``).

A compare names cages by their labels; labels are mapped to the cages' integer ids here and never
reach the program.  Cages without a sum still take part: the template compares the two cages'
digit sums directly.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.core.model import Clue, Puzzle
from asp_sudoku.rules.base import ClueContext, ClueKind, fact
from asp_sudoku.rules.killer import LABEL_RE, label_ids

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


RULE = ClueKind("cage-compare", "cage_compare.lp.j2", CageCompare, parse, facts, finish)
