"""Every benchmarked answer is right: the bench data solve to their recorded answers (each grid
also passes the checker inside the solver), SWI-Prolog's seed programs give the recorded answers,
and the naive reference encoding agrees with asp-sudoku.  No timing is asserted anywhere."""

from __future__ import annotations

import json
from typing import Any

import pytest
from helpers import ROOT, assert_solution

import bench.runners as prolog
from asp_sudoku.core.model import Puzzle
from asp_sudoku.formats import load, load_many
from asp_sudoku.rules.killer import Killer
from asp_sudoku.solving.single import count, solve, solve_many

BENCH = ROOT / "bench" / "data"
INDEX: list[dict[str, Any]] = json.loads((BENCH / "index.json").read_text(encoding="utf-8"))

# The longest proofs (several seconds each on a loaded 2-core machine) run with -m nightly;
# one of them stays in the default run.
LONG = {e["file"] for e in INDEX if "MATHEMAGIC" in e["file"]} - {"iss/MATHEMAGIC_KILLERS/01.toml"}


def bench_puzzle(rel: str) -> Puzzle:
    return load(str(BENCH / rel))


def marks(entry: dict[str, Any]) -> list[pytest.MarkDecorator]:
    if entry["file"] in LONG:
        return [pytest.mark.nightly]
    if "iss/" in entry["file"] or "most_difficult" in entry["file"]:
        return [pytest.mark.slow]
    return []


@pytest.mark.parametrize(
    "entry",
    [pytest.param(e, id=e["file"], marks=marks(e)) for e in INDEX if e.get("count") is None],
)
def test_bench_puzzle_gives_the_recorded_answer(entry: dict[str, Any]) -> None:
    puzzle = bench_puzzle(entry["file"])
    result = solve(puzzle, limit=2, keep=2)
    assert result.exhausted or result.count == 2
    for grid in result.solutions:
        assert_solution(puzzle, grid)
    if entry.get("unique") is True:
        assert result.status == "unique"
    if entry.get("unique") is False:
        assert result.status == "multiple"
    if entry.get("solution"):
        assert result.solutions[0].as_string() == entry["solution"]
    assert entry.get("unique") is not None, "every benchmarked puzzle has a known answer"


def test_miracle_count_is_72() -> None:
    entry = next(e for e in INDEX if e["file"] == "seeds/miracle-empty.toml")
    result = count(load(str(BENCH / entry["file"])))
    assert result.exhausted and result.count == entry["count"] == 72


def test_every_iss_collection_is_there() -> None:
    collections = {}
    for e in INDEX:
        if e.get("collection"):
            collections[e["collection"]] = collections.get(e["collection"], 0) + 1
    assert collections == {
        "TAREK_ALL": 33,
        "HS_KILLERS": 7,
        "EXAMPLE_EXTREME_KILLERS": 4,
        "MATHEMAGIC_KILLERS": 10,
    }


@pytest.mark.parametrize("rel", sorted(e["file"] for e in INDEX if e["file"].endswith(".iss")))
def test_raw_iss_killers_read_as_whole_killers(rel: str) -> None:
    """The five TAREK entries kept as ISS strings read as killers whose cages cover the grid
    once, with sums adding up to 405 (a misread cage would show here)."""
    puzzle = bench_puzzle(rel)
    cages = [cage for cage in puzzle.clues if isinstance(cage, Killer)]
    assert len(cages) == len(puzzle.clues)
    cells = [cell for cage in cages for cell in cage.cells]
    assert sorted(cells) == [(r, c) for r in range(1, 10) for c in range(1, 10)]
    assert sum(cage.total or 0 for cage in cages) == 405


def test_royle17_sample_unique() -> None:
    results = [r for _, r in solve_many(load_many(str(BENCH / "classic" / "royle17_sample.txt")))]
    assert len(results) == 99 and all(r.status == "unique" for r in results)


def test_magictour_held_out_sample_is_the_rest_of_the_collection() -> None:
    """The first 1000 and the held-out 465 of bench/logic_ratings.py: disjoint, 1465 in all,
    every one unique."""
    first = load_many(str(BENCH / "classic" / "magictour_top1465_first1000.txt"))
    rest = load_many(str(BENCH / "classic" / "magictour_top1465_last465.txt"))
    assert (len(first), len(rest)) == (1000, 465)
    assert not {p.givens for p in first} & {p.givens for p in rest}
    assert all(r.status == "unique" for _, r in solve_many(rest))


# ---- SWI-Prolog running the seeds' programs --------------------------------------------------
# bench/ is part of the repository (its data and programs too: nothing here needs ../shared), so
# it is imported at the top like any module: an import error fails the collection, it is not a
# skip.  Only the tests that run SWI-Prolog skip, each on its own, when swipl is not installed.


def needs_swipl() -> None:
    if prolog.swipl() is None:
        pytest.skip("swipl (SWI-Prolog) is not installed: apt-get install swi-prolog-nox")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("program", "workload", "rel"),
    [
        ("killer.pl", "wiki", "seeds/killer-wiki.toml"),
        ("miracle.pl", "given12", "seeds/miracle-given12.toml"),
        ("spoons.pl", "spoons", "seeds/spoons.toml"),
    ],
)
def test_seed_prolog_programs_give_the_recorded_answer(
    program: str, workload: str, rel: str
) -> None:
    needs_swipl()
    run = prolog.prolog(program, workload, 2, 300)
    entry = next(e for e in INDEX if e["file"] == rel)
    assert run.finished and run.count == 1
    assert run.first == entry["solution"]


def test_prolog_cap_reports_a_lower_bound() -> None:
    needs_swipl()
    run = prolog.prolog("miracle.pl", "empty", 0, 0.5)
    assert not run.finished and run.seconds >= 0.5 and run.count < 72


# ---- the naive reference encoding --------------------------------------------------------------


def test_naive_reference_agrees() -> None:
    named = [
        (e["file"], load(str(BENCH / e["file"])))
        for e in INDEX
        if e["file"]
        in ("seeds/killer-wiki.toml", "seeds/spoons.toml", "seeds/miracle-given12.toml")
    ]
    named += [
        (f"magictour#{i}", p)
        for i, p in enumerate(
            load_many(str(BENCH / "classic" / "magictour_top1465_first1000.txt"))[:5]
        )
    ]
    naive, _ = prolog.naive_collection(named, time_limit=120)
    ours, _ = prolog.ours_collection(named)
    assert [(t.status, t.grid) for t in naive] == [(t.status, t.grid) for t in ours]
    assert all(t.status == "unique" for t in ours)


def test_naive_program_has_no_speed_templates_and_pairwise_base() -> None:
    puzzle = load(str(BENCH / "seeds" / "killer-wiki.toml"))
    text = prolog.naive_program(puzzle)
    assert (
        "Naive reference" in text
        and "killerCombination" not in text
        and "killerImplied" not in text
    )
    assert "#sum" in text
