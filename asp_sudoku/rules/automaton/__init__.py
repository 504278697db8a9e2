"""Automaton (regex) lines: the digits along a line, read in order from its first cell, are
accepted by a finite automaton, given either as a regular expression the whole sequence must
match (``regex = "[124578]*3.*"``: digits, ``.``, classes ``[1-3]`` and ``[^47]``, groups,
``|``, ``*``, ``+``, ``?``, ``{n}``, ``{n,}``, ``{n,m}``) or by its moves (``transitions``: each
``[state, digit, next state]``), its ``start`` state (default 0) and its ``accept`` states.  An
automaton may be nondeterministic: the line is accepted when some run of moves reading its
digits ends in an accepting state."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asp_sudoku.core.model import Clue, Grid, Puzzle, cell_name
from asp_sudoku.rules.automaton.regex import MAX_STATES, RegexError, compile_regex, trim
from asp_sudoku.rules.base import ClueContext, ClueKind, OnCells, examples, fact
from asp_sudoku.rules.draw import line

MAX_TRANSITIONS = 100_000
"""Most moves an automaton given by its moves may have."""


@dataclass(frozen=True)
class Automaton(OnCells):
    """A line and its automaton: the regex it was compiled from (if any), the start state, the
    accepting states and the moves ``(state, digit, next)``."""

    kind = "automaton"
    regex: str = ""
    start: int = 0
    accept: tuple[int, ...] = ()
    transitions: tuple[tuple[int, int, int], ...] = ()

    def describe(self) -> str:
        what = f"regex {self.regex[:30]!r}" if self.regex else "automaton"
        return f"{what} on {cell_name(self.cells[0])}..{cell_name(self.cells[-1])}"


def _state(ctx: ClueContext, value: Any, what: str) -> int:
    return ctx.integer(value, what, 0, MAX_STATES - 1)


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> Clue:
    """Read ``[[automaton]] cells = [...]`` (in reading order) with ``regex = "..."``, or with
    ``transitions = [[state, digit, next], ...]``, ``accept = [states]`` and ``start``."""
    if "regex" in table:
        ctx.check_keys(table, ["cells", "regex"])
        cells = ctx.cells(table["cells"])
        pattern = table["regex"]
        if not isinstance(pattern, str):
            raise ctx.error(f"regex must be a string, not {type(pattern).__name__}")
        try:
            compiled = compile_regex(pattern, ctx.digits)
        except RegexError as exc:
            raise ctx.error(f"regex: {exc}") from None
        return Automaton(
            cells=cells,
            regex=pattern,
            start=compiled.start,
            accept=compiled.accept,
            transitions=compiled.transitions,
            line=ctx.line,
        )
    ctx.check_keys(table, ["cells", "transitions", "accept"], ["start"])
    cells = ctx.cells(table["cells"])
    start = _state(ctx, table.get("start", 0), "start")
    raw_accept = table["accept"]
    if not isinstance(raw_accept, list):
        raise ctx.error("accept must be a list of states")
    accept = tuple(sorted({_state(ctx, s, "an accepting state") for s in raw_accept}))
    raw = table["transitions"]
    if not isinstance(raw, list) or len(raw) > MAX_TRANSITIONS:
        raise ctx.error(
            f"transitions must be a list of at most {MAX_TRANSITIONS} [state, digit, next state]"
        )
    moves = set()
    for item in raw:
        if not isinstance(item, list) or len(item) != 3:
            raise ctx.error(
                f"a transition must be [state, digit, next state], not {str(item)[:30]}"
            )
        moves.add(
            (
                _state(ctx, item[0], "a state"),
                ctx.integer(item[1], "a digit", *ctx.digits),
                _state(ctx, item[2], "a state"),
            )
        )
    return Automaton(
        cells=cells, start=start, accept=accept, transitions=tuple(sorted(moves)), line=ctx.line
    )


def facts(puzzle: Puzzle, clues: Sequence[Clue]) -> list[str]:
    """``automatonCell(K,I,R,C)``: (R,C) is the I-th cell of line K; ``automatonLength(K,N)``;
    ``automatonStart(K,S)``, ``automatonAccept(K,S)`` and ``automatonMove(K,S,P,T)``: from state
    S, digit P leads to state T (the automaton without the states that reach no accepting one)."""
    out = []
    for k, clue in enumerate(clues, start=1):
        assert isinstance(clue, Automaton)
        out += [fact("automatonCell", k, i, r, c) for i, (r, c) in enumerate(clue.cells, start=1)]
        out.append(fact("automatonLength", k, len(clue.cells)))
        useful = trim(clue.start, set(clue.accept), set(clue.transitions))
        if useful.accept:
            out.append(fact("automatonStart", k, useful.start))
        out += [fact("automatonAccept", k, s) for s in useful.accept]
        out += [fact("automatonMove", k, s, p, t) for s, p, t in useful.transitions]
    return out


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """The line's digits, read in order, take the automaton from its start to an accepting
    state along some run of its moves."""
    assert isinstance(clue, Automaton)
    values = [grid.value(c) for c in clue.cells]
    states = {clue.start}
    for value in values:
        states = {t for s, p, t in clue.transitions if s in states and p == value}
    if not states & set(clue.accept):
        yield f"{clue.describe()}: {''.join(map(str, values))} is not accepted"


def to_table(clue: Clue) -> dict[str, Any]:
    """The TOML table: the cells and the regex, or the automaton's moves."""
    assert isinstance(clue, Automaton)
    cells = [cell_name(c) for c in clue.cells]
    if clue.regex:
        return {"cells": cells, "regex": clue.regex}
    table: dict[str, Any] = {
        "cells": cells,
        "transitions": [list(t) for t in clue.transitions],
        "accept": list(clue.accept),
    }
    if clue.start:
        table["start"] = clue.start
    return table


EXAMPLES = examples(('Row 1 matches (12|34)* and column 1 matches [^2]3.*: four solutions', 'size = 4\ngivens = "....\\n..1.\\n....\\n...."\nautomaton = [{cells = ["r1c1", "r1c2", "r1c3", "r1c4"], regex = "(12|34)*"}, {cells = ["r1c1", "r2c1", "r3c1", "r4c1"], regex = "[^2]3.*"}]', '1234341221434321 1234341223414123 1234341241232341 1234341243212143'), ('An automaton given by its moves (row 1 alternates odd and even digits, odd first) and the main diagonal matching 1.{2}4', 'size = 4\nautomaton = [{cells = ["r1c1", "r1c2", "r1c3", "r1c4"], transitions = [[0, 1, 1], [0, 3, 1], [1, 2, 0], [1, 4, 0]], accept = [0]}, {cells = ["r1c1", "r2c2", "r3c3", "r4c4"], regex = "1.{2}4"}]', '1432234141233214 1432234142133124 1432324141232314'), ('No solution: r1c3 is 2 or 4 by the first regex and 3 by the second', 'size = 4\nautomaton = [{cells = ["r1c1", "r1c2", "r1c3"], regex = "1(2|4)*"}, {cells = ["r1c3", "r2c3"], regex = "3."}]', ''))  # fmt: skip


RULE = ClueKind.of(
    Automaton,
    parse,
    facts,
    to_table=to_table,
    check=check,
    draw=line("#e0a060", 0.1),
    examples=EXAMPLES,
)
