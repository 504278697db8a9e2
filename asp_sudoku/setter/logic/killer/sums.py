"""The 45 rule with cage combinations: over a region of whole houses, the cages wholly inside
take their sums; what is left (the digits each cage partly inside puts in the region, and the
region's cells in no cage) must add up to the rest.  Each of those parts has the sums its
combinations allow; a combination (or a candidate) whose sum no choice of the others
completes goes.  Unlike `innies`, any number of cells: digits are counted by sums, not cells.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from functools import cache, lru_cache
from operator import or_
from typing import cast

from asp_sudoku.setter.logic.clue_logic import Contradiction
from asp_sudoku.setter.logic.grid import Cell
from asp_sudoku.setter.logic.killer.combos import marks_text
from asp_sudoku.setter.logic.killer.fitting import Choice, Options, inner_sets, supports
from asp_sudoku.setter.logic.killer.geometry import (
    Found,
    Geometry,
    Masks,
    Quiet,
    digits_of,
    kept,
    outside,
    shared_all,
)
from asp_sudoku.setter.logic.killer.layers import backward, forward

Part = tuple[tuple[tuple[int, tuple[int, ...]], ...], tuple[Cell, ...], tuple[int, ...], int, bool]
"""The sums one part can reach, each with what its cells can hold then; its cells; what they
can hold with any of those sums (masks in the cells' order); those sums as a bitset (bit s: sum
s); and whether that is all their candidates (then the part removes nothing while it keeps all
its sums)."""


def _blocks(cells: Sequence[Cell], geometry: Geometry) -> list[list[Cell]]:
    """The cells in groups whose cells must all differ (first fit)."""
    blocks: list[list[Cell]] = []
    for cell in cells:
        for block in blocks:
            if all(other in geometry.differ[cell] for other in block):
                block.append(cell)
                break
        else:
            blocks.append([cell])
    return blocks


@lru_cache(maxsize=1 << 14)
def _free_part(cells: tuple[Cell, ...], cell_masks: tuple[int, ...]) -> Part:
    """The sums cells that must all differ can reach, from their candidates, kept: a trial asks
    again about cells its assumption left as they were (the callers only read what is returned)."""
    return _by_sum(cells, _block_sets(cells, cell_masks), cell_masks)


def _block_sets(cells: tuple[Cell, ...], cell_masks: tuple[int, ...]) -> list[Choice]:
    """Every set of different digits the cells can hold, with what each cell holds then."""
    layers: list[set[int]] = [{0}]
    for mask in cell_masks:
        after: set[int] = set()
        for used in layers[-1]:
            free = mask & ~used
            while free:
                bit = free & -free
                free ^= bit
                after.add(used | bit)
        layers.append(after)
    found = []
    for digits in sorted(layers[-1]):
        sup = supports(cell_masks, digits)
        if sup is not None:
            found.append((digits, cells, tuple(sup)))
    return found


def _by_sum(cells: tuple[Cell, ...], choices: list[Choice], cell_masks: tuple[int, ...]) -> Part:
    """The choices on these cells (whose candidates are `cell_masks`) merged by the sum of their digits."""
    merged: dict[int, tuple[int, ...]] = {}
    for digits, _, fits in choices:
        total = sum(digits_of(digits))
        into = merged.get(total)
        merged[total] = fits if into is None else tuple(map(or_, into, fits))
    union = (0,) * len(cells)
    for fits in merged.values():
        union = tuple(map(or_, union, fits))
    by_total = tuple((total, shared_all(fits)) for total, fits in sorted(merged.items()))
    return by_total, cells, shared_all(union), sum(1 << total for total in merged), union == cell_masks


def _inner_part(
    geometry: Geometry, part: int, ins: tuple[Cell, ...], outs: tuple[Cell, ...], masks: Masks, found: Options
) -> Part:
    """The sums a cage can put in its cells `ins` (the rest going to `outs`), kept as
    `fitting.inner_sets` keeps its digit sets (by the part's number and its cells' masks)."""
    cell_masks = geometry.part_masks[part](masks)

    def work() -> Part:
        chosen, _, _ = inner_sets(geometry, part, ins, outs, masks, found)  # the house split's, kept there
        return _by_sum(ins + outs, chosen, cell_masks)

    return cast(Part, kept(geometry.sums_parts, (part, cell_masks), work))


@lru_cache(maxsize=1 << 15)
def _kept(target: int, values: tuple[int, ...]) -> tuple[int, ...] | None:
    """For parts that reach these sums (a bitset each), the sums of each that some choice of the
    others completes to `target` (a bitset each), or None when no choice adds up to it.  Kept:
    the sums a part reaches change more seldom than its cells' candidates."""
    items = [[(value, -1) for value in _members(sums)] for sums in values]
    reach = forward(items)  # the sums the parts so far reach, as a bitset (bit s: sum s)
    if not reach[-1] >> target & 1:
        return None
    kept = []
    for group, keep in zip(items, backward(reach, items, 1 << target)):
        kept.append(sum(1 << value for j, (value, _) in enumerate(group) if keep >> j & 1))
    return tuple(kept)


@cache
def _members(sums: int) -> tuple[int, ...]:
    """The sums in a bitset of them (kept: bitsets of sums are few)."""
    return tuple(s for s in range(sums.bit_length()) if sums >> s & 1)


def sums_steps(
    geometry: Geometry, masks: Masks, all_options: list[Options], quiet: Quiet, clean: Collection[int] = ()
) -> Iterator[Found]:
    """Each region whose sum, split over its parts, removes candidates, in turn: (removed, text,
    the cages used: those wholly inside, whose sums it takes, and those partly inside); a region
    in `clean` is skipped, and so is a single house (`Geometry.combination_regions`: the house
    split, which comes before, finds there all this would)."""
    known: dict[int, Part] = {}  # by the part's number (`Geometry.region_parts`)
    for k, region in geometry.combination_regions:
        if k in clean or not region.partial:
            continue
        key = geometry.quiet_key("sums", k, masks)
        if key in quiet:
            continue
        parts: list[Part] = []
        for (i, ins, outs), number in zip(region.partial, geometry.region_parts[k]):
            part = known.get(number)
            if part is None:
                part = known[number] = _inner_part(geometry, number, ins, outs, masks, all_options[i])
            parts.append(part)
        parts += [_free_part(tuple(block), tuple(masks[cell] for cell in block)) for block in _blocks(region.free, geometry)]
        target = region.total - region.inside_sum
        kept = _kept(target, tuple(part[3] for part in parts))
        if kept is None:
            raise Contradiction(f"the 45 rule on {region.name}: its parts cannot add up to {target}")
        if all(keep == part[3] and part[4] for part, keep in zip(parts, kept)):
            quiet.add(key)  # every part keeps all its sums and all its candidates
            continue
        fits = dict[Cell, int]()  # the parts' cells are apart: each part fills its own
        for (by_value, cells, union, values, _), keep in zip(parts, kept):
            if keep == values:
                fits.update(zip(cells, union))
                continue
            merged = [0] * len(cells)
            for value, cell_fits in by_value:
                if keep >> value & 1:
                    merged = list(map(or_, merged, cell_fits))
            fits.update(zip(cells, merged))
        removed = outside(fits, masks)
        if removed:
            names = "; ".join(geometry.cages[i].name for i, _, _ in region.partial)
            text = (
                f"45 rule with cage combinations: the digits of {region.name} add up to {region.total}, "
                f"the cages wholly inside to {region.inside_sum}, so the cages partly inside ({names})"
                f"{' and the cells in no cage' if region.free else ''} put {target} inside: {marks_text(removed)}"
            )
            yield removed, text, region.inside + tuple(i for i, _, _ in region.partial)
        else:
            quiet.add(key)
