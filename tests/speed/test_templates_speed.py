"""Speed-only templates add and remove no solution: the same answer sets with and without them
(`render(puzzle, plain=True)`), on small puzzles whose every solution is listed and on the seed
killers; the implied sums hold on every solution grid they were derived for; `encode --plain`."""

from __future__ import annotations

import random

import clingo
import pytest
from helpers import ROOT, puzzle_from_toml

from asp_sudoku import checker as check
from asp_sudoku.cli import main
from asp_sudoku.core.model import Grid, Puzzle
from asp_sudoku.formats import load
from asp_sudoku.program.render import render, template_names
from asp_sudoku.rules import CLUE_KINDS, running_sums, speedups
from asp_sudoku.rules.killer_combinations import hidden_cages
from asp_sudoku.rules.killer_implied_sums import equations

BENCH = ROOT / "bench" / "data"
SPEED_TEMPLATES = {s.template for s in speedups(frozenset(CLUE_KINDS))}


def answer_sets(text: str) -> set[frozenset[str]]:
    """Every answer set of a program, as sets of shown atoms."""
    ctl = clingo.Control(["0", "--warn=none"])
    ctl.add("base", [], text)
    ctl.ground([("base", [])])
    found: set[frozenset[str]] = set()
    ctl.solve(on_model=lambda m: found.add(frozenset(str(s) for s in m.symbols(shown=True))))
    return found


def cage(cells: list[str], total: int | None = None) -> str:
    names = ", ".join(f'"{c}"' for c in cells)
    return f"[[killer]]\ncells = [{names}]\n" + (f"sum = {total}\n" if total is not None else "")


# Small killers whose answer sets are listed completely: satisfiable ones with several solutions,
# unique ones, and unsatisfiable ones.
SMALL = [
    ("4x4-two-cages", "size = 4\n" + cage(["r1c1", "r1c2"], 3) + cage(["r3c3", "r4c3", "r4c4"], 9)),
    ("4x4-row-cages", "size = 4\n" + cage(["r1c1", "r1c2"], 7) + cage(["r2c1", "r2c2", "r2c3"], 6)),
    (
        "4x4-column-outie",
        "size = 4\n" + cage(["r1c1", "r2c1", "r3c1"], 6) + cage(["r4c1", "r4c2"], 5),
    ),
    ("4x4-unsat", "size = 4\n" + cage(["r1c1", "r1c2"], 3) + cage(["r1c3", "r1c4"], 3)),
    ("4x4-unsat-by-45", "size = 4\n" + cage(["r1c1", "r1c2"], 3) + cage(["r1c3", "r1c4"], 6)),
    (
        "6x6-bands",
        "size = 6\ngivens = '''\n......\n......\n......\n......\n123456\n......\n'''\n"
        + cage(["r1c1", "r1c2", "r2c1"], 6)
        + cage(["r1c3", "r1c4", "r1c5", "r1c6", "r2c6"], 20)
        + cage(["r3c1", "r4c1"], 11),
    ),
    # Renban lines (renban_runs.lp.j2): a bent line of three, a domino; 1 and 4 cannot share a line of three.
    ("4x4-renban", 'size = 4\nrenban = [{cells = ["r1c1", "r2c1", "r2c2"]}, {cells = ["r3c3", "r3c4"]}]'),
    ("4x4-renban-unsat", 'size = 4\ngivens = "1.4.\\n....\\n....\\n...."\nrenban = [{cells = ["r1c1", "r1c2", "r1c3"]}]'),
    # A renban line beside renban lines inside any-of alternatives (which the speed-up leaves alone).
    ("4x4-renban-any-of", 'size = 4\nrenban = [{cells = ["r1c1", "r1c2", "r1c3"]}]\n[[any-of]]\nalternatives = ['
                          '{renban = [{cells = ["r3c1", "r3c2", "r4c2"]}]}, {renban = [{cells = ["r4c3", "r4c4"]}], '
                          'killer = [{cells = ["r2c1", "r2c2"], sum = 7}]}]\n'),
    # Counting circles (counting_totals.lp.j2): five circles (2+3 or 1+4); three circles in one row
    # (1+2 would need 2 twice in the row, 3 three times); two sets, each counted on its own (one grid).
    ("4x4-counting-circles", 'size = 4\ncounting-circles = [{cells = ["r1c1", "r2c2", "r3c3", "r4c4", "r1c4"]}]'),
    ("4x4-counting-circles-unsat", 'size = 4\ncounting-circles = [{cells = ["r1c1", "r1c2", "r1c3"]}]'),
    ("4x4-counting-circles-two-sets", 'size = 4\ncounting-circles = [{cells = ["r1c2", "r2c4", "r3c1"]}, '
                                      '{cells = ["r4c4", "r3c3", "r1c3"]}]'),
    # Chaos region counts (chaos_region_pairs.lp.j2): the 2x2 corner meets as many regions as r1c1
    # says (eight grids, several layouts each); two cells cannot meet three regions.
    ("4x4-chaos-region-count", 'size = 4\nbox = "none"\nrules = ["chaos-construction"]\ngivens = "2 . . .\\n. . 1 .\\n. 3 . .\\n. . . ."\n'
                               'chaos-region-count = [{cell = "r1c1", cells = ["r1c1", "r1c2", "r2c1", "r2c2"]}]'),
    ("4x4-chaos-region-count-unsat", 'size = 4\nbox = "none"\nrules = ["chaos-construction"]\ngivens = "3 . . .\\n. . . .\\n. . . .\\n. . . ."\n'
                                     'chaos-region-count = [{cell = "r1c1", cells = ["r1c1", "r1c2"]}]'),
    ("6x6-renban", 'size = 6\nrenban = [{cells = ["r1c1", "r1c2", "r1c3", "r2c3"]}, {cells = ["r4c4", "r5c5", "r6c6"]}]\n'
                   'givens = "2.....\\n...5..\\n......\\n.4....\\n......\\n.....1"'),
]


@pytest.mark.parametrize(("text",), [pytest.param(t, id=i) for i, t in SMALL])
def test_same_answer_sets_with_and_without_speedups(text: str) -> None:
    puzzle = puzzle_from_toml(text)
    fast, plain = render(puzzle), render(puzzle, plain=True)
    assert set(fast.templates) - set(plain.templates) <= SPEED_TEMPLATES
    assert not set(plain.templates) & SPEED_TEMPLATES
    with_speed, without = answer_sets(fast.text), answer_sets(plain.text)
    assert with_speed == without


def test_small_cases_cover_sat_unsat_and_the_speed_templates() -> None:
    counts = {name: len(answer_sets(render(puzzle_from_toml(t)).text)) for name, t in SMALL}
    assert counts["4x4-unsat"] == counts["4x4-unsat-by-45"] == 0
    assert all(n > 0 for name, n in counts.items() if "unsat" not in name)
    used = {name for _, t in SMALL for name in template_names(puzzle_from_toml(t))}
    assert {"killer_combinations.lp.j2", "killer_implied_sums.lp.j2", "renban_runs.lp.j2", "counting_totals.lp.j2",
            "chaos_region_pairs.lp.j2"} <= used
    assert any("killerHiddenCage(" in render(puzzle_from_toml(t)).text for _, t in SMALL)


SEEDS = [
    "seeds/killer-wiki.toml",
    "seeds/killer-daily_killer_sudoku_hard.toml",
    "iss/TAREK_ALL/01.toml",
    "iss/HS_KILLERS/01.toml",
]


@pytest.mark.parametrize("rel", SEEDS)
def test_seed_killers_same_answer_sets(rel: str) -> None:
    puzzle = load(str(BENCH / rel))
    fast, plain = answer_sets(render(puzzle).text), answer_sets(render(puzzle, plain=True).text)
    assert fast == plain and len(fast) == 1


def random_killer(grid: Grid, rng: random.Random, size: int) -> str:
    """Cages cut at random out of a solved grid, with the grid's sums (so the grid solves it)."""
    free = {(r, c) for r in range(1, size + 1) for c in range(1, size + 1)}
    text = f"size = {size}\n"
    while free:
        start = min(free)
        cells = [start]
        free.discard(start)
        want = rng.randint(1, 5)
        while len(cells) < want:
            r, c = rng.choice(cells)
            options = [
                (r + dr, c + dc)
                for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                if (r + dr, c + dc) in free
            ]
            values = {grid.value(x) for x in cells}
            options = [o for o in options if grid.value(o) not in values]
            if not options:
                break
            nxt = rng.choice(options)
            free.discard(nxt)
            cells.append(nxt)
        total = sum(grid.value(x) for x in cells) if rng.random() < 0.85 else None
        text += cage([f"r{r}c{c}" for r, c in cells], total)
    return text


SOLVED_9 = Grid(
    tuple(
        tuple(int(ch) for ch in row)
        for row in (
            "812753649",
            "943682175",
            "675491283",
            "154237896",
            "369845721",
            "287169534",
            "521974368",
            "438526917",
            "796318452",
        )
    )
)


@pytest.mark.parametrize("seed", range(40))
def test_implied_sums_hold_on_the_grid_they_come_from(seed: int) -> None:
    """Soundness without a solver: cut random cages out of a solved grid; every implied sum
    computed from those cages holds on that grid."""
    rng = random.Random(seed)
    puzzle = puzzle_from_toml(random_killer(SOLVED_9, rng, 9))
    assert check.violations(puzzle, SOLVED_9) == []
    found = equations(puzzle)
    assert found
    for (innies, outies), total in found.items():
        assert (
            sum(SOLVED_9.value(c) for c in innies) - sum(SOLVED_9.value(c) for c in outies) == total
        )


@pytest.mark.parametrize("seed", range(40))
def test_hidden_cages_hold_on_the_grid_they_come_from(seed: int) -> None:
    """The hidden cages (innies of one house) hold different digits that add up to their sum on
    the grid the random cages were cut from; one of the forty killers has some."""
    rng = random.Random(seed)
    puzzle = puzzle_from_toml(random_killer(SOLVED_9, rng, 9))
    houses = [set(cells) for _, cells in puzzle.houses()]
    for cells, total in hidden_cages(puzzle):
        assert len(cells) > 1 and any(set(cells) <= house for house in houses)
        values = [SOLVED_9.value(c) for c in cells]
        assert sum(values) == total and len(set(values)) == len(values)


def test_a_killer_on_a_non_square_grid_has_no_hidden_cages() -> None:
    """Only grids whose houses hold every digit have 45-rule sums; an 8x6 jigsaw holding 1-8 is
    rendered and solved without them (it crashed: the houses were read as 8x8)."""
    regions = "\n".join(["aabbcc"] * 4 + ["ddeeff"] * 4)
    puzzle = puzzle_from_toml(f'size = "8x6"\nvalues = "1-8"\nregions = """\n{regions}\n"""\nkiller = [{{cells = ["r1c1", "r1c2"], sum = 3}}]')
    assert hidden_cages(puzzle) == [] and "killerCombination(" in render(puzzle).text


def test_some_random_killer_has_hidden_cages() -> None:
    assert any(hidden_cages(puzzle_from_toml(random_killer(SOLVED_9, random.Random(seed), 9))) for seed in range(40))


def test_encode_plain_leaves_the_speed_templates_out(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(BENCH / "seeds" / "killer-wiki.toml")
    assert main(["encode", path]) == 0
    full = capsys.readouterr().out
    assert main(["encode", "--plain", path]) == 0
    plain = capsys.readouterr().out
    assert "killerImpliedSum(" in full and "killer_implied_sums.lp.j2" in full
    assert "killerImplied" not in plain and "Speed-up" not in plain
    assert plain.count("\n") < full.count("\n")


def test_every_speed_template_says_so_in_its_first_line() -> None:
    for name in SPEED_TEMPLATES:
        first = (ROOT / "encodings" / name).read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("% ") and "speed-up" in first and "no solutions" in first


def test_puzzle_without_cages_gets_no_speed_template() -> None:
    puzzle: Puzzle = puzzle_from_toml("size = 9\n")
    assert template_names(puzzle) == template_names(puzzle, plain=True)


def test_shared_shafts_keep_the_answer_sets(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two arrows on a 4x4 sharing two shaft cells (r3c3, r4c4): the same answer sets with the speed-ups (the
    difference line among them) as without."""
    monkeypatch.setattr(running_sums, "SHARED", 2)
    puzzle = puzzle_from_toml(
        'size = 4\narrow = [{circle = ["r1c1"], cells = ["r2c2", "r3c3", "r4c4"]},'
        ' {circle = ["r4c3"], cells = ["r3c3", "r4c4"]}]'
    )
    assert running_sums.shared_shafts(puzzle)
    fast = answer_sets(render(puzzle).text)
    assert fast == answer_sets(render(puzzle, plain=True).text) and fast


def test_combined_little_killers_keep_the_answer_sets(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three parallel little killers on a 4x4, merged (RELATED lowered to 2) and rewritten by
    houses: the same answer sets with the speed-ups as without."""
    from asp_sudoku.rules.running_sums import combined

    monkeypatch.setattr(combined, "RELATED", 2)
    puzzle = puzzle_from_toml(
        'size = 4\n"little-killer" = [{sum = 11, cells = ["r1c3", "r2c2", "r3c1"]},'
        ' {sum = 8, cells = ["r1c4", "r2c3", "r3c2", "r4c1"]}, {sum = 7, cells = ["r2c4", "r3c3", "r4c2"]}]'
    )
    [(line, _)] = combined.combined_lines(puzzle, running_sums.unit_of(puzzle))
    assert any(w < 0 for _, w in line)
    fast = answer_sets(render(puzzle).text)
    assert fast == answer_sets(render(puzzle, plain=True).text) and fast
