"""Any of (ISS's Or and And): a clue lists alternatives, each a set of clues of any kinds (but
cage-compare, which names killer cages anywhere in the puzzle, and the chaos clues, which read
the regions chaos construction chooses for the whole grid); at least one alternative holds, that
is, all the clues of at least one alternative hold (an alternative with several clues is ISS's
And; an alternative may hold another any-of clue).  Clues in alternatives that do not hold are
simply broken: they forbid nothing."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import count
from typing import Any, ClassVar

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.core.model import MAX_CLUES, Clue, Grid, Puzzle
from asp_sudoku.rules import CLUE_KINDS, EXTRA_OK
from asp_sudoku.rules.base import ClueContext, ClueKind, examples, fact
from asp_sudoku.rules.draw import Canvas

SHARED = frozenset({
    "numberAt", "cell", "row", "col", "digit", "boxOf", "regionOf", "regionFull", "anyOfBroken", "anyOfOption",
})
"""Predicates an alternative's clues share with the grid (base and regions templates) and with
every alternative: never renamed."""

BROKEN, OPTION, ALT_VARIABLE = "anyOfBroken", "anyOfOption", "Alt"

NOT_INSIDE = {
    "cage-compare": "it compares killer cages named by labels anywhere in the puzzle",
    "chaos-arrow": "it reads the regions the chaos-construction rule chooses for the whole grid",
    "chaos-count": "it reads the regions the chaos-construction rule chooses for the whole grid",
    "chaos-same-region": "it reads the regions the chaos-construction rule chooses for the whole grid",
    "chaos-region-count": "it reads the regions the chaos-construction rule chooses for the whole grid",
}
"""Clue kinds that cannot be inside an alternative, and why."""

MAX_DEPTH = 8


@dataclass(frozen=True)
class AnyOf(Clue):
    """The alternatives, each a tuple of clue records (by kind in registry order, then in file
    order)."""

    kind = "any-of"
    alternatives: tuple[tuple[Clue, ...], ...] = ()
    shown: ClassVar[str] = ""

    def describe(self) -> str:
        parts = [" and ".join(c.describe() for c in alt) or "nothing" for alt in self.alternatives]
        return "any of: " + (" | ".join(parts) or "no alternative")


def inner_name(predicate: str) -> str:
    """The name a predicate of a clue inside an alternative takes (``killerCage`` ->
    ``altKillerCage``); its first argument is then the alternative."""
    return "alt" + predicate[:1].upper() + predicate[1:]


def inner_fact(line: str, alternative: int) -> str:
    """A fact line of a clue inside alternative `alternative`, renamed (``killerSum(1,10).`` ->
    ``altKillerSum(3,1,10).``)."""
    name, _, args = line.rstrip(".").partition("(")
    numbers = [int(a) for a in args.rstrip(")").split(",") if a]
    if name in SHARED:
        raise ValueError(f"a clue's facts name the shared predicate {name}")
    return fact(inner_name(name), alternative, *numbers)


def _parse(ctx: ClueContext, table: Mapping[str, Any], depth: int) -> AnyOf:
    ctx.check_keys(table, ["alternatives"])
    raw = table["alternatives"]
    if not isinstance(raw, list) or not all(isinstance(a, dict) for a in raw):
        raise ctx.error("alternatives must be a list of tables like {killer = [{cells = [...], sum = 10}]}")
    if depth > MAX_DEPTH:
        raise ctx.error(f"any-of clues are nested more than {MAX_DEPTH} deep")
    alternatives = []
    total = 0
    for j, alt in enumerate(raw, start=1):
        clues: list[Clue] = []
        for name, tables in alt.items():
            where = f"alternative {j}"
            if name not in CLUE_KINDS:
                raise ctx.error(f"{where}: {str(name)[:40]!r} is not a clue kind")
            if name in NOT_INSIDE:
                raise ctx.error(f"{where}: {name} cannot be inside any-of ({NOT_INSIDE[name]})")
            if not isinstance(tables, list) or not all(isinstance(t, dict) for t in tables):
                raise ctx.error(f"{where}: {name} must be a list of tables")
            total += len(tables)
            if total > MAX_CLUES:
                raise ctx.error(f"more than {MAX_CLUES} clues in alternatives")
            for k, clue_table in enumerate(tables, start=1):
                # an extra cell may stand where the inner kind allows one (`EXTRA_OK`), as at the top
                inner = replace(
                    ctx, kind=f"{ctx.kind} #{ctx.index} {where}: {name}", index=k,
                    extra_ok=name in EXTRA_OK or name == AnyOf.kind,
                )
                if name == AnyOf.kind:
                    clues.append(_parse(inner, clue_table, depth + 1))
                else:
                    clues.append(CLUE_KINDS[name].parse(inner, clue_table))
        order = list(CLUE_KINDS)
        alternatives.append(tuple(sorted(clues, key=lambda c: order.index(c.kind))))  # as written back
    return AnyOf(alternatives=tuple(alternatives), line=ctx.line)


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> AnyOf:
    """Read ``[[any-of]] alternatives = [{killer = [...]}, {thermo = [...], odd = [...]}]``: each
    alternative a table of clue lists keyed by kind, as at the top of a puzzle file."""
    return _parse(ctx, table, 1)


def _by_kind(clues: Sequence[Clue]) -> list[tuple[str, list[Clue]]]:
    """The clues of one alternative grouped by kind, in template order."""
    return [(name, [c for c in clues if c.kind == name]) for name in CLUE_KINDS if any(c.kind == name for c in clues)]


def inner_clues(clues: Iterable[Clue]) -> Iterator[Clue]:
    """Every clue inside the alternatives of the any-of clues among `clues`, nested ones included."""
    for clue in clues:
        if isinstance(clue, AnyOf):
            for alt in clue.alternatives:
                yield from alt
                yield from inner_clues(alt)


def _count(clues: Iterable[Clue]) -> int:
    """How many clues the any-of clues among `clues` hold, nested ones included."""
    return sum(1 for _ in inner_clues(clues))


def finish(puzzle: Puzzle, clues: Sequence[Clue]) -> None:
    """Each alternative's clues are validated together, as a puzzle's clues of a kind are; the
    clues inside all any-of clues count towards the puzzle's limit of clues."""
    inside = _count(clues)
    if len(puzzle.clues) + inside > MAX_CLUES:
        raise PuzzleFormatError(puzzle.path, clues[0].line, f"the puzzle has {inside} clues inside any-of clues; the limit is {MAX_CLUES} in all")
    for clue in clues:
        assert isinstance(clue, AnyOf)
        for alt in clue.alternatives:
            for name, group in _by_kind(alt):
                CLUE_KINDS[name].validate(puzzle, group)


def to_table(clue: Clue) -> dict[str, Any]:
    """``alternatives = [{kind = [table, ...], ...}, ...]``."""
    assert isinstance(clue, AnyOf)
    return {"alternatives": [
        {name: [CLUE_KINDS[name].table(c) for c in group] for name, group in _by_kind(alt)} for alt in clue.alternatives
    ]}


def inner_kinds(clues: Iterable[Clue]) -> set[str]:
    """The kinds of every clue inside the any-of clues among `clues`, nested ones included."""
    return {c.kind for c in inner_clues(clues)}


def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``anyOf(G)`` per clue, ``anyOfAlt(G,A)`` per alternative and ``anyOfOption(A)``, with
    alternatives numbered across the puzzle; the facts of each alternative's clues, renamed with
    the alternative first (``altKillerCage(A,K,R,C)``); a nested any-of clue's ``anyOf`` and
    ``anyOfAlt`` facts renamed so, with the alternative holding it."""
    out: list[str] = []
    groups, options = count(1), count(1)

    def emit(clue: AnyOf, holder: int | None) -> None:
        group = next(groups)
        own = [fact("anyOf", group)]
        for alt in clue.alternatives:
            option = next(options)
            own.append(fact("anyOfAlt", group, option))
            out.append(fact(OPTION, option))
            for name, group_clues in _by_kind(alt):
                if name == AnyOf.kind:
                    for nested in group_clues:
                        assert isinstance(nested, AnyOf)
                        emit(nested, option)
                else:
                    out.extend(inner_fact(line, option) for line in CLUE_KINDS[name].facts(puzzle, group_clues))
        out.extend(own if holder is None else [inner_fact(line, holder) for line in own])

    for clue in clues:
        assert isinstance(clue, AnyOf)
        emit(clue, None)
    return out


def _broken(puzzle: Puzzle, grid: Grid, clues: Sequence[Clue]) -> list[str]:
    """How the grid breaks the clues of one alternative (each clue by its own checker)."""
    return [message for clue in clues for message in CLUE_KINDS[clue.kind].check(puzzle, grid, clue)]


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """Every alternative has a clue the grid breaks."""
    assert isinstance(clue, AnyOf)
    reasons = [_broken(puzzle, grid, alt) for alt in clue.alternatives]
    if all(reasons):
        why = "; ".join(f"alternative {j}: {r[0]}" for j, r in enumerate(reasons, start=1))
        yield f"{clue.describe()}: no alternative holds ({why or 'there is none'})"


class _Faint:
    """A canvas that draws faintly (half opacity): what is drawn for an alternative."""

    def __init__(self, cv: Canvas) -> None:
        self.cv = cv
        self.puzzle = cv.puzzle
        self.cell = cv.cell

    def x(self, col: float) -> float:
        return self.cv.x(col)

    def y(self, row: float) -> float:
        return self.cv.y(row)

    def centre(self, cell: tuple[int, int]) -> tuple[float, float]:
        return self.cv.centre(cell)

    def add(self, layer: str, element: str) -> None:
        tag, space, rest = element.partition(" ")
        faint = space and " opacity=" not in element
        self.cv.add(layer, f'{tag} opacity="0.55"{space}{rest}' if faint else element)

    def polyline(self, layer: str, cells: Sequence[tuple[int, int]], colour: str, width: float, extra: str = "") -> None:
        more = ("" if " opacity=" in extra else ' opacity="0.55"') + ("" if "dasharray" in extra else ' stroke-dasharray="4 3"')
        self.cv.polyline(layer, cells, colour, width, extra + more)

    def text(self, layer: str, x: float, y: float, text: str, size: float, extra: str = "") -> None:
        self.cv.text(layer, x, y, text, size, extra + ("" if " opacity=" in extra else ' opacity="0.55"'))

    def caption(self, text: str) -> None:
        """Left out: the any-of clue's own caption names every clue of its alternatives."""


def draw(cv: Canvas, clue: Clue) -> None:
    """Every alternative's clues, drawn faintly (lines dashed), and a caption naming them."""
    assert isinstance(clue, AnyOf)
    faint = _Faint(cv)
    for alt in clue.alternatives:
        for inner in alt:
            CLUE_KINDS[inner.kind].draw(faint, inner)
    cv.caption(clue.describe())


EXAMPLES = examples(
    ("r1c1 and r1c2 add up to 7, or r1c1 is 1 and r2c2 is less than r2c1", 'size = 4\ngivens = "..3.\\n....\\n....\\n...1"\n"any-of" = [{alternatives = [{killer = [{cells = ["r1c1", "r1c2"], sum = 7}]}, {pencilmarks = [{cell = "r1c1", digits = [1]}], thermo = [{cells = ["r2c2", "r2c1"]}]}]}]', "1234431221433421 1432321421434321 1432321441232341"),
    ("No solution: with r1c1 = 1, r1c2 cannot make 7 and r1c1 is not 2 or 3", 'size = 4\ngivens = "1...\\n....\\n....\\n...."\n"any-of" = [{alternatives = [{killer = [{cells = ["r1c1", "r1c2"], sum = 7}]}, {pencilmarks = [{cell = "r1c1", digits = [2, 3]}]}]}]', ""),
)


RULE = ClueKind.of(AnyOf, parse, facts, finish=finish, to_table=to_table, check=check, draw=draw, examples=EXAMPLES)
