"""`print(grid)` and `print(result)` read like the CLI's output; `repr` stays the dataclass's."""

from __future__ import annotations

from asp_sudoku.core.model import Grid, Puzzle
from asp_sudoku.core.result import Result

FOUR = Grid(((1, 2, 3, 4), (3, 4, 1, 2), (2, 1, 4, 3), (4, 3, 2, 1)))
FOUR_TEXT = "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1"


def test_a_grid_prints_its_rows_with_the_default_boxes() -> None:
    assert str(FOUR) == FOUR_TEXT
    assert repr(FOUR) == "Grid(rows=((1, 2, 3, 4), (3, 4, 1, 2), (2, 1, 4, 3), (4, 3, 2, 1)))"


def test_a_grid_prints_like_the_cli() -> None:
    from asp_sudoku.picture.text import format_grid

    rows = tuple(tuple((3 * (r % 3) + r // 3 + c) % 9 + 1 for c in range(9)) for r in range(9))
    grid = Grid(rows)
    assert str(grid) == format_grid(grid, Puzzle(size=9, box=(3, 3), digits=(1, 9)))
    hexa = Grid(tuple(tuple((4 * (r % 4) + r // 4 + c) % 16 for c in range(16)) for r in range(16)))
    assert str(hexa) == format_grid(hexa, Puzzle(size=16, box=(4, 4), digits=(0, 15)))
    assert str(hexa).splitlines()[0] == "0 1 2 3 | 4 5 6 7 | 8 9 A B | C D E F"


def test_a_grid_of_a_size_without_default_boxes_has_no_separators() -> None:
    grid = Grid(((1, 2, 3), (2, 3, 1), (3, 1, 2)))
    assert str(grid) == "1 2 3\n2 3 1\n3 1 2"


def test_a_result_prints_its_status_count_seconds_and_first_grid() -> None:
    result = Result(status="unique", count=1, exhausted=True, solutions=(FOUR,), seconds=0.0123)
    assert str(result) == "unique: 1 solution found (0.012 s)\n" + FOUR_TEXT
    assert repr(result).startswith("Result(status='unique', count=1, exhausted=True, solutions=(Grid(rows=")


def test_a_result_says_when_its_count_is_a_lower_bound_and_prints_without_a_grid() -> None:
    stopped = Result(status="multiple", count=5, exhausted=False, solutions=(), seconds=2.0, timed_out=True)
    assert str(stopped) == "multiple: at least 5 solutions found (2.000 s, stopped by the time limit)"
    none = Result(status="unsatisfiable", count=0, exhausted=True, solutions=(), seconds=0.5)
    assert str(none) == "unsatisfiable: 0 solutions found (0.500 s)"


def test_a_result_uses_its_puzzles_boxes() -> None:
    jigsaw = Puzzle(size=4, box=None, digits=(1, 4))
    result = Result(status="unique", count=1, exhausted=True, solutions=(FOUR,), seconds=0.0, puzzle=jigsaw)
    assert str(result).splitlines()[1:] == ["1 2 3 4", "3 4 1 2", "2 1 4 3", "4 3 2 1"]


STOPPED = {"timed_out": True}
CTRL_C = {"interrupted": True}


def _lines(status: str, count: int, exhausted: bool, stop: dict[str, bool]) -> tuple[str, str]:
    from asp_sudoku.picture.text import check_line, count_line

    result = Result(status=status, count=count, exhausted=exhausted, solutions=(), seconds=1.0, **stop)
    return check_line(result), count_line(result, None)


def test_an_undecided_check_says_what_stopped_it_and_what_was_found() -> None:
    table = [  # status, count, exhausted, stopped by -> check's word, count's line
        ("unique", 1, True, {}, "unique", "1 solution (unique; 1.000 s)"),
        ("unsatisfiable", 0, True, {}, "unsatisfiable", "0 solutions (unsatisfiable; 1.000 s)"),
        ("multiple", 2, False, {}, "multiple", "at least 2 solutions (partial: stopped by the time limit; 1.000 s)"),
        ("unknown", 0, False, STOPPED,
         "unknown (stopped by the time limit before any solution was found; 1.000 s)",
         "no solution found yet (partial: stopped by the time limit; 1.000 s)"),
        ("unknown", 0, False, CTRL_C,
         "unknown (stopped by Ctrl-C before any solution was found; 1.000 s)",
         "no solution found yet (partial: stopped by Ctrl-C; 1.000 s)"),
        ("satisfiable", 1, False, STOPPED,
         "satisfiable (stopped by the time limit after one solution, before a second; 1.000 s)",
         "at least 1 solution (partial: stopped by the time limit; 1.000 s)"),
    ]
    for status, count, exhausted, stop, check, counted in table:
        assert _lines(status, count, exhausted, stop) == (check, counted), status
