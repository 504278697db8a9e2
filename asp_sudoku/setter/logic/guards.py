"""Quick tests in Python of whether a single, locked candidates, subset, fish or wing template
can find anything: each says exactly when the template's pattern exists with something to
place or remove, so a False lets the solver skip running the template (most calls on a stuck
grid find nothing; each costs 2-8 ms in clingo).  The template stays the one that finds and
words the step.  The singles and locked candidates are the Python forms trials propagate with
(`quick`, exact against their templates: `tests/logic/test_quick.py`).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from asp_sudoku.setter.logic.grid import Cell, House, Marks
from asp_sudoku.setter.logic.quick import Locked, hidden_singles, naked_singles
from asp_sudoku.setter.logic.techniques import TECHNIQUES, Technique


def _mask(ds: set[int]) -> int:
    m = 0
    for d in ds:
        m |= 1 << d
    return m


def _naked(marks: Marks, n: int) -> bool:
    for house in marks.houses:
        opens = [_mask(marks.cands[cell]) for cell in house.cells if cell not in marks.solved]
        for chosen in combinations(range(len(opens)), n):
            union = 0
            for i in chosen:
                union |= opens[i]
            if bin(union).count("1") == n and any(opens[j] & union for j in range(len(opens)) if j not in chosen):
                return True
    return False


def _places(marks: Marks, cells: tuple[Cell, ...]) -> dict[int, int]:
    """For each digit still to place among these cells (a house), its places as a bitmask of positions."""
    placed = {p for cell in cells if cell in marks.solved for p in marks.cands[cell]}
    found: dict[int, int] = {}
    for i, cell in enumerate(cells):
        if cell not in marks.solved:
            for p in marks.cands[cell]:
                if p not in placed:
                    found[p] = found.get(p, 0) | 1 << i
    return found


def _hidden(marks: Marks, n: int) -> bool:
    for house in marks.houses:
        places = _places(marks, house.cells)
        for chosen in combinations(sorted(places), n):
            union = 0
            for p in chosen:
                union |= places[p]
            if bin(union).count("1") != n:
                continue
            inside = set(chosen)
            cells = [cell for i, cell in enumerate(house.cells) if union >> i & 1]
            if any(marks.cands[cell] - inside for cell in cells):
                return True
    return False


def _fish(marks: Marks, n: int) -> bool:
    size = marks.puzzle.size
    lines = range(1, size + 1)
    for across in (False, True):
        rows = [tuple((y, x) if across else (x, y) for y in lines) for x in lines]
        places = [_places(marks, row) for row in rows]
        for p in marks.puzzle.digit_range:
            free = [x for x in range(size) if p in places[x]]
            for chosen in combinations(free, n):
                union = 0
                for x in chosen:
                    union |= places[x][p]
                if bin(union).count("1") != n:
                    continue
                for x in range(size):
                    if x in chosen:
                        continue
                    if any(union >> y & 1 and p in marks.cands[cell] and cell not in marks.solved
                           for y, cell in enumerate(rows[x])):
                        return True
    return False


@lru_cache(maxsize=8)
def _sees(full_houses: tuple[House, ...]) -> dict[Cell, frozenset[Cell]]:
    """The cells each cell shares a house with, over the houses the templates read (the full
    ones), worked out once per grid."""
    sees: dict[Cell, set[Cell]] = {}
    for house in full_houses:
        for cell in house.cells:
            sees.setdefault(cell, set()).update(house.cells)
    return {cell: frozenset(seen - {cell}) for cell, seen in sees.items()}


def _wing_cells(marks: Marks) -> tuple[dict[Cell, frozenset[Cell]], set[Cell]]:
    """The cells each cell sees (`_sees`), and the open cells (in a full house, not solved), as
    the wing templates define them."""
    sees = _sees(marks.houses)
    return sees, {cell for cell in sees if cell not in marks.solved}


def _wings(marks: Marks, pivot_size: int) -> bool:
    """Whether `xy_wing.lp.j2` (`pivot_size` 2) or `xyz_wing.lp.j2` (3) removes anything: a pivot
    holding only X, Y (and Z for an XYZ-wing) that sees a pincer holding only X, Z and one
    holding only Y, Z, and an open cell with Z that sees both pincers (and the pivot, for an
    XYZ-wing)."""
    sees, opens = _wing_cells(marks)
    pairs = {cell: frozenset(marks.cands[cell]) for cell in opens if len(marks.cands[cell]) == 2}
    for pivot in opens:
        digits = marks.cands[pivot]
        if len(digits) != pivot_size:
            continue
        near = [cell for cell in sees[pivot] if cell in pairs]
        choices: list[tuple[int, int, int]] = []  # (X, Y, Z): the pincers hold X,Z and Y,Z
        if pivot_size == 2:
            x, y = sorted(digits)
            for cell in near:
                if x in pairs[cell] and y not in pairs[cell]:
                    choices.append((x, y, min(pairs[cell] - {x})))
        else:
            for z in digits:
                x, y = sorted(digits - {z})
                choices.append((x, y, z))
        for x, y, z in choices:
            for one in near:
                if pairs[one] != {x, z}:
                    continue
                for two in near:
                    if pairs[two] != {y, z}:
                        continue
                    common = sees[one] & sees[two]
                    if pivot_size == 3:
                        common &= sees[pivot]
                    if any(cell in opens and z in marks.cands[cell] for cell in common):
                        return True
    return False


@lru_cache(maxsize=8)
def _locked(full_houses: tuple[House, ...]) -> Locked:
    """Locked candidates over these houses, worked out once per grid."""
    return Locked(full_houses)


def may_find(technique: Technique, marks: Marks) -> bool:
    """False when the technique's template surely finds nothing on these candidates."""
    if technique is TECHNIQUES[0]:
        return bool(hidden_singles(marks))
    if technique is TECHNIQUES[1]:
        return bool(naked_singles(marks))
    if technique is TECHNIQUES[2]:
        return bool(_locked(marks.houses).removals(marks))
    if technique.template.startswith("naked_subset"):
        return _naked(marks, technique.n)
    if technique.template.startswith("hidden_subset"):
        return _hidden(marks, technique.n)
    if technique.template.startswith("fish"):
        return _fish(marks, technique.n)
    if technique.template == "xy_wing.lp.j2":
        return _wings(marks, 2)
    if technique.template == "xyz_wing.lp.j2":
        return _wings(marks, 3)
    return True
