"""The 45 rule with cage combinations: over a region of whole houses, the cages wholly inside
take their sums; what is left (the digits each cage partly inside puts in the region, and the
region's cells in no cage) must add up to the rest.  Each of those parts has the sums its
combinations allow; a combination (or a candidate) whose sum no choice of the others
completes goes.  Unlike `innies`, any number of cells: digits are counted by sums, not cells.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from functools import lru_cache

from asp_sudoku.setter.logic.clue_logic import Contradiction
from asp_sudoku.setter.logic.grid import Cell
from asp_sudoku.setter.logic.killer.combos import (
    Choice,
    Options,
    inner_sets_of,
    marks_text,
    supports,
)
from asp_sudoku.setter.logic.killer.geometry import (
    Found,
    Geometry,
    Masks,
    Quiet,
    digits_of,
    shared,
)

Part = tuple[tuple[tuple[int, tuple[int, ...]], ...], tuple[Cell, ...], tuple[int, ...]]
"""The sums one part can reach, each with what its cells can hold then; its cells; and what
they can hold with any of those sums (masks in the cells' order)."""


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
    return _by_sum(cells, _block_sets(cells, cell_masks))


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


def _by_sum(cells: tuple[Cell, ...], choices: list[Choice]) -> Part:
    """The choices on these cells merged by the sum of their digits."""
    merged: dict[int, list[int]] = {}
    union = [0] * len(cells)
    for digits, _, fits in choices:
        total = sum(digits_of(digits))
        into = merged.get(total)
        if into is None:
            merged[total] = list(fits)
        else:
            for j, m in enumerate(fits):
                into[j] |= m
        for j, m in enumerate(fits):
            union[j] |= m
    by_total = tuple((total, tuple(map(shared, fits))) for total, fits in sorted(merged.items()))
    return by_total, cells, tuple(map(shared, union))


@lru_cache(maxsize=1 << 15)
def _inner_part(
    ins: tuple[Cell, ...], outs: tuple[Cell, ...], in_masks: tuple[int, ...], out_masks: tuple[int, ...],
    digit_sets: tuple[int, ...],
) -> Part:
    """The sums a cage with these combinations can put in its cells `ins` (the rest going to
    `outs`), kept as `_free_part` is."""
    return _by_sum(ins + outs, inner_sets_of(ins, outs, in_masks, out_masks, digit_sets))


def sums_steps(
    geometry: Geometry, masks: Masks, all_options: list[Options], quiet: Quiet, clean: Collection[int] = ()
) -> Iterator[Found]:
    """Each region whose sum, split over its parts, removes candidates, in turn: (removed, text,
    the cages used: those wholly inside, whose sums it takes, and those partly inside); a region
    in `clean` is skipped."""
    cache: dict[tuple[int, tuple[Cell, ...]], Part] = {}
    sets = [tuple(digits for digits, _ in found) for found in all_options]
    for k, region in enumerate(geometry.regions):
        if k in clean or not region.partial:
            continue
        key = geometry.quiet_key("sums", k, masks)
        if key in quiet:
            continue
        parts: list[Part] = []
        for i, ins, outs in region.partial:
            if (i, ins) not in cache:
                cache[(i, ins)] = _inner_part(
                    ins, outs, tuple(masks[cell] for cell in ins), tuple(masks[cell] for cell in outs), sets[i]
                )
            parts.append(cache[(i, ins)])
        parts += [_free_part(tuple(block), tuple(masks[cell] for cell in block)) for block in _blocks(region.free, geometry)]
        target = region.total - region.inside_sum
        reach = [1]  # the sums the parts so far reach, as a bitset (bit s: sum s)
        for by_value, _, _ in parts:
            after = 0
            for value, _ in by_value:
                after |= reach[-1] << value
            reach.append(after)
        if not reach[-1] >> target & 1:
            raise Contradiction(f"the 45 rule on {region.name}: its parts cannot add up to {target}")
        good, fits = 1 << target, dict[Cell, int]()  # the parts' cells are apart: each part fills its own
        for k in range(len(parts) - 1, -1, -1):
            before, kept_fits = 0, []
            by_value, cells, union = parts[k]
            for value, cell_fits in by_value:
                ok = reach[k] & good >> value  # the sums before this part that this value completes
                if ok:
                    before |= ok
                    kept_fits.append(cell_fits)
            if len(kept_fits) == len(by_value):
                fits.update(zip(cells, union))
            else:
                for cell_fits in kept_fits:
                    for cell, m in zip(cells, cell_fits):
                        fits[cell] = fits.get(cell, 0) | m
            good = before
        removed = sorted((r, c, p) for (r, c), fit in fits.items() for p in digits_of(masks[(r, c)] & ~fit))
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
