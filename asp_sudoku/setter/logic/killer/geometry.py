"""What the killer techniques know of a puzzle before its first step: the cages (killer clues
with a sum), the cells each cell must differ from, and the regions the 45 rule sums over (a
house, adjacent rows or columns, adjacent boxes) with the cages inside each and those that
stick out.  Built once per path; candidates are bitmasks (bit d: digit d is a candidate).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from operator import itemgetter
from struct import Struct
from typing import TypeVar

from asp_sudoku.core.model import Puzzle
from asp_sudoku.rules.killer import Killer
from asp_sudoku.setter.logic.grid import Cell, House, Mark, Marks

Masks = dict[Cell, int]
"""The candidates of every cell as a bitmask."""
Quiet = set[bytes]
"""Checks that found nothing, each as `Geometry.quiet_key` packs it."""
Found = tuple[list[Mark], str, tuple[int, ...]]
"""What a killer technique removes, its sentence, and the cages it used (by index)."""
QUIET_MOST = 200_000
"""How many quiet checks a path remembers (then it forgets them all)."""
PARTS_MOST = 1 << 15
"""How many digit sets of cages partly inside regions a path keeps, in each of its two tables
(`Geometry.inner`, `Geometry.sums_parts`; then it forgets them all)."""
TECHNIQUE_CODES = {"innies": 0, "split": 1, "sums": 2}
"""The techniques that remember quiet checks, as a quiet key names them."""
_SMALL_MASKS = tuple(range(1 << 10))
"""Every mask of a 9x9 grid's digits (bits 0-9), one int object each (`shared`)."""


def shared(mask: int) -> int:
    """The one int object of a small mask: Python makes an int above 256 anew each time it
    computes one, and a path's caches keep masks by the hundred thousand."""
    return _SMALL_MASKS[mask] if mask < 1 << 10 else mask


_SHARED = _SMALL_MASKS.__getitem__


def shared_all(masks: Sequence[int]) -> tuple[int, ...]:
    """`shared` of each mask, as a tuple: one lookup in C each, unless a mask is past a 9x9's
    (one call of `shared` a mask cost a fifth of a killer trial's time)."""
    try:
        return tuple(map(_SHARED, masks))
    except IndexError:  # digits past 9
        return tuple(map(shared, masks))


def outside(fits: dict[Cell, int], masks: Masks) -> list[Mark]:
    """The candidates of these cells outside what each can hold (`fits`), sorted."""
    gone = [(cell, masks[cell] & ~fit) for cell, fit in fits.items() if masks[cell] & ~fit]
    return sorted((r, c, p) for (r, c), m in gone for p in digits_of(m)) if gone else []


def _packer(scope: tuple[Cell, ...], wide: bool) -> Callable[[int, Masks], bytes]:
    """A fast packer of a check's number and the masks of these cells, two bytes a mask (four
    when `wide`: digits past 15); `itemgetter` and `struct` work in C."""
    pack = Struct(f"<I{len(scope)}{'I' if wide else 'H'}").pack
    if len(scope) == 1:
        return lambda head, masks: pack(head, masks[scope[0]])
    get = itemgetter(*scope)
    return lambda head, masks: pack(head, *get(masks))


K = TypeVar("K")
V = TypeVar("V")


def kept(table: dict[K, V], key: K, work: Callable[[], V]) -> V:
    """What `table` holds for `key`, worked out by `work` and kept when it holds nothing yet (a
    table of `PARTS_MOST` entries forgets them all first)."""
    known = table.get(key)
    if known is None:
        if len(table) >= PARTS_MOST:
            table.clear()
        known = table[key] = work()
    return known


def _getter(cells: tuple[Cell, ...]) -> Callable[[Masks], tuple[int, ...]]:
    """The masks of these cells, as a tuple, read in C (`itemgetter`)."""
    if len(cells) == 1:
        cell = cells[0]
        return lambda masks: (masks[cell],)
    return itemgetter(*cells)


def masks_of(marks: Marks) -> Masks:
    """The candidates as bitmasks."""
    return {cell: mask_of(ds) for cell, ds in marks.cands.items()}


def mask_of(digits: Iterable[int]) -> int:
    """Digits as a bitmask (bit d: digit d)."""
    m = 0
    for d in digits:
        m |= 1 << d
    return shared(m)


@cache
def digits_of(mask: int) -> tuple[int, ...]:
    """The digits of a bitmask, smallest first (kept: masks are few)."""
    return tuple(d for d in range(mask.bit_length()) if mask >> d & 1)


@dataclass(frozen=True)
class Cage:
    """A killer cage with a sum: its cells, its sum and how a person names it."""

    cells: tuple[Cell, ...]
    total: int
    name: str


@dataclass(frozen=True)
class Region:
    """Houses that do not overlap (a row, rows 1-3, boxes 1 and 2...) and what the 45 rule
    needs of them: the sum of their digits, the cages wholly inside (their sum), the cages
    partly inside (each as its cells inside and outside the region) and the cells in no cage
    of the partition (`free`)."""

    name: str
    cells: frozenset[Cell]
    total: int
    inside: tuple[int, ...]
    inside_sum: int
    partial: tuple[tuple[int, tuple[Cell, ...], tuple[Cell, ...]], ...]
    free: tuple[Cell, ...]
    house: int | None  # the house's index when the region is one house
    scope: tuple[Cell, ...]  # every cell its checks read: its own and its cages'


class Geometry:
    """The cages, the cells each cell must differ from, and the 45 rule's regions of a puzzle."""

    def __init__(self, puzzle: Puzzle, all_houses: tuple[House, ...], peers: dict[Cell, set[Cell]]) -> None:
        self.digits = tuple(puzzle.digit_range)
        self.full = sum(1 << d for d in self.digits)
        self.houses = all_houses
        killers = [clue for clue in puzzle.clues if isinstance(clue, Killer)]
        cages, cage_clues = [], []
        for i, clue in enumerate(puzzle.clues):
            if isinstance(clue, Killer) and clue.total is not None:
                cages.append(Cage(clue.cells, clue.total, clue.describe()))
                cage_clues.append(i)
        self.cages = tuple(cages)
        self.cage_clues = tuple(cage_clues)  # each cage's index among the puzzle's clues
        self.differ: dict[Cell, frozenset[Cell]] = {}
        for cell, seen in peers.items():
            together = set(seen)
            for k in killers:
                if cell in k.cells:
                    together.update(k.cells)
            together.discard(cell)
            self.differ[cell] = frozenset(together)
        count: dict[Cell, int] = {}
        for k in killers:
            for cell in k.cells:
                count[cell] = count.get(cell, 0) + 1
        # the partition the 45 rule uses: cages with a sum that share no cell with another cage
        self.apart = tuple(i for i, cage in enumerate(self.cages) if all(count[cell] == 1 for cell in cage.cells))
        self.cage_of = {cell: i for i in self.apart for cell in self.cages[i].cells}
        self.regions = tuple(self._region(name, hs) for name, hs in _unions(puzzle, all_houses))
        mirrors = _mirrors(self.regions, frozenset(cell for house in all_houses for cell in house.cells))
        # the regions the 45 rule reads (innies and outies, and with combinations), by index:
        # every region but the mirrors, which say what an earlier one says
        self.sum_regions = tuple((k, region) for k, region in enumerate(self.regions) if k not in mirrors)
        # the regions the 45 rule with cage combinations reads: not a single house, where the
        # house split (tried before it on the same candidates) fits the same digit sets of the
        # same parts together as disjoint sets that fill the house, which add up to its total:
        # every sum the split keeps this rule keeps, so it removes nothing the split did not
        # (on TAREK 08's first 44 steps, 88,678 checks of single houses found nothing)
        self.combination_regions = tuple((k, region) for k, region in self.sum_regions if region.house is None)
        wide = self.full >= 1 << 16
        self._packers = [_packer(region.scope, wide) for region in self.regions]
        # each cage partly inside a region, by its cells inside (the same in several regions):
        # a number, and a getter of the masks of its cells inside, then outside (in C)
        part_ids: dict[tuple[int, tuple[Cell, ...]], int] = {}
        getters: list[Callable[[Masks], tuple[int, ...]]] = []
        for region in self.regions:
            for i, ins, outs in region.partial:
                if (i, ins) not in part_ids:
                    part_ids[(i, ins)] = len(getters)
                    getters.append(_getter(ins + outs))
        self.part_masks = tuple(getters)
        self.cage_masks = tuple(_getter(cage.cells) for cage in self.cages)  # each cage's cells' masks
        # for each region, the numbers of its partial cages, in `Region.partial`'s order
        self.region_parts = tuple(tuple(part_ids[(i, ins)] for i, ins, _ in region.partial) for region in self.regions)
        # what a partial cage can put inside, by its number and its cells' masks, which decide
        # it (the cage's combinations follow from them): `fitting.inner_sets`, `sums._inner_part`.
        # Keyed so, a lookup hashes a number and a few masks, not the cells (tuples of tuples,
        # whose hash Python does not keep): the lookups were a fifth of a killer trial's time
        self.inner: dict[
            tuple[int, tuple[int, ...]], tuple[list[tuple[int, tuple[Cell, ...], tuple[int, ...]]], tuple[int, ...], bool]
        ] = {}
        self.sums_parts: dict[tuple[int, tuple[int, ...]], object] = {}

    def quiet_key(self, technique: str, k: int, masks: Masks) -> bytes:
        """The key of a check by `technique` of region `k` on these candidates (it depends on
        nothing else): which check, and the masks of the region's scope, packed.  As a tuple
        of ints a key of a 27-cell region took about 850 bytes, packed it takes about 90."""
        return self._packers[k](k << 2 | TECHNIQUE_CODES[technique], masks)

    def named(self, ids: Iterable[int]) -> tuple[str, ...]:
        """The names of these cages (each clue's `describe()`), each once, in the puzzle's clue order."""
        return tuple(self.cages[i].name for i in sorted(set(ids)))

    def _region(self, name: str, hs: tuple[int, ...]) -> Region:
        cells = frozenset(cell for h in hs for cell in self.houses[h].cells)
        touching = sorted({self.cage_of[cell] for cell in cells if cell in self.cage_of})
        inside, partial = [], []
        for i in touching:
            cage = self.cages[i]
            if all(cell in cells for cell in cage.cells):
                inside.append(i)
            else:
                ins = tuple(cell for cell in cage.cells if cell in cells)
                outs = tuple(cell for cell in cage.cells if cell not in cells)
                partial.append((i, ins, outs))
        free = tuple(sorted(cell for cell in cells if cell not in self.cage_of))
        total = len(hs) * sum(self.digits)
        scope = tuple(sorted(cells.union(*(self.cages[i].cells for i, _, _ in partial))))
        return Region(
            name, cells, total, tuple(inside), sum(self.cages[i].total for i in inside), tuple(partial), free,
            hs[0] if len(hs) == 1 else None, scope,
        )


def _mirrors(regions: tuple[Region, ...], grid: frozenset[Cell]) -> frozenset[int]:
    """The regions whose cells are the rest of the grid beside an earlier region's, neither with a
    cell in no cage: the 45 rule over one says what it says over the other (the grid's digits add
    up to both regions' totals, and every cage partly inside one is partly inside the other,
    with its other cells), so innies and outies and the 45 rule with cage combinations find the
    same there, and the earlier, smaller region finds it first.  (Rows 1-8 mirror row 9, rows
    1-7 rows 8-9, and so on.)"""
    first: dict[frozenset[Cell], int] = {}
    mirrors = set()
    for k, region in enumerate(regions):
        other = first.get(grid - region.cells)
        if other is not None and not region.free and not regions[other].free:
            mirrors.add(k)
        first.setdefault(region.cells, k)
    return frozenset(mirrors)


def _unions(puzzle: Puzzle, all_houses: tuple[House, ...]) -> Iterator[tuple[str, tuple[int, ...]]]:
    """The regions, fewest houses first: every house, then runs of adjacent rows (columns) up to
    all but one, then boxes (regions) side by side."""
    rows = [h for h, house in enumerate(all_houses) if house.name.startswith("row ")]
    columns = [h for h, house in enumerate(all_houses) if house.name.startswith("column ")]
    boxes = [h for h, house in enumerate(all_houses) if house.box]
    for h in range(len(all_houses)):
        yield all_houses[h].name, (h,)
    pairs = []
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            if any(abs(r - r2) + abs(c - c2) == 1 for r, c in all_houses[a].cells for r2, c2 in all_houses[b].cells):
                pairs.append((a, b))
    for a, b in pairs:
        one, two = all_houses[a].name, all_houses[b].name
        both = f"boxes {one[4:]} and {two[4:]}" if one.startswith("box ") and two.startswith("box ") else f"{one} and {two}"
        yield both, (a, b)
    for length in range(2, len(rows)):
        for kind, lines in (("rows", rows), ("columns", columns)):
            for start in range(len(lines) - length + 1):
                run = tuple(lines[start:start + length])
                yield f"{kind} {start + 1}-{start + length}", run
