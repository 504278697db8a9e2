"""The words of a chain step: the templates `x_chain.lp.j2`, `xy_chain.lp.j2` and `aic.lp.j2`
find which candidates go (or which one is placed) and name the chain's two ends; a person
needs the chain itself, so here the shortest one between those ends is found again, link by
link, over the same links, and written in the usual notation (`=` a strong link, `-` a weak
one).  Its length also sets the step's level: longer chains are harder to see.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from typing import Literal

from asp_sudoku.setter.logic.grid import Cell, Mark, Marks

Kind = Literal["x", "xy", "aic"]
"""A chain's kind: one digit (strong links from houses), cells of two digits (strong links in a
cell, weak ones between cells of one digit), or both mixed (an alternating inference chain)."""


class Links:
    """The strong and weak links of one kind of chain on these candidates."""

    def __init__(self, marks: Marks, kind: Kind) -> None:
        self.marks, self.kind = marks, kind
        self.houses_of: dict[Cell, list[int]] = {}
        for h, house in enumerate(marks.houses):
            for cell in house.cells:
                self.houses_of.setdefault(cell, []).append(h)

    def _open(self, cell: Cell) -> bool:
        return cell not in self.marks.solved

    def strong(self, node: Mark) -> Iterator[Mark]:
        """The candidates strongly linked with `node` (one of the two is true)."""
        r, c, p = node
        cands = self.marks.cands
        if self.kind != "xy":
            for h in self.houses_of[(r, c)]:
                places = [cell for cell in self.marks.houses[h].cells if self._open(cell) and p in cands[cell]]
                if len(places) == 2:
                    other = places[0] if places[1] == (r, c) else places[1]
                    yield (*other, p)
        if self.kind != "x" and len(cands[(r, c)]) == 2:
            yield (r, c, next(q for q in cands[(r, c)] if q != p))

    def weak(self, node: Mark) -> Iterator[Mark]:
        """The candidates weakly linked with `node` inside a chain (not both true): one digit
        in two cells that see each other, and for an alternating inference chain also two
        digits of one cell."""
        r, c, p = node
        for peer in self.marks.peers[(r, c)]:
            if self._open(peer) and p in self.marks.cands[peer]:
                yield (*peer, p)
        if self.kind == "aic":
            for q in self.marks.cands[(r, c)]:
                if q != p:
                    yield (r, c, q)

    def shortest(self, start: Mark, ends: Iterable[Mark]) -> dict[Mark, list[Mark]]:
        """For each of `ends`, the shortest chain from `start` to it that begins and ends with a
        strong link (its nodes in order; strong and weak links alternate, the first strong);
        an end no chain reaches is left out.  One breadth-first search over (candidate, whether
        the link that reached it was strong)."""
        wanted = set(ends)
        came: dict[tuple[Mark, bool], tuple[Mark, bool] | None] = {(start, False): None}
        todo = deque([(start, False)])
        found: dict[Mark, list[Mark]] = {}
        while todo and len(found) < len(wanted):
            node, strong = todo.popleft()
            if strong and node in wanted and node not in found:
                chain = []
                at: tuple[Mark, bool] | None = (node, strong)
                while at is not None:
                    chain.append(at[0])
                    at = came[at]
                found[node] = chain[::-1]
            for nxt in self.weak(node) if strong else self.strong(node):
                key = (nxt, not strong)
                if key not in came:
                    came[key] = (node, strong)
                    todo.append(key)
        return found


def written(chain: list[Mark]) -> str:
    """A chain in the usual notation: r1c2 5 = r1c7 5 - r3c8 5 = ..."""
    parts = [f"r{chain[0][0]}c{chain[0][1]} {chain[0][2]}"]
    for i, (r, c, p) in enumerate(chain[1:]):
        parts.append(("=" if i % 2 == 0 else "-") + f" r{r}c{c} {p}")
    return " ".join(parts)


def strong_count(chain: list[Mark]) -> int:
    """How many strong links a chain has."""
    return len(chain) // 2
