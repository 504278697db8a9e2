"""Bounds for the running sums: what a line, or the rest of it, can add, and the digits its target
leaves each cell.  Cells of a line that share a row, column, box or region hold different digits,
so a line is split into such groups, and a group of k cells adds at least the k smallest digits
and at most the k largest (a bound that every grid meets, so no solution is lost)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations

from asp_sudoku.core.model import Cell, Puzzle


def unit_of(puzzle: Puzzle) -> Callable[[Cell], tuple[int, ...]]:
    """A cell's row, column, and box or region: cells that share one hold different digits (a
    grid that is no Latin square, ``latin = false``, has no such rows and columns)."""
    box, regions, latin = puzzle.box, puzzle.regions, puzzle.latin

    def units(cell: Cell) -> tuple[int, ...]:
        r, c = cell
        alone = -1 - r * 1000 - c  # a value no other cell has
        if not puzzle.in_grid(cell):  # an extra cell shares no house with any cell
            return (alone, alone, alone)
        row, col = (r, c) if latin else (alone, alone)
        if box is not None:
            area = ((r - 1) // box[0], (c - 1) // box[1])
            return (row, col, area[0] * 1000 + area[1])
        if regions is not None:
            return (row, col, regions[r - 1][c - 1])
        return (row, col, alone)

    return units


def greedy(cells: list[Cell], units: Callable[[Cell], tuple[int, ...]]) -> list[list[Cell]]:
    """`cells` split greedily in their order: each joins the first group it shares a unit with
    every cell of (so the cells of a group hold different digits)."""
    unique = list(dict.fromkeys(cells))
    return _greedy(cells, unique, _houses(unique, units))


def _houses(unique: list[Cell], units: Callable[[Cell], tuple[int, ...]]) -> dict[tuple[int, int], int]:
    """(kind, unit) -> the cells of `unique` in it, as bits (kind: the place in `units`' answer)."""
    houses: dict[tuple[int, int], int] = {}
    for j, cell in enumerate(unique):
        for item in enumerate(units(cell)):
            houses[item] = houses.get(item, 0) | 1 << j
    return houses


def _greedy(cells: list[Cell], unique: list[Cell], houses: dict[tuple[int, int], int]) -> list[list[Cell]]:
    """`greedy`, with the cells that share a unit with each cell as bits of `unique`."""
    index = {cell: j for j, cell in enumerate(unique)}
    near = [0] * len(unique)
    for bits in houses.values():
        rest = bits
        while rest:
            low = rest & -rest
            near[low.bit_length() - 1] |= bits
            rest ^= low
    groups: list[list[Cell]] = []
    fits: list[int] = []  # by group: the cells that share a unit with every cell of it
    for cell in cells:
        j = index[cell]
        for g, fit in enumerate(fits):
            if fit >> j & 1:
                groups[g].append(cell)
                fits[g] = fit & near[j]
                break
        else:
            groups.append([cell])
            fits.append(near[j])
    return groups


def partition(cells: list[Cell], units: Callable[[Cell], tuple[int, ...]]) -> list[list[Cell]]:
    """`cells` split into groups whose cells pairwise share a unit (so hold different digits).

    Several partitions are tried and the tightest kept (the one whose groups add the most to the
    bounds, the sum of k(k-1)/2 over groups of k): greedy in the line's order (a cell joins the
    first group it shares a unit with every cell of); by houses, the house holding the most of
    the cells still left first; and by houses of one kind first (boxes, rows, columns), the
    other kinds for what is left.  On ISS's "Long sums" arrows (a 32-cell shaft) houses give a
    least total of 98 where the line's order gave 80-96."""
    unique = list(dict.fromkeys(cells))
    houses = _houses(unique, units)
    first = _greedy(cells, unique, houses)
    best, taken = max(((_spread(parts), parts) for parts in _by_houses(houses, len(unique))), key=lambda t: t[0])
    if best <= sum(len(g) * (len(g) - 1) // 2 for g in first):
        return first  # the first of the tightest: deterministic
    return [[cell for j, cell in enumerate(unique) if bits >> j & 1] for bits in taken]


def _spread(parts: list[int]) -> int:
    """The sum of k(k-1)/2 over groups of k cells (each group a bitmask)."""
    return sum(k * (k - 1) // 2 for k in (bits.bit_count() for bits in parts))


def _by_houses(houses: dict[tuple[int, int], int], count: int) -> list[list[int]]:
    """The partitions by houses that `partition` tries, each group a bitmask of the `count`
    cells that `houses` holds."""
    out = [_fullest_first(houses, count)]
    for kinds in ((2, 0, 1), (0, 1, 2), (1, 0, 2)):
        # The houses of one kind are disjoint: taking one leaves the others' counts, so each
        # kind in turn gives up its houses with two cells or more left, the fullest first (the
        # lower unit on a tie); the cells left over are groups of one, by the first kind's unit.
        parts: list[int] = []
        left = (1 << count) - 1
        for kind in kinds:
            mine = [(-(bits & left).bit_count(), unit, bits & left) for (k, unit), bits in houses.items() if k == kind]
            for n, _, bits in sorted(mine):
                if n <= -2:
                    parts.append(bits)
                    left &= ~bits
        singles = sorted((unit, bits & left) for (k, unit), bits in houses.items() if k == kinds[0] and bits & left)
        parts += [bits for _, bits in singles]
        out.append(parts)
    return out


def _fullest_first(houses: dict[tuple[int, int], int], count: int) -> list[int]:
    """Groups by houses, each round the house holding the most of the cells still left (the
    lower kind and unit on a tie)."""
    ranked = [bits for _, bits in sorted(houses.items())]
    parts: list[int] = []
    left = (1 << count) - 1
    while left:
        best, taken, live = 0, 0, []
        for bits in ranked:
            mine = bits & left
            if mine:
                live.append(bits)
                n = mine.bit_count()
                if n > best:
                    best, taken = n, mine
        ranked = live
        parts.append(taken)
        left &= ~taken
    return parts


def rest_bounds(cells: list[tuple[Cell, int]], low: int, high: int, units: Callable[[Cell], tuple[int, ...]]) -> tuple[int, int]:
    """Least and greatest weighted total of `cells`: cells of one weight that share units are
    grouped, a group of k different digits adds k*low + k(k-1)/2 .. k*high - k(k-1)/2."""
    least = most = 0
    for weight in sorted({w for _, w in cells}):
        same = list(dict.fromkeys(c for c, w in cells if w == weight))  # a cell once per weight
        repeats = sum(1 for _, w in cells if w == weight) - len(same)
        for k in map(len, partition(same, units)):
            spread = k * (k - 1) // 2
            a, b = weight * (k * low + spread), weight * (k * high - spread)
            least, most = least + min(a, b), most + max(a, b)
        least += repeats * min(weight * low, weight * high)
        most += repeats * max(weight * low, weight * high)
    return least, most


# Cells of different weights (an arrow's circle) that share units are taken together, their
# fillings listed, when they are at most this many.
SMALL_PIECE = 3


def _pieces(
    cells: list[tuple[Cell, int]], low: int, high: int, units: Callable[[Cell], tuple[int, ...]]
) -> list[tuple[list[tuple[Cell, int]], int, int]]:
    """A line (each cell once) as pieces whose cells hold different digits, each with the least
    and most it adds: a group of k cells of one weight W adds W times k different digits; single
    cells of different weights that pairwise share a unit (a pill's digits) form one small piece
    whose bounds come from listing its fillings."""
    groups = [[(c, w) for c in group] for w in sorted({w for _, w in cells}) for group in partition([c for c, v in cells if v == w], units)]
    together: list[tuple[Cell, int]] = []  # singles (in weight order) sharing a unit with each other
    for cell, w in (g[0] for g in groups if len(g) == 1):
        if len(together) < SMALL_PIECE and all(any(a == b for a, b in zip(units(cell), units(d))) for d, _ in together):
            together.append((cell, w))
    if len(together) < 2:
        together = []
    pieces = [g for g in groups if len(g) > 1 or g[0] not in together] + ([together] if len(together) > 1 else [])
    out = []
    for piece in pieces:
        if len({w for _, w in piece}) == 1:
            k, w = len(piece), piece[0][1]
            spread = k * (k - 1) // 2
            totals = [w * (k * low + spread), w * (k * high - spread)]
        else:
            totals = [sum(w * d for (_, w), d in zip(piece, filling)) for filling in _fillings(len(piece), low, high)]
        out.append((piece, min(totals), max(totals)))
    return out


def _fillings(k: int, low: int, high: int) -> list[tuple[int, ...]]:
    """Every filling of k cells with different digits (only for small pieces: k <= SMALL_PIECE)."""
    if k > SMALL_PIECE:
        return []
    return list(permutations(range(low, high + 1), k))


def digit_bounds(
    cells: list[tuple[Cell, int]], target: int, low: int, high: int, units: Callable[[Cell], tuple[int, ...]]
) -> dict[Cell, tuple[int, int]]:
    """The digits each cell of a line can still hold, from the line's target and the bounds of
    the rest: the line is split into pieces whose cells hold different digits (`_pieces`); a piece
    must add what the target leaves once the others add their least and their most.  A group of k
    cells of weight W then has its largest digit at most that bound less the k-1 smallest digits
    (and its smallest at least the lower bound less the k-1 largest); a small piece keeps the
    digits of the fillings that fit.  On ISS's "Long sums" (a pill whose two digits make at most
    98, a 32-cell shaft adding at least 98) the pill is 98 and every group of k shaft cells holds
    1..k.  A line that visits a cell twice gets no bounds."""
    if len({c for c, _ in cells}) < len(cells):
        return {}
    cells = [(c, w) for c, w in cells if w]  # a cell of weight 0 adds nothing
    pieces = _pieces(cells, low, high, units)
    least, most = sum(p[1] for p in pieces), sum(p[2] for p in pieces)
    out: dict[Cell, tuple[int, int]] = {}
    for piece, a, b in pieces:
        # The piece adds target - (the other pieces), which add least - a .. most - b.
        first, last = target - (most - b), target - (least - a)
        weights = {w for _, w in piece}
        if len(weights) == 1:
            (w,) = weights
            k = len(piece)
            s_lo, s_hi = (-(-first // w), last // w) if w > 0 else (-(-last // w), first // w)
            spread = (k - 1) * (k - 2) // 2
            bounds = (max(low, s_lo - ((k - 1) * high - spread)), min(high, s_hi - ((k - 1) * low + spread)))
            out.update((cell, bounds) for cell, _ in piece)
            continue
        fits = [f for f in _fillings(len(piece), low, high) if first <= sum(w * d for (_, w), d in zip(piece, f)) <= last]
        for i, (cell, _) in enumerate(piece):
            digits = [f[i] for f in fits]
            out[cell] = (min(digits), max(digits)) if fits else (high, low)  # none fits: no digit
    return out
