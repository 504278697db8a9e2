"""The killer techniques (cage combinations, innies and outies, a house split into cages, the 45
rule with cage combinations) on random killers of a 4x4 grid with random pencil marks, against
brute force over all 288 grids: every digit placed is that cell's digit in every grid the cages
and marks allow, every candidate removed is in none of them, and each technique fires.  Then
on a TAREK killer, the path step by step against clingo's candidates; and the quick Python
tests that let the solver skip subset and fish templates agree with the templates."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest
from grid_enum import grids
from helpers import puzzle_from_toml

from asp_sudoku import load
from asp_sudoku.core.model import Puzzle
from asp_sudoku.rules.killer import Killer
from asp_sudoku.setter.logic.clue_logic import Contradiction
from asp_sudoku.setter.logic.grid import Mark, Marks, house_facts, houses
from asp_sudoku.setter.logic.guards import may_find
from asp_sudoku.setter.logic.killer import IN_DEEP_TRIALS, KILLER_TECHNIQUES, Killers
from asp_sudoku.setter.logic.killer.combos import confined_digits, needed_digits
from asp_sudoku.setter.logic.killer.fitting import Options, options
from asp_sudoku.setter.logic.killer.geometry import Geometry, Masks, masks_of
from asp_sudoku.setter.logic.killer.innies import innies_steps
from asp_sudoku.setter.logic.killer.split import split_steps
from asp_sudoku.setter.logic.killer.sums import sums_steps
from asp_sudoku.setter.logic.path.memory import bitmasks
from asp_sudoku.setter.logic.path.solver import Solver
from asp_sudoku.setter.logic.path.trial import Trials
from asp_sudoku.setter.logic.techniques import TECHNIQUES, Technique, apply, steps

ROOT = Path(__file__).resolve().parents[2]
ALL = list(grids(4, (2, 2)))
Grid4 = tuple[tuple[int, ...], ...]
Found = tuple[list[Mark], list[Mark], str, tuple[int, ...]]  # placed, removed, text, the cages used (by index)


def _cages(rng: random.Random, grid: Grid4) -> tuple[Killer, ...]:
    """A random partition of the 4x4 grid into connected cages of 1-4 cells, summed from `grid`."""
    left = {(r, c) for r in range(1, 5) for c in range(1, 5)}
    cages = []
    while left:
        cell = min(left)
        cage = [cell]
        left.discard(cell)
        for _ in range(rng.choice([1, 1, 2, 2, 3])):
            near = sorted({(r + dr, c + dc) for r, c in cage for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))} & left)
            near = [n for n in near if all(grid[n[0] - 1][n[1] - 1] != grid[r - 1][c - 1] for r, c in cage)]
            if not near:
                break
            cell = rng.choice(near)
            cage.append(cell)
            left.discard(cell)
        total = sum(grid[r - 1][c - 1] for r, c in cage)
        cages.append(Killer(cells=tuple(sorted(cage)), total=total))
    return tuple(cages)


def _keeps(grid: Grid4, cage: Killer) -> bool:
    """The killer rule written out: different digits adding up to the sum."""
    digits = [grid[r - 1][c - 1] for r, c in cage.cells]
    return len(set(digits)) == len(digits) and sum(digits) == cage.total


def _cases(seed: int, count: int) -> list[tuple[Puzzle, Marks, list[Grid4]]]:
    """Random killers with random pencil marks that keep the grid they were made from, and the
    grids the cages and marks allow."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        grid = rng.choice(ALL)
        puzzle = Puzzle(size=4, box=(2, 2), digits=(1, 4), clues=_cages(rng, grid))
        marks = Marks(puzzle, houses(puzzle))
        for (r, c), ds in marks.cands.items():
            ds.intersection_update({grid[r - 1][c - 1]} | {d for d in range(1, 5) if rng.random() < 0.8})
        for r, c in rng.sample(sorted(marks.cands), rng.randint(0, 2)):
            marks.place(r, c, grid[r - 1][c - 1])
        allowed = [
            g for g in ALL
            if all(g[r - 1][c - 1] in ds for (r, c), ds in marks.cands.items())
            and all(_keeps(g, k) for k in puzzle.clues if isinstance(k, Killer))
        ]
        found.append((puzzle, marks, allowed))
    return found


def _options(geometry: Geometry, masks: Masks) -> list[Options]:
    return [options(cage, masks, geometry) for cage in geometry.cages]


def _needed(geometry: Geometry, masks: Masks) -> list[Found]:
    return [([], *found) for found in needed_digits(geometry, masks, _options(geometry, masks))]


def _confined(geometry: Geometry, masks: Masks) -> list[Found]:
    return [([], *found) for found in confined_digits(geometry, masks, _options(geometry, masks))]


def _innies(geometry: Geometry, masks: Masks) -> list[Found]:
    return list(innies_steps(geometry, masks, set()))


def _split(geometry: Geometry, masks: Masks) -> list[Found]:
    return [([], *found) for found in split_steps(geometry, masks, _options(geometry, masks), set())]


def _sums(geometry: Geometry, masks: Masks) -> list[Found]:
    return [([], *found) for found in sums_steps(geometry, masks, _options(geometry, masks), set())]


PARTS: dict[str, Callable[[Geometry, Masks], list[Found]]] = {
    "a digit every combination needs": _needed,
    "a house's digit confined to a cage": _confined,
    "innies and outies": _innies,
    "house split into cages": _split,
    "45 rule with cage combinations": _sums,
}


@pytest.mark.parametrize("name", sorted(PARTS))
def test_every_killer_step_agrees_with_every_grid_the_cages_and_marks_allow(name: str) -> None:
    """Every find of the technique on these candidates (a trial applies them all at once), not
    only the first."""
    fired = more = 0
    for puzzle, marks, allowed in _cases(3, 250):
        geometry = Geometry(puzzle, marks.houses, marks.peers)
        finds = PARTS[name](geometry, masks_of(marks))
        fired += bool(finds)
        more += len(finds) > 1
        for placed, removed, _, _ in finds:
            assert placed or removed
            for r, c, p in placed:
                assert all(g[r - 1][c - 1] == p for g in allowed), (r, c, p)
            for r, c, p in removed:
                assert p in marks.cands[(r, c)]
                assert all(g[r - 1][c - 1] != p for g in allowed), (r, c, p)
    assert fired > 0, f"{name} never fired"
    assert more > 0, f"{name} never found two things at once"


def test_a_trial_reaches_the_same_candidates_taking_every_killer_find_at_once() -> None:
    """A trial's propagation takes every find of the easiest killer technique at once
    (`Killers.removals`); taking the first find a round (`Killers.step`, as the path does)
    must end in the same candidates, or in a contradiction both ways.  Each case assumes a
    random candidate first, as a trial does."""
    rng = random.Random(11)
    batched = contradictions = 0
    for puzzle, marks, _ in _cases(7, 100):
        r, c = rng.choice(sorted(cell for cell in marks.cands if cell not in marks.solved))
        marks.place(r, c, rng.choice(sorted(marks.cands[(r, c)])))
        at_once, one_by_one = Trials(puzzle), Trials(puzzle)
        step_of = one_by_one.killers.step
        one_by_one.killers.removals = lambda marks, settled=None, within=None, step_of=step_of: step_of(marks)  # type: ignore[method-assign]
        try:
            step, first = at_once.killers.removals(marks), one_by_one.killers.step(marks)
        except Contradiction:
            step = first = None
        batched += step is not None and first is not None and len(step.removed) > len(first.removed) + len(first.placed)
        a, b = marks.copy(), marks.copy()
        why_a, why_b = at_once.propagate(a, 0), one_by_one.propagate(b, 0)
        assert (why_a is None) == (why_b is None), (why_a, why_b)
        if why_a is None:
            assert a.cands == b.cands
        contradictions += why_a is not None
    assert batched > 0 and 0 < contradictions < 100


def test_trials_of_depth_two_leave_the_45_rule_with_cage_combinations_out() -> None:
    """Where the path's next step is the 45 rule with cage combinations (the scale's example),
    `removals` finds it with every killer technique and not within `IN_DEEP_TRIALS`; the
    propagations inside a step's trial of depth 2 use `IN_DEEP_TRIALS`, those of a trial of
    depth 1 every killer technique (`Trials.deep`), and the ends of the former are kept apart
    (`_closed_deep`), not for a trial of depth 1 outside a trial of depth 2 (`leads_nowhere`)."""
    solver = Solver(load(str(ROOT / "instances/scale/6.2-killer-45-rule-with-combinations.toml")), 2)
    marks = solver.start()
    while (step := solver.next_step(marks, 0, quick=False)) is not None and step.technique != "45 rule with cage combinations":
        apply(marks, step)
    assert step is not None
    found = solver.killers.removals(marks)
    assert found is not None and found.technique == "45 rule with cage combinations"
    assert solver.killers.removals(marks, within=IN_DEEP_TRIALS) is None
    seen: dict[int, set[tuple[str, ...]]] = {1: set(), 2: set()}
    removals, depth = solver.killers.removals, [0]

    def recording(marks: Marks, settled: object = None, within: tuple[str, ...] = tuple(KILLER_TECHNIQUES)) -> object:
        seen[depth[0]].add(tuple(within))
        return removals(marks, settled, within)  # type: ignore[arg-type]

    solver.killers.removals = recording  # type: ignore[method-assign,assignment]
    for depth[0] in (1, 2):
        solver.forget()
        closed = dict(solver._closed)
        solver.trial(marks.copy(), depth[0], top=True)
        assert not solver.deep
        if depth[0] == 2:  # where its weaker propagations end is kept apart
            assert solver._closed == closed and solver._closed_deep
    assert seen[1] == {tuple(KILLER_TECHNIQUES)} and seen[2] == {IN_DEEP_TRIALS}


def test_the_killer_steps_have_their_levels_and_words() -> None:
    seen = set()
    for puzzle, marks, allowed in _cases(5, 250):
        step = Killers(puzzle, marks.houses, marks).step(marks)
        if step is None:
            continue
        seen.add(step.technique)
        assert step.level == KILLER_TECHNIQUES[step.technique]
        assert step.text.startswith(("cage combinations", "innies and outies", "row", "column", "box", "45 rule"))
        assert all(all(g[r - 1][c - 1] != p for g in allowed) for r, c, p in step.removed), step.text
    assert seen and seen <= set(KILLER_TECHNIQUES)
    assert list(KILLER_TECHNIQUES.values()) == sorted(KILLER_TECHNIQUES.values())
    assert max(t.level for t in TECHNIQUES) < min(KILLER_TECHNIQUES.values()) < 7.0  # between patterns and trial


def crafted(cage: str) -> tuple[Puzzle, Marks]:
    """An empty 4x4 with one killer cage (its TOML table's lines), and its candidates."""
    puzzle = puzzle_from_toml(f"size = 4\n[[killer]]\n{cage}\n")
    return puzzle, Marks(puzzle, houses(puzzle))


def test_innies_place_the_one_cell_left_in_a_crafted_killer() -> None:
    """Row 1 of a 4x4: the cage r1c1 r1c2 r1c3 sums to 6, so r1c4 is 10 - 6 = 4."""
    puzzle, marks = crafted('sum = 6\ncells = ["r1c1", "r1c2", "r1c3"]')
    found = next(innies_steps(Geometry(puzzle, marks.houses, marks.peers), masks_of(marks), set()), None)
    assert found is not None
    placed, removed, text, _ = found
    assert placed == [(1, 4, 4)] and removed == []
    assert "row 1" in text and "r1c4 = 4" in text
    step = Killers(puzzle, marks.houses, marks).removals(marks)  # as a trial takes it: the other candidates go
    assert step is not None and step.placed == () and set(step.removed) >= {(1, 4, 1), (1, 4, 2), (1, 4, 3)}


def test_a_cage_needing_a_digit_takes_it_from_the_house() -> None:
    """The cage r1c1 r2c1 of sum 3 is 1+2, so column 1's other cells lose 1 and 2."""
    puzzle, marks = crafted('sum = 3\ncells = ["r1c1", "r2c1"]')
    geometry = Geometry(puzzle, marks.houses, marks.peers)
    masks = masks_of(marks)
    found = next(needed_digits(geometry, masks, [options(cage, masks, geometry) for cage in geometry.cages]), None)
    assert found is not None
    assert found[0] == [(1, 2, 1), (2, 2, 1), (3, 1, 1), (4, 1, 1)]  # 1 first: box 1 and column 1
    assert "1+2" in found[1]


@pytest.mark.slow
def test_a_tarek_killer_path_is_right_at_every_step() -> None:
    from test_killer_clues import check_clues
    from test_steps import checked

    path = checked(load(str(ROOT / "bench/data/iss/TAREK_ALL/01.toml")), depth=0)
    used = {s.technique for s in path.steps}
    assert {"innies and outies", "45 rule with cage combinations"} <= used
    assert len(path.steps) >= 15
    for step in path.steps:
        if step.technique in KILLER_TECHNIQUES:
            check_clues(step.clues, step.text, path.puzzle)


def _random_marks(puzzle: Puzzle, grid: Grid4, rng: random.Random, keep: float) -> Marks:
    marks = Marks(puzzle, houses(puzzle))
    for (r, c), ds in marks.cands.items():
        ds.intersection_update({grid[r - 1][c - 1]} | {d for d in puzzle.digit_range if rng.random() < keep})
    for r, c in rng.sample(sorted(marks.cands), rng.randint(0, 4)):
        marks.place(r, c, grid[r - 1][c - 1])
    return marks


def _grid6() -> Grid4:
    return tuple(tuple((3 * (r % 2) + r // 2 + c) % 6 + 1 for c in range(6)) for r in range(6))


@pytest.mark.parametrize("technique", [t for t in TECHNIQUES if t.n], ids=lambda t: t.name)
def test_the_quick_python_test_says_exactly_when_a_template_finds_something(technique: Technique) -> None:
    """On a 4x4 (pairs, triples) or 6x6 grid (quads), `may_find` is true exactly when the
    template's program finds a step."""
    rng = random.Random(17)
    if technique.n < 4:
        puzzle, pick = Puzzle(size=4, box=(2, 2), digits=(1, 4)), lambda: rng.choice(ALL)
    else:
        puzzle, pick = Puzzle(size=6, box=(2, 3), digits=(1, 6)), _grid6
    all_houses = houses(puzzle)
    text = "\n".join(house_facts(all_houses)) + "\n"
    fired = 0
    for _ in range(60):
        marks = _random_marks(puzzle, pick(), rng, rng.choice([0.3, 0.7, 0.95]))
        found = bool(steps(technique, marks, all_houses, text))
        fired += found
        assert may_find(technique, marks) == found
    assert 0 < fired < 60


@pytest.mark.slow  # about 20 s (the whole path checked; trials propagate in Python): the slow tier, run in CI
def test_a_tarek_killer_finishes_with_killer_techniques_and_trials_of_depth_1() -> None:
    from test_steps import checked

    path = checked(load(str(ROOT / "bench/data/iss/TAREK_ALL/01.toml")), depth=1)
    assert path.solved and path.trial_depth == 1


def test_killers_that_remember_quiet_regions_step_as_fresh_ones() -> None:
    """One `Killers` asked about one set of marks after another (skipping the regions that
    found nothing on the same candidates) gives the step a fresh one gives each time."""
    rng = random.Random(23)
    grid = rng.choice(ALL)
    puzzle = Puzzle(size=4, box=(2, 2), digits=(1, 4), clues=_cages(rng, grid))
    kept = Killers(puzzle, houses(puzzle), Marks(puzzle, houses(puzzle)))
    fired = 0
    for keep in (0.95, 0.9, 0.8, 0.95, 0.9, 0.8):
        marks = _random_marks(puzzle, grid, rng, keep)
        while True:  # step after step: the regions' candidates change a few at a time
            fresh = Killers(puzzle, marks.houses, marks).step(marks)
            assert kept.step(marks) == fresh
            if fresh is None:
                break
            fired += 1
            apply(marks, fresh)
    assert fired and kept.quiet


@pytest.mark.parametrize("size", [4, 9, 16])
def test_a_quiet_key_tells_every_check_and_every_candidate_of_its_region_apart(size: int) -> None:
    """A quiet key (packed masks) is equal for the same check on the same candidates of its
    region's cells, whatever the cells outside, and differs when any of them changes or the
    technique or region does; a 16x16's digit 16 needs four bytes a mask (two would raise)."""
    box = {4: (2, 2), 9: (3, 3), 16: (4, 4)}[size]
    cage = Killer(cells=((1, 1), (1, 2)), total=size + size - 1)
    puzzle = Puzzle(size=size, box=box, digits=(1, size), clues=(cage,))
    geometry = Geometry(puzzle, houses(puzzle), Marks(puzzle, houses(puzzle)).peers)
    full = {cell: geometry.full for cell in Marks(puzzle, houses(puzzle)).cands}
    keys = set()
    for k, region in enumerate(geometry.regions):
        inside, outside = region.scope[0], next(cell for cell in full if cell not in region.scope)
        for technique in ("innies", "split", "sums"):
            key = geometry.quiet_key(technique, k, full)
            assert geometry.quiet_key(technique, k, {**full, outside: 1 << size}) == key
            changed = {geometry.quiet_key(technique, k, {**full, inside: 1 << d}) for d in range(1, size + 1)}
            assert len(changed) == size and key not in changed
            keys.add(key)
    assert len(keys) == 3 * len(geometry.regions)


def test_a_trial_started_from_what_an_earlier_trial_left_ends_the_same() -> None:
    """A trial starts from what an earlier top trial of the same candidate left (`narrow`), on
    more candidates than now: it must end in the same candidates, or in a contradiction both
    ways, as a trial started from scratch."""
    rng = random.Random(23)
    narrowed = contradictions = 0
    for puzzle, marks, allowed in _cases(9, 30):
        trials = Trials(puzzle)
        open_marks = [(r, c, p) for (r, c), ds in sorted(marks.cands.items()) if (r, c) not in marks.solved for p in sorted(ds)]
        for r, c, p in open_marks:  # what each assumption leads to now, as a top trial of depth 1 keeps it
            first = marks.copy()
            first.place(r, c, p)
            if trials.propagate(first, 0) is None:
                trials._after[(r, c, p)] = bitmasks(first)
        later = marks.copy()  # fewer candidates later on the path: some that no allowed grid has go
        grid = rng.choice(allowed)
        later.remove([(r, c, p) for r, c, p in open_marks if p != grid[r - 1][c - 1] and rng.random() < 0.3])
        for r, c, p in open_marks:
            if p not in later.cands[(r, c)]:
                continue
            plain, started = later.copy(), later.copy()
            plain.place(r, c, p)
            started.place(r, c, p)
            trials.narrow(started, (r, c, p))
            narrowed += (r, c, p) in trials._after
            why_plain, why_started = trials.propagate(plain, 0), trials.propagate(started, 0)
            assert (why_plain is None) == (why_started is None), (why_plain, why_started)
            if why_plain is None:
                assert plain.cands == started.cands
            contradictions += why_plain is not None
    assert narrowed and contradictions


@pytest.mark.parametrize("deep", [False, True])
def test_a_trial_known_to_lead_nowhere_finds_no_contradiction(deep: bool) -> None:
    """`leads_nowhere` skips a trial of depth 1 when an earlier propagation placed the candidate
    and ended on candidates all still here: on these (fewer, or other) candidates the trial
    run afresh must find no contradiction either, and the skip must happen.  The same inside a
    trial of depth 2 (`deep`: propagations without the 45 rule with cage combinations), whose
    ends are kept apart and used only there."""
    rng = random.Random(29)
    skipped = kept = 0
    for puzzle, marks, allowed in _cases(9, 30):
        trials = Trials(puzzle)
        trials.deep = deep
        open_marks = [(r, c, p) for (r, c), ds in sorted(marks.cands.items()) if (r, c) not in marks.solved for p in sorted(ds)]
        for r, c, p in open_marks:  # each assumption propagated, as a trial of depth 1 keeps it
            first = marks.copy()
            first.place(r, c, p)
            if trials.propagate(first, 0) is None:
                trials.remember(marks, first, bitmasks(first))
                kept += 1
        for _ in range(4):  # fewer candidates, as later on the path
            later = marks.copy()
            grid = rng.choice(allowed)
            later.remove([(r, c, p) for r, c, p in open_marks if p != grid[r - 1][c - 1] and rng.random() < 0.15])
            for r, c, p in open_marks:
                if p not in later.cands[(r, c)] or not trials.leads_nowhere((r, c, p), bitmasks(later)):
                    continue
                fresh = later.copy()
                fresh.place(r, c, p)
                again = Trials(puzzle)
                again.deep = deep
                assert again.propagate(fresh, 0) is None, (r, c, p)
                skipped += 1
        trials.deep = not deep  # the other kind of propagation knows none of these ends
        assert not any(trials.leads_nowhere(mark, bitmasks(marks)) for mark in open_marks)
    assert kept and skipped


def _placements(masks: tuple[int, ...], digits: int) -> tuple[int, ...] | None:
    """Brute force for `supports`: every way to put the digits in the cells, one each."""
    from itertools import permutations

    chosen = [d for d in range(1, digits.bit_length()) if digits >> d & 1]
    if len(chosen) != len(masks):
        return None
    found, any_way = [0] * len(masks), False
    for way in permutations(chosen):
        if all(m >> d & 1 for m, d in zip(masks, way)):
            any_way = True
            for i, d in enumerate(way):
                found[i] |= 1 << d
    return tuple(found) if any_way else None


@pytest.mark.parametrize("cells", [0, 1, 2, 3, 4, 5, 6])
def test_the_digits_each_cell_can_hold_agree_with_every_placement(cells: int) -> None:
    """`supports` (with its shortcuts for a cell that can hold none of the digits and a digit
    no cell can hold, and its every-order search on two to four cells) against brute force, on
    random candidates and digit sets, of a 9x9 and of a 16x16."""
    from asp_sudoku.setter.logic.killer.fitting import supports

    rng = random.Random(cells)
    placed = 0
    for _ in range(3000):
        top = 16 if rng.random() < 0.3 else 9
        masks = tuple(rng.randrange(1 << top + 1) & ~1 for _ in range(cells))
        digits = sum(1 << d for d in rng.sample(range(1, top + 1), cells if rng.random() < 0.8 else rng.randint(0, 4)))
        want = _placements(masks, digits)
        got = supports(masks, digits)
        assert (None if got is None else tuple(got)) == want, (masks, digits)
        placed += want is not None
    assert placed


def test_a_trial_that_skips_the_settled_regions_ends_the_same() -> None:
    """A narrowed trial skips the killer regions whose cells read what they read where the
    earlier trial ended (`settled`): on a TAREK killer stuck without trial, it must end in the
    same candidates, or in a contradiction both ways, as the same trial checking every region."""
    from asp_sudoku.setter.logic import Solver

    solver = Solver(load(str(ROOT / "bench/data/iss/TAREK_ALL/01.toml")), 0)
    marks = solver.start()
    while (step := solver.next_step(marks, 0, quick=False)) is not None:
        apply(marks, step)
    solution = solver.possible()
    false = sorted((r, c, p) for (r, c), ds in marks.cands.items() if (r, c) not in marks.solved for p in ds if (r, c, p) not in solution)
    assumed = false[::9]
    for r, c, p in assumed:  # where each assumption ends now, as a top trial of depth 1 keeps it
        first = marks.copy()
        first.place(r, c, p)
        if solver.propagate(first, 0) is None:
            solver._after[(r, c, p)] = bitmasks(first)
    later = marks.copy()  # fewer candidates later on the path
    later.remove(false[1::6])
    fresh = Trials(solver.puzzle)
    skipped = differs = 0
    for r, c, p in assumed:
        if p not in later.cands[(r, c)]:
            continue
        plain, skipping = later.copy(), later.copy()
        for trial in (plain, skipping):
            trial.place(r, c, p)
        solver.narrow(plain, (r, c, p))
        settled = solver.narrow(skipping, (r, c, p))
        if settled is None:
            continue
        skipped += 1
        why_plain, why_skipping = fresh.propagate(plain, 0), fresh.propagate(skipping, 0, settled)
        assert (why_plain is None) == (why_skipping is None), (why_plain, why_skipping)
        if why_plain is None:
            assert plain.cands == skipping.cands
        differs += plain.cands != {cell: set(ds) for cell, ds in later.cands.items()}
    assert skipped > 5 and differs


def _removals(found: list[Found], masks: Masks) -> set[Mark]:
    """What finds remove, a placement as the cell's other candidates."""
    gone: set[Mark] = set()
    for placed, removed, _, _ in found:
        gone.update(removed)
        for r, c, p in placed:
            gone.update((r, c, q) for q in range(1, 10) if masks[(r, c)] >> q & 1 and q != p)
    return gone


def test_a_region_that_is_the_rest_of_the_grid_beside_an_earlier_one_finds_what_it_finds() -> None:
    """Innies and outies and the 45 rule with cage combinations skip the regions whose cells are
    the rest of the grid beside an earlier region's (`Geometry.sum_regions` leaves them out: rows 1-8 beside row 9,
    ...): on a TAREK killer with random candidates around its solution, each such region, checked
    alone, removes just what its earlier twin removes, or both find no filling."""
    puzzle = load(str(ROOT / "bench/data/iss/TAREK_ALL/01.toml"))
    solver = Trials(puzzle)
    solution = {(r, c): p for r, c, p in solver.possible()}
    geometry = solver.killers.geometry
    read = {k for k, _ in geometry.sum_regions}
    mirrors = [k for k in range(len(geometry.regions)) if k not in read]
    names = {geometry.regions[k].name for k in mirrors}
    assert names == {f"{kind} {a}-{b}" for kind in ("rows", "columns") for a, b in
                     ((1, 5), (1, 6), (1, 7), (1, 8), (2, 9), (3, 9), (4, 9), (5, 9))}
    every = frozenset(cell for house in geometry.houses for cell in house.cells)
    first = {geometry.regions[k].cells: k for k in reversed(range(len(geometry.regions)))}
    twins = [(first[every - geometry.regions[k].cells], k) for k in mirrors]
    geometry.sum_regions = tuple(enumerate(geometry.regions))  # check the mirrors too
    geometry.combination_regions = geometry.sum_regions  # and the houses (a mirror's twin may be one)
    rng = random.Random(7)
    found = 0
    for _ in range(12):
        marks = Marks(puzzle, houses(puzzle))
        for cell, ds in marks.cands.items():
            ds.intersection_update({solution[cell]} | {d for d in ds if rng.random() < 0.45})
        masks = masks_of(marks)
        all_options = [options(cage, masks, geometry) for cage in geometry.cages]
        for earlier, mirror in twins:
            for technique in ("innies", "sums"):
                said = []
                for k in (earlier, mirror):
                    others = frozenset(range(len(geometry.regions))) - {k}
                    try:
                        if technique == "innies":
                            finds = list(innies_steps(geometry, masks, set(), others))
                        else:
                            finds = [([], *f) for f in sums_steps(geometry, masks, all_options, set(), others)]
                        said.append(_removals(finds, masks))
                    except Contradiction:
                        said.append(None)
                assert said[0] == said[1], (technique, geometry.regions[earlier].name, geometry.regions[mirror].name)
                found += bool(said[0])
    assert found > 10


@pytest.mark.parametrize("name", ["01.toml", "08.toml", "12.toml", "31.iss"])
def test_the_45_rule_with_cage_combinations_finds_nothing_in_one_house_that_its_split_does_not(name: str) -> None:
    """The 45 rule with cage combinations skips single houses (`Geometry.combination_regions`):
    there the house split, tried before it on the same candidates, removes all it removes.  On
    TAREK killers with random candidates around their solution, each house checked alone by
    both: the rule removes nothing the split does not, and finds no filling only where the
    split finds none."""
    puzzle = load(str(ROOT / "bench/data/iss/TAREK_ALL" / name))
    solver = Trials(puzzle)
    solution = {(r, c): p for r, c, p in solver.possible()}
    geometry = solver.killers.geometry
    houses_read = [(k, region) for k, region in geometry.sum_regions if region.house is not None and region.partial]
    geometry.combination_regions = tuple(houses_read)  # the rule over the houses it skips
    every = frozenset(range(len(geometry.regions)))
    rng = random.Random(11)
    compared = found = 0
    for _ in range(40):
        marks = Marks(puzzle, houses(puzzle))
        keep = rng.choice((0.3, 0.5, 0.7))
        for cell, ds in marks.cands.items():
            ds.intersection_update({solution[cell]} | {d for d in ds if rng.random() < keep})
        masks = masks_of(marks)
        all_options = [options(cage, masks, geometry) for cage in geometry.cages]
        for k, _ in houses_read:
            others = every - {k}
            try:
                split = _removals([([], *f) for f in split_steps(geometry, masks, all_options, set(), others)], masks)
            except Contradiction:
                continue  # the split finds no filling: the rule may say so too, or not
            sums = _removals([([], *f) for f in sums_steps(geometry, masks, all_options, set(), others)], masks)
            assert sums <= split, (name, geometry.regions[k].name, sorted(sums - split))
            compared += 1
            found += bool(sums)
    assert compared > 100 and found > 3  # houses where the rule does remove something, all of it the split's
