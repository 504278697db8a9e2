"""Kropki dots (white and black, with custom values) and their "all dots shown" global rules:
every template against the independent checker on every 4x4 grid, sat and unsat cases."""

from __future__ import annotations

import pytest
from helpers import expected, latin_squares, puzzle_from_toml, solutions

from asp_sudoku import checker as check
from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.program.render import render


def givens(*rows: str) -> str:
    """A givens block from row strings."""
    return 'givens = """\n' + "\n".join(rows) + '\n"""\n'


W = '[[kropki-white]]\ncells = ["{}", "{}"]\n'
B = '[[kropki-black]]\ncells = ["{}", "{}"]\n'

CASES = [
    ("white", 'size = 4\n' + W.format("r1c1", "r1c2"), 144),
    ("white-difference-2", 'size = 4\n' + W.format("r1c1", "r2c1") + "difference = 2\n", 96),
    ("white-unsat", 'size = 4\n' + givens("2...", "....", "....", "....") + W.format("r1c1", "r1c2") + "difference = 3\n", 0),
    ("black", 'size = 4\n' + B.format("r2c2", "r2c3"), 96),
    ("black-ratio-3", 'size = 4\n' + B.format("r2c2", "r2c3") + "ratio = 3\n", 48),
    ("black-unsat", 'size = 4\n' + givens(".3..", "....", "....", "....") + B.format("r1c2", "r1c1"), 0),
    ("negative-unsat", 'size = 4\nrules = ["kropki-negative"]\n', 0),
    ("white-negative-unsat", 'size = 4\nrules = ["kropki-white-negative"]\n' + W.format("r1c1", "r1c2"), 0),
    ("black-negative-unsat", 'size = 4\nrules = ["kropki-black-negative"]\n' + B.format("r1c1", "r1c2"), 0),
]

@pytest.mark.parametrize(("text", "count"), [pytest.param(t, n, id=i) for i, t, n in CASES])
def test_exact_solutions(text: str, count: int) -> None:
    puzzle = puzzle_from_toml(text)
    want = expected(puzzle)
    assert len(want) == count
    assert solutions(puzzle) == want


GRID = ((1, 2, 3, 4), (3, 4, 1, 2), (2, 1, 4, 3), (4, 3, 2, 1))


def dots_of(grid: tuple[tuple[int, ...], ...], white: bool, black: bool) -> str:
    """Every dot a grid shows (white first where both would fit), as TOML tables."""
    out = ""
    n = len(grid)
    for r in range(n):
        for c in range(n):
            for r2, c2 in ((r, c + 1), (r + 1, c)):
                if r2 == n or c2 == n:
                    continue
                x, y = grid[r][c], grid[r2][c2]
                kind = "white" if white and abs(x - y) == 1 else None
                if kind is None and black and (x == 2 * y or y == 2 * x):
                    kind = "black"
                if kind:
                    out += f'[[kropki-{kind}]]\ncells = ["r{r + 1}c{c + 1}", "r{r2 + 1}c{c2 + 1}"]\n'
    return out


@pytest.mark.parametrize(
    ("rule", "white", "black", "count"),
    [
        pytest.param("kropki-negative", True, True, 1, id="all-dots"),
        pytest.param("kropki-white-negative", True, False, 2, id="all-white-dots"),
        pytest.param("kropki-black-negative", False, True, 2, id="all-black-dots"),
    ],
)
def test_negative_with_every_dot_of_a_grid(rule: str, white: bool, black: bool, count: int) -> None:
    puzzle = puzzle_from_toml(f'size = 4\nrules = ["{rule}"]\n' + dots_of(GRID, white, black))
    want = expected(puzzle)
    assert len(want) == count
    assert "1234341221434321" in want
    assert solutions(puzzle) == want


def test_render_shows_templates_and_facts() -> None:
    text = render(puzzle_from_toml('size = 4\nrules = ["kropki-negative"]\n' + W.format("r1c2", "r1c1") + B.format("r2c1", "r3c1") + "ratio = 3\n")).text
    assert "% Kropki white dot:" in text and "% Kropki black dot:" in text and "% Kropki, all dots shown:" in text
    assert "kropkiWhite(1,1,1,2,1)." in text  # cells in reading order
    assert "kropkiBlack(2,1,3,1,3)." in text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param(W.format("r1c1", "r1c3"), "r1c1 and r1c3 are not orthogonal neighbours", id="apart"),
        pytest.param(W.format("r1c1", "r2c2"), "are not orthogonal neighbours", id="diagonal"),
        pytest.param('[[kropki-white]]\ncells = ["r1c1"]\n', "at least 2", id="one-cell"),
        pytest.param('[[kropki-white]]\ncells = ["r1c1", "r1c2", "r1c3"]\n', "exactly two cells", id="three-cells"),
        pytest.param(W.format("r1c1", "r1c2") + "difference = 4\n", "difference 4 is outside 1..3", id="difference-too-big"),
        pytest.param(B.format("r1c1", "r1c2") + "ratio = 5\n", "ratio 5 is outside 2..4", id="ratio-too-big"),
        pytest.param(B.format("r1c1", "r1c2") + "ratio = 1\n", "ratio 1 is outside", id="ratio-one"),
        pytest.param(B.format("r1c1", "r1c2") + B.format("r1c2", "r1c1"), "already has a kropki-black clue", id="twice"),
        pytest.param(W.format("r1c1", "r1c2") + "value = 2\n", "unknown key 'value'", id="unknown-key"),
        pytest.param(W.format("r1c1", "r1c5"), "outside the 4x4 grid", id="outside"),
    ],
)
def test_bad_dots(text: str, message: str) -> None:
    with pytest.raises(PuzzleFormatError) as info:
        puzzle_from_toml("size = 4\n" + text)
    assert message in str(info.value)
    assert str(info.value).startswith("test.toml:")



def _rangsk_negative_ratio(dots: dict[frozenset[tuple[int, int]], tuple[str, int]], grid: str, white: bool) -> bool:
    """Rangsk's reading of f-puzzles' negative ratio (SudokuVariantSolverJS KropkiConstraint.ts,
    SudokuSolver's neg<ratio> for every ratio a dot shows), written out: each dot holds, and an
    undotted pair is in no ratio of 2 or of any black dot (nor consecutive, with `white`)."""
    v = {(r, c): int(grid[(r - 1) * 4 + c - 1]) for r in range(1, 5) for c in range(1, 5)}
    ratios = {2} | {q for kind, q in dots.values() if kind == "black"}
    for r, c in v:
        for other in ((r, c + 1), (r + 1, c)):
            if other not in v:
                continue
            a, b = v[(r, c)], v[other]
            dot = dots.get(frozenset(((r, c), other)))
            if dot is None:
                if any(a == q * b or b == q * a for q in ratios) or (white and abs(a - b) == 1):
                    return False
            elif dot[0] == "black" and not (a == dot[1] * b or b == dot[1] * a):
                return False
            elif dot[0] == "white" and abs(a - b) != dot[1]:
                return False
    return True


def test_a_black_dot_of_3_locks_out_undotted_1_3_pairs() -> None:
    # Found by a rule-semantics review: we locked out 1:2 only, so three grids fitted, where
    # Rangsk's solvers (the f-puzzles reading) keep one
    dots = {
        ((1, 1), (1, 2)): 2, ((2, 3), (2, 4)): 2, ((3, 1), (3, 2)): 3, ((3, 3), (3, 4)): 2,
        ((4, 1), (4, 2)): 2, ((4, 3), (4, 4)): 3, ((2, 2), (3, 2)): 3, ((2, 3), (3, 3)): 2,
        ((2, 4), (3, 4)): 2,
    }
    text = 'size = 4\nrules = ["kropki-black-negative"]\n' + "".join(
        B.format(f"r{a[0]}c{a[1]}", f"r{b[0]}c{b[1]}") + f"ratio = {q}\n" for (a, b), q in dots.items()
    )
    by_pair = {frozenset(pair): ("black", q) for pair, q in dots.items()}
    puzzle = puzzle_from_toml(text)
    every = {g.as_string() for g in latin_squares(4)}
    want = {g for g in every if _rangsk_negative_ratio(by_pair, g, white=False)}
    assert want == {"1234432131422413"}
    assert solutions(puzzle) == expected(puzzle) == want


def test_all_dots_shown_locks_out_the_ratio_of_a_black_dot_of_3() -> None:
    # every dot of GRID but one 1:3 pair with a dot of 3: its other 1:3 pairs (r1c3-r2c3...) are
    # undotted, so GRID itself breaks kropki-negative now (it was the one solution)
    text = 'size = 4\nrules = ["kropki-negative"]\n' + givens("1234", "3412", "2143", "4321")
    text += dots_of(GRID, True, True) + B.format("r1c1", "r2c1") + "ratio = 3\n"
    puzzle = puzzle_from_toml(text)
    assert solutions(puzzle) == expected(puzzle) == set()
    (grid,) = [g for g in latin_squares(4) if g.as_string() == "1234341221434321"]
    assert any("ratio 1:3" in v for v in check.violations(puzzle, grid))
