"""The words of a house split into cages (a QA pass of the step sentences): the sentence listed
the combinations left, not why a candidate went ("... puts inside 2+5 or 4+6 or 2+8 or 6+9; ...):
r4c2<>1").  Now each cage whose cells lose a candidate names the combinations that would have
kept it, which leave the rest of the house no filling, and what goes; the cells in no cage take
the digits left.  Checked against brute force over the fillings of the house's cages."""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import permutations

from test_killer_techniques import _cases, _options
from test_step_words import _example, _listed, _marks, _unsaid

from asp_sudoku.core.model import Puzzle
from asp_sudoku.rules.killer import Killer
from asp_sudoku.setter.logic.clue_logic import Contradiction
from asp_sudoku.setter.logic.grid import Cell, Mark, Marks, houses
from asp_sudoku.setter.logic.killer.geometry import Geometry, masks_of
from asp_sudoku.setter.logic.killer.split import split_steps


def _fillings(cage: Killer, marks: Marks) -> Iterator[tuple[int, ...]]:
    """The cage's fillings from the candidates: different digits adding up to its sum."""
    def grow(i: int, chosen: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if i == len(cage.cells):
            if sum(chosen) == cage.total:
                yield chosen
            return
        for p in sorted(marks.cands[cage.cells[i]] - set(chosen)):
            yield from grow(i + 1, chosen + (p,))

    return grow(0, ())


Fillings = dict[frozenset[int], list[tuple[int, ...]]]
"""A cage's fillings by the digits they put inside a house."""
Truth = tuple[dict[str, Killer], dict[str, Fillings], dict[str, set[frozenset[int]]], dict[Cell, set[int]], list[Cell]]
"""What `_split_truth` finds: the cages by name, their fillings, the digit sets used, what each
cell holds, and the cells in no cage."""


def _split_truth(puzzle: Puzzle, marks: Marks, house_name: str) -> Truth:
    """Brute force over a house split into cages: for each cage with a sum that touches the house
    (by name), its fillings by the digits they put inside; which of those digit sets some
    choice of one filling a cage, all different inside the house with the cells in no cage
    filled by the digits left, uses; and what each cell of those cages and the free cells holds
    in some such choice.  No cage of these puzzles shares a cell with another."""
    house = next(h for h in houses(puzzle) if h.name == house_name)
    inside = set(house.cells)
    cages = {k.describe(): k for k in puzzle.clues if isinstance(k, Killer) and k.total is not None and inside & set(k.cells)}
    free = [cell for cell in house.cells if not any(cell in k.cells for k in cages.values())]
    by_inner: dict[str, Fillings] = {}
    for name, k in cages.items():
        found: Fillings = {}
        for digits in _fillings(k, marks):
            found.setdefault(frozenset(p for cell, p in zip(k.cells, digits) if cell in inside), []).append(digits)
        by_inner[name] = found
    used: dict[str, set[frozenset[int]]] = {name: set() for name in cages}
    held: dict[Cell, set[int]] = {cell: set() for k in cages.values() for cell in k.cells} | {cell: set() for cell in free}
    names = list(cages)

    def choose(i: int, taken: frozenset[int], chosen: tuple[frozenset[int], ...]) -> None:
        if i < len(names):
            for inner in by_inner[names[i]]:
                if not inner & taken:
                    choose(i + 1, taken | inner, chosen + (inner,))
            return
        left = sorted(set(puzzle.digit_range) - taken)
        orders = [o for o in permutations(left) if all(p in marks.cands[cell] for cell, p in zip(free, o))]
        if len(left) != len(free) or not orders:
            return
        for name, inner in zip(names, chosen):
            used[name].add(inner)
        for order in orders:
            for cell, p in zip(free, order):
                held[cell].add(p)

    choose(0, frozenset(), ())
    for name, k in cages.items():
        for inner in used[name]:
            for digits in by_inner[name][inner]:
                for cell, p in zip(k.cells, digits):
                    held[cell].add(p)
    return cages, by_inner, used, held, free


def _sets(text: str) -> list[frozenset[int]]:
    """Digit sets as written: "1+7 or 1+9", "2+8, 4+8 or 4+9"."""
    return [frozenset(int(d) for d in s.split("+")) for s in re.split(r", | or ", text)]


def _cells_of_house(puzzle: Puzzle, name: str) -> tuple[Cell, ...]:
    return next(h for h in houses(puzzle) if h.name == name).cells


def check_split_words(puzzle: Puzzle, marks: Marks, removed: list[Mark], text: str) -> None:
    """A split's sentence against brute force: each cage is (or puts inside) exactly the digit
    sets some choice uses; the sets it names as leaving the rest of the house no filling are
    sets of its fillings that no choice uses, and they are every such set whose fillings put a
    candidate the step removes in the cage's cells; the candidates each cage (and the cells in
    no cage) says go are the step's removals in its cells, and no choice holds them."""
    m = re.fullmatch(r"(.+?) split into cages: their combinations must not share a digit \((.+)\): (r\d.*)", text)
    assert m, text
    house, entries = m[1], m[2].split("; ")
    cages, by_inner, used, held, free = _split_truth(puzzle, marks, house)
    assert _marks(text) == removed
    said: set[Mark] = set()
    named = []
    for entry in entries:
        free_words = re.fullmatch(r"the cells in no cage \((.+)\) take the digits left, so no (.+)", entry)
        if free_words:
            assert free_words[1] == _listed([f"r{r}c{c}" for r, c in free]), text
            gone = _unsaid(free_words[2])
            assert gone and all((r, c) in free and p not in held[(r, c)] for r, c, p in gone), text
            said |= gone
            continue
        e = re.fullmatch(
            r"(?P<name>.+?) (?P<verb>is|puts inside) (?P<sets>[\d+]+(?: or [\d+]+)*)"
            r"(?: \(with (?P<failed>.+?) the rest of (?P<house>.+?) cannot be filled\))?(?:, so no (?P<gone>.+))?",
            entry,
        )
        assert e and e["name"] in cages, (entry, text)
        k = cages[e["name"]]
        named.append(e["name"])
        assert (e["verb"] == "is") == (set(k.cells) <= set(_cells_of_house(puzzle, house))), entry
        assert set(_sets(e["sets"])) == used[e["name"]] and len(_sets(e["sets"])) == len(used[e["name"]]), (entry, used)
        mine = {(r, c, p) for r, c, p in removed if (r, c) in k.cells}
        assert (e["gone"] is not None) == bool(mine), entry
        if e["gone"] is None:
            assert e["failed"] is None, entry
            continue
        gone = _unsaid(e["gone"])
        assert gone == mine and all(p not in held[(r, c)] for r, c, p in gone), entry
        said |= gone
        keeping = {
            inner for inner, fills in by_inner[e["name"]].items()
            if any((r, c, p) in mine for digits in fills for (r, c), p in zip(k.cells, digits))
        }
        assert not keeping & used[e["name"]]  # (a removal no choice keeps)
        failed = _sets(e["failed"]) if e["failed"] else []
        assert e["failed"] is None or e["house"] == house, entry
        assert set(failed) == keeping and len(failed) == len(keeping), (entry, keeping)
    assert said == set(removed), text
    assert sorted(named) == sorted(cages), text


def _with_free_cells(seed: int, count: int) -> Iterator[tuple[Puzzle, Marks]]:
    """The random 4x4 killers of the technique tests, and the same with a cage or two taken
    out (their cells in no cage), on the same pencil marks."""
    for puzzle, marks, _ in _cases(seed, count):
        yield puzzle, marks
        cages = [k for k in puzzle.clues if isinstance(k, Killer)]
        for drop in (cages[1::3], cages[::2]):
            fewer = Puzzle(size=4, box=(2, 2), digits=(1, 4), clues=tuple(k for k in cages if k not in drop))
            other = Marks(fewer, houses(fewer))
            for cell, ds in marks.cands.items():
                other.cands[cell].intersection_update(ds)
            yield fewer, other


def test_a_house_split_says_which_combinations_fail_and_what_goes() -> None:
    """"row 4 split into cages: their combinations must not share a digit (killer cage g (...)
    puts inside 2+5 or 4+6 or 2+8 or 6+9; ...): r4c2<>1" named what was left, not why 1 left
    r4c2.  Now the cage says "(with 1+6 the rest of row 4 cannot be filled), so no 1 in
    r4c2".  On random 4x4 killers, some with cells in no cage, every split find is checked
    against brute force."""
    fired = failed = free = 0
    for puzzle, marks in _with_free_cells(3, 60):
        geometry = Geometry(puzzle, marks.houses, marks.peers)
        masks = masks_of(marks)
        try:
            finds = list(split_steps(geometry, masks, _options(geometry, masks), set()))
        except Contradiction:  # a cage, or the split, has no filling: no words
            continue
        for removed, text, _ in finds:
            fired += 1
            failed += "cannot be filled" in text
            free += "the cells in no cage" in text
            check_split_words(puzzle, marks, removed, text)
    assert fired >= 300 and failed >= 100 and free >= 100, (fired, failed, free)


def test_the_split_steps_of_the_scale_example_say_why() -> None:
    """The two split steps of `scale/6.0-house-split-into-cages.toml` (steps 83 and 84), checked
    against brute force over the cages of their houses."""
    puzzle, steps = _example(84)
    seen = 0
    for step, marks in steps:
        if step.technique == "house split into cages":
            seen += 1
            check_split_words(puzzle, marks, list(step.removed), step.text)
            assert "cannot be filled" in step.text
    assert seen == 2
