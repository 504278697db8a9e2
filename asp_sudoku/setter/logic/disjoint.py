"""The rule logic of disjoint groups in pure Python (`disjoint_supported`): what the global
rules' check (`clue_logic.global_removals`: clingo's brave consequences over the grid, every cell
one of its candidates, rows, columns and boxes left out) keeps when disjoint groups is the
puzzle's only global rule.  The groups split the grid (each cell is in the group of its place
in its box) and the rule asks only that a group's digits differ, so a candidate is kept exactly
when some filling of its group with different digits from the candidates puts it there: an
edge in some maximum matching of the group's cells to digits (Régin's all-different
filtering).  The brave search took 40-55 ms a call, and a trial's propagation calls it every
round (`disjoint-groups-barbed-cross`: its first trial of depth 1 took 43 s); this takes about
a millisecond.  `tests/logic/test_disjoint.py` checks it against the template on random
candidates.
"""

from __future__ import annotations

from functools import cache

from asp_sudoku.core.model import Puzzle
from asp_sudoku.setter.logic.grid import Cell, Marks


def disjoint_as_all_different(puzzle: Puzzle) -> bool:
    """Whether the template asks of each group only that its digits differ: a grid that is no
    square of N digits (at most once), or one whose boxes hold N cells (then a group holds N
    cells too, and exactly once is the same).  A Puzzle built in code with larger boxes than
    digits asks each digit exactly once of fewer cells: no filling, which clingo says."""
    if puzzle.box is None:
        return False
    count = len(puzzle.digit_range)
    full_lines = count == puzzle.size == puzzle.cols  # as `program.render`'s `full_lines`
    return not full_lines or puzzle.box[0] * puzzle.box[1] == count


def groups_of(puzzle: Puzzle) -> list[list[Cell]]:
    """The disjoint groups: the grid's cells by their place in their box (`disjoint_groups.lp.j2`)."""
    assert puzzle.box is not None
    return _groups(puzzle.size, puzzle.cols, puzzle.box)


@cache
def _groups(rows: int, cols: int, box: tuple[int, int]) -> list[list[Cell]]:
    """`groups_of` a grid shape, worked out once (a path's trials check the rule every round)."""
    br, bc = box
    found: dict[int, list[Cell]] = {}
    for r in range(1, rows + 1):
        for c in range(1, cols + 1):
            found.setdefault(((r - 1) % br) * bc + (c - 1) % bc, []).append((r, c))
    return [found[g] for g in sorted(found)]


def disjoint_supported(groups: list[list[Cell]], marks: Marks) -> set[tuple[int, int, int]] | None:
    """The candidates some filling of their group with different digits has; None when some
    group has no such filling."""
    kept: set[tuple[int, int, int]] = set()
    for cells in groups:
        found = _supported(cells, [sorted(marks.cands[cell]) for cell in cells])
        if found is None:
            return None
        kept.update(found)
    return kept


def _supported(cells: list[Cell], cands: list[list[int]]) -> set[tuple[int, int, int]] | None:
    """One group's supported candidates (None: no filling): a maximum matching of cells to
    digits, then an unmatched edge (cell, digit) is in some maximum matching when the digit can
    be freed (reachable from a free digit) or the edge lies on an alternating cycle (the cell
    and the digit in one strongly connected part) of the graph whose edges run digit -> cell
    (the cell could take the digit) and cell -> its matched digit (moving it frees that digit)."""
    holder: dict[int, int] = {}  # digit -> the index of the cell matched to it

    def augment(i: int, seen: set[int]) -> bool:
        for d in cands[i]:
            if d not in seen:
                seen.add(d)
                if d not in holder or augment(holder[d], seen):
                    holder[d] = i
                    return True
        return False

    for i in range(len(cells)):
        if not augment(i, set()):
            return None
    matched = {i: d for d, i in holder.items()}
    digits = sorted({d for ds in cands for d in ds})
    # nodes: ("c", i) and ("d", d); edges as in the docstring
    nodes: list[tuple[str, int]] = [("c", i) for i in range(len(cells))] + [("d", d) for d in digits]
    succ: dict[tuple[str, int], list[tuple[str, int]]] = {node: [] for node in nodes}
    for i, ds in enumerate(cands):
        succ[("c", i)].append(("d", matched[i]))
        for d in ds:
            if d != matched[i]:
                succ[("d", d)].append(("c", i))
    freed: set[tuple[str, int]] = set()  # reachable from a free digit
    stack = [("d", d) for d in digits if d not in holder]
    while stack:
        node = stack.pop()
        if node not in freed:
            freed.add(node)
            stack.extend(succ[node])
    part = _components(nodes, succ)
    out = set()
    for i, ((r, c), ds) in enumerate(zip(cells, cands)):
        for d in ds:
            if d == matched[i] or ("d", d) in freed or part[("d", d)] == part[("c", i)]:
                out.add((r, c, d))
    return out


def _components(nodes: list[tuple[str, int]], succ: dict[tuple[str, int], list[tuple[str, int]]]) -> dict[tuple[str, int], int]:
    """Each node's strongly connected component (Tarjan's algorithm, recursive: a group has at
    most a few dozen nodes)."""
    index: dict[tuple[str, int], int] = {}
    low: dict[tuple[str, int], int] = {}
    on: set[tuple[str, int]] = set()
    stack: list[tuple[str, int]] = []
    part: dict[tuple[str, int], int] = {}

    def visit(v: tuple[str, int]) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in succ[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            while True:
                w = stack.pop()
                on.discard(w)
                part[w] = index[v]
                if w == v:
                    break

    for v in nodes:
        if v not in index:
            visit(v)
    return part
