"""The bounds the running-sums speed-up cuts totals with (asp_sudoku/rules/running_sums/) are met
by every grid, houses make them tight on long lines, and the lines it adds (two arrows' difference,
little killers added together) hold wherever the clues hold."""

from __future__ import annotations

import dataclasses
import random

import pytest
from grid_enum import grids
from helpers import ROOT, puzzle_from_toml

from asp_sudoku.core.model import Cell, Puzzle
from asp_sudoku.formats import load
from asp_sudoku.rules.little_killer import LittleKiller
from asp_sudoku.rules.running_sums import combined, digit_bounds, lines, rest_bounds, unit_of
from asp_sudoku.rules.running_sums.bounds import partition
from asp_sudoku.rules.running_sums.combined import by_houses, combined_lines
from asp_sudoku.solving.setter import random_solution

GRIDS = list(grids(4, (2, 2)))  # every 4x4 sudoku grid (288), by brute force


@pytest.mark.parametrize("seed", range(40))
def test_every_grid_meets_the_bounds(seed: int) -> None:
    rng = random.Random(seed)
    puzzle = Puzzle(size=4, box=(2, 2), digits=(1, 4))
    cells = rng.sample([(r, c) for r in range(1, 5) for c in range(1, 5)], rng.randint(1, 16))
    weights = [rng.choice((1, 1, 1, -1, 10)) for _ in cells]
    line = list(zip(cells, weights))
    least, most = rest_bounds(line, 1, 4, unit_of(puzzle))
    totals = [sum(w * grid[r - 1][c - 1] for (r, c), w in line) for grid in GRIDS]
    assert len(GRIDS) == 288
    assert least <= min(totals) and max(totals) <= most


def test_whole_houses_are_exact() -> None:
    """A whole row, or a whole box, adds exactly 1+2+3+4: the bounds say so."""
    units = unit_of(Puzzle(size=4, box=(2, 2), digits=(1, 4)))
    row = [((2, c), 1) for c in range(1, 5)]
    box = [((r, c), 1) for r in (3, 4) for c in (1, 2)]
    assert rest_bounds(row, 1, 4, units) == (10, 10)
    assert rest_bounds(box, 1, 4, units) == (10, 10)
    assert rest_bounds(row + box, 1, 4, units) == (20, 20)


def test_long_sums_shaft_is_split_by_houses() -> None:
    """ISS's "Long sums 3": a 32-cell shaft whose cells, grouped by box, add at least 98 (the
    line's own order, grouping each cell with the cells before it, gave 80)."""
    puzzle = load(str(ROOT / "bench" / "data" / "versus-iss" / "EXAMPLE_LONG_SUMS" / "142.iss"), "iss")
    [(line, target)] = lines(puzzle)
    shaft = [(cell, w) for cell, w in line if w == 1]
    assert len(shaft) == 32 and target == 0
    assert rest_bounds(shaft, 1, 9, unit_of(puzzle))[0] == 98


@pytest.mark.parametrize("seed", range(60))
def test_every_grid_on_target_keeps_its_digits_within_the_digit_bounds(seed: int) -> None:
    """Each cell's digits left by the line's target (`digit_bounds`) hold every grid whose line
    adds up to the target; the target is taken from a grid, so some grid meets it."""
    rng = random.Random(seed)
    puzzle = Puzzle(size=4, box=(2, 2), digits=(1, 4))
    cells = rng.sample([(r, c) for r in range(1, 5) for c in range(1, 5)], rng.randint(1, 10))
    weights = [rng.choice((1, 1, 1, -1, 10, -10)) for _ in cells]
    line = list(zip(cells, weights))
    total = lambda grid: sum(w * grid[r - 1][c - 1] for (r, c), w in line)  # noqa: E731
    target = total(rng.choice(GRIDS))
    bounds = digit_bounds(line, target, 1, 4, unit_of(puzzle))
    on_target = [grid for grid in GRIDS if total(grid) == target]
    for (r, c), (lo, hi) in bounds.items():
        assert all(lo <= grid[r - 1][c - 1] <= hi for grid in on_target), ((r, c), lo, hi, line, target)


def test_long_sums_pill_and_shaft_are_pinned() -> None:
    """ISS's "Long sums 1": the pill's two digits make at most 98 and the shaft adds at least 98,
    so the pill is 98 and every group of k shaft cells (by house) holds 1..k."""
    puzzle = load(str(ROOT / "bench" / "data" / "versus-iss" / "EXAMPLE_LONG_SUMS" / "140.iss"), "iss")
    [(line, target)] = lines(puzzle)
    bounds = digit_bounds(line, target, 1, 9, unit_of(puzzle))
    circle = [cell for cell, w in line if w < 0]
    assert [bounds[cell] for cell in circle] == [(9, 9), (8, 8)]
    shaft = [bounds[cell] for cell, w in line if w == 1]
    assert len(shaft) == 32 and all(lo == 1 for lo, _ in shaft)
    assert sorted(hi for _, hi in shaft).count(1) == 1 and max(hi for _, hi in shaft) == 8


@pytest.mark.parametrize("seed", range(30))
def test_two_arrows_difference_holds_where_both_arrows_hold(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """`shared_shafts`: on every 4x4 grid where two arrows sharing shaft cells both hold, their
    difference line adds up to its target (random circles of one or two cells, random shafts)."""
    from asp_sudoku.rules import running_sums
    from asp_sudoku.rules.arrow import Arrow

    monkeypatch.setattr(running_sums, "SHARED", 1)
    rng = random.Random(seed)
    cells = [(r, c) for r in range(1, 5) for c in range(1, 5)]
    picked = rng.sample(cells, 12)
    common = picked[:3]
    a = Arrow(cells=tuple(common + picked[3:5]), circle=tuple(picked[5 : 5 + rng.randint(1, 2)]))
    b = Arrow(cells=tuple(picked[7:9] + common), circle=tuple(picked[9 : 9 + rng.randint(1, 2)]))
    puzzle = Puzzle(size=4, box=(2, 2), digits=(1, 4), clues=(a, b))
    [(line, target)] = running_sums.shared_shafts(puzzle)

    def holds(arrow: Arrow, grid: tuple[tuple[int, ...], ...]) -> bool:
        circle = int("".join(str(grid[r - 1][c - 1]) for r, c in arrow.circle))
        return circle == sum(grid[r - 1][c - 1] for r, c in arrow.cells)

    both = [grid for grid in GRIDS if holds(a, grid) and holds(b, grid)]
    assert all(sum(w * grid[r - 1][c - 1] for (r, c), w in line) == target for grid in both)
    assert {cell for cell, _ in line} == set(a.circle + b.circle + a.cells + b.cells) - set(common)



# --- Little killers added together (combined.py) ---------------------------------------------

SOLVED_9 = ("812753649", "943682175", "675491283", "154237896", "369845721", "287169534", "521974368",
            "438526917", "796318452")


def _shuffled_grid(rng: random.Random) -> list[list[int]]:
    """A 9x9 grid from SOLVED_9 by a random relabelling, bands, stacks, rows within bands, columns
    within stacks and transposition: still a valid sudoku grid."""
    label = dict(zip(range(1, 10), rng.sample(range(1, 10), 9)))
    order = lambda: [3 * b + i for b in rng.sample(range(3), 3) for i in rng.sample(range(3), 3)]  # noqa: E731
    rows, cols = order(), order()
    grid = [[label[int(SOLVED_9[r][c])] for c in cols] for r in rows]
    return [list(col) for col in zip(*grid)] if rng.random() < 0.5 else grid


def _diagonals(size: int) -> list[tuple[tuple[int, int], ...]]:
    """Every little-killer diagonal of a size x size grid (cells in order), each once (one of its
    two directions)."""
    from asp_sudoku.rules.little_killer import diagonal

    clues = [(0, c) for c in range(size + 2)] + [(size + 1, c) for c in range(size + 2)]
    clues += [(r, 0) for r in range(1, size + 1)] + [(r, size + 1) for r in range(1, size + 1)]
    found = {diagonal(size, clue, step) for clue in clues for step in ((1, 1), (1, -1), (-1, 1), (-1, -1))}
    return sorted({frozenset(d): d for d in sorted(found) if d}.values())


def _killers(grid: list[list[int]], cells: list[tuple[tuple[int, int], ...]]) -> tuple[LittleKiller, ...]:
    return tuple(LittleKiller(cells=d, total=sum(grid[r - 1][c - 1] for r, c in d)) for d in cells)


def _adds_up(grid: list[list[int]] | tuple[tuple[int, ...], ...], line: list[tuple[Cell, int]], target: int) -> bool:
    return sum(w * grid[r - 1][c - 1] for (r, c), w in line) == target


def test_little_killers_hold_on_the_grid_they_come_from() -> None:
    """Soundness on 9x9 without a solver: random little killers read off a shuffled solved grid;
    every line the running sums get (any merged and house-rewritten ones among them) adds up to
    its target on that grid."""
    for seed in range(40):
        rng = random.Random(seed)
        grid = _shuffled_grid(rng)
        clues = _killers(grid, rng.sample([d for d in _diagonals(9) if len(d) >= 5], rng.randint(6, 14)))
        puzzle = Puzzle(size=9, box=(3, 3), digits=(1, 9), clues=clues)
        for line, target in lines(puzzle):
            assert _adds_up(grid, line, target), (seed, line, target)


def test_diagonals_rewritten_by_houses_hold_on_the_grid_they_come_from() -> None:
    """`by_houses` on unions of random disjoint diagonals of a shuffled solved grid: the line it
    makes (groups of more than half a house replaced by the rest of the house, subtracted) adds up
    to its target on that grid, and has each cell once.  Most unions have such a group."""
    puzzle = Puzzle(size=9, box=(3, 3), digits=(1, 9))
    units = unit_of(puzzle)
    subtracted = 0
    for seed in range(60):
        rng = random.Random(seed)
        grid = _shuffled_grid(rng)
        step = rng.choice(((1, 1), (1, -1)))  # parallel diagonals share no cell
        parallel = [d for d in _diagonals(9) if len(d) > 1 and (d[1][0] - d[0][0]) * (d[1][1] - d[0][1]) == step[0] * step[1]]
        cells = sorted(c for d in rng.sample(parallel, rng.randint(2, 6)) for c in d)
        groups = tuple(tuple(g) for g in partition(cells, units))
        line, target = by_houses(puzzle, groups, sum(grid[r - 1][c - 1] for r, c in cells))
        assert len({cell for cell, _ in line}) == len(line)
        assert _adds_up(grid, line, target), (seed, line, target)
        subtracted += any(w < 0 for _, w in line)
    assert subtracted >= 30


@pytest.mark.parametrize("seed", range(25))
def test_combined_little_killers_hold_on_every_4x4_grid_where_the_clues_hold(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """On a 4x4 (merging any two disjoint diagonals that share a house: RELATED lowered to 2), every
    grid that meets random little killers meets every merged line, rewritten by houses."""
    monkeypatch.setattr(combined, "RELATED", 2)
    rng = random.Random(seed)
    clues = _killers([list(row) for row in rng.choice(GRIDS)], rng.sample(_diagonals(4), rng.randint(3, 6)))
    puzzle = Puzzle(size=4, box=(2, 2), digits=(1, 4), clues=clues)
    found = combined_lines(puzzle, unit_of(puzzle))
    meeting = [g for g in GRIDS if all(_adds_up(g, [(c, 1) for c in k.cells], k.total) for k in clues)]
    assert meeting
    for line, target in found:
        assert len({cell for cell, _ in line}) == len(line)
        assert all(_adds_up(g, line, target) for g in meeting), (line, target)


def test_zero_solution_little_killer_becomes_eleven_cells() -> None:
    """ISS's "Zero solution: Little Killer": four parallel diagonals (32 cells, 196) fill eight
    cells of three boxes each; subtracting each box's ninth cell leaves 8 cells added and 3
    subtracted, making 61 (135 = three boxes of 45 taken off)."""
    puzzle = load(str(ROOT / "bench" / "data" / "versus-iss" / "EXAMPLE_SLOW_CASES" / "154.iss"), "iss")
    found = combined_lines(puzzle, unit_of(puzzle))
    assert (sorted(cell for cell, w in found[0][0] if w < 0), found[0][1]) == ([(1, 7), (4, 4), (7, 1)], 61)
    assert sum(1 for _, w in found[0][0] if w > 0) == 8


@pytest.mark.parametrize(
    "text",
    ["size = 6\n", "size = 8\n", "size = 9\n", 'size = 9\nvalues = "0-8"\n', 'size = 6\nvalues = "1-9"\n',
     'size = 9\nvalues = "0-9"\n', "size = 9\nlatin = false\n"],
)
def test_merged_little_killers_hold_on_other_shapes_and_digit_ranges(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Merging forced (RELATED lowered to 2) on 6x6, 8x8, 9x9 grids, digits 0-8 (a house adds 36),
    1-9 in a 6x6 (houses do not hold every digit: nothing rewritten), 0-9 in a 9x9, and a grid
    whose rows and columns may repeat: every line adds up to its target on a grid clingo
    chose at random, the little killers' totals read off it."""
    monkeypatch.setattr(combined, "RELATED", 2)
    base = puzzle_from_toml(text)
    merged = 0
    for seed in range(6):
        grid = random_solution(base, seed)
        assert grid is not None
        rng = random.Random(seed)
        chosen = rng.sample(_diagonals(base.size), rng.randint(4, 12))
        puzzle = dataclasses.replace(base, clues=_killers([list(row) for row in grid.rows], chosen))
        merged += len(combined_lines(puzzle, unit_of(puzzle)))
        for line, target in lines(puzzle):
            assert _adds_up(grid.rows, line, target), (seed, line, target)
    assert merged
