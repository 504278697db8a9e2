"""Classic collections through `solve_many` (the fast multi-shot path of
asp_sudoku/solving_many.py and asp_sudoku/solving_shape.py): the same answers as `solve` on a
sample of hard, 17-clue, multiple-solution and unsatisfiable 9x9 puzzles, every kept grid passing
the independent checker, and the decoding shortcuts (raw shown symbols, atom tables built from
Python-made symbols) equal to the public-API way."""

from __future__ import annotations

import dataclasses
import itertools
from pathlib import Path

import clingo
import pytest
from helpers import ROOT

from asp_sudoku.checker import violations
from asp_sudoku.core.errors import InternalCheckError
from asp_sudoku.core.model import Grid, Puzzle
from asp_sudoku.core.result import Result
from asp_sudoku.formats import load, load_many
from asp_sudoku.solving import many as solving_many
from asp_sudoku.solving import shape as solving_shape
from asp_sudoku.solving.many import SolverCache
from asp_sudoku.solving.shape import decode_keys, decode_model, shown_keys
from asp_sudoku.solving.single import solve, solve_many

CLASSIC = ROOT / "bench" / "data" / "classic"
MAGICTOUR = CLASSIC / "magictour_top1465_first1000.txt"
ROYLE = CLASSIC / "royle17_sample.txt"


def _box(puzzle: Puzzle, r: int, c: int) -> tuple[int, int]:
    assert puzzle.box is not None
    return (r - 1) // puzzle.box[0], (c - 1) // puzzle.box[1]


def fewer_givens(puzzle: Puzzle, drop: int) -> Puzzle:
    """The puzzle without its first `drop` givens (several solutions, as the tests check)."""
    return dataclasses.replace(puzzle, givens=puzzle.givens[drop:], entry=f"{puzzle.entry}-{drop}")


def clashing_given(puzzle: Puzzle) -> Puzzle:
    """A given that repeats a digit already given in its row: unsatisfiable at once."""
    given = {(r, c) for r, c, _ in puzzle.givens}
    r, c0, v = puzzle.givens[0]
    c = next(c for c in range(1, 10) if (r, c) not in given)
    extra = tuple(sorted((*puzzle.givens, (r, c, v))))
    return dataclasses.replace(puzzle, givens=extra, entry=f"{puzzle.entry}-clash")


def wrong_given(puzzle: Puzzle, solution: Grid) -> Puzzle:
    """A given that clashes with no given in its row, column or box but differs from the unique
    solution: unsatisfiable, which only a search shows."""
    givens = {(r, c): v for r, c, v in puzzle.givens}
    for r, c in itertools.product(range(1, 10), repeat=2):
        if (r, c) in givens:
            continue
        seen = {
            v
            for (r2, c2), v in givens.items()
            if r2 == r or c2 == c or _box(puzzle, r2, c2) == _box(puzzle, r, c)
        }
        for v in range(1, 10):
            if v != solution.value((r, c)) and v not in seen:
                extra = tuple(sorted((*puzzle.givens, (r, c, v))))
                return dataclasses.replace(puzzle, givens=extra, entry=f"{puzzle.entry}-wrong")
    raise AssertionError("no candidate left")


def sample() -> list[Puzzle]:
    """Hard and 17-clue puzzles with derived multiple-solution and unsatisfiable ones mixed in."""
    hard = load_many(str(MAGICTOUR))
    royle = load_many(str(ROYLE))
    out: list[Puzzle] = []
    for i, puzzle in enumerate(hard[:30]):
        out.append(puzzle)
        if i % 5 == 0:
            out.append(fewer_givens(puzzle, 3))
        if i % 5 == 1:
            out.append(clashing_given(puzzle))
        if i % 5 == 2:
            out.append(wrong_given(puzzle, solve(puzzle).solutions[0]))
    for i, puzzle in enumerate(royle[:20]):
        out.append(puzzle)
        if i % 4 == 0:
            out.append(fewer_givens(puzzle, 1))
        if i % 4 == 1:
            out.append(wrong_given(puzzle, solve(puzzle).solutions[0]))
    return out


def same(a: Result, b: Result) -> bool:
    """Equal answers: status, count, exhaustion and the grids, in the same order, even where the
    puzzle does not determine them (several solutions and a limit): a collection's output must not
    depend on the puzzles solved before it (`solve_with_cache` searches such a puzzle again on
    its own)."""
    return a == b and len(a.solutions) == len(b.solutions)


@pytest.fixture(scope="module")
def puzzles() -> list[Puzzle]:
    return sample()


@pytest.mark.parametrize(
    "options",
    [
        pytest.param({}, id="uniqueness"),
        pytest.param({"limit": 1, "keep": 1}, id="first-solution"),
        pytest.param({"limit": 20, "keep": None}, id="twenty-kept"),
        pytest.param({"limit": 2, "keep": 0}, id="keep-none"),
        pytest.param({"time_limit": 60.0}, id="time-limit-path"),
    ],
)
@pytest.mark.slow
def test_classic_sample_equal_solve(puzzles: list[Puzzle], options: dict[str, object]) -> None:
    got = list(solve_many(puzzles, **options))  # type: ignore[arg-type]
    assert [p for p, _ in got] == puzzles
    limit = options.get("limit", 2)
    keep = options.get("keep", 1)
    for puzzle, result in got:
        expected = solve(puzzle, limit=limit, keep=keep)  # type: ignore[arg-type]
        assert same(result, expected), puzzle.label
        for grid in result.solutions:
            assert violations(puzzle, grid) == [], puzzle.label
    statuses = [r.status for _, r in got]
    if limit != 1:
        assert {"unique", "multiple", "unsatisfiable"} <= set(statuses)
        assert statuses.count("unique") == 50


def test_every_solution_of_a_loose_puzzle() -> None:
    """All solutions (no limit) of two puzzles with a given taken away (185 and 167 solutions;
    other puzzles of the file have tens of thousands), as `solve` lists them."""
    hard = load_many(str(MAGICTOUR))
    loose = [fewer_givens(hard[4], 1), fewer_givens(hard[5], 1)]
    for puzzle, result in solve_many(loose, limit=None, keep=None):
        expected = solve(puzzle, limit=None, keep=None)
        assert result.status == "multiple" and result.exhausted
        assert result.count == expected.count == len(result.solutions) > 100
        assert set(result.solutions) == set(expected.solutions)


def test_public_api_decoding_gives_the_same_results(
    puzzles: list[Puzzle], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without the raw shown-symbol read (another clingo build), the results are the same."""
    fast = [r for _, r in solve_many(puzzles[:25])]
    monkeypatch.setattr(solving_shape, "_RAW", False)
    slow = [r for _, r in solve_many(puzzles[:25])]
    assert all(same(a, b) for a, b in zip(fast, slow))


def test_shown_keys_equal_the_public_symbols() -> None:
    puzzle = load_many(str(MAGICTOUR))[0]
    shape = SolverCache().shape(puzzle)
    shape.control.configuration.solve.models = "1"  # type: ignore[union-attr]
    seen: list[tuple[list[object], list[clingo.Symbol]]] = []

    def on_model(model: clingo.Model) -> None:
        seen.append((list(shown_keys(model)), list(model.symbols(shown=True))))

    shape.control.solve(assumptions=shape.assumptions(puzzle) or [], on_model=on_model)
    [(keys, symbols)] = seen
    assert keys == [solving_shape._symbol_key(s) for s in symbols]
    assert decode_keys(shape, 9, keys) == decode_model(shape, 9, symbols)
    assert violations(puzzle, decode_keys(shape, 9, keys)) == []


def test_a_malformed_model_is_an_internal_error() -> None:
    puzzle = load_many(str(MAGICTOUR))[0]
    shape = SolverCache().shape(puzzle)
    keys = [k for k, i in shape.index.items() if shape.digit[k] == 1 or i >= 9]
    one_per_cell = {shape.index[k]: k for k in keys}
    with pytest.raises(InternalCheckError, match="placed"):
        decode_keys(shape, 9, list(one_per_cell.values())[:-1])  # a cell left empty
    with pytest.raises(InternalCheckError, match="placed"):
        decode_keys(shape, 9, keys)  # cells with several digits


@pytest.mark.parametrize(
    "path",
    [
        MAGICTOUR,
        ROOT / "instances" / "classic-16x16-seed.toml",
        ROOT / "instances" / "classic-6x6-zero-based.toml",
        ROOT / "instances" / "classic-4x4-seed-a.toml",
        ROOT / "instances" / "miracle.toml",
    ],
    ids=lambda p: Path(p).name,
)
def test_atom_tables_equal_the_symbol_by_symbol_way(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    puzzle = load_many(str(path))[0] if path.suffix == ".txt" else load(str(path))
    fast = SolverCache().shape(puzzle)
    monkeypatch.setattr(solving_shape, "_HAS_REP", False)
    slow = SolverCache().shape(puzzle)
    assert fast.literals == slow.literals
    assert len(fast.literals) == len(list(fast.control.symbolic_atoms.by_signature("numberAt", 3)))
    # without `_rep` the tables are keyed by Symbol objects: compare through each one's `_rep`
    assert {k._rep: v for k, v in slow.index.items()} == fast.index  # type: ignore[attr-defined]
    assert {k._rep: v for k, v in slow.digit.items()} == fast.digit  # type: ignore[attr-defined]
    assert len(fast.index) == puzzle.size**2 * (puzzle.digits[1] - puzzle.digits[0] + 1)


@pytest.mark.parametrize("time_limit", [None, 60.0], ids=["synchronous", "time-limit"])
def test_an_error_while_decoding_reaches_the_caller(
    monkeypatch: pytest.MonkeyPatch, time_limit: float | None
) -> None:
    """An error raised in the model callback (here: a decoding failure) is raised by solve_many,
    never swallowed into a result, on both search paths."""

    def broken(shape: object, size: int, keys: object, cols: int = 0) -> Grid:
        raise InternalCheckError("planted decoding failure")

    monkeypatch.setattr(solving_many, "decode_keys", broken)
    with pytest.raises(InternalCheckError, match="planted decoding failure"):
        list(solve_many(load_many(str(MAGICTOUR))[:2], time_limit=time_limit))
