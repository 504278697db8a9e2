"""Line clues (whispers, renban, palindrome, between, region-sum, entropic, slow thermometer,
zipper) and weighted sums: each template against the independent checker, on every 4x4 grid or
every completion of a 6x6 with givens; sat and unsat cases; validation messages."""

from __future__ import annotations

import pytest
from helpers import brute_force, expected, puzzle_from_toml, solutions

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.program.render import render


def line(kind: str, *cells: str, extra: str = "") -> str:
    names = ", ".join(f'"{c}"' for c in cells)
    return f"[[{kind}]]\ncells = [{names}]\n{extra}"


def givens(*rows: str) -> str:
    return 'givens = """\n' + "\n".join(rows) + '\n"""\n'


JIGSAW_4 = 'regions = """\nAAAB\nCABB\nCCDB\nCDDD\n"""\n'

FOUR = [
    ("whispers", line("whispers", "r1c1", "r1c2", "r2c2"), 48),
    ("whispers-difference-3", line("whispers", "r1c1", "r2c2", extra="difference = 3\n"), 48),
    ("whispers-unsat", line("whispers", "r1c1", "r1c2", "r1c3", extra="difference = 3\n"), 0),
    ("renban", line("renban", "r1c1", "r2c2", "r3c3"), 72),
    ("renban-unsat", givens("1...", "....", "....", "....") + line("renban", "r1c1", "r2c1", "r2c2", extra="") + line("renban", "r1c1", "r1c2"), 0),
    ("palindrome", line("palindrome", "r1c1", "r1c2", "r2c3", "r3c3"), 72),
    ("palindrome-unsat", line("palindrome", "r1c1", "r1c2", "r2c2", "r2c1"), 0),
    ("between", line("between", "r1c1", "r2c1", "r3c1"), 96),
    ("between-unsat", line("between", "r1c1", "r2c1", "r2c2", "r2c3", "r1c4"), 0),
    ("region-sum", line("region-sum", "r1c1", "r2c2", "r3c3", "r4c4"), 64),
    ("region-sum-revisit-unsat", line("region-sum", "r1c1", "r1c2", "r1c3", "r2c3", "r2c2"), 0),
    ("region-sum-unsat", line("region-sum", "r1c2", "r1c3"), 0),
    ("slow-thermo", line("slow-thermo", "r1c1", "r2c2", "r3c3", "r4c4"), 10),
    ("slow-thermo-unsat", givens("...1", "....", "....", "....") + line("slow-thermo", "r1c3", "r1c4"), 0),
    ("zipper-odd", line("zipper", "r1c1", "r1c2", "r2c2"), 48),
    ("zipper-even", line("zipper", "r1c1", "r1c2", "r1c3", "r1c4"), 96),
    ("zipper-unsat", givens(".2..", "....", "....", "....") + line("zipper", "r1c1", "r1c2", "r1c3"), 0),
    ("weighted", '[[weighted-sum]]\ncells = ["r1c1", "r1c2"]\nweights = [2, 1]\nsum = 5\n', 48),
    ("weighted-negative", '[[weighted-sum]]\ncells = ["r1c1", "r4c4"]\nweights = [1, -1]\nsum = 3\n', 18),
    ("weighted-distinct", '[[weighted-sum]]\ncells = ["r1c1", "r4c4", "r2c3"]\nsum = 6\ndistinct = true\n', 18),
    ("weighted-unsat", '[[weighted-sum]]\ncells = ["r1c1", "r1c2"]\nweights = [3, 3]\nsum = 6\n', 0),
]


@pytest.mark.parametrize(("text", "count"), [pytest.param(t, n, id=i) for i, t, n in FOUR])
def test_exact_solutions_4x4(text: str, count: int) -> None:
    puzzle = puzzle_from_toml("size = 4\n" + text)
    want = expected(puzzle)
    assert len(want) == count
    assert solutions(puzzle) == want


def test_region_sum_in_a_jigsaw() -> None:
    puzzle = puzzle_from_toml("size = 4\n" + JIGSAW_4 + line("region-sum", "r1c3", "r1c4", "r2c4"))
    want = expected(puzzle)
    assert len(want) == 12
    assert solutions(puzzle) == want


# A 6x6 solution (2x3 boxes); the tests give its two bottom rows and let the lines do the rest.
SIX = ((4, 1, 5, 3, 2, 6), (3, 2, 6, 4, 1, 5), (1, 5, 3, 2, 6, 4), (2, 6, 4, 1, 5, 3), (5, 3, 1, 6, 4, 2), (6, 4, 2, 5, 3, 1))
SIX_STRING = "".join(str(v) for row in SIX for v in row)
SIX_BOTTOM = givens("......", "......", "......", "......", "531642", "642531")

SIX_CASES = [
    ("entropic", line("entropic", "r3c1", "r3c2", "r3c3", "r3c4", "r3c5", "r3c6"), 224),
    ("entropic-unsat", line("entropic", "r5c2", "r5c3", "r6c3"), 0),
    ("whispers-default-3", line("whispers", "r1c1", "r1c2", "r1c3"), 136),
    ("region-sum-revisit", line("region-sum", "r1c1", "r2c2", "r3c1", "r3c2", "r2c3"), 28),
    ("between", line("between", "r1c3", "r2c2", "r3c1"), 168),
    ("zipper", line("zipper", "r1c1", "r1c2", "r2c3", "r1c4"), 174),
    ("palindrome", line("palindrome", "r1c1", "r2c1", "r2c2", "r3c3", "r4c3"), 80),
    ("renban", line("renban", "r1c1", "r2c2", "r3c3"), 104),
]


@pytest.mark.parametrize(("text", "count"), [pytest.param(t, n, id=i) for i, t, n in SIX_CASES])
def test_exact_solutions_6x6(text: str, count: int) -> None:
    puzzle = puzzle_from_toml("size = 6\n" + SIX_BOTTOM + text)
    want = brute_force(puzzle)
    assert len(want) == count
    if count:
        assert SIX_STRING in want
    assert solutions(puzzle) == want


def test_region_sum_with_3x2_boxes() -> None:
    """The 6x6 above, transposed, has boxes of 3 rows by 2 columns; the line is transposed too."""
    columns = ["".join(str(SIX[r][c]) for r in range(6)) for c in range(6)]
    rows = ["...." + text[4:] for text in columns]
    puzzle = puzzle_from_toml(
        'size = 6\nbox = "3x2"\n' + givens(*rows) + line("region-sum", "r1c1", "r2c2", "r1c3", "r2c3", "r3c2")
    )
    want = brute_force(puzzle)
    assert "".join(columns) in want
    assert len(want) == 28
    assert solutions(puzzle) == want


def test_render_facts() -> None:
    text = render(puzzle_from_toml(
        "size = 6\n" + line("whispers", "r1c1", "r1c2") + line("renban", "r2c1", "r2c2")
        + line("palindrome", "r3c1", "r3c2") + line("between", "r4c1", "r4c2", "r4c3")
        + line("region-sum", "r1c3", "r1c4") + line("entropic", "r5c1", "r5c2", "r5c3")
        + line("slow-thermo", "r6c1", "r6c2") + line("zipper", "r6c4", "r6c5", "r6c6")
        + '[[weighted-sum]]\ncells = ["r1c6", "r2c6"]\nweights = [2, -1]\nsum = 3\ndistinct = true\n'
    )).text
    for fact in ["whispersCell(1,2,1,2).", "whispersDifference(1,3).", "renbanCell(1,2,2).", "renbanLength(1,2).",
                 "palindromeLength(1,2).", "betweenCell(1,3,4,3).", "regionSumSegment(1,1,1,3).",
                 "regionSumSegment(1,2,1,4).", "entropicCell(1,3,5,3).", "slowThermoCell(1,1,6,1).",
                 "zipperLength(1,3).", "weightedCell(1,2,6,-1).", "weightedSum(1,3).", "weightedDistinct(1)."]:
        assert fact in text
    assert "entropicGroup(P,(P-1)/2) :- digit(P)." in text
    assert "% Digit P is in group G: 0 low (1-2), 1 middle (3-4), 2 high (5-6)." in text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param(line("whispers", "r1c1", "r1c3"), "r1c1 and r1c3 are consecutive on the line but do not touch", id="gap"),
        pytest.param(line("whispers", "r1c1"), "a list of at least 2 cell names", id="short"),
        pytest.param(line("whispers", "r1c1", "r1c1"), "r1c1 and r1c1 are consecutive on the line but do not touch", id="same-cell"),
        pytest.param(line("whispers", "r1c1", "r1c2", extra="difference = 4\n"), "difference 4 is outside 1..3", id="difference"),
        pytest.param(line("renban", "r1c1", "r1c2", "r3c3"), "r3c3 is apart", id="renban-apart"),
        pytest.param(line("renban", "r1c1", "r1c2", "r1c3", "r1c4", "r2c4"), "longer than the 4 digits", id="renban-long"),
        pytest.param(line("between", "r1c1", "r1c2"), "at least 3 cell(s)", id="between-short"),
        pytest.param(line("entropic", "r1c1", "r1c2", "r1c3"), "divisible by 3, not 4", id="entropic-4x4"),
        pytest.param(line("zipper", "r1c1", "r1c2"), "at least 3 cell(s)", id="zipper-short"),
        pytest.param(line("palindrome", "r1c1", "r1c2", "r1c1"), "lists r1c1 twice", id="palindrome-repeat"),
        pytest.param(line("slow-thermo", "r1c1", "r1c2", extra="sum = 3\n"), "unknown key 'sum'", id="thermo-key"),
        pytest.param('[[weighted-sum]]\ncells = ["r1c1"]\nsum = 5\n', "sum 5 cannot be reached (possible: 1..4)", id="weighted-range"),
        pytest.param('[[weighted-sum]]\ncells = ["r1c1", "r1c2"]\nweights = [1]\nsum = 5\n', "one per cell", id="weights-count"),
        pytest.param('[[weighted-sum]]\ncells = ["r1c1", "r1c2"]\nweights = [1, 0]\nsum = 5\n', "a weight of 0", id="weight-zero"),
        pytest.param('[[weighted-sum]]\ncells = ["r1c1", "r1c2"]\nsum = 5\ndistinct = "yes"\n', "distinct must be true or false", id="distinct"),
    ],
)
def test_bad_lines(text: str, message: str) -> None:
    with pytest.raises(PuzzleFormatError) as info:
        puzzle_from_toml("size = 4\n" + text)
    assert message in str(info.value)
    assert str(info.value).startswith("test.toml:")


def test_region_sum_needs_regions() -> None:
    with pytest.raises(PuzzleFormatError, match="region-sum lines need a grid with boxes or regions"):
        puzzle_from_toml('size = 4\nbox = "none"\n' + line("region-sum", "r1c1", "r1c2"))


def test_whispers_line_may_revisit_a_cell() -> None:
    """Only neighbours along a whispers line are compared, so it may come back to a cell."""
    there_and_back = puzzle_from_toml("size = 4\n" + line("whispers", "r1c1", "r2c2", "r1c3", "r2c4", "r1c3", "r2c2", "r1c1"))
    loop = puzzle_from_toml("size = 4\n" + line("whispers", "r1c2", "r2c3", "r3c2", "r2c1", "r1c2"))
    assert len(expected(there_and_back)) == 8
    assert solutions(there_and_back) == expected(there_and_back)
    assert len(expected(loop)) == 0
    assert solutions(loop) == expected(loop)
