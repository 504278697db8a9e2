"""Non-square grids (R x C, as Interactive Sudoku Solver's ``Shape~6x8``): rows and columns hold
different digits, the digits run to the longer side, and a row or column holds every digit only
when it has a cell for each.

The exact answer sets of small random non-square puzzles (givens, global rules, killer cages)
are compared with the brute force of tests/crosscheck/, which restates the rules on its own;
every model also passes the checker.  Rules that need a square grid are refused by name."""

from __future__ import annotations

import random

import pytest
from crosscheck import Spec, TooBig, brute_force, gen_killer
from helpers import puzzle_from_toml
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from asp_sudoku import checker as check
from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.core.model import Grid
from asp_sudoku.formats import parse_many
from asp_sudoku.formats.toml.writer import to_toml
from asp_sudoku.picture.text import format_grid
from asp_sudoku.rules import CLUE_KINDS, GLOBAL_RULES, RECTANGULAR
from asp_sudoku.solving.single import solve

SHAPES = [(2, 3), (3, 2), (2, 4), (3, 4), (4, 3), (4, 6)]
# The shapes with at least one grid obeying each global rule (the brute force finds none on the
# others: test_global_rules_with_no_grid_of_a_shape).
RULE_SHAPES = {
    "anti-knight": [(2, 4), (3, 4), (4, 3), (4, 6)],
    "anti-king": [(2, 4), (4, 6)],
    "non-consecutive": [(4, 6)],
}
COMBOS = [(shape, None) for shape in SHAPES] + [(shape, rule) for rule, shapes in RULE_SHAPES.items() for shape in shapes]
NO_GRID = [(shape, rule) for rule, shapes in RULE_SHAPES.items() for shape in SHAPES if shape not in shapes]
CASES = settings(max_examples=12, deadline=None, database=None, derandomize=True,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def crosscheck(spec: Spec) -> int:
    """All models of the spec's TOML against the brute force; the number of solutions."""
    try:
        expected = brute_force(spec)
    except TooBig:
        assume(False)
        raise
    [puzzle] = parse_many(spec.toml(), "random.toml", "toml")
    assert (puzzle.size, puzzle.cols) == (spec.size, spec.width)
    result = solve(puzzle, limit=None, keep=None)
    for grid in result.solutions:
        assert check.violations(puzzle, grid) == []
    got = {grid.rows for grid in result.solutions}
    assert result.exhausted and result.count == len(got)
    assert got == expected, f"solver {len(got)} vs brute force {len(expected)}\n{spec.toml()}"
    return len(expected)


@st.composite
def nonsquare_spec(draw: st.DrawFn, shape: tuple[int, int], rule: str | None, cages: int) -> tuple[Spec, bool]:
    """A random puzzle of this shape: givens (and cages) from a random grid obeying the rule, so
    that it has a solution, or (one case in four) random givens, which mostly have none."""
    rows, cols = shape
    spec = Spec(rows, rules=[rule] if rule else [], cols=cols)
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    orders = [rng.sample(range(1, spec.digits + 1), spec.digits) for _ in spec.cells]
    try:
        grids = brute_force(Spec(rows, rules=spec.rules, cols=cols), limit=1, orders=orders, budget=20_000)
    except TooBig:
        grids = set()
    grid = next(iter(grids), None)
    honest = grid is not None and draw(st.integers(0, 3)) > 0
    solution = {(r + 1, c + 1): grid[r][c] for r in range(rows) for c in range(cols)} if grid and honest else None
    count = draw(st.integers(rows * cols // 4, rows * cols // 2))
    for cell in draw(st.lists(st.sampled_from(spec.cells), min_size=count, max_size=count, unique=True)):
        spec.givens[cell] = solution[cell] if solution else draw(st.integers(1, spec.digits))
    for _ in range(cages):
        gen_killer(draw, spec, solution)
    return spec, solution is not None


@pytest.mark.parametrize(("shape", "rule"), COMBOS, ids=[f"{r or 'plain'}-{s[0]}x{s[1]}" for s, r in COMBOS])
def test_nonsquare_grids_against_brute_force(shape: tuple[int, int], rule: str | None) -> None:
    solvable = []

    @CASES
    @given(st.data())
    def case(data: st.DataObject) -> None:
        spec, honest = data.draw(nonsquare_spec(shape, rule, cages=0 if rule else 1))
        count = crosscheck(spec)
        assert count or not honest  # givens of a grid keep that grid
        solvable.append(count > 0)

    case()
    assert any(solvable)  # a satisfiable case was compared, not only empty sets


@pytest.mark.parametrize(("shape", "rule"), NO_GRID, ids=[f"{r}-{s[0]}x{s[1]}" for s, r in NO_GRID])
def test_global_rules_with_no_grid_of_a_shape(shape: tuple[int, int], rule: str) -> None:
    assert crosscheck(Spec(shape[0], rules=[rule], cols=shape[1])) == 0


def test_a_6x8_has_rows_of_all_eight_digits_and_columns_of_six_different() -> None:
    text = 'size = "6x8"\ngivens = """\n' + "\n".join(["........"] * 6) + '\n"""\n'
    puzzle = puzzle_from_toml(text)
    assert (puzzle.size, puzzle.cols, puzzle.digits, puzzle.box) == (6, 8, (1, 8), (2, 4))
    grid = solve(puzzle, limit=1).solutions[0]
    assert all(sorted(row) == list(range(1, 9)) for row in grid.rows)
    assert all(len({grid.rows[r][c] for r in range(6)}) == 6 for c in range(8))
    assert check.violations(puzzle, grid) == []
    # six columns of a 9x8's nine rows, read the other way: columns full, rows of 8 different
    tall = puzzle_from_toml('size = "9x8"\n')
    assert (tall.digits, tall.box) == ((1, 9), None)
    grid = solve(tall, limit=1).solutions[0]
    assert all(sorted(grid.rows[r][c] for r in range(9)) == list(range(1, 10)) for c in range(8))


def test_text_output_is_r_rows_of_c_digits() -> None:
    puzzle = puzzle_from_toml('size = "2x3"\ngivens = "1 . .\\n. . 2"\n')
    result = solve(puzzle)
    assert result.status == "unique"
    assert format_grid(result.solutions[0], puzzle) == "1 2 3\n3 1 2"
    assert str(result.solutions[0]) == "1 2 3\n3 1 2"
    boxed = puzzle_from_toml('size = "4x6"\n')
    assert format_grid(solve(boxed, limit=1).solutions[0], boxed).count("\n") == 4  # 4 rows, 1 box line


def test_toml_round_trip_and_shape_errors() -> None:
    puzzle = puzzle_from_toml('size = "5x10"\nvalues = "0-9"\n[[killer]]\ncells = ["r1c10", "r2c10"]\nsum = 3\n')
    assert (puzzle.size, puzzle.cols, puzzle.digits) == (5, 10, (0, 9))
    text = to_toml(puzzle, check=True)
    assert 'size = "5x10"' in text
    for bad, message in [
        ('size = "6x"', "rows x columns like"),
        ('size = "6x8"\ngivens = "1234567\\n' + "........\\n" * 5 + '"', "row 1 has 7 cells, expected 8"),
        ('size = "6x8"\n[[killer]]\ncells = ["r7c1"]', "outside the 6x8 grid"),
        ('size = "6x8"\nvalues = "1-7"', "at least 7 or 8"),
        ('givens = "' + "1.......\\n" * 6 + '"', 'row 1 has 8 cells, expected 6 \\(a grid of 6 rows of 8 cells is written size = "6x8"'),
        ('size = "6x8"\nbox = "3x3"', "does not tile a 6x8 grid"),
        ('size = 8\nbox = "2x2"', "box 2x2 has 4 cells, but in this 8x8 grid of 8 digits each box holds every digit: 8 cells"),
        ('size = 4\nbox = "3x2"', "box 3x2 does not tile a 4x4 grid"),
        ('size = "4x4"\nbox = "2x4"', "box 2x4 has 8 cells, more than the 4 digits"),
        ('size = "6x8"\nrules = ["diagonals"]', "rule 'diagonal\\+' needs a square grid, not 6x8"),
        ('size = "6x8"\n[[little-killer]]\nclue = "r0c1"\nsum = 3\ndirection = "down-right"', "little-killer clues need a square grid"),
    ]:
        with pytest.raises(PuzzleFormatError, match=message):
            puzzle_from_toml(bad)


def test_every_rectangular_name_is_a_rule() -> None:
    assert set(RECTANGULAR) <= set(GLOBAL_RULES) | set(CLUE_KINDS)


def test_a_grid_knows_its_columns() -> None:
    grid = Grid(((1, 2, 3), (3, 1, 2)))
    assert (grid.size, grid.cols) == (2, 3)
    assert grid.diff(Grid(((1, 2, 3), (3, 2, 1)))) == [(2, 2), (2, 3)]


def _latin_rectangles(rows: int, cols: int) -> list[tuple[tuple[int, ...], ...]]:
    """Every grid of `rows` x `cols` (rows <= cols) whose rows are permutations of 1..cols and
    whose columns hold different digits (no boxes)."""
    import itertools

    perms = list(itertools.permutations(range(1, cols + 1)))
    found: list[tuple[tuple[int, ...], ...]] = [()]
    for _ in range(rows):
        found = [g + (p,) for g in found for p in perms if all(p[c] != row[c] for row in g for c in range(cols))]
    return found


def _on_3x4(name: str) -> list[str]:
    """The TOML of each 4x4 example of a rule moved onto a 3x4 grid: the givens of its first three
    rows, and the clues that still fit (every cell in rows 1-3, an outside clue above or beside them)."""
    import tomllib

    from asp_sudoku.formats.toml.writer import toml_value
    from asp_sudoku.rules import global_rule

    rule = CLUE_KINDS[name] if name in CLUE_KINDS else global_rule(name)
    found = []
    for example in rule.examples:
        data = tomllib.loads(example.toml)
        if data.get("size") != 4 or "values" in data or "box" in data:
            continue
        lines = ['size = "3x4"', f"rules = {toml_value(data.get('rules', []))}"]
        rows = [row for row in str(data.get("givens", "")).split("\n") if row.strip()][:3]
        if rows:
            lines.append(f"givens = {toml_value(chr(10).join(rows))}")
        for kind in CLUE_KINDS:
            for table in data.get(kind, []):
                text = "\n".join([*lines, f"[[{kind}]]", *(f'"{k}" = {toml_value(v)}' for k, v in table.items())])
                try:
                    puzzle_from_toml(text)
                except PuzzleFormatError:
                    continue  # the clue leaves the 3x4 grid
                lines += [f"[[{kind}]]", *(f'"{k}" = {toml_value(v)}' for k, v in table.items())]
        found.append("\n".join(lines) + "\n")
    return found


GRIDS_3X4 = _latin_rectangles(3, 4)
MOVED = [(name, text) for name in sorted(RECTANGULAR) for text in _on_3x4(name)]


@pytest.mark.parametrize(("name", "text"), MOVED, ids=[f"{name}-{i}" for i, (name, _) in enumerate(MOVED)])
def test_rectangular_rules_on_a_3x4_against_the_checker(name: str, text: str) -> None:
    """Each rule that holds on non-square grids, on a 3x4 grid (its 4x4 examples cut to three
    rows): the solver's answer set is exactly the 3x4 grids the independent checker accepts."""
    try:
        puzzle = puzzle_from_toml(text)
    except PuzzleFormatError as exc:  # e.g. entropic lines need a number of digits divisible by 3
        pytest.skip(str(exc))
    expected = {g for g in GRIDS_3X4 if not check.violations(puzzle, Grid(g))}
    result = solve(puzzle, limit=None, keep=None)
    assert result.exhausted
    assert {g.rows for g in result.solutions} == expected, text


def test_most_rectangular_rules_are_moved_onto_a_3x4_with_a_clue() -> None:
    with_clue = {name for name, text in MOVED if f"[[{name}]]" in text or f'"{name}"' in text}
    clue_rules = {name for name in RECTANGULAR if name in CLUE_KINDS}
    assert len(with_clue & clue_rules) >= len(clue_rules) * 2 // 3, sorted(clue_rules - with_clue)
