"""Speed-up for killer cages: sums implied by the 45 rule (innies and outies), found in Python.

Every row, column, box (and jigsaw region) holds each digit once, so its digits add up to the sum
of all digits (45 on a 9x9).  Cages with a sum that lie inside a group of such houses fix the sum of
the cells they leave uncovered ("innies"); cages that stick out fix, together with the houses,
the sum of the cells outside ("outies").  Each such fact is a linear equation over cells:

    (sum of the innie cells) - (sum of the outie cells) = total

`encodings/killer_implied_sums.lp.j2` states them; they follow from the sudoku and killer rules,
so no solution is added or lost, but the solver sees these sums at once instead of deriving them.
The equations are generated as a strong human solver (or ISS's optimizer) finds them:
- growing unions of rows (top down and bottom up), of columns (both ways) and of boxes in order:
  a cage belongs to the union when more than half of its cells lie inside;
- for each house, the cells not covered by cages lying inside it;
- for each house and each cage with exactly one cell outside it: that cell against the rest.
Equations with many cells on both sides are left out: they prune little and cost grounding.

Only equations without outies are emitted (`INCLUDE_OUTIES`): measured on the benchmark killers,
the innie-only sums cut the search on the TAREK killers about in half, while equations with outies
(a difference of sums, which the solver's bounds reasoning propagates weakly) made the MATHEMAGIC
killers about 65% slower and the TAREK ones no faster (bench/README.md, "Encodings").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache

from asp_sudoku.core.model import Cell, Puzzle
from asp_sudoku.rules.base import Speedup, fact
from asp_sudoku.rules.killer import Killer

# Emit equations that have outies too (see the module docstring for why not).
INCLUDE_OUTIES = False

# Largest equation kept: at most this many cells in all, and a side of more than two cells only
# when the other side has at most two.
MAX_CELLS_PER_SIDE_PAIR = 2
MAX_OUTIE_SUM_CELLS = 6

Equation = tuple[frozenset[Cell], frozenset[Cell]]


def houses(
    puzzle: Puzzle,
) -> tuple[list[frozenset[Cell]], list[frozenset[Cell]], list[frozenset[Cell]]]:
    """Rows, columns, and boxes (or jigsaw regions) as cell sets; each holds every digit once (a
    grid that is no Latin square, ``latin = false``, has no such rows and columns)."""
    n = puzzle.size
    lines = range(1, n + 1) if puzzle.latin else range(0)
    rows = [frozenset((r, c) for c in range(1, n + 1)) for r in lines]
    cols = [frozenset((r, c) for r in range(1, n + 1)) for c in lines]
    boxes: list[frozenset[Cell]] = []
    if puzzle.box:
        h, w = puzzle.box
        for top in range(1, n + 1, h):
            for left in range(1, n + 1, w):
                boxes.append(
                    frozenset((r, c) for r in range(top, top + h) for c in range(left, left + w))
                )
    regions = puzzle.regions
    if regions is not None:
        ids = sorted({g for row in regions for g in row})
        for g in ids:
            region = frozenset(
                (r + 1, c + 1) for r in range(n) for c in range(n) if regions[r][c] == g
            )
            if len(region) == n:
                boxes.append(region)
    return rows, cols, boxes


def pieces(puzzle: Puzzle) -> list[tuple[frozenset[Cell], int]]:
    """The cages with a sum, as (cells, sum), keeping only cages that share no cell with an
    earlier one (well-formed killers never overlap)."""
    used: set[Cell] = set()
    out = []
    for clue in puzzle.clues_of("killer"):
        assert isinstance(clue, Killer)
        cells = frozenset(clue.cells)
        if clue.total is None or cells & used:
            continue
        used |= cells
        out.append((cells, clue.total))
    return out


@lru_cache(maxsize=8)
def equations(puzzle: Puzzle) -> Mapping[Equation, int]:
    """Every implied equation (innie cells, outie cells) -> total, for the puzzle's cages (found
    once per puzzle: the implied sums and the hidden cages of `killer_combinations` both read
    them while one program is rendered)."""
    cages = pieces(puzzle)
    if not cages or len(puzzle.digit_range) != puzzle.size or not puzzle.square:
        # Only houses that hold every digit have a known sum (not a 6x6 holding 1-9, nor the
        # shorter lines of a non-square grid).
        return {}
    n = puzzle.size
    full = sum(puzzle.digit_range)
    rows, cols, boxes = houses(puzzle)
    found: dict[Equation, int] = {}

    def add(innies: Iterable[Cell], outies: Iterable[Cell], total: int) -> None:
        key = (frozenset(innies), frozenset(outies))
        if key[0] or key[1] or total:
            found.setdefault(key, total)

    # Growing unions of houses.
    for sequence in (rows, rows[::-1], cols, cols[::-1], boxes):
        union: set[Cell] = set()
        covered: set[Cell] = set()
        used_sum = 0
        remaining = list(cages)
        for i, house in enumerate(sequence[:-1], start=1):
            union |= house
            for cage in list(remaining):
                if 2 * len(cage[0] & union) > len(cage[0]):
                    remaining.remove(cage)
                    covered |= cage[0]
                    used_sum += cage[1]
            if i == 1:
                continue  # a single house is handled below
            innies, outies = union - covered, covered - union
            if len(innies) + len(outies) > n:
                continue
            if len(innies) > MAX_CELLS_PER_SIDE_PAIR and len(outies) > MAX_CELLS_PER_SIDE_PAIR:
                continue
            add(innies, outies, full * i - used_sum)
    # Single houses: the cells left by the cages inside, and one-cell outies.
    for house in rows + cols + boxes:
        inside = [c for c in cages if c[0] <= house]
        cells_inside = set().union(*(c[0] for c in inside)) if inside else set()
        rest = house - cells_inside
        rest_sum = full - sum(c[1] for c in inside)
        if len(cells_inside) > 1 and rest and len(rest) < n:
            add(rest, (), rest_sum)
        for cells, total in cages:
            overlap = len(cells & house)
            if overlap and len(cells) - overlap == 1:
                others = rest - cells
                if len(others) + 1 <= MAX_OUTIE_SUM_CELLS:
                    add(others, cells - house, rest_sum - total)
    return found


def facts(puzzle: Puzzle) -> list[str]:
    """``killerImpliedSum(I,S)`` and ``killerImpliedCell(I,R,C,W)`` (W = 1 innie, -1 outie)."""
    out = []
    chosen = {k: v for k, v in equations(puzzle).items() if INCLUDE_OUTIES or not k[1]}
    ordered = sorted(
        chosen.items(), key=lambda item: (sorted(item[0][0]), sorted(item[0][1]), item[1])
    )
    for i, ((innies, outies), total) in enumerate(ordered, start=1):
        out.append(fact("killerImpliedSum", i, total))
        out += [fact("killerImpliedCell", i, r, c, 1) for r, c in sorted(innies)]
        out += [fact("killerImpliedCell", i, r, c, -1) for r, c in sorted(outies)]
    return out


def describe(puzzle: Puzzle) -> Sequence[str]:
    """The equations in words (for debugging and the docs)."""
    names = []
    for (innies, outies), total in equations(puzzle).items():
        left = " + ".join(f"r{r}c{c}" for r, c in sorted(innies)) or "0"
        right = "".join(f" - r{r}c{c}" for r, c in sorted(outies))
        names.append(f"{left}{right} = {total}")
    return names


SPEEDUP = Speedup("killer implied sums", "killer_implied_sums.lp.j2", facts)
