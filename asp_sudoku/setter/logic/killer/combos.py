"""Cage combinations: the digit sets a cage can hold (its sum from different digits) that its
cells' candidates can still place, and the steps they give against the houses: a digit every
combination needs, whose places in the cage all see a cell outside it, leaves that cell; a
digit whose every place in a house lies in one cage must be in that cage, which keeps only
the combinations holding it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from collections.abc import Set as AbstractSet
from functools import cache, lru_cache
from itertools import combinations, permutations
from operator import or_

from asp_sudoku.setter.logic.clue_logic import Contradiction
from asp_sudoku.setter.logic.grid import Cell, House, Mark
from asp_sudoku.setter.logic.killer.geometry import (
    Cage,
    Found,
    Geometry,
    Masks,
    digits_of,
    kept,
    outside,
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
    found = _supports(tuple(masks), digits)
    return None if found is None else list(found)


@lru_cache(maxsize=1 << 16)
def _supports(masks: tuple[int, ...], digits: int) -> tuple[int, ...] | None:
    if bin(digits).count("1") != len(masks):
        return None
    if 1 < len(masks) <= FEW:
        return _few_supports(masks, digits)
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
"""From two up to this many cells, `_supports` tries every order of the digits (at most 24), all
cells at once: on a killer most calls are on two to four cells, and there that is about twice
as fast as building the sets of digits used so far (on five cells, no faster)."""


@cache
def _orders(digits: int) -> tuple[int, ...]:
    """Every order of a set of digits as a row of cells, packed: cell i's digit as its bit, shifted
    by i times the width of `digits` (`_few_supports`)."""
    width = digits.bit_length()
    bits = [1 << d for d in digits_of(digits)]
    return tuple(sum(bit << width * i for i, bit in enumerate(order)) for order in permutations(bits))


def _few_supports(masks: tuple[int, ...], digits: int) -> tuple[int, ...] | None:
    """`_supports` on two to `FEW` cells (as many as digits): the cells' candidates packed as the
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
    return tuple((digits, sup) for digits in sets for sup in [_supports(cell_masks, digits)] if sup is not None)


def fits_of(found: Options, size: int) -> list[int]:
    """What each of a cage's `size` cells can hold in some of these combinations (a bitmask each)."""
    fits = [0] * size
    for _, support in found:
        fits = [a | b for a, b in zip(fits, support)]
    return fits


def plus(digits: int) -> str:
    """A digit set as a person writes a combination: 1+2+7."""
    return "+".join(str(d) for d in digits_of(digits))


def listing(found: Options) -> str:
    """The combinations, at most six of them named."""
    shown = " or ".join(plus(digits) for digits, _ in found[:6])
    return shown + (f" (and {len(found) - 6} more)" if len(found) > 6 else "")


def marks_text(removed: Sequence[Mark]) -> str:
    """Removals as r1c2<>3, ..."""
    return ", ".join(f"r{r}c{c}<>{p}" for r, c, p in removed)


def needed_digits(
    geometry: Geometry, masks: Masks, all_options: list[Options], changed: AbstractSet[Cell] | None = None
) -> Iterator[Found]:
    """Each digit every combination of a cage needs, in turn: the cells outside the cage that
    see all of its places in the cage lose it (and the cage's cells keep what some combination
    fits).  The cage used: that one.  With `changed` (the cells whose candidates changed since
    candidates on which this found nothing), a cage with no such cell is skipped: the cells it
    would clear have only lost candidates since."""
    for i, (cage, found) in enumerate(zip(geometry.cages, all_options)):
        if changed is not None and changed.isdisjoint(cage.cells):
            continue
        needed = geometry.full
        for digits, _ in found:
            needed &= digits
        fits = fits_of(found, len(cage.cells))
        for d in digits_of(needed):
            places = [cell for cell, m in zip(cage.cells, fits) if m >> d & 1]
            if len(places) == 1 and masks[places[0]] == 1 << d:
                continue  # placed already: its peers lost it then
            seen = set.intersection(*(set(geometry.differ[cell]) for cell in places)) - set(cage.cells)
            removed = sorted((r, c, d) for r, c in seen if masks[(r, c)] >> d & 1)
            if removed:
                where = " ".join(f"r{r}c{c}" for r, c in places)
                text = (
                    f"cage combinations: {cage.name} is {listing(found)}; every one holds {d}, "
                    f"which lies in {where}, seen by the cells it leaves: {marks_text(removed)}"
                )
                yield removed, text, (i,)


@lru_cache(maxsize=8)
def house_cages(geometry: Geometry) -> tuple[tuple[House, tuple[tuple[int, tuple[Cell, ...], tuple[Cell, ...]], ...]], ...]:
    """For each house, the cages with a cell in it (by index, in order), each with the house's
    cells inside it and outside it; worked out once per puzzle."""
    by_cell: dict[Cell, list[int]] = {}
    for i, cage in enumerate(geometry.cages):
        for cell in cage.cells:
            by_cell.setdefault(cell, []).append(i)
    found = []
    for house in geometry.houses:
        touching = sorted({i for cell in house.cells for i in by_cell.get(cell, ())})
        found.append((house, tuple(
            (i, tuple(c for c in house.cells if c in geometry.cages[i].cells),
             tuple(c for c in house.cells if c not in geometry.cages[i].cells))
            for i in touching
        )))
    return tuple(found)


@lru_cache(maxsize=8)
def _house_scopes(geometry: Geometry) -> tuple[frozenset[Cell], ...]:
    """For each house, its cells and the cells of the cages with a cell in it."""
    return tuple(
        frozenset(house.cells).union(*(geometry.cages[i].cells for i, _, _ in touching))
        for house, touching in house_cages(geometry)
    )


def confined_digits(
    geometry: Geometry, masks: Masks, all_options: list[Options], changed: AbstractSet[Cell] | None = None
) -> Iterator[Found]:
    """Each digit whose every place in a house lies in one cage, in turn: the cage holds it
    there, so only the combinations with that digit stay and the cage's cells outside the house
    lose it.  The cage used: that one.  With `changed` (as for `needed_digits`), a house whose
    cells and whose cages' cells are none of them is skipped: it reads what it read then."""
    for (house, touching), scope in zip(house_cages(geometry), _house_scopes(geometry)):
        if changed is not None and changed.isdisjoint(scope):
            continue
        confined = []  # (cage, the digits whose every place in the house lies in it)
        for i, ins, outs in touching:
            inside = elsewhere = 0  # the digits the house's cells in the cage, and its other cells, can hold
            for cell in ins:
                inside |= masks[cell]
            for cell in outs:
                elsewhere |= masks[cell]
            if inside & ~elsewhere:
                confined.append((i, inside & ~elsewhere))
        for d in geometry.digits:
            if not any(digits >> d & 1 for _, digits in confined):
                continue
            places = [cell for cell in house.cells if masks[cell] >> d & 1]
            if len(places) == 1 and masks[places[0]] == 1 << d:
                continue
            for i in (i for i, digits in confined if digits >> d & 1):
                cage = geometry.cages[i]
                cell_masks = tuple([masks[cell] & ~(1 << d) if cell not in places else masks[cell] for cell in cage.cells])
                kept = tuple((digits, sup) for digits, _ in all_options[i] if digits >> d & 1
                             for sup in [_supports(cell_masks, digits)] if sup is not None)
                fits = fits_of(kept, len(cage.cells))
                removed = outside(dict(zip(cage.cells, fits)), masks)
                if removed:
                    text = (
                        f"cage combinations: every {d} of {house.name} lies in {cage.name}, so the cage holds {d} "
                        f"there: {listing(kept) or 'no combination'}: {marks_text(removed)}"
                    )
                    yield removed, text, (i,)


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
            sup_in = _supports(in_masks, inner)
            if sup_in is None:
                continue
            sup_out = _supports(out_masks, digits & ~inner)
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
