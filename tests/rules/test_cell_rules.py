"""XV (and xv-negative), even/odd, minimum/maximum and quadruples: every template against the
independent checker, on every 4x4 grid or on every completion of a 6x6 with givens."""

from __future__ import annotations

import pytest
from helpers import brute_force, expected, puzzle_from_toml, solutions

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.program.render import render


def givens(*rows: str) -> str:
    """A givens block from row strings."""
    return 'givens = """\n' + "\n".join(rows) + '\n"""\n'


def xv(a: str, b: str, value: str) -> str:
    return f'[[xv]]\ncells = ["{a}", "{b}"]\nvalue = "{value}"\n'


def cells(kind: str, *names: str) -> str:
    return f"[[{kind}]]\ncells = [{', '.join(repr(n).replace(chr(39), chr(34)) for n in names)}]\n"


FOUR = [
    ("v", "size = 4\n" + xv("r1c1", "r1c2", "V"), 96),
    ("v-unsat", "size = 4\n" + givens("2...", ".3..", "....", "....") + xv("r1c1", "r1c2", "v"), 0),
    ("even", "size = 4\n" + cells("even", "r1c1", "r2c3"), 96),
    ("odd", "size = 4\n" + cells("odd", "r1c1", "r1c2"), 48),
    ("even-unsat", "size = 4\n" + cells("even", "r1c1", "r1c2", "r2c1"), 0),
    ("odd-even-unsat", "size = 4\n" + givens("1...", "....", "....", "....") + cells("even", "r1c1"), 0),
    ("minimum", "size = 4\n" + cells("minimum", "r2c2"), 78),
    ("maximum", "size = 4\n" + cells("maximum", "r1c1", "r4c4"), 32),
    ("minimum-unsat", "size = 4\n" + givens("....", ".4..", "....", "....") + cells("minimum", "r2c2"), 0),
    ("maximum-unsat", "size = 4\n" + cells("maximum", "r2c2", "r2c3"), 0),
    ("quadruple", "size = 4\n[[quadruple]]\ncell = \"r2c2\"\ndigits = [1, 2]\n", 220),
    ("quadruple-repeat", "size = 4\n[[quadruple]]\ncells = [\"r2c2\", \"r2c3\", \"r3c2\", \"r3c3\"]\ndigits = [3, 3, 4]\n", 20),
    ("quadruple-unsat", "size = 4\n[[quadruple]]\ncell = \"r1c1\"\ndigits = [1, 1]\n", 0),
]


@pytest.mark.parametrize(("text", "count"), [pytest.param(t, n, id=i) for i, t, n in FOUR])
def test_exact_solutions_4x4(text: str, count: int) -> None:
    puzzle = puzzle_from_toml(text)
    want = expected(puzzle)
    assert len(want) == count
    assert solutions(puzzle) == want


SIX = ((4, 1, 5, 3, 2, 6), (3, 2, 6, 4, 1, 5), (1, 5, 3, 2, 6, 4), (2, 6, 4, 1, 5, 3), (5, 3, 1, 6, 4, 2), (6, 4, 2, 5, 3, 1))
SIX_TOP = givens("415326", "326415", "......", "......", "......", "......")


def marks_of(grid: tuple[tuple[int, ...], ...]) -> str:
    """Every X and V a grid shows, as TOML tables."""
    out = ""
    n = len(grid)
    for r in range(n):
        for c in range(n):
            for r2, c2 in ((r, c + 1), (r + 1, c)):
                if r2 < n and c2 < n and grid[r][c] + grid[r2][c2] in (5, 10):
                    letter = "X" if grid[r][c] + grid[r2][c2] == 10 else "V"
                    out += xv(f"r{r + 1}c{c + 1}", f"r{r2 + 1}c{c2 + 1}", letter)
    return out


SIX_CASES = [
    ("x", "size = 6\n" + SIX_TOP + xv("r4c2", "r4c3", "X") + xv("r5c4", "r5c5", "X"), 18),
    ("xv-negative", 'size = 6\nrules = ["xv-negative"]\n' + SIX_TOP + marks_of(SIX), 1),
    ("xv-negative-unsat", 'size = 6\nrules = ["xv-negative"]\n' + SIX_TOP, 0),
    ("x-unsat", "size = 6\n" + SIX_TOP + xv("r3c1", "r4c1", "X") + xv("r3c2", "r4c2", "X"), 0),
]


@pytest.mark.parametrize(("text", "count"), [pytest.param(t, n, id=i) for i, t, n in SIX_CASES])
def test_exact_solutions_6x6(text: str, count: int) -> None:
    puzzle = puzzle_from_toml(text)
    want = brute_force(puzzle)
    assert len(want) == count
    assert solutions(puzzle) == want


def test_render_facts() -> None:
    text = render(puzzle_from_toml(
        'size = 6\nrules = ["xv-negative"]\n' + xv("r1c2", "r1c1", "X") + cells("even", "r2c2", "r1c1")
        + cells("odd", "r3c3") + cells("minimum", "r4c4") + cells("maximum", "r5c5")
        + '[[quadruple]]\ncell = "r5c5"\ndigits = [6, 1, 1]\n'
    )).text
    for line in ["xvSum(1,1,1,2,10).", "evenCell(1,1).", "evenCell(2,2).", "oddCell(3,3).", "minimumCell(4,4).",
                 "maximumCell(5,5).", "quadrupleCell(1,6,6).", "quadrupleDigit(1,1,2).", "quadrupleDigit(1,6,1)."]:
        assert line in text
    for header in ["% XV:", "% XV, all X and V shown:", "% Even:", "% Odd:", "% Minimum:", "% Maximum:", "% Quadruple:"]:
        assert header in text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param(xv("r1c1", "r1c2", "X"), "no two different digits of 1..4 add up to 10", id="x-in-4x4"),
        pytest.param(xv("r1c1", "r1c2", "W"), 'value must be "X" (sum 10) or "V" (sum 5)', id="bad-letter"),
        pytest.param('[[xv]]\ncells = ["r1c1", "r1c2"]\n', "missing key 'value'", id="no-value"),
        pytest.param(xv("r1c1", "r2c2", "V"), "not orthogonal neighbours", id="diagonal"),
        pytest.param(xv("r1c1", "r1c2", "V") + xv("r1c2", "r1c1", "V"), "already has an xv clue", id="twice"),
        pytest.param('[[even]]\ncells = ["r1c1", "r1c1"]\n', "lists r1c1 twice", id="even-twice"),
        pytest.param('[[odd]]\ncells = "r1c1"\n', "must be a list of cell names", id="odd-not-list"),
        pytest.param('[[minimum]]\ncells = ["r0c1"]\n', "outside the 4x4 grid", id="minimum-outside"),
        pytest.param('[[quadruple]]\ncell = "r4c1"\ndigits = [1]\n', "no 2x2 square starts there", id="quad-edge"),
        pytest.param('[[quadruple]]\ncells = ["r1c1", "r1c2", "r2c1", "r3c3"]\ndigits = [1]\n', "2x2 square", id="quad-shape"),
        pytest.param('[[quadruple]]\ncell = "r1c1"\ndigits = [1, 2, 3, 4, 1]\n', "one to four digits", id="quad-five"),
        pytest.param('[[quadruple]]\ncell = "r1c1"\ndigits = [1, 1, 1]\n', "listed 3 times", id="quad-thrice"),
        pytest.param('[[quadruple]]\ncell = "r1c1"\ndigits = [5]\n', "digit 5 is outside 1..4", id="quad-digit"),
        pytest.param('[[quadruple]]\ndigits = [1]\n', "give either cell", id="quad-no-cell"),
    ],
)
def test_bad_clues(text: str, message: str) -> None:
    with pytest.raises(PuzzleFormatError) as info:
        puzzle_from_toml("size = 4\n" + text)
    assert message in str(info.value)
    assert str(info.value).startswith("test.toml:")
