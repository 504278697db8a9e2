"""A puzzle split into a fixed program and items that can be switched on and off.

An item is one given, one clue or one global rule, with the ASP text it adds to the program
when it is on: a given's `numberAt` fact, a clue's facts, a global rule's template.  The
solver (`asp_sudoku.solving.switches`) grounds the fixed text once and guards every rule of an
item's text by a switch of its own, so that any set of items can be solved under assumptions
without grounding again.  The plain program (`render`) is untouched by all this.

A clue's facts are those its position in its kind's list adds to the facts of the clues before
it (fact emitters number clues by position, so earlier clues never change).  No clingo here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from asp_sudoku.core.errors import InternalCheckError
from asp_sudoku.core.model import Clue, Puzzle, cell_name
from asp_sudoku.program.render import (
    alternative_texts,
    data_facts,
    grid_templates,
    size_context,
    user_rules_text,
)
from asp_sudoku.program.templates import render_template
from asp_sudoku.rules import CLUE_KINDS, GLOBAL_RULES
from asp_sudoku.rules.base import fact

GIVEN, CLUE, RULE = "given", "clue", "rule"


@dataclass(frozen=True)
class Item:
    """One switchable part of a puzzle and the ASP text it adds when switched on."""

    kind: str
    text: str
    line: int = 0
    given: tuple[int, int, int] | None = None
    clue: Clue | None = None
    rule: str | None = None

    def describe(self) -> str:
        """What the item is, in words: ``given r1c2 = 5``, a clue's description, ``rule x``."""
        if self.given is not None:
            r, c, v = self.given
            return f"given {cell_name((r, c))} = {v}"
        if self.clue is not None:
            return self.clue.describe()
        return f"rule {self.rule}"

    def where(self) -> str:
        """``line N: <description>``, or the description alone when the line is unknown."""
        return f"line {self.line}: {self.describe()}" if self.line else self.describe()

    def as_json(self) -> dict[str, Any]:
        """The item as a JSON object (kind, line, description and what it names)."""
        out: dict[str, Any] = {"kind": self.kind, "line": self.line, "description": self.describe()}
        if self.given is not None:
            r, c, v = self.given
            out.update(cell=cell_name((r, c)), row=r, col=c, digit=v)
        if self.clue is not None:
            out["clue_kind"] = self.clue.kind
            if self.clue.named_cells():  # what the web page highlights: an arrow's circle too
                out["cells"] = [cell_name(cell) for cell in self.clue.named_cells()]
        if self.rule is not None:
            out["rule"] = self.rule
        return out


@dataclass(frozen=True)
class Board:
    """`fixed` is always in the program; `items[i]` is added when switch i is on.

    `base` is the puzzle made of the fixed parts only; `subpuzzle(on)` adds the items that are on.
    `needs[i]` are the items item i cannot be without (a cage comparison needs the two labelled
    killer cages it compares): `close` adds them to a set of switches, `without` drops an item
    together with the items that need it, so a puzzle never holds a comparison of a missing cage.
    """

    base: Puzzle
    fixed: str
    items: tuple[Item, ...]
    needs: tuple[frozenset[int], ...] = ()

    def close(self, on: Iterable[int]) -> list[int]:
        """`on` (in its order) with every item an item of it needs, added at the end."""
        chosen = list(dict.fromkeys(on))
        seen = set(chosen)
        for i in chosen:  # grows while it is walked: the needs of what is added are added too
            for j in sorted(self.needs[i]) if i < len(self.needs) else ():
                if j not in seen:
                    seen.add(j)
                    chosen.append(j)
        return chosen

    def without(self, on: Collection[int], *drop: int) -> list[int]:
        """`on` minus `drop` and every item that needs a dropped one, order kept."""
        gone = set(drop)
        grew = True
        while grew:
            more = {i for i in on if i not in gone and i < len(self.needs) and self.needs[i] & gone}
            gone |= more
            grew = bool(more)
        return [i for i in on if i not in gone]

    def subpuzzle(self, on: Iterable[int]) -> Puzzle:
        """The puzzle made of the fixed parts and the items switched on (and what they need)."""
        chosen = sorted(set(self.close(on)))
        givens = set(self.base.givens)
        rules = set(self.base.rules)
        clues: list[tuple[int, Clue]] = [(-1, c) for c in self.base.clues]
        for i in chosen:
            item = self.items[i]
            if item.given is not None:
                givens.add(item.given)
            elif item.clue is not None:
                clues.append((i, item.clue))
            elif item.rule is not None:
                rules.add(item.rule)
        order = list(GLOBAL_RULES)
        return dataclasses.replace(
            self.base,
            givens=tuple(sorted(givens)),
            rules=tuple(sorted(rules, key=order.index)),
            clues=tuple(c for _, c in sorted(clues, key=lambda pair: pair[0])),
        )

    def indices(self, kind: str) -> list[int]:
        """The positions of the items of one kind."""
        return [i for i, item in enumerate(self.items) if item.kind == kind]


def rule_text(puzzle: Puzzle, rule: str) -> str:
    """A global rule's template rendered for the puzzle's sizes."""
    return render_template(GLOBAL_RULES[rule], size_context(puzzle))


def clue_items(puzzle: Puzzle) -> list[Item]:
    """One item per clue, in the puzzle's order, each with the facts its position adds and the
    facts it states on its own that an earlier clue stated already (two marks of one kind on a
    cell: `even(2,1).` is in both items, so that either one switched on says it)."""
    items: dict[int, Item] = {}
    for kind in [CLUE_KINDS[name] for name in CLUE_KINDS if puzzle.clues_of(name)]:
        positions = [i for i, c in enumerate(puzzle.clues) if c.kind == kind.name]
        clues = tuple(puzzle.clues[i] for i in positions)
        before: set[str] = set()
        for j, clue in enumerate(clues):
            now = set(kind.facts(puzzle, clues[: j + 1]))
            if not before <= now:
                raise InternalCheckError(
                    f"the facts of {kind.name} clues change when a clue is added; "
                    "cannot switch them one by one"
                )
            alone = set(kind.facts(puzzle, (clue,)))
            shared = alone & before if j and alone <= now else set()  # (facts that number clues differ)
            added = sorted((now - before) | shared)
            before = now
            items[positions[j]] = Item(CLUE, "\n".join(added), clue.line, clue=clue)
    return [items[i] for i in sorted(items)]


def make_board(
    puzzle: Puzzle,
    *,
    givens: bool = True,
    clues: bool = True,
    rules: bool = False,
    extra_givens: Sequence[tuple[int, int, int]] = (),
) -> Board:
    """Split a puzzle: each part named True becomes switchable items, the others stay fixed.

    Item order: global rules, givens, clues, then `extra_givens` (candidate givens that are
    not in the puzzle, e.g. cells of a solution).
    """
    base = dataclasses.replace(
        puzzle,
        givens=() if givens else puzzle.givens,
        clues=() if clues else puzzle.clues,
        rules=() if rules else puzzle.rules,
    )
    items: list[Item] = []
    if rules:
        items += [Item(RULE, rule_text(puzzle, r), puzzle.rules_line, rule=r) for r in puzzle.rules]
    if givens:
        items += [
            Item(GIVEN, fact("numberAt", r, c, v), puzzle.given_line(r), given=(r, c, v))
            for r, c, v in puzzle.givens
        ]
    if clues:
        items += clue_items(puzzle)
    items += [Item(GIVEN, fact("numberAt", r, c, v), given=(r, c, v)) for r, c, v in extra_givens]
    templates = grid_templates(puzzle) + [GLOBAL_RULES[r] for r in base.rules]
    templates += [CLUE_KINDS[name].template for name in CLUE_KINDS if puzzle.clues_of(name)]
    context = size_context(puzzle)
    parts = [render_template(name, context) for name in templates] + alternative_texts(puzzle, context)[1]
    fixed = "\n".join(parts) + user_rules_text(puzzle) + "\n" + "\n".join(data_facts(base)) + "\n"
    return Board(base=base, fixed=fixed, items=tuple(items), needs=_needs(items))


def _needs(items: Sequence[Item]) -> tuple[frozenset[int], ...]:
    """For each item, the items it needs: a cage comparison, the labelled cages it compares; a
    clue, the global rule its kind (or, for an any-of clue, a kind inside it) cannot be without
    (`ClueKind.rule`: a chaos clue read without chaos construction's regions would hold nothing
    the checker accepts)."""
    from asp_sudoku.rules.any_of import inner_kinds
    from asp_sudoku.rules.cage_compare import CageCompare
    from asp_sudoku.rules.killer import Killer

    cages = {
        item.clue.label: i
        for i, item in enumerate(items)
        if isinstance(item.clue, Killer) and item.clue.label is not None
    }
    rules = {item.rule: i for i, item in enumerate(items) if item.rule is not None}
    needs = []
    for item in items:
        needed: set[int] = set()
        if isinstance(item.clue, CageCompare):
            needed |= {cages[label] for label in (item.clue.left, item.clue.right) if label in cages}
        if item.clue is not None:
            for kind in {item.clue.kind, *inner_kinds([item.clue])}:
                rule = CLUE_KINDS[kind].rule
                if rule in rules:
                    needed.add(rules[rule])
        needs.append(frozenset(needed))
    return tuple(needs)


def all_on(board: Board) -> list[int]:
    """Every switch."""
    return list(range(len(board.items)))


def without(on: Collection[int], *drop: int) -> list[int]:
    """`on` minus some switches, order kept (for a board whose items need no others; else use
    `Board.without`)."""
    return [i for i in on if i not in drop]
