"""The words of a chain step: the templates `x_chain.lp.j2`, `xy_chain.lp.j2` and `aic.lp.j2`
find which candidates go (or which one is placed) and name the chain's two ends; a person
needs the chain itself, so here the shortest one between those ends is found again, link by
link, over the same links, and written in the usual notation (`=` a strong link, `-` a weak
one).  Its length also sets the step's level: longer chains are harder to see.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

from asp_sudoku.setter.logic.grid import Mark, Marks

KINDS = ("x", "xy", "aic")
"""The chain kinds: one digit (strong links from houses), bivalue cells (strong links in a
cell), or both mixed (an alternating inference chain)."""


def _houses_of(marks: Marks) -> dict[tuple[int, int], list[int]]:
    found: dict[tuple[int, int], list[int]] = {}
    for h, house in enumerate(marks.houses):
        for cell in house.cells:
            found.setdefault(cell, []).append(h)
    return found


def _open(marks: Marks, cell: tuple[int, int]) -> bool:
    return cell not in marks.solved


def strong_links(marks: Marks, kind: str, node: Mark, houses_of: dict[tuple[int, int], list[int]]) -> Iterator[Mark]:
    """The candidates strongly linked with `node` (one of the two is true); `houses_of` gives
    the houses of each cell, by number."""
    r, c, p = node
    if kind != "xy":
        for h in houses_of[(r, c)]:
            places = [cell for cell in marks.houses[h].cells if _open(marks, cell) and p in marks.cands[cell]]
            if len(places) == 2:
                other = places[0] if places[1] == (r, c) else places[1]
                yield (*other, p)
    if kind != "x" and len(marks.cands[(r, c)]) == 2:
        yield (r, c, next(q for q in marks.cands[(r, c)] if q != p))


def weak_links(marks: Marks, kind: str, node: Mark) -> Iterator[Mark]:
    """The candidates weakly linked with `node` inside a chain of this kind (not both true)."""
    r, c, p = node
    for peer in marks.peers[(r, c)]:
        if _open(marks, peer) and p in marks.cands[peer]:
            yield (*peer, p)
    if kind == "aic":
        for q in marks.cands[(r, c)]:
            if q != p:
                yield (r, c, q)


def shortest_chain(marks: Marks, kind: str, start: Mark, end: Mark) -> list[Mark]:
    """The shortest chain from `start` to `end` that begins and ends with a strong link (its
    nodes in order; strong and weak links alternate, the first strong), or [] if none."""
    houses_of = _houses_of(marks)
    came: dict[tuple[Mark, bool], tuple[Mark, bool] | None] = {(start, False): None}
    todo = deque([(start, False)])  # (node, whether the link that reached it was strong)
    while todo:
        node, strong = todo.popleft()
        if strong and node == end:
            chain = []
            at: tuple[Mark, bool] | None = (node, strong)
            while at is not None:
                chain.append(at[0])
                at = came[at]
            return chain[::-1]
        links = weak_links(marks, kind, node) if strong else strong_links(marks, kind, node, houses_of)
        for nxt in links:
            key = (nxt, not strong)
            if key not in came:
                came[key] = (node, strong)
                todo.append(key)
    return []


def written(chain: list[Mark]) -> str:
    """A chain in the usual notation: r1c2 5 = r1c7 5 - r3c8 5 = ..."""
    parts = [f"r{chain[0][0]}c{chain[0][1]} {chain[0][2]}"]
    for i, (r, c, p) in enumerate(chain[1:]):
        parts.append(("=" if i % 2 == 0 else "-") + f" r{r}c{c} {p}")
    return " ".join(parts)


def strong_count(chain: list[Mark]) -> int:
    """How many strong links a chain has."""
    return len(chain) // 2
