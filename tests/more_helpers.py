"""Helpers for the tests of the issue-7 rules: every 4x4 Latin square, and the exact set of
solutions the solver finds, so that each template is compared with the independent checker on
every candidate grid."""

from __future__ import annotations

from functools import cache
from itertools import permutations

from asp_sudoku import check
from asp_sudoku.model import Grid, Puzzle
from asp_sudoku.solve import solve


@cache
def latin_squares(n: int = 4) -> tuple[Grid, ...]:
    """Every n x n Latin square on 1..n (576 for n = 4)."""
    rows = list(permutations(range(1, n + 1)))
    out: list[Grid] = []

    def extend(done: list[tuple[int, ...]]) -> None:
        if len(done) == n:
            out.append(Grid(tuple(done)))
            return
        for row in rows:
            if all(row[c] != prev[c] for prev in done for c in range(n)):
                extend(done + [row])

    extend([])
    return tuple(out)


def expected(puzzle: Puzzle) -> set[str]:
    """The 4x4 grids (as digit strings) that the checker accepts for a puzzle."""
    assert puzzle.size == 4
    return {g.as_string() for g in latin_squares(4) if not check.violations(puzzle, g)}


def solutions(puzzle: Puzzle) -> set[str]:
    """Every solution the solver finds (each already passed the checker), as digit strings."""
    result = solve(puzzle, limit=None)
    assert result.exhausted
    found = [g.as_string() for g in result.solutions]
    assert len(found) == len(set(found)) == result.count
    return set(found)
