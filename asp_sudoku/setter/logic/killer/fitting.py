"""Fitting digit sets to cells: the sets of different digits a cage's sum allows, and for a
set, what each cell can hold in some placement of its digits one a cell (the candidates that
support it).  Every killer technique reads its cages through these (`combos`, `split`, `sums`,
and the cage checks inside trials, `quick`), so they are cached by what they read.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import combinations, permutations
from operator import or_

from asp_sudoku.setter.logic.clue_logic import Contradiction
from asp_sudoku.setter.logic.grid import Cell
from asp_sudoku.setter.logic.killer.geometry import (
    Cage,
    Geometry,
    Masks,
    digits_of,
    kept,
    shared,
    shared_all,
)

Options = tuple[tuple[int, tuple[int, ...]], ...]
"""A cage's combinations that fit: (digit set, what each of its cells can hold in it)."""
Choice = tuple[int, tuple[Cell, ...], tuple[int, ...]]
"""Digits some cells hold (a cage's digits inside a region), the cells, and what each cell can
hold then (a mask each, in the cells' order: tuples, as a path caches many of them)."""


@cache
def digit_sets(size: int, total: int, digits: tuple[int, ...]) -> tuple[int, ...]:
    """Every set of `size` different digits adding up to `total`, as bitmasks."""
    return tuple(sum(1 << d for d in combo) for combo in combinations(digits, size) if sum(combo) == total)


def supports(masks: Sequence[int], digits: int) -> list[int] | None:
    """Place the digits of `digits` in cells with these candidates, one each, all different:
    for each cell the digits some placement puts there, or None when no placement exists."""
    found = cell_fits(tuple(masks), digits)
    return None if found is None else list(found)


@lru_cache(maxsize=1 << 16)
def cell_fits(masks: tuple[int, ...], digits: int) -> tuple[int, ...] | None:
    """`supports` as a tuple of shared masks, kept (the techniques ask again and again)."""
    if bin(digits).count("1") != len(masks):
        return None
    if 1 < len(masks) <= FEW:
        return _few_fits(masks, digits)
    union = 0
    for m in masks:
        if not m & digits:  # a cell that can hold none of the digits
            return None
        union |= m
    if union & digits != digits:  # a digit no cell can hold
        return None
    layers: list[set[int]] = [{0}]
    for m in masks:
        after: set[int] = set()
        for used in layers[-1]:
            free = digits & m & ~used
            while free:
                bit = free & -free
                free ^= bit
                after.add(used | bit)
        if not after:
            return None
        layers.append(after)
    if digits not in layers[-1]:
        return None
    good, found = {digits}, [0] * len(masks)
    for i in range(len(masks) - 1, -1, -1):
        before: set[int] = set()
        for used in layers[i]:
            free = digits & masks[i] & ~used
            while free:
                bit = free & -free
                free ^= bit
                if used | bit in good:
                    before.add(used)
                    found[i] |= bit
        good = before
    return shared_all(found)


FEW = 4
"""From two up to this many cells, `cell_fits` tries every order of the digits (at most 24), all
cells at once: on a killer most calls are on two to four cells, and there that is about twice
as fast as building the sets of digits used so far (on five cells, no faster)."""


@cache
def _orders(digits: int) -> tuple[int, ...]:
    """Every order of a set of digits as a row of cells, packed: cell i's digit as its bit, shifted
    by i times the width of `digits` (`_few_fits`)."""
    width = digits.bit_length()
    bits = [1 << d for d in digits_of(digits)]
    return tuple(sum(bit << width * i for i, bit in enumerate(order)) for order in permutations(bits))


def _few_fits(masks: tuple[int, ...], digits: int) -> tuple[int, ...] | None:
    """`cell_fits` on two to `FEW` cells (as many as digits): the cells' candidates packed as the
    orders are, an order fits when all its bits are candidates, and each cell can hold what the
    orders that fit put there."""
    width = digits.bit_length()
    packed = 0
    for i, m in enumerate(masks):
        packed |= (m & digits) << width * i
    found = 0
    for order in _orders(digits):
        if packed & order == order:
            found |= order
    if not found:
        return None
    cell = (1 << width) - 1
    return shared_all([found >> width * i & cell for i in range(len(masks))])


def options(cage: Cage, masks: Masks, geometry: Geometry) -> Options:
    """The combinations of a cage that fit its cells' candidates; raises Contradiction when none does."""
    found = _options(tuple([masks[cell] for cell in cage.cells]), digit_sets(len(cage.cells), cage.total, geometry.digits))
    if not found:
        raise Contradiction(f"{cage.name} has no combination left")
    return found


@lru_cache(maxsize=1 << 15)
def _options(cell_masks: tuple[int, ...], sets: tuple[int, ...]) -> Options:
    """`options` from what it reads, kept: a trial asks again about cages its assumption left
    as they were."""
    return tuple((digits, sup) for digits in sets for sup in [cell_fits(cell_masks, digits)] if sup is not None)


def fits_of(found: Options, size: int) -> list[int]:
    """What each of a cage's `size` cells can hold in some of these combinations (a bitmask each)."""
    fits = [0] * size
    for _, support in found:
        fits = [a | b for a, b in zip(fits, support)]
    return fits


Inner = tuple[list[Choice], tuple[int, ...], bool]
"""What a cage partly inside a region can put inside (`inner_sets`): the choices, their digit
sets (in the same order), and whether they leave every candidate of the cage's cells."""


def inner_sets(
    geometry: Geometry, part: int, ins: tuple[Cell, ...], outs: tuple[Cell, ...], masks: Masks, found: Options
) -> Inner:
    """The digit sets a cage can put in its cells `ins`, the rest going to `outs`, each with what
    every cell of the cage can hold then (`inner_sets_of`), with those sets alone and whether
    the choices keep all the cells' candidates.  `part`: the number of the cage with these
    cells inside (`Geometry.region_parts`); `found`: its combinations that fit `masks`
    (`options`).  Kept by the part's number and its cells' masks, which decide `found` too: a
    trial asks again about cages its assumption left as they were (the callers only read
    what is returned)."""
    cell_masks = geometry.part_masks[part](masks)

    def work() -> Inner:
        n = len(ins)
        chosen = inner_sets_of(ins, outs, cell_masks[:n], cell_masks[n:], tuple([digits for digits, _ in found]))
        union = (0,) * len(cell_masks)
        for _, _, fits in chosen:
            union = tuple(map(or_, union, fits))
        return chosen, tuple([digits for digits, _, _ in chosen]), union == cell_masks

    return kept(geometry.inner, (part, cell_masks), work)


def inner_sets_of(
    ins: tuple[Cell, ...], outs: tuple[Cell, ...], in_masks: tuple[int, ...], out_masks: tuple[int, ...],
    digit_sets: tuple[int, ...],
) -> list[Choice]:
    """`inner_sets` from what it reads: the cage's combinations `digit_sets`, and the masks of
    its cells inside and outside."""
    cells = ins + outs
    merged: dict[int, tuple[int, ...]] = {}
    in_union = out_union = 0
    for m in in_masks:
        in_union |= m
    for m in out_masks:
        out_union |= m
    for digits in digit_sets:
        for inner in _subsets(digits, len(ins)):
            if inner & in_union != inner or (digits & ~inner) & out_union != digits & ~inner:
                continue  # a digit inside (or outside) that no cell there can hold
            sup_in = cell_fits(in_masks, inner)
            if sup_in is None:
                continue
            sup_out = cell_fits(out_masks, digits & ~inner)
            if sup_out is None:
                continue
            fits = merged.get(inner)
            # (the supports' masks are shared ints already: only merged ones need sharing)
            merged[inner] = sup_in + sup_out if fits is None else shared_all(tuple(map(or_, fits, sup_in + sup_out)))
    return [(shared(inner), cells, fits) for inner, fits in sorted(merged.items())]


@lru_cache(maxsize=1 << 12)
def _subsets(digits: int, size: int) -> tuple[int, ...]:
    """The subsets of `size` digits of a digit set, as bitmasks (kept: sets are few)."""
    return tuple(sum(1 << d for d in chosen) for chosen in combinations(digits_of(digits), size))
