"""The library as a scripting user meets it at its edges (found by a QA pass of the Python API,
stop 42): each case failed before with a raw exception, a crash in multiprocessing, a puzzle
answered that a file with the same content is refused for, or results that never compare equal."""

from __future__ import annotations

import math
import pickle

import pytest

import asp_sudoku as A
from asp_sudoku import Grid, Puzzle
from asp_sudoku.core.errors import AspSudokuError, PuzzleFormatError
from asp_sudoku.formats.toml.writer import to_toml
from asp_sudoku.rules.killer import Killer

FOUR = "size = 4\ngivens = \"\"\"\n1 . . .\n. . . .\n. . . .\n. . . .\n\"\"\"\n"  # 72 solutions
UNIQUE_FOUR = "size = 4\ngivens = \"\"\"\n1 2 . .\n3 . . .\n. . 4 .\n. . . 1\n\"\"\"\n"


def test_a_format_error_survives_pickling() -> None:
    """A worker process hands its error to the parent (before: TypeError on unpickling, and a
    ProcessPoolExecutor broke)."""
    with pytest.raises(PuzzleFormatError) as caught:
        A.load("size = 99\n")
    caught.value.entry = "7"
    again = pickle.loads(pickle.dumps(caught.value))
    assert (type(again), str(again), again.path, again.line, again.message, again.column, again.entry) == (
        PuzzleFormatError, str(caught.value), caught.value.path, caught.value.line, caught.value.message,
        caught.value.column, "7",
    )


@pytest.mark.parametrize(
    ("call", "error", "said"),
    [
        (lambda p: A.explain(p, limit=None), TypeError, "limit must be a whole number"),
        (lambda p: A.count(p, threads=65), ValueError, "threads must be 1-64"),
        (lambda p: A.solve(p, threads=10**6), ValueError, "threads must be 1-64"),
        (lambda p: A.count(p, threads=None), TypeError, "threads must be a whole number"),
        (lambda p: A.candidates(p, counts="no"), TypeError, "counts must be True or False"),
        (lambda p: A.minimize(p, rules=-1), TypeError, "rules must be True or False"),
    ],
    ids=["explain-limit-none", "threads-65", "threads-huge", "threads-none", "counts-str", "rules-int"],
)
def test_options_out_of_range_are_named_before_any_search(call, error: type[Exception], said: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(error, match=said):
        call(A.load(FOUR))


GENERATE_REFUSED = [
    ({"attempts": 0, "rating": (0.0, 1.0)}, ValueError, "attempts must be at least 1"),
    ({"attempts": -1}, ValueError, "attempts must be at least 1"),
    ({"givens": -1}, ValueError, "givens must be at least 0"),
    ({"givens": 1.5}, TypeError, "givens must be a whole number"),
    ({"givens": 17}, ValueError, "givens must be at most 16"),  # was a full grid with target_reached False
    ({"box": (2,)}, TypeError, "box must be"),
    ({"box": "2by2"}, ValueError, "box must be"),
    ({"time_limit": "1"}, TypeError, "time_limit must be a number"),
    ({"time_limit": 0}, ValueError, "time_limit must be a finite number of seconds above 0"),
    ({"time_limit": -1}, ValueError, "time_limit must be a finite number of seconds above 0"),
    ({"time_limit": math.inf}, ValueError, "time_limit must be a finite number of seconds above 0 .None: no limit., not inf"),
    ({"size": "4"}, TypeError, "size must be a whole number"),
    ({"size": 26}, ValueError, "size must be 1-25"),
    ({"rating": 1}, TypeError, "rating must be a pair"),
    ({"rating": (5, 1)}, ValueError, "low at most high"),
    ({"rating": (math.nan, 5)}, ValueError, "low at most high"),
    ({"values": 4}, TypeError, "values must be text"),
    ({"seed": None}, TypeError, "seed must be a whole number"),
    ({"seed": -7}, ValueError, "seed must be 0 or more"),  # was Random(7)'s puzzle, reported as seed -7
    ({"rating": (-5, -1)}, ValueError, "low 0 or more"),
    ({"seed": "abc"}, TypeError, "seed must be a whole number"),
    ({"rules": "anti-king"}, TypeError, "rules must be a list of names"),
    ({"clues": ("killer", 3)}, TypeError, "clues must be a list of names"),
]


@pytest.mark.parametrize(("options", "error", "said"), GENERATE_REFUSED, ids=[str(o) for o, _, _ in GENERATE_REFUSED])
def test_generate_names_a_wrong_option(options: dict[str, object], error: type[Exception], said: str) -> None:
    """Before: a bare AssertionError, IndexError, raw operator TypeErrors, or the option taken
    without a word (a seed of None: a puzzle no seed reproduces)."""
    with pytest.raises(error, match=said):
        A.generate(**{"size": 4, **options})  # type: ignore[arg-type]


@pytest.mark.parametrize("box", ["2x2", (2, 2), "none", None, "default"])
def test_generate_takes_a_box_as_its_annotation_says(box: object) -> None:
    made = A.generate(4, box=box, seed=1)  # type: ignore[arg-type]
    assert made.puzzle.box == (None if box in ("none", None) else (2, 2))
    assert A.check(made.puzzle).status == "unique"


def test_a_puzzle_built_in_code_is_checked_as_a_file_is() -> None:
    """Before: a cage outside a 4x4 was answered "unsatisfiable", a diagonal on a 4x6 solved,
    a 64x64 grid accepted (and a million-row one never returned)."""
    outside = Puzzle(size=4, box=(2, 2), digits=(1, 4), clues=(Killer(cells=((9, 9), (1, 1)), total=3),))
    with pytest.raises(AspSudokuError, match=r"invalid Puzzle: killer #1: cell 'r9c9' is outside the 4x4 grid"):
        A.check(outside)
    diagonal = Puzzle(size=4, cols=6, box=(2, 3), digits=(1, 6), rules=("diagonal+",))
    with pytest.raises(AspSudokuError, match="invalid Puzzle: rule 'diagonal.' needs a square grid"):
        A.count(diagonal)
    with pytest.raises(AspSudokuError, match="invalid Puzzle: size must be a whole number 1-25, not 64"):
        Puzzle(size=64, box=None, digits=(1, 64))
    inside = Puzzle(size=4, box=(2, 2), digits=(1, 4), clues=(Killer(cells=((1, 2), (1, 1)), total=3),))
    assert A.count(inside).count == A.count(A.load(to_toml(inside))).count > 0


@pytest.mark.parametrize(
    "fields",
    [{"box": (2,)}, {"box": "2x2"}, {"box": [2, 2]}, {"digits": (1,)}, {"givens": None}, {"givens": ((1, 1),)},
     {"givens": ((True, True, True),)}, {"clues": ("x",)}, {"rules": "diagonal+"}, {"size": True}, {"latin": 1},
     {"givens": ((1, 1, 1), (1, 1, 2))},
     # boxes and jigsaw regions together: solved with both, and written as TOML without the box
     {"regions": ((1, 1, 1, 1), (2, 2, 2, 2), (3, 3, 3, 3), (4, 4, 4, 4))},
     # a cage's cells as a list: a TypeError (unhashable) in the middle of the solve
     {"clues": (Killer(cells=[(1, 1), (1, 2)], total=3),)}],
    ids=lambda f: str(f),
)
def test_malformed_puzzle_fields_are_named_when_built(fields: dict[str, object]) -> None:
    """Before: ValueError (unpacking), TypeError (unhashable, 'fact arguments must be int'),
    AttributeError ('str' object has no attribute 'kind'), some only at solve time."""
    with pytest.raises(AspSudokuError, match="invalid Puzzle: "):
        Puzzle(**{"size": 4, "box": (2, 2), "digits": (1, 4), **fields})  # type: ignore[arg-type]


def test_givens_in_any_order_make_one_puzzle() -> None:
    a = Puzzle(size=4, box=(2, 2), digits=(1, 4), givens=((2, 1, 2), (1, 1, 1)))
    b = Puzzle(size=4, box=(2, 2), digits=(1, 4), givens=((1, 1, 1), (2, 1, 2)))
    assert a == b and hash(a) == hash(b) and a.givens == ((1, 1, 1), (2, 1, 2))


def test_the_same_answer_found_twice_is_equal() -> None:
    """Before: only Result left `seconds` out of equality; Candidates, Explanation, Minimized
    and Generated never compared equal to themselves found again."""
    many, unique = A.load(FOUR), A.load(UNIQUE_FOUR)
    for call in (lambda: A.candidates(many), lambda: A.explain(many), lambda: A.minimize(unique),
                 lambda: A.generate(4, seed=2)):
        first, second = call(), call()
        assert first == second and hash(first) == hash(second)


def test_grids_of_two_shapes_have_no_cell_difference() -> None:
    """Before: [] one way round ("no difference") and IndexError the other."""
    small, large = Grid(((1, 2), (2, 1))), Grid(((1, 2, 3), (2, 3, 1), (3, 1, 2)))
    for a, b in ((small, large), (large, small)):
        with pytest.raises(ValueError, match="grids of two shapes"):
            a.diff(b)
    assert small.diff(Grid(((1, 2), (1, 2)))) == [(2, 1), (2, 2)]


@pytest.mark.parametrize("grid", [["1234"] * 4, [["1", "2", "3", "4"]] * 4, [[1.0, 2, 3, 4]] * 4, [[None, 2, 3, 4]] * 4])
def test_a_grid_of_text_is_named_as_the_wrong_kind(grid: list[object]) -> None:
    """`violations(puzzle, ["1234"] * 4)` was a TypeError from inside the checker ("'<' not
    supported between instances of 'str' and 'int')."""
    with pytest.raises(TypeError, match="grid rows must hold whole numbers, not"):
        A.violations(A.load(FOUR), grid)  # type: ignore[arg-type]
