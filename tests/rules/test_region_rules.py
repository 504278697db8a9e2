"""Jigsaw regions: parsing, validation, the template against the checker, and rendering."""

from __future__ import annotations

import pytest
from helpers import expected, puzzle_from_toml, solutions

from asp_sudoku import checker as check
from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.core.model import Grid
from asp_sudoku.program.render import render

JIGSAW_4 = '''
size = 4
box = "none"
regions = """
A A A B
C A B B
C C D B
C D D D
"""
'''


def test_regions_parsed_and_numbered_by_first_appearance() -> None:
    puzzle = puzzle_from_toml(JIGSAW_4)
    assert puzzle.box is None
    assert puzzle.regions == ((1, 1, 1, 2), (3, 1, 2, 2), (3, 3, 4, 2), (3, 4, 4, 4))


def test_box_may_be_left_out_and_one_line_maps_work() -> None:
    one_line = 'size = 4\nregions = "AAABCABBCCDBCDDD"\n'
    assert puzzle_from_toml(one_line).regions == puzzle_from_toml(JIGSAW_4).regions


@pytest.mark.parametrize(
    ("givens", "count"),
    [
        pytest.param("", 96, id="sat-empty"),
        pytest.param('givens = """\n1 . . .\n. . . .\n. . . .\n. . . .\n"""', 24, id="sat-one-given"),
        pytest.param('givens = """\n1 . . .\n. 1 . .\n. . . .\n. . . .\n"""', 0, id="unsat-region-repeat"),
    ],
)
def test_jigsaw_4x4_exact_solutions(givens: str, count: int) -> None:
    puzzle = puzzle_from_toml(JIGSAW_4 + givens)
    want = expected(puzzle)
    assert len(want) == count
    assert solutions(puzzle) == want


def test_checker_names_the_region() -> None:
    puzzle = puzzle_from_toml(JIGSAW_4)
    # A Latin square that breaks region 1 (r1c1..r1c3 + r2c2): 1 2 3 / . 1 .
    grid = Grid(((1, 2, 3, 4), (2, 1, 4, 3), (3, 4, 1, 2), (4, 3, 2, 1)))
    assert any("region A (at r1c1)" in v for v in check.violations(puzzle, grid))


@pytest.mark.parametrize(
    ("ids", "names"),
    [
        pytest.param("A A A B\nC A B B\nC C D B\nC D D D", ("A", "B", "C", "D"), id="letters"),
        pytest.param("0 0 0 3\n2 0 3 3\n2 2 1 3\n2 1 1 1", ("0", "3", "2", "1"), id="numbers-any-order"),
        pytest.param("AAAB\nCABB\nCCDB\nCDDD", ("A", "B", "C", "D"), id="one-character-each"),
        pytest.param(
            "\n".join(" ".join(row) for row in [["long_name_1"] * 3 + ["long_name_2"], ["x", "long_name_1", "long_name_2", "long_name_2"],
                                                  ["x", "x", "y", "long_name_2"], ["x", "y", "y", "y"]]),
            (), id="cut-alike-numbered",
        ),
    ],
)
def test_regions_keep_the_files_ids_as_names(ids: str, names: tuple[str, ...]) -> None:
    """A region is named by the id the file gave it (a path's steps say "region 3" for the
    region the file calls 3, not the third met); ids that would read alike once cut are not used."""
    puzzle = puzzle_from_toml(f'size = 4\nregions = """\n{ids}\n"""\n')
    assert puzzle.region_names == names
    assert puzzle.regions == ((1, 1, 1, 2), (3, 1, 2, 2), (3, 3, 4, 2), (3, 4, 4, 4))
    first_cells = {"A": "r1c1", "B": "r1c4", "C": "r2c1", "D": "r3c3"}
    want = [f"region {name or g} (at {cell})" for g, (name, cell) in enumerate(zip(names or ("",) * 4, first_cells.values()), 1)]
    assert [name for name, _ in puzzle.houses() if name.startswith("region")] == want


def test_jigsaw_6x6_unique() -> None:
    text = '''
size = 6
regions = """
1 1 1 2 2 2
1 1 3 3 2 2
1 4 3 3 3 2
4 4 4 3 5 5
6 4 6 5 5 5
6 4 6 6 6 5
"""
givens = """
. . . . . .
. . . . . 5
. . . . . 3
. . . . 6 4
. . . . . .
4 . . 1 . .
"""
'''
    puzzle = puzzle_from_toml(text)
    assert solutions(puzzle) == {"534216123645651423312564246351465132"}


def test_render_has_template_and_facts() -> None:
    text = render(puzzle_from_toml(JIGSAW_4)).text
    assert "% Jigsaw:" in text
    assert "regionOf(1,4,2)." in text
    assert "boxOf" not in text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param(JIGSAW_4.replace('box = "none"', 'box = "2x2"'), "regions replace the boxes", id="with-boxes"),
        pytest.param(JIGSAW_4.replace("C D D D", "C D D"), "row 4 has 3 ids", id="short-row"),
        pytest.param(JIGSAW_4.replace("C D D D", "C D D A"), "region 'A' has 5 cells", id="region-too-big"),
        pytest.param(JIGSAW_4.replace("C D D D\n", ""), "3 rows, expected 4", id="missing-row"),
        pytest.param("size = 4\nregions = 4\n", "regions must be a string", id="not-a-string"),
    ],
)
def test_bad_region_maps(text: str, message: str) -> None:
    with pytest.raises(PuzzleFormatError) as info:
        puzzle_from_toml(text)
    assert message in str(info.value)
    assert str(info.value).startswith("test.toml:")


CHAOS_COUNT_4 = '''
size = 4
box = "none"
rules = ["chaos-construction"]
chaos-region-count = [{cell = "r1c1", cells = ["r1c1", "r1c2", "r2c1", "r2c2"]}]
'''


@pytest.mark.parametrize(
    ("made", "holds"),
    [
        ({}, True),  # no region made yet: anything from 1 to 4 is still possible
        ({(1, 1): 0, (1, 2): 0}, True),  # one region met, two cells to come: 2 or 3
        ({(1, 1): 0, (1, 2): 1}, False),  # two regions met and cells to come: at least 3
        ({(1, 1): 0, (1, 2): 0, (2, 1): 0, (2, 2): 0}, False),  # one region in all
        ({(1, 1): 0, (1, 2): 0, (2, 1): 1, (2, 2): 1}, True),  # exactly two
    ],
)
def test_chaos_region_count_checks_partial_layouts(made: dict[tuple[int, int], int], holds: bool) -> None:
    """The checker's layout search tries a region count whenever one of its cells gets a region:
    the regions met so far, plus one region or more for the cells still without one (regions are
    made whole, so those lie in regions to come), must be able to give the digit (here 2)."""
    from asp_sudoku.rules import chaos_construction as chaos
    from asp_sudoku.rules import chaos_region_count  # noqa: F401 (registers its tests)

    puzzle = puzzle_from_toml(CHAOS_COUNT_4)
    grid = Grid(((2, 1, 3, 4), (3, 4, 1, 2), (1, 2, 4, 3), (4, 3, 2, 1)))
    tests = chaos.CLUE_TESTS["chaos-region-count"](puzzle, grid)
    assert len(tests) == 4  # one per listed cell
    region = frozenset(cell for cell, g in made.items() if g == max(made.values(), default=0))
    assert all(test(dict(made), region) for _, test in tests) is holds


def test_the_toml_writer_keeps_plain_region_ids() -> None:
    """Written back, a map keeps the file's plain ids (the names a path uses); ids that are not
    plain words are written as numbers."""
    from asp_sudoku.formats.toml.writer import to_toml

    plain = puzzle_from_toml('size = 4\nregions = """\n0 0 0 3\n2 0 3 3\n2 2 1 3\n2 1 1 1\n"""\n')
    again = puzzle_from_toml(to_toml(plain))
    assert "0 0 0 3" in to_toml(plain) and again.region_names == ("0", "3", "2", "1") and again == plain
    odd = puzzle_from_toml('size = 4\nregions = """\n# # # $\n% # $ $\n% % & $\n% & & &\n"""\n')
    assert odd.region_names == ("#", "$", "%", "&")
    assert "1 1 1 2" in to_toml(odd) and puzzle_from_toml(to_toml(odd)) == odd
