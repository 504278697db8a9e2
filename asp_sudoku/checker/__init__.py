"""An independent checker: does a filled grid satisfy a puzzle?

Pure Python, written from the rules as a puzzle states them.  It shares no code with the ASP
encodings or the fact emitters: it imports only the record types and reads their validated
fields.  Every grid the
library returns has passed `violations(puzzle, grid) == []`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache
from importlib import import_module
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from asp_sudoku.core.model import Cell, Grid, Puzzle
from asp_sudoku.rules import CLUE_KINDS, global_rule

if TYPE_CHECKING:
    from asp_sudoku.rules.base import ClueCheck

Checker = Callable[[Puzzle, Grid], Iterable[str]]


def _name(cell: Cell) -> str:
    return f"r{cell[0]}c{cell[1]}"


def _repeats(grid: Grid, cells: Iterable[Cell]) -> list[int]:
    """Values that occur more than once among the cells."""
    seen: set[int] = set()
    twice: set[int] = set()
    for cell in cells:
        v = grid.value(cell)
        (twice if v in seen else seen).add(v)
    return sorted(twice)


def _units(puzzle: Puzzle) -> list[tuple[str, list[Cell]]]:
    n = puzzle.size
    units = [(f"row {r}", [(r, c) for c in range(1, n + 1)]) for r in range(1, n + 1)]
    units += [(f"column {c}", [(r, c) for r in range(1, n + 1)]) for c in range(1, n + 1)]
    if puzzle.box:
        h, w = puzzle.box
        for top in range(1, n + 1, h):
            for left in range(1, n + 1, w):
                cells = [(r, c) for r in range(top, top + h) for c in range(left, left + w)]
                units.append((f"box at {_name((top, left))}", cells))
    if puzzle.regions is not None:
        ids = sorted({g for row in puzzle.regions for g in row})
        for g in ids:
            cells = [(r + 1, c + 1) for r in range(n) for c in range(n) if puzzle.regions[r][c] == g]
            units.append((f"region {g} (at {_name(cells[0])})", cells))
    return units


@cache
def _unit_getters(puzzle: Puzzle) -> tuple[tuple[Callable[[Sequence[int]], Any], int], ...]:
    """For each unit of the puzzle's shape: a function picking its values out of the row-major
    list of a grid, and how many cells it has.  Cached per shape (the key ignores givens)."""
    n = puzzle.size
    return tuple(
        (itemgetter(*[(r - 1) * n + c - 1 for r, c in cells]), len(cells))
        for _, cells in _units(puzzle)
        if len(cells) > 1
    )


def _basic_holds(puzzle: Puzzle, grid: Grid) -> bool:
    """Fast check that the grid fits: digits, givens, no repeat in a unit (no messages)."""
    n = puzzle.size
    if grid.size != n or any(len(row) != n for row in grid.rows):
        return False
    flat = [v for row in grid.rows for v in row]
    low, high = puzzle.digits
    if min(flat) < low or max(flat) > high:
        return False
    if any(flat[(r - 1) * n + c - 1] != v for r, c, v in puzzle.givens):
        return False
    getters = _shape_getters(n, puzzle.box, puzzle.digits, puzzle.regions)
    return all(len(set(get(flat))) == length for get, length in getters)


@cache
def _shape_getters(
    n: int, box: tuple[int, int] | None, digits: tuple[int, int], regions: tuple[tuple[int, ...], ...] | None
) -> tuple[tuple[Callable[[Sequence[int]], Any], int], ...]:
    """`_unit_getters` of a shape, cached by the shape's plain fields (no Puzzle to build)."""
    return _unit_getters(Puzzle(size=n, box=box, digits=digits, regions=regions))


def _basic(puzzle: Puzzle, grid: Grid) -> Iterable[str]:
    n = puzzle.size
    if _basic_holds(puzzle, grid):
        return
    if grid.size != n or any(len(row) != n for row in grid.rows):
        yield f"grid is not {n}x{n}"
        return
    allowed = set(puzzle.digit_range)
    for r in range(1, n + 1):
        for c in range(1, n + 1):
            if grid.value((r, c)) not in allowed:
                yield f"{_name((r, c))} holds {grid.value((r, c))}, not a digit of this grid"
    for r, c, v in puzzle.givens:
        if grid.value((r, c)) != v:
            yield f"{_name((r, c))} is given as {v} but holds {grid.value((r, c))}"
    for unit, cells in _units(puzzle):
        for v in _repeats(grid, cells):
            yield f"{unit} holds {v} more than once"


def _pairs_differ(grid: Grid, steps: list[tuple[int, int]], rule: str) -> Iterable[str]:
    n = grid.size
    for r in range(1, n + 1):
        for c in range(1, n + 1):
            for dr, dc in steps:
                r2, c2 = r + dr, c + dc
                if 1 <= r2 <= n and 1 <= c2 <= n and grid.value((r, c)) == grid.value((r2, c2)):
                    yield f"{rule}: {_name((r, c))} and {_name((r2, c2))} both hold {grid.value((r, c))}"


def _anti_king(puzzle: Puzzle, grid: Grid) -> Iterable[str]:
    return _pairs_differ(grid, [(0, 1), (1, -1), (1, 0), (1, 1)], "anti-king")


def _anti_knight(puzzle: Puzzle, grid: Grid) -> Iterable[str]:
    return _pairs_differ(grid, [(1, 2), (1, -2), (2, 1), (2, -1)], "anti-knight")


def _non_consecutive(puzzle: Puzzle, grid: Grid) -> Iterable[str]:
    n = grid.size
    for r in range(1, n + 1):
        for c in range(1, n + 1):
            for r2, c2 in ((r, c + 1), (r + 1, c)):
                if r2 <= n and c2 <= n and abs(grid.value((r, c)) - grid.value((r2, c2))) == 1:
                    yield f"non-consecutive: {_name((r, c))} and {_name((r2, c2))} are consecutive"


def _disjoint_groups(puzzle: Puzzle, grid: Grid) -> Iterable[str]:
    assert puzzle.box is not None
    h, w = puzzle.box
    for i in range(h):
        for j in range(w):
            cells = [(r, c) for r in range(1 + i, puzzle.size + 1, h) for c in range(1 + j, puzzle.size + 1, w)]
            for v in _repeats(grid, cells):
                yield f"disjoint-groups: position {i + 1},{j + 1} of the boxes holds {v} twice"


def _diagonal_main(puzzle: Puzzle, grid: Grid) -> Iterable[str]:
    for v in _repeats(grid, [(i, i) for i in range(1, puzzle.size + 1)]):
        yield f"diagonal-: the main diagonal holds {v} twice"


def _diagonal_anti(puzzle: Puzzle, grid: Grid) -> Iterable[str]:
    n = puzzle.size
    for v in _repeats(grid, [(i, n + 1 - i) for i in range(1, n + 1)]):
        yield f"diagonal+: the anti-diagonal holds {v} twice"


def _windoku(puzzle: Puzzle, grid: Grid) -> Iterable[str]:
    for top in (2, 6):
        for left in (2, 6):
            cells = [(r, c) for r in range(top, top + 3) for c in range(left, left + 3)]
            for v in _repeats(grid, cells):
                yield f"windoku: the window at {_name((top, left))} holds {v} twice"


GLOBAL_CHECKS: dict[str, Checker] = {
    "anti-king": _anti_king,
    "anti-knight": _anti_knight,
    "non-consecutive": _non_consecutive,
    "disjoint-groups": _disjoint_groups,
    "diagonal-": _diagonal_main,
    "diagonal+": _diagonal_anti,
    "windoku": _windoku,
}


# The checkers of the other rules, in modules of their own, imported when a puzzle needs them.
_MORE_CHECKS = ("pairs",)


def _load_more_checks() -> None:
    for name in _MORE_CHECKS:
        module = import_module(f".{name}", __package__)
        GLOBAL_CHECKS.update(getattr(module, "GLOBAL_CHECKS", {}))


def _global_check(rule: str) -> Checker:
    try:  # TRANSITION: each rule's module holds its checker
        return global_rule(rule).check
    except ModuleNotFoundError:
        pass
    if rule not in GLOBAL_CHECKS:
        _load_more_checks()
    return GLOBAL_CHECKS[rule]


def _clue_check(kind: str) -> ClueCheck:
    check = CLUE_KINDS[kind].check
    assert check is not None, kind  # every registered kind has one (tests/rules)
    return check


def violations(puzzle: Puzzle, grid: Grid) -> list[str]:
    """Every rule the grid breaks, in words; empty when the grid is a solution."""
    found = list(_basic(puzzle, grid))
    if found and grid.size != puzzle.size:
        return found
    for rule in puzzle.rules:
        found += _global_check(rule)(puzzle, grid)
    for clue in puzzle.clues:
        found += _clue_check(clue.kind)(puzzle, grid, clue)
    return found


def is_solution(puzzle: Puzzle, grid: Grid) -> bool:
    """True when the grid satisfies every rule and clue of the puzzle."""
    return not violations(puzzle, grid)
