"""The core pipeline against published and cross-checked figures."""

from __future__ import annotations

import pytest
from helpers import DATA, INSTANCES, assert_solution

from asp_sudoku import count, load, solve
from asp_sudoku.core.model import DEFAULT_BOXES, Grid, Puzzle
from asp_sudoku.formats import load_many, parse_many

INKALA = "812753649943682175675491283154237896369845721287169534521974368438526917796318452"


def empty(size: int, givens: tuple[tuple[int, int, int], ...] = ()) -> Puzzle:
    return Puzzle(size=size, box=DEFAULT_BOXES[size], digits=(1, size), givens=givens)


def test_every_4x4_grid_is_found_once_and_checked() -> None:
    found: list[Grid] = []
    result = solve(empty(4), limit=None, on_solution=found.append)
    assert result.count == 288 and result.exhausted and result.status == "multiple"
    assert len(set(found)) == 288
    for grid in found:
        assert_solution(empty(4), grid)


def test_6x6_with_first_row_fixed_has_39168_solutions() -> None:
    puzzle = empty(6, tuple((1, c, c) for c in range(1, 7)))
    result = count(puzzle)
    assert (result.count, result.exhausted) == (39168, True)


def test_count_limit_stops_and_says_so() -> None:
    result = count(empty(4), limit=10)
    assert (result.count, result.exhausted) == (10, False)


@pytest.mark.parametrize(
    "collection", ["magictour_top1465_first100.txt", "norvig_hardest.txt"]
)
def test_hard_classic_collections_are_unique(collection: str) -> None:
    puzzles = load_many(str(DATA / "classic" / collection))
    assert len(puzzles) in (100, 11)
    for puzzle in puzzles:
        result = solve(puzzle)
        assert result.status == "unique", puzzle.title
        assert_solution(puzzle, result.solutions[0])
        # every given survives into the solution
        for r, c, v in puzzle.givens:
            assert result.solutions[0].value((r, c)) == v


def test_inkala_solution_is_the_published_one() -> None:
    result = solve(load(str(INSTANCES / "classic-inkala.toml")))
    assert result.status == "unique"
    assert result.solutions[0].as_string() == INKALA


SEED_16 = [
    "C48F2E03D6B17A59", "539DF1780CAE462B", "6A014D9B5728CE3F", "B2E7A56C349F80D1",
    "DB2509164F37EC8A", "EF63B824CA059D17", "894C37AE1BD62F05", "701A5CFDE289B346",
    "FD39C6B5281A047E", "26708ADFB3E4519C", "A5B472E1F9C0D863", "18CE9340657DABF2",
    "0CF6EB597D4312A8", "9EA21437806CF5BD", "315BD08A9EF267C4", "47D86FC2A15B39E0",
]


@pytest.mark.parametrize("extra_clue", [False, True], ids=["as-printed", "with-r1c6-14"])
def test_seed_16x16_is_unique_with_or_without_the_extra_clue(extra_clue: bool) -> None:
    puzzle = load(str(INSTANCES / "classic-16x16-seed.toml"))
    assert puzzle.digits == (0, 15)
    if extra_clue:
        puzzle = Puzzle(
            size=16, box=(4, 4), digits=(0, 15), givens=tuple(sorted(puzzle.givens + ((1, 6, 14),)))
        )
    result = solve(puzzle)
    assert result.status == "unique"
    expected = tuple(tuple(int(ch, 16) for ch in row) for row in SEED_16)
    assert result.solutions[0].rows == expected
    assert_solution(puzzle, result.solutions[0])


@pytest.mark.parametrize(
    "name, first_row",
    [("classic-4x4-seed-a", (4, 1, 2, 3)), ("classic-4x4-seed-b", (1, 4, 3, 2))],
)
def test_seed_4x4_examples_give_the_printed_solution(name: str, first_row: tuple[int, ...]) -> None:
    result = solve(load(str(INSTANCES / f"{name}.toml")), limit=None)
    assert result.status == "unique"
    assert result.solutions[0].rows[0] == first_row


def test_seed_9x9_gives_the_printed_solution() -> None:
    result = solve(load(str(INSTANCES / "classic-9x9-seed.toml")))
    assert result.status == "unique"
    assert result.solutions[0].rows[0] == (9, 3, 5, 8, 4, 7, 2, 1, 6)
    assert result.solutions[0].rows[8] == (4, 7, 1, 6, 9, 2, 3, 8, 5)


def test_zero_based_6x6_matches_published_solution() -> None:
    result = solve(load(str(INSTANCES / "classic-6x6-zero-based.toml")))
    assert result.status == "unique"
    assert result.solutions[0].as_string() == "214035305214430152152403521340043521"
    shifted = solve(load(str(INSTANCES / "classic-6x6.toml")))
    assert shifted.solutions[0].as_string() == "325146416325541263263514632451154632"


def test_contradictory_givens_have_no_solution() -> None:
    result = solve(empty(9, ((1, 1, 5), (1, 9, 5))))
    assert (result.status, result.count, result.exhausted) == ("unsatisfiable", 0, True)


def test_limit_one_is_satisfiable_not_unique() -> None:
    result = solve(empty(4), limit=1)
    assert (result.status, result.count, result.exhausted) == ("satisfiable", 1, False)


def test_keep_bounds_the_solutions_held() -> None:
    result = solve(empty(4), limit=None, keep=3)
    assert result.count == 288 and len(result.solutions) == 3


def test_chaos_construction_counts_digit_grids_in_every_path() -> None:
    """A grid of digits that fits several region layouts is one answer (``--project``), whether
    solved alone, counted, or solved with others of its shape (one grounding under assumptions)."""
    from asp_sudoku.formats import parse_many
    from asp_sudoku.solving.single import solve_many

    text = 'size = 4\nbox = "none"\nrules = ["chaos-construction"]\ngivens = "1 2 3 4\\n2 1 4 3\\n. . . .\\n. . . ."\n'
    (puzzle,) = parse_many(text, "<t>.toml", "toml")
    alone = solve(puzzle, limit=None)
    assert alone.count == len({g.rows for g in alone.solutions}) == 4  # the 4 Latin squares completing it
    assert count(puzzle).count == 4
    for _, result in solve_many([puzzle, puzzle], limit=None, keep=None):
        assert result.count == len({g.rows for g in result.solutions}) == 4


def test_the_setter_counts_digit_grids_of_chaos_puzzles_too() -> None:
    """minimize/explain/generate search through SwitchedProgram: a chaos puzzle's digit grid that
    fits several region layouts is one answer there too (as in solve and count)."""
    from asp_sudoku.program.board import all_on, make_board
    from asp_sudoku.rules import global_rule
    from asp_sudoku.solving.switches import SwitchedProgram

    example = global_rule("chaos-construction").examples[0]
    [puzzle] = parse_many(example.toml, "chaos.toml", "toml")
    board = make_board(puzzle, givens=True, clues=True, rules=False)
    result = SwitchedProgram(board).solve(all_on(board), limit=None, keep=100)
    assert result.count == len(example.solutions) == 4


def test_seconds_and_the_time_limit_count_building_the_program(monkeypatch: pytest.MonkeyPatch) -> None:
    """A result's seconds start before the program is built (ISS's times count its build too),
    and so does the time limit: a search whose program took 0.3 s to build is past a limit of
    0.2 s when it begins (a search that ends at once may still finish: it is not cut short)."""
    import time

    from asp_sudoku.solving import many, single

    def slow(build):  # type: ignore[no-untyped-def]
        def text(puzzle: Puzzle) -> str:
            time.sleep(0.3)
            return build(puzzle)

        return text

    monkeypatch.setattr(single, "program_text", slow(single.program_text))
    monkeypatch.setattr(many, "program_text", slow(many.program_text))
    puzzle = empty(4, ((1, 1, 1), (1, 2, 2), (2, 1, 3)))
    assert solve(puzzle).seconds >= 0.3
    assert count(puzzle).seconds >= 0.3
    [(_, alone)] = list(single.solve_many([puzzle]))  # the first of its shape: solved on its own
    assert alone.seconds >= 0.3 and alone.count == 2
    endless = count(empty(9), time_limit=0.2)  # (every 9x9 grid: a search that never ends in time)
    assert endless.timed_out and 0.3 <= endless.seconds < 5  # stopped as soon as the search began
    assert not solve(puzzle, time_limit=5).timed_out
