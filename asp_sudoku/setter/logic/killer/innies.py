"""Innies and outies (the 45 rule): the digits of a region of whole houses add up to a known
sum (45 a house on a 9x9 grid); take away the cages wholly inside, and for each cage partly
inside either count its cells inside (innies) or take its sum and count its cells outside
(outies, with a minus sign).  When one to three open cells are left, their sum (or difference)
is known: keep only the candidates of the fillings that reach it, different digits where two
cells must differ.  One cell left: it is placed.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from functools import lru_cache

from asp_sudoku.setter.logic.clue_logic import Contradiction
from asp_sudoku.setter.logic.grid import Cell, Mark
from asp_sudoku.setter.logic.killer.combos import marks_text
from asp_sudoku.setter.logic.killer.geometry import (
    Geometry,
    Masks,
    Quiet,
    Region,
    digits_of,
)

MOST = 3
"""The most open cells an equation of the 45 rule may have."""

Terms = list[tuple[Cell, int]]


def _known(cells: tuple[Cell, ...], masks: Masks) -> tuple[list[Cell], int]:
    """The open cells, and the sum of the cells with one candidate left."""
    open_cells, known = [], 0
    for cell in cells:
        m = masks[cell]
        if m & (m - 1):
            open_cells.append(cell)
        else:
            known += m.bit_length() - 1
    return open_cells, known


def equations(region: Region, geometry: Geometry, masks: Masks) -> Iterator[tuple[Terms, int, list[int]]]:
    """Each equation of the region with at most `MOST` open cells: the signed cells, the value
    they add up to, and the cages counted by their outies."""
    free, known = _known(region.free, masks)
    parts = []
    fewest = len(free)  # the fewest open cells an equation can have: more than `MOST`, none has few enough
    for i, ins, outs in region.partial:
        if fewest > MOST:
            return
        open_in, known_in = _known(ins, masks)
        open_out, known_out = _known(outs, masks)
        parts.append((i, open_in, known_in, open_out, known_out))
        fewest += min(len(open_in), len(open_out))
    if fewest > MOST:
        return
    least = [0] * (len(parts) + 1)
    for k in range(len(parts) - 1, -1, -1):
        least[k] = least[k + 1] + min(len(parts[k][1]), len(parts[k][3]))

    def choose(k: int, terms: Terms, value: int, outer: list[int]) -> Iterator[tuple[Terms, int, list[int]]]:
        if len(terms) + least[k] > MOST:
            return
        if k == len(parts):
            if terms:
                yield terms, value, outer
            return
        i, open_in, known_in, open_out, known_out = parts[k]
        yield from choose(k + 1, terms + [(cell, 1) for cell in open_in], value - known_in, outer)
        total = geometry.cages[i].total
        yield from choose(k + 1, terms + [(cell, -1) for cell in open_out], value - total + known_out, outer + [i])

    yield from choose(0, [(cell, 1) for cell in free], region.total - region.inside_sum - known, [])


def _fillings(terms: Terms, value: int, masks: Masks, geometry: Geometry) -> list[int]:
    """For each cell, the digits some filling reaching `value` puts there (the last cell's
    digit follows from the others')."""
    return list(_fillings_of(tuple(terms), value, tuple(masks[cell] for cell, _ in terms), geometry))


@lru_cache(maxsize=1 << 15)
def _fillings_of(terms: tuple[tuple[Cell, int], ...], value: int, cell_masks: tuple[int, ...], geometry: Geometry) -> tuple[int, ...]:
    """`_fillings` from what it reads, kept: a trial asks again about cells its assumption left
    as they were."""
    masks = dict(zip((cell for cell, _ in terms), cell_masks))
    found = [0] * len(terms)
    chosen = [0] * len(terms)
    last = len(terms) - 1
    last_cell, last_sign = terms[last]

    def differs(k: int, d: int) -> bool:
        cell = terms[k][0]
        return not any(chosen[j] == d and terms[j][0] in geometry.differ[cell] for j in range(k))

    def go(k: int, acc: int) -> None:
        if k == last:
            d = (value - acc) * last_sign
            if 0 <= d < 64 and masks[last_cell] >> d & 1 and differs(k, d):
                chosen[k] = d
                for j in range(len(terms)):
                    found[j] |= 1 << chosen[j]
            return
        cell, sign = terms[k]
        for d in digits_of(masks[cell]):
            if differs(k, d):
                chosen[k] = d
                go(k + 1, acc + sign * d)

    go(0, 0)
    return tuple(found)


def _equation(terms: Terms, value: int) -> str:
    """`terms` = `value` as a person writes it: the cells added first, and with none added the
    signs turned (`r7c3 + r7c4 = 18`, not `-r7c3 - r7c4 = -18`)."""
    if all(sign < 0 for _, sign in terms):
        terms, value = [(cell, -sign) for cell, sign in terms], -value
    text = ""
    for (r, c), sign in sorted(terms, key=lambda term: -term[1]):  # (a stable sort: the cells' order kept)
        text += (" + " if sign > 0 else " - ") if text else ""
        text += f"r{r}c{c}"
    return f"{text} = {value}"


def _placed_terms(region: Region, outer: list[int], masks: Masks) -> Terms:
    """The cells of an equation with one candidate left (`_known` takes their digits into its
    value): the cells in no cage inside, and the cells inside of the cages counted inside, added;
    the cells outside of the cages counted by their outies, taken away."""
    def single(cell: Cell) -> bool:
        return not masks[cell] & (masks[cell] - 1)

    terms = [(cell, 1) for cell in region.free if single(cell)]
    for i, ins, outs in region.partial:
        terms += [(cell, -1) for cell in outs if single(cell)] if i in outer else [(cell, 1) for cell in ins if single(cell)]
    return terms


def _worded(region: Region, geometry: Geometry, outer: list[int], masks: Masks, terms: Terms, value: int) -> str:
    """The equation as the sentence gives it: with every cell, then, when some hold one digit,
    "with those placed" and the open cells' equation (the sums shown add up: a QA pass found
    "add up to 180, the cages wholly inside to 161; so r1c6 + r5c6 = 16", r9c6 = 3 unsaid)."""
    known = _placed_terms(region, outer, masks)
    if not known:
        return _equation(terms, value)
    whole = region.total - region.inside_sum - sum(geometry.cages[i].total for i in outer)
    digits = ", ".join(f"r{r}c{c} = {digits_of(masks[(r, c)])[0]}" for (r, c), _ in known)
    return f"{_equation(terms + known, whole)}; with {digits}, {_equation(terms, value)}"


def innies_steps(
    geometry: Geometry, masks: Masks, quiet: Quiet, clean: Collection[int] = ()
) -> Iterator[tuple[list[Mark], list[Mark], str, tuple[int, ...]]]:
    """Each equation of the 45 rule that places a digit or removes candidates, in turn: (placed,
    removed, text, the cages it used: those wholly inside and those counted by their outies,
    whose sums it takes, and those whose cells it holds).  A region that finds nothing goes
    into `quiet`, and is skipped while its cells' candidates stay so; so is a region in `clean`."""
    for k, region in geometry.sum_regions:
        if k in clean:
            continue
        key = geometry.quiet_key("innies", k, masks)
        if key in quiet:
            continue
        found_any = False
        for terms, value, outer in equations(region, geometry, masks):
            found = _fillings(terms, value, masks, geometry)
            if not all(found):
                raise Contradiction(f"the 45 rule on {region.name} needs {_equation(terms, value)}, which no filling reaches")
            placed: list[Mark] = []
            removed: list[Mark] = []
            for ((r, c), _), fit in zip(terms, found):
                left = masks[(r, c)] & fit
                if left != masks[(r, c)] and not left & (left - 1):
                    placed.append((r, c, left.bit_length() - 1))
                else:
                    removed += [(r, c, p) for p in digits_of(masks[(r, c)] & ~fit)]
            if placed or removed:
                held = tuple(geometry.cage_of[cell] for cell, _ in terms if cell in geometry.cage_of)
                text = _text(region, geometry, outer, _worded(region, geometry, outer, masks, terms, value), placed, sorted(removed))
                found_any = True
                yield placed, sorted(removed), text, region.inside + tuple(outer) + held
        if not found_any:
            quiet.add(key)


def _text(region: Region, geometry: Geometry, outer: list[int], equation: str, placed: list[Mark], removed: list[Mark]) -> str:
    """The sentence of an equation's step."""
    text = f"innies and outies: the digits of {region.name} add up to {region.total}"
    if region.inside:
        text += f", the cages wholly inside to {region.inside_sum}"
    if outer:
        sticking = sum(geometry.cages[i].total for i in outer)
        text += f", the cages sticking out ({'; '.join(geometry.cages[i].name for i in outer)}) to {sticking}"
    what = [f"r{r}c{c} = {p}" for r, c, p in placed] + ([marks_text(removed)] if removed else [])
    return f"{text}; so {equation}: {', '.join(what)}"
