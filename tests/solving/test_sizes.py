"""Every issue-7 rule on 8x8 (2x4 boxes), 12x12 (3x4) and 16x16 (4x4) grids: a solution grid
is made, its two top rows are blanked, and one clue of the rule is read off the grid there; the
solver's answer sets must equal those of a plain backtracking search filtered by the checker,
and include the grid."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import cache

import pytest
from helpers import brute_force, puzzle_from_toml

from asp_sudoku.core.model import Grid
from asp_sudoku.solving.single import solve

SHAPES = [(8, "2x4"), (12, "3x4"), (16, "4x4")]
Cell = tuple[int, int]


@cache
def grid(n: int, box: str) -> Grid:
    """A solution grid with a shuffled first row (deterministic)."""
    first = list(range(1, n + 1))
    random.Random(n).shuffle(first)
    rows = [" ".join(map(str, first))] + [" ".join(["."] * n)] * (n - 1)
    text = f'size = {n}\nbox = "{box}"\ngivens = """\n' + "\n".join(rows) + '\n"""\n'
    return solve(puzzle_from_toml(text), limit=1).solutions[0]


def paths(n: int, length: int) -> Iterator[list[Cell]]:
    """King-connected paths of distinct cells in rows 1-3, starting in row 1."""

    def extend(path: list[Cell]) -> Iterator[list[Cell]]:
        if len(path) == length:
            yield path
            return
        r, c = path[-1]
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                nxt = (r + dr, c + dc)
                if nxt not in path and 1 <= nxt[0] <= 3 and 1 <= nxt[1] <= n:
                    yield from extend([*path, nxt])

    for c in range(1, n + 1):
        yield from extend([(1, c)])


def names(cells: list[Cell]) -> str:
    return "[" + ", ".join(f'"r{r}c{c}"' for r, c in cells) + "]"


def find_line(g: Grid, lengths: tuple[int, ...], good: Callable[[list[int], list[Cell]], bool]) -> list[Cell] | None:
    for length in lengths:
        for path in paths(g.size, length):
            if good([g.value(c) for c in path], path):
                return path
    return None


def box_of(cell: Cell, box: str) -> tuple[int, int]:
    h, w = (int(x) for x in box.split("x"))
    return (cell[0] - 1) // h, (cell[1] - 1) // w


def clue_for(rule: str, g: Grid, box: str) -> str | None:
    """One clue of a rule, true of grid g, touching its top two rows (None if none is found)."""
    n = g.size
    v = g.value
    row1 = [v((1, c)) for c in range(1, n + 1)]
    if rule == "kropki-white":
        return f'[[kropki-white]]\ncells = ["r1c1", "r1c2"]\ndifference = {abs(v((1, 1)) - v((1, 2)))}\n'
    if rule in ("kropki-black", "xv"):
        for r, c in [(r, c) for r in (1, 2) for c in range(1, n)]:
            a, b = v((r, c)), v((r, c + 1))
            if rule == "kropki-black" and (a % b == 0 or b % a == 0):
                return f'[[kropki-black]]\ncells = ["r{r}c{c}", "r{r}c{c + 1}"]\nratio = {max(a, b) // min(a, b)}\n'
            if rule == "xv" and a + b in (5, 10):
                return f'[[xv]]\ncells = ["r{r}c{c}", "r{r}c{c + 1}"]\nvalue = "{"X" if a + b == 10 else "V"}"\n'
        return None
    if rule in ("even", "odd"):
        cells = [(1, c) for c in range(1, n + 1) if v((1, c)) % 2 == (0 if rule == "even" else 1)][:3]
        return f"[[{rule}]]\ncells = {names(cells)}\n"
    if rule in ("minimum", "maximum"):
        for cell in [(r, c) for r in (1, 2) for c in range(1, n + 1)]:
            around = [v((cell[0] + dr, cell[1] + dc)) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                      if 1 <= cell[0] + dr <= n and 1 <= cell[1] + dc <= n]
            if (rule == "minimum" and v(cell) < min(around)) or (rule == "maximum" and v(cell) > max(around)):
                return f'[[{rule}]]\ncells = ["r{cell[0]}c{cell[1]}"]\n'
        return None
    if rule == "quadruple":
        digits = sorted(v(c) for c in ((1, 1), (1, 2), (2, 1), (2, 2)))[:3]
        return f'[[quadruple]]\ncell = "r1c1"\ndigits = {digits}\n'
    if rule == "sandwich":
        a, b = sorted((row1.index(1), row1.index(n)))
        return f'[[sandwich]]\nline = "r1"\nsum = {sum(row1[a + 1 : b])}\n'
    if rule == "x-sum":
        return f'[[x-sum]]\nclue = "r1c0"\nsum = {sum(row1[: row1[0]])}\n'
    if rule == "skyscraper":
        seen = sum(1 for i, x in enumerate(row1[::-1]) if all(x > y for y in row1[::-1][:i]))
        return f'[[skyscraper]]\nline = "r1"\nside = "right"\ncount = {seen}\n'
    lines: dict[str, tuple[tuple[int, ...], Callable[[list[int], list[Cell]], bool]]] = {
        "whispers": ((3,), lambda x, p: True),
        "renban": ((3, 2), lambda x, p: max(x) - min(x) == len(x) - 1 and len(set(x)) == len(x)),
        "palindrome": ((3, 4, 2), lambda x, p: x == x[::-1]),
        "between": ((3, 4), lambda x, p: all(min(x[0], x[-1]) < y < max(x[0], x[-1]) for y in x[1:-1])),
        "region-sum": ((3, 4, 2), lambda x, p: _segments_equal(x, p, box)),
        "entropic": ((4, 3), lambda x, p: all(len({(y - 1) // (n // 3) for y in x[i : i + 3]}) == 3 for i in range(len(x) - 2))),
        "slow-thermo": ((3,), lambda x, p: x == sorted(x)),
        "zipper": ((3, 5), lambda x, p: len({x[i] + x[-1 - i] for i in range(len(x) // 2)} | ({x[len(x) // 2]} if len(x) % 2 else set())) == 1),
    }
    if rule in lines:
        if rule == "entropic" and n % 3:
            return None
        lengths, good = lines[rule]
        path = find_line(g, lengths, lambda x, p: any(r <= 2 for r, _ in p) and good(x, p))
        if path is None:
            return None
        extra = ""
        if rule == "whispers":
            values = [v(c) for c in path]
            extra = f"difference = {min(abs(a - b) for a, b in zip(values, values[1:]))}\n"
        return f"[[{rule}]]\ncells = {names(path)}\n{extra}"
    if rule == "weighted-sum":
        total = 2 * v((1, 1)) + v((1, 2)) - v((2, 1))
        return f'[[weighted-sum]]\ncells = ["r1c1", "r1c2", "r2c1"]\nweights = [2, 1, -1]\nsum = {total}\n'
    raise AssertionError(rule)


def _segments_equal(values: list[int], path: list[Cell], box: str) -> bool:
    sums: list[int] = []
    previous = None
    for value, cell in zip(values, path):
        if box_of(cell, box) != previous:
            sums.append(0)
            previous = box_of(cell, box)
        sums[-1] += value
    return len(sums) > 1 and len(set(sums)) == 1


RULES = ["kropki-white", "kropki-black", "xv", "even", "odd", "minimum", "maximum", "quadruple", "sandwich",
         "x-sum", "skyscraper", "whispers", "renban", "palindrome", "between", "region-sum", "entropic",
         "slow-thermo", "zipper", "weighted-sum"]


@pytest.mark.parametrize(("n", "box"), SHAPES, ids=[f"{n}x{n}" for n, _ in SHAPES])
@pytest.mark.parametrize("rule", RULES)
def test_rule_on_a_larger_grid(rule: str, n: int, box: str) -> None:
    if rule == "entropic" and n % 3:
        pytest.skip(f"entropic lines need digits that split into thirds, not 1-{n}")
    g = grid(n, box)
    clue = clue_for(rule, g, box)
    if clue is None:
        pytest.skip(f"no {rule} clue fits this grid's top rows")
    rows = [" ".join(["."] * n)] * 2 + [" ".join(map(str, row)) for row in g.rows[2:]]
    puzzle = puzzle_from_toml(f'size = {n}\nbox = "{box}"\ngivens = """\n' + "\n".join(rows) + '\n"""\n' + clue)
    assert puzzle.clues and puzzle.clues[0].kind == rule
    want = brute_force(puzzle, key=lambda grid: grid.rows)
    result = solve(puzzle, limit=None)
    assert {s.rows for s in result.solutions} == want
    assert g.rows in want
