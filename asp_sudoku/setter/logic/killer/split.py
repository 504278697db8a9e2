"""A house split into cages: the combinations of the cages in a house (for a cage partly inside,
the digits it can put inside) must share no digit, and the digits they leave must fit the
house's other cells; every combination, and every candidate, that no such choice uses goes.
Checked over the digits used so far, a house at a time (at most 2^9 sets of used digits).
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from functools import lru_cache
from operator import or_

from asp_sudoku.setter.logic.clue_logic import Contradiction, listed, placed_nowhere
from asp_sudoku.setter.logic.grid import Cell, Mark
from asp_sudoku.setter.logic.killer.combos import marks_text, plus
from asp_sudoku.setter.logic.killer.fitting import Choice, Options, fits_of, inner_sets, supports
from asp_sudoku.setter.logic.killer.geometry import (
    Found,
    Geometry,
    Masks,
    Quiet,
    Region,
    outside,
)
from asp_sudoku.setter.logic.killer.layers import backward, forward


def _choices(
    region: Region, parts: tuple[int, ...], geometry: Geometry, masks: Masks, all_options: list[Options]
) -> tuple[list[list[Choice]], tuple[tuple[int, ...], ...], bool]:
    """For each cage touching the house, the digit sets it can put inside, with their fits; those
    sets alone; and whether every cage's choices keep all its cells' candidates (`parts`: the
    numbers of the house's partial cages, `Geometry.region_parts`)."""
    groups: list[list[Choice]] = []
    sets: list[tuple[int, ...]] = []
    complete = True
    for i in region.inside:
        cage = geometry.cages[i]
        found = all_options[i]
        groups.append([(digits, cage.cells, sup) for digits, sup in found])
        sets.append(tuple([digits for digits, _ in found]))
        if complete:
            complete = geometry.cage_masks[i](masks) == tuple(fits_of(found, len(cage.cells)))
    for (i, ins, outs), part in zip(region.partial, parts):
        chosen, digit_sets, keeps_all = inner_sets(geometry, part, ins, outs, masks, all_options[i])
        groups.append(chosen)
        sets.append(digit_sets)
        complete = complete and keeps_all
    return groups, tuple(sets), complete


class _Apart(dict[int, int]):
    """For each digit set (within `full`), the digit sets that share no digit with it, as a
    bitset (bit u: set u); adding the digit set to each is then a shift by it.  Worked out on
    first use; a plain dict lookup after that (a split reads it for every combination)."""

    def __init__(self, full: int) -> None:
        super().__init__()
        self.full = full

    def __missing__(self, digits: int) -> int:
        found = 1
        for d in range(self.full.bit_length()):
            if not digits >> d & 1:
                found |= found << (1 << d)
        self[digits] = found
        return found


@lru_cache(maxsize=8)
def _apart(full: int) -> _Apart:
    """The `_Apart` table of a grid's digits."""
    return _Apart(full)


def _members(sets: int) -> Iterator[int]:
    """The digit sets in a bitset of them."""
    while sets:
        low = sets & -sets
        yield low.bit_length() - 1
        sets ^= low


@lru_cache(maxsize=1 << 12)
def _fitted(
    full: int, sets: tuple[tuple[int, ...], ...], free: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """The groups of a house split (each its digit sets) fitted together with the house's cells
    in no cage (`free`, their candidates): for each group, which of its sets some fitting uses
    (bit j: its set j), and what each free cell can hold; None when nothing fits.  Kept: the
    digit sets change more seldom than the candidates."""
    apart = _apart(full)
    # the sets of digits the groups so far can use together (bit u: set u); a set of digits
    # adds to those that share none of its digits, and adding it is a shift by it
    items = [[(digits, apart[digits]) for digits in group] for group in sets]
    layers = forward(items)
    good, free_fits = 0, (0,) * len(free)
    for used in _members(layers[-1]):
        sup = supports(free, full & ~used)
        if sup is not None:
            good |= 1 << used
            free_fits = tuple(map(or_, free_fits, sup))
    if not good:
        return None
    kept = backward(layers, items, good)
    return tuple(kept), free_fits


def split_steps(
    geometry: Geometry, masks: Masks, all_options: list[Options], quiet: Quiet, clean: Collection[int] = ()
) -> Iterator[Found]:
    """Each house whose cages' combinations, fitted together, remove candidates, in turn:
    (removed, text, the cages used: every cage with a cell in the house); a region in `clean` is skipped."""
    for k, region in enumerate(geometry.regions):
        if k in clean or region.house is None or not (region.inside or region.partial):
            continue  # (a region of several houses, or one with no cage, is never split)
        key = geometry.quiet_key("split", k, masks)
        if key in quiet:
            continue
        groups, sets, complete = _choices(region, geometry.region_parts[k], geometry, masks, all_options)
        free_masks = tuple([masks[cell] for cell in region.free])
        found = _fitted(geometry.full, sets, free_masks)
        if found is None:
            raise Contradiction(f"the cages in {region.name} cannot be fitted together")
        kept, free_fits = found
        if complete and free_fits == free_masks and all(keep == (1 << len(s)) - 1 for keep, s in zip(kept, sets)):
            quiet.add(key)  # every set of every group fits, and they keep every candidate
            continue
        fits = dict(zip(region.free, free_fits))
        for group, keep in zip(groups, kept):
            merged = None
            for j, (_, _, cell_fits) in enumerate(group):
                if keep >> j & 1:
                    merged = cell_fits if merged is None else tuple(map(or_, merged, cell_fits))
            if merged is not None:  # a group's cells are its cage's: no other group has them
                fits.update(zip(group[0][1], merged))
        removed = outside(fits, masks)
        if removed:
            ids = list(region.inside) + [i for i, _, _ in region.partial]
            yield removed, _sentence(geometry, region, ids, groups, kept, removed), tuple(ids)
        else:
            quiet.add(key)


def _sentence(
    geometry: Geometry, region: Region, ids: list[int], groups: list[list[Choice]], kept: tuple[int, ...], removed: list[Mark]
) -> str:
    """A split's words: what each cage is (or puts inside) in some fitting; for a cage whose cells
    lose candidates, which of its other sets would have kept one of them (none fits with the rest
    of the house), and what goes; the cells in no cage take the digits the cages leave."""
    gone: dict[Cell, list[int]] = {}
    for r, c, p in removed:
        gone.setdefault((r, c), []).append(p)
    said = []
    for i, group, keep in zip(ids, groups, kept):
        verb = "is" if i in region.inside else "puts inside"
        fitting = " or ".join(plus(digits) for j, (digits, _, _) in enumerate(group) if keep >> j & 1)
        words = f"{geometry.cages[i].name} {verb} {fitting}"
        cells = group[0][1] if group else ()
        mine = [(cell, n, p) for n, cell in enumerate(cells) for p in gone.get(cell, ())]
        if mine:
            failed = [
                plus(digits)
                for j, (digits, _, cell_fits) in enumerate(group)
                if not keep >> j & 1 and any(cell_fits[n] >> p & 1 for _, n, p in mine)
            ]
            if failed:
                words += f" (with {listed(failed, 'or')} the rest of {region.name} cannot be filled)"
            words += f", so no {placed_nowhere([(r, c, p) for (r, c), _, p in mine])}"
        said.append(words)
    free = [(r, c, p) for r, c, p in removed if (r, c) in region.free]
    if free:
        cells_named = listed([f"r{r}c{c}" for r, c in region.free])
        said.append(f"the cells in no cage ({cells_named}) take the digits left, so no {placed_nowhere(free)}")
    return f"{region.name} split into cages: their combinations must not share a digit ({'; '.join(said)}): {marks_text(removed)}"
