"""Cage combinations against the houses: a digit every combination of a cage needs, whose
places in the cage all see a cell outside it, leaves that cell; a digit whose every place in a
house lies in one cage must be in that cage, which keeps only the combinations holding it.  And
how the killer techniques word a combination and what they remove.  (What a cage's cells can
hold in each combination: `fitting`.)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from collections.abc import Set as AbstractSet
from functools import lru_cache

from asp_sudoku.setter.logic.grid import Cell, House, Mark
from asp_sudoku.setter.logic.killer.fitting import Options, cell_fits, fits_of
from asp_sudoku.setter.logic.killer.geometry import Found, Geometry, Masks, digits_of, outside


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
                             for sup in [cell_fits(cell_masks, digits)] if sup is not None)
                fits = fits_of(kept, len(cage.cells))
                removed = outside(dict(zip(cage.cells, fits)), masks)
                if removed:
                    text = (
                        f"cage combinations: every {d} of {house.name} lies in {cage.name}, so the cage holds {d} "
                        f"there: {listing(kept) or 'no combination'}: {marks_text(removed)}"
                    )
                    yield removed, text, (i,)
