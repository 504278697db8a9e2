"""A house split into cages: the combinations of the cages in a house (for a cage partly inside,
the digits it can put inside) must share no digit, and the digits they leave must fit the
house's other cells; every combination, and every candidate, that no such choice uses goes.
Checked over the digits used so far, a house at a time (at most 2^9 sets of used digits).
"""

from __future__ import annotations

from asp_sudoku.setter.logic.clue_logic import Contradiction
from asp_sudoku.setter.logic.grid import Cell
from asp_sudoku.setter.logic.killer.combos import (
    Choice,
    Inner,
    Options,
    inner_sets,
    marks_text,
    plus,
    supports,
)
from asp_sudoku.setter.logic.killer.geometry import (
    Found,
    Geometry,
    Masks,
    Quiet,
    Region,
    digits_of,
    quiet_key,
)


def _choices(
    region: Region, geometry: Geometry, masks: Masks, all_options: list[Options], kept: Inner
) -> list[list[Choice]]:
    """For each cage touching the house, the digit sets it can put inside, with their fits."""
    groups: list[list[Choice]] = []
    for i in region.inside:
        cage = geometry.cages[i]
        groups.append([(digits, dict(zip(cage.cells, sup))) for digits, sup in all_options[i]])
    for i, ins, outs in region.partial:
        groups.append(inner_sets(i, ins, outs, masks, all_options[i], kept))
    return groups


def split_step(
    geometry: Geometry, masks: Masks, all_options: list[Options], kept: Inner, quiet: Quiet
) -> Found | None:
    """The first house whose cages' combinations, fitted together, remove candidates: (removed,
    text, the cages used: every cage with a cell in the house), or None."""
    for k, region in enumerate(geometry.regions):
        key = quiet_key("split", k, region, masks)
        if region.house is None or not (region.inside or region.partial) or key in quiet:
            continue
        groups = _choices(region, geometry, masks, all_options, kept)
        free = [masks[cell] for cell in region.free]
        layers: list[set[int]] = [{0}]
        for group in groups:
            layers.append({used | digits for used in layers[-1] for digits, _ in group if not used & digits})
        ends = {used: supports(free, geometry.full & ~used) for used in layers[-1]}
        good = {used for used, sup in ends.items() if sup is not None}
        if not good:
            raise Contradiction(f"the cages in {region.name} cannot be fitted together")
        fits: dict[Cell, int] = {}
        for used in good:
            for cell, m in zip(region.free, ends[used] or []):
                fits[cell] = fits.get(cell, 0) | m
        kept_sets: list[list[int]] = []
        for k in range(len(groups) - 1, -1, -1):
            before, fitting = set(), []
            for digits, cell_fits in groups[k]:
                ok = [used for used in layers[k] if not used & digits and used | digits in good]
                if ok:
                    before.update(ok)
                    fitting.append(digits)
                    for cell, m in cell_fits.items():
                        fits[cell] = fits.get(cell, 0) | m
            kept_sets.append(fitting)
            good = before
        kept_sets.reverse()
        removed = sorted((r, c, p) for (r, c), fit in fits.items() for p in digits_of(masks[(r, c)] & ~fit))
        if removed:
            ids = list(region.inside) + [i for i, _, _ in region.partial]
            said = "; ".join(
                f"{geometry.cages[i].name} {'is' if i in region.inside else 'puts inside'} "
                + " or ".join(plus(digits) for digits in fitting)
                for i, fitting in zip(ids, kept_sets)
            )
            text = f"{region.name} split into cages: their combinations must not share a digit ({said}): {marks_text(removed)}"
            return removed, text, tuple(ids)
        quiet.add(key)
    return None
