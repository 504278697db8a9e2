"""Multi-shot solving of collections (`solve_many`): the same results as `solve` on every puzzle,
whatever the mix of shapes, statuses, limits, time limits and worker processes."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from helpers import ROOT, puzzle_from_toml

from asp_sudoku.core.model import Puzzle
from asp_sudoku.core.result import Result
from asp_sudoku.formats import load_many
from asp_sudoku.solving.many import SolverCache, shape_key
from asp_sudoku.solving.single import solve, solve_many

BENCH = ROOT / "bench" / "data"
MAGICTOUR = BENCH / "classic" / "magictour_top1465_first1000.txt"
ROYLE = BENCH / "classic" / "royle17_sample.txt"


def same(a: Result, b: Result) -> bool:
    """Equal answers: status, count, exhaustion and the grids, in the same order, even where the
    puzzle does not determine them (several solutions and a limit): a collection's output must not
    depend on the puzzles solved before it (`solve_with_cache` searches such a puzzle again on
    its own)."""
    return a == b and len(a.solutions) == len(b.solutions)


def assert_same_as_solve(puzzles: list[Puzzle], **options: object) -> list[Result]:
    got = list(solve_many(puzzles, **options))  # type: ignore[arg-type]
    assert [p for p, _ in got] == puzzles
    limit = options.get("limit", 2)
    keep = options.get("keep", 1)
    for puzzle, result in got:
        expected = solve(puzzle, limit=limit, keep=keep)  # type: ignore[arg-type]
        assert same(result, expected), puzzle.label
    return [r for _, r in got]


@pytest.mark.slow
def test_magictour_first_100_equal_solve() -> None:
    results = assert_same_as_solve(load_many(str(MAGICTOUR))[:100])
    assert all(r.status == "unique" for r in results)


def test_royle17_equal_solve() -> None:
    results = assert_same_as_solve(load_many(str(ROYLE))[:40])
    assert all(r.status == "unique" for r in results)


LOOSE_4 = "size = 4\ngivens = '''\n1 . . .\n. . 3 .\n. . . .\n. . . .\n'''\n"
CLASH_4 = "size = 4\ngivens = '''\n1 1 . .\n. . . .\n. . . .\n. . . .\n'''\n"
KILLER_4 = (
    "size = 4\n[[killer]]\ncells = ['r1c1', 'r1c2']\nsum = 3\n"
    "[[killer]]\ncells = ['r4c3', 'r4c4']\nsum = 7\n"
)


def mixed() -> list[Puzzle]:
    """Shapes and statuses interleaved, so the cache switches programs back and forth."""
    classic = load_many(str(MAGICTOUR))[:3]
    return [
        classic[0],
        puzzle_from_toml(LOOSE_4),
        puzzle_from_toml(CLASH_4),
        classic[1],
        puzzle_from_toml(KILLER_4),
        puzzle_from_toml(LOOSE_4),
        classic[2],
        puzzle_from_toml("size = 4\n"),
    ]


@pytest.mark.parametrize(
    "options",
    [
        pytest.param({}, id="uniqueness"),
        pytest.param({"limit": 1, "keep": 1}, id="first-solution"),
        pytest.param({"limit": None, "keep": None}, id="all-solutions"),
        pytest.param({"limit": 5, "keep": 3}, id="limit-5-keep-3"),
        pytest.param({"limit": 2, "keep": 0}, id="keep-none"),
    ],
)
def test_mixed_collection_equal_solve(options: dict[str, object]) -> None:
    results = assert_same_as_solve(mixed(), **options)
    statuses = {r.status for r in results}
    if options.get("limit", 2) != 1:
        assert {"unique", "multiple", "unsatisfiable"} <= statuses


def test_all_288_four_by_four_grids_in_a_collection() -> None:
    [(_, result)] = list(solve_many([puzzle_from_toml("size = 4\n")], limit=None, keep=None))
    assert result.count == 288 and result.exhausted and len(set(result.solutions)) == 288


def test_time_limit_path_equal_solve() -> None:
    puzzles = mixed()
    for puzzle, result in solve_many(puzzles, time_limit=60):
        assert same(result, solve(puzzle, keep=1)), puzzle.label
        assert not result.timed_out


def test_time_limit_stops_a_long_search() -> None:
    [(_, result)] = list(
        solve_many([puzzle_from_toml("size = 9\n")], limit=None, keep=0, time_limit=0.3)
    )
    assert result.timed_out and not result.exhausted and result.status == "multiple"


def test_shape_key_ignores_givens_and_titles_only() -> None:
    a, b = load_many(str(MAGICTOUR))[:2]
    assert shape_key(a) == shape_key(b)
    assert shape_key(a) == shape_key(dataclasses.replace(a, title="other", givens=()))
    miracle = dataclasses.replace(a, rules=("anti-king",))
    assert shape_key(miracle) != shape_key(a)


def test_one_grounding_serves_a_classic_collection() -> None:
    """The first puzzle of a shape is left to the caller (solved on its own); the second grounds
    the shape, and every later one is solved under assumptions in that one program."""
    cache = SolverCache()
    puzzles = load_many(str(MAGICTOUR))[:20]
    assert cache.solve(puzzles[0]) is None
    assert not cache._shapes
    for p in puzzles[1:]:
        assert cache.solve(p) is not None
    assert len(cache._shapes) == 1
    assert cache.solve(puzzles[0]) is not None  # a shape once grounded serves every puzzle of it


def test_killers_each_with_its_own_cages_are_all_solved_on_their_own() -> None:
    """A collection of puzzles of different shapes grounds no shape for multi-shot solving."""
    killers = [load_many(str(path))[0] for path in sorted((BENCH / "iss" / "HS_KILLERS").glob("*.toml"))]
    cache = SolverCache()
    assert all(cache.solve(k) is None for k in killers)
    assert not cache._shapes
    assert all(r.status == "unique" for _, r in solve_many(killers))


def test_without_first_alone_the_cache_solves_the_first_puzzle_too() -> None:
    cache = SolverCache(first_alone=False)
    puzzle = load_many(str(MAGICTOUR))[0]
    out = cache.solve(puzzle)
    assert out is not None and out.count == 1 and out.exhausted
    assert out.solutions == solve(puzzle).solutions


def test_grids_are_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    """A grid the checker rejects is a loud internal error, never a result."""
    from asp_sudoku.core.errors import InternalCheckError
    from asp_sudoku.solving import verify

    monkeypatch.setattr(verify, "violations", lambda puzzle, grid: ["planted failure"])
    with pytest.raises(InternalCheckError, match="planted failure"):
        list(solve_many(load_many(str(MAGICTOUR))[:2]))  # the second is solved multi-shot


def test_grids_of_puzzles_solved_on_their_own_are_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    from asp_sudoku.core.errors import InternalCheckError
    from asp_sudoku.solving import verify

    monkeypatch.setattr(verify, "violations", lambda puzzle, grid: ["planted failure"])
    for workers in (1, 2):
        with pytest.raises(InternalCheckError, match="planted failure"):
            list(solve_many(load_many(str(MAGICTOUR))[:3], workers=workers))


@pytest.mark.slow
def test_two_workers_equal_one_process() -> None:
    puzzles = load_many(str(MAGICTOUR))[:150] + mixed()
    one = list(solve_many(puzzles))
    two = list(solve_many(puzzles, workers=2))
    assert [p for p, _ in two] == puzzles
    assert all(same(a, b) for (_, a), (_, b) in zip(one, two))


@pytest.mark.slow
def test_magictour_first_1000_unique_and_checked() -> None:
    """The benchmarked collection: every puzzle unique (each grid passed the checker)."""
    results = [r for _, r in solve_many(load_many(str(MAGICTOUR)))]
    assert len(results) == 1000
    assert all(r.status == "unique" and len(r.solutions) == 1 for r in results)


def test_bench_classic_files_hold_what_they_say() -> None:
    assert len(load_many(str(MAGICTOUR))) == 1000
    assert len(load_many(str(ROYLE))) == 99
    first = Path(MAGICTOUR).read_text(encoding="utf-8").splitlines()[1]
    assert first.startswith("4...3.......6..8")


def test_counts_check_their_first_models(monkeypatch: pytest.MonkeyPatch) -> None:
    """A count keeps no grid, yet its first models are checked: a template that allows too much
    is a loud internal error, not a wrong number (a raw-grid anti-king once counted 7,001,316
    grids for 42), alone and in a collection solved multi-shot."""
    from asp_sudoku.core.errors import InternalCheckError
    from asp_sudoku.solving import verify
    from asp_sudoku.solving.single import count

    puzzles = load_many(str(MAGICTOUR))[:2]
    monkeypatch.setattr(verify, "violations", lambda puzzle, grid: ["planted failure"])
    with pytest.raises(InternalCheckError, match="planted failure"):
        count(puzzles[0])
    with pytest.raises(InternalCheckError, match="planted failure"):
        list(solve_many(puzzles, limit=None, keep=0))  # the second is solved multi-shot


def test_a_second_search_stopped_by_the_time_limit_leaves_the_first_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """A puzzle with several solutions is searched again on its own (its grids are then those
    `solve` shows); when the time limit stops that search knowing less than the shared one, the
    shared answer stands, marked timed out where it stopped short of the limit asked for."""

    from asp_sudoku.solving import many

    loose = puzzle_from_toml(LOOSE_4)
    real = many._alone
    limits: list[float | None] = []

    def stopped(puzzle, cache, limit, keep, time_limit, cancel):  # type: ignore[no-untyped-def]
        limits.append(time_limit)
        found = real(puzzle, cache, 1, keep, time_limit, cancel)  # one model, then "the time limit"
        return dataclasses.replace(found, timed_out=True, exhausted=False)

    monkeypatch.setattr(many, "_alone", stopped)
    cache = many.SolverCache(first_alone=False)
    result = many.solve_with_cache(loose, cache, limit=2, keep=2, time_limit=30.0)
    assert limits and limits[0] is not None and limits[0] < 30.0  # what the shared search left
    assert (result.status, result.count, len(result.solutions), result.timed_out) == ("multiple", 2, 2, False)
    result = many.solve_with_cache(loose, cache, limit=None, keep=None, time_limit=30.0)
    assert (result.status, result.count, result.exhausted, result.timed_out) == ("multiple", 2, False, True)


FIVE_SHAPES = ["1" + "." * (n * n - 1) for n in (4, 6, 8, 9, 16)]  # one-line grids of five shapes


def test_a_collection_taking_turns_among_five_shapes_grounds_each_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by a QA pass: with four shapes kept, a collection of 4x4, 6x6, 8x8, 9x9 and 16x16
    lines in turn grounded every puzzle again (41 s against 4.6 s sorted by shape)."""
    import asp_sudoku.solving.many as many
    from asp_sudoku.formats import parse_many

    grounded: list[object] = []
    real = many.ground_shape
    monkeypatch.setattr(many, "ground_shape", lambda *a, **k: (grounded.append(a[0].size), real(*a, **k))[1])
    puzzles = parse_many("\n".join(FIVE_SHAPES * 4) + "\n", fmt="lines")
    assert [p.size for p in puzzles] == [4, 6, 8, 9, 16] * 4
    results = list(solve_many(puzzles, limit=1, keep=0))
    assert len(results) == 20 and all(r.count == 1 for _, r in results)
    assert sorted(grounded) == [4, 6, 8, 9, 16]  # each shape once (the first of each is solved alone)


def test_an_evicted_shape_is_freed_at_once() -> None:
    """The control held its last search's callback, which held the shape: an evicted shape
    stayed until the garbage collector ran (a collection cycling through shapes grew by every
    grounding)."""
    import gc
    import weakref

    from asp_sudoku.formats import parse_many

    four, six = parse_many(FIVE_SHAPES[0] + "\n" + FIVE_SHAPES[1] + "\n", fmt="lines")
    cache = SolverCache(size=1, first_alone=False)
    gc.disable()
    try:
        cache.solve(four, limit=1)
        first = weakref.ref(cache._shapes[shape_key(four)])
        cache.solve(six, limit=1)  # evicts the 4x4
        assert first() is None
    finally:
        gc.enable()


@pytest.mark.parametrize("budget", [1000, 1], ids=["default-budget", "budget-1-conflict"])
def test_a_time_limit_searches_synchronously_first_with_the_same_answers(budget: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by a QA pass: with a time limit every puzzle of a collection was searched
    asynchronously (a solver thread and a handle each): magictour's 1465 took 1.6 times as long
    as without a limit.  Now a search within `QUICK_CONFLICTS` conflicts comes first; a puzzle that
    needs more is searched again where the time limit can stop it.  The answers are those without
    a time limit, whichever way each puzzle went."""
    import asp_sudoku.solving.many as many

    puzzles = load_many(str(MAGICTOUR))[:60]
    plain = [r for _, r in solve_many(puzzles, limit=2, keep=2)]
    waited: list[object] = []
    real = many.wait_for
    monkeypatch.setattr(many, "wait_for", lambda *a, **k: (waited.append(1), real(*a, **k))[1])
    monkeypatch.setattr(many, "QUICK_CONFLICTS", budget)
    limited = [r for _, r in solve_many(puzzles, limit=2, keep=2, time_limit=60)]
    assert [(r.status, r.count, r.exhausted, r.solutions) for r in limited] == [
        (r.status, r.count, r.exhausted, r.solutions) for r in plain
    ]
    if budget == 1:
        assert len(waited) > 20  # most searched again under the time limit
    else:
        assert waited == []  # every one within the budget: no solver thread
