"""Every rule template against brute force: the exact set of answer sets, a satisfiable and an
unsatisfiable case each.

The expected grids come from `grid_enum` (a naive enumerator of small grids) filtered by the rule
written out again here as a plain function; the actual ones are every answer set of the rendered
program.  The two sets must be equal and the solver must report no answer set twice, which also
proves that no template adds auxiliary choices.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from grid_enum import Rows, matching
from helpers import puzzle_from_toml

from asp_sudoku.program.render import render
from asp_sudoku.solving.single import solve_program

Rule = Callable[[Rows], bool]


def at(g: Rows, name: str) -> int:
    """The value of a cell named rRcC."""
    r, c = name[1:].split("c")
    return g[int(r) - 1][int(c) - 1]


def distinct(g: Rows, cells: list[tuple[int, int]]) -> bool:
    values = [g[r][c] for r, c in cells]
    return len(set(values)) == len(values)


def pairs_differ(g: Rows, steps: list[tuple[int, int]]) -> bool:
    n = len(g)
    return all(
        g[r][c] != g[r + dr][c + dc]
        for r in range(n)
        for c in range(n)
        for dr, dc in steps
        if 0 <= r + dr < n and 0 <= c + dc < n
    )


def anti_king(g: Rows) -> bool:
    return pairs_differ(g, [(1, -1), (1, 1)])


def anti_knight(g: Rows) -> bool:
    return pairs_differ(g, [(1, 2), (1, -2), (2, 1), (2, -1)])


def non_consecutive(g: Rows) -> bool:
    n = len(g)
    return all(
        abs(g[r][c] - g[r2][c2]) != 1
        for r in range(n)
        for c in range(n)
        for r2, c2 in ((r, c + 1), (r + 1, c))
        if r2 < n and c2 < n
    )


def disjoint_2x2(g: Rows) -> bool:
    return all(distinct(g, [(r, c) for r in (i, i + 2) for c in (j, j + 2)]) for i in (0, 1) for j in (0, 1))


def main_diagonal(g: Rows) -> bool:
    return distinct(g, [(i, i) for i in range(len(g))])


def anti_diagonal(g: Rows) -> bool:
    n = len(g)
    return distinct(g, [(i, n - 1 - i) for i in range(n)])


def windows(g: Rows) -> bool:
    return all(
        distinct(g, [(r, c) for r in range(top, top + 3) for c in range(left, left + 3)])
        for top in (1, 5)
        for left in (1, 5)
    )


def cage(g: Rows, names: list[str], total: int | None = None) -> bool:
    values = [at(g, n) for n in names]
    return len(set(values)) == len(values) and (total is None or sum(values) == total)


FREE_5X5 = """
size = 5
box = "none"
givens = '''
1 3 5 2 4
. . . . .
. . . . .
. . . . .
. . . . .
'''
"""

WINDOKU_SOLUTION = "792861534463975218158423796327196485945382671681547329539214867874639152216758943"
CLASSIC_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def fragment(solution: str, blank_rows: set[int]) -> str:
    """A 9x9 givens block: the solution with some rows left empty."""
    rows = [solution[i * 9:(i + 1) * 9] for i in range(9)]
    return "\n".join("." * 9 if r + 1 in blank_rows else row for r, row in enumerate(rows))


# A shaft through every cell of a 4x4 but the pill r1c1-r1c2, each cell next to the one before.
LONG_SHAFT = ["r2c1", "r3c1", "r4c1", "r4c2", "r3c2", "r2c2", "r2c3", "r1c3", "r1c4", "r2c4", "r3c4", "r3c3", "r4c3", "r4c4"]


CASES = [
    # Global rules.
    pytest.param(FREE_5X5 + 'rules = ["anti-king"]', anti_king, "anti_king.lp.j2", 2, id="anti-king-sat-5x5"),
    pytest.param('size = 4\nrules = ["anti-king"]', anti_king, "anti_king.lp.j2", 0, id="anti-king-unsat-4x4"),
    pytest.param('size = 4\nrules = ["anti-knight"]', anti_knight, "anti_knight.lp.j2", 24, id="anti-knight-sat-4x4"),
    pytest.param(
        'size = 4\nrules = ["anti-knight"]\ngivens = """\n1...\n..1.\n....\n....\n"""',
        anti_knight, "anti_knight.lp.j2", 0, id="anti-knight-unsat-4x4",
    ),
    pytest.param(FREE_5X5 + 'rules = ["non-consecutive"]', non_consecutive, "non_consecutive.lp.j2", 2,
                 id="non-consecutive-sat-5x5"),
    pytest.param('size = 4\nrules = ["non-consecutive"]', non_consecutive, "non_consecutive.lp.j2", 0,
                 id="non-consecutive-unsat-4x4"),
    pytest.param(
        'size = 4\nrules = ["miracle"]', lambda g: anti_king(g) and anti_knight(g) and non_consecutive(g),
        "anti_knight.lp.j2", 0, id="miracle-alias-unsat-4x4",
    ),
    pytest.param('size = 4\nrules = ["disjoint-groups"]', disjoint_2x2, "disjoint_groups.lp.j2", 168,
                 id="disjoint-groups-sat-4x4"),
    pytest.param(
        'size = 4\nrules = ["disjoint-groups"]\ngivens = "1...\\n....\\n..1.\\n...."',
        disjoint_2x2, "disjoint_groups.lp.j2", 0, id="disjoint-groups-unsat-4x4",
    ),
    pytest.param('size = 4\nbox = "none"\nrules = ["diagonal-"]', main_diagonal, "diagonal_main.lp.j2", None,
                 id="diagonal-main-sat-latin4"),
    pytest.param(
        'size = 4\nbox = "none"\nrules = ["diagonal-"]\ngivens = "1...\\n.1..\\n....\\n...."',
        main_diagonal, "diagonal_main.lp.j2", 0, id="diagonal-main-unsat-latin4",
    ),
    pytest.param('size = 4\nbox = "none"\nrules = ["diagonal+"]', anti_diagonal, "diagonal_anti.lp.j2", None,
                 id="diagonal-anti-sat-latin4"),
    pytest.param(
        'size = 4\nbox = "none"\nrules = ["diagonal+"]\ngivens = "...1\\n..1.\\n....\\n...."',
        anti_diagonal, "diagonal_anti.lp.j2", 0, id="diagonal-anti-unsat-latin4",
    ),
    pytest.param(
        'size = 4\nbox = "none"\nrules = ["diagonals"]', lambda g: main_diagonal(g) and anti_diagonal(g),
        "diagonal_anti.lp.j2", None, id="diagonals-alias-latin4",
    ),
    pytest.param(
        f'rules = ["windoku"]\ngivens = """\n{fragment(WINDOKU_SOLUTION, {2, 3, 6, 7})}\n"""', windows,
        "windoku.lp.j2", None, id="windoku-sat-fragment",
    ),
    pytest.param(
        f'rules = ["windoku"]\ngivens = """\n{fragment(CLASSIC_SOLUTION, {2, 3})}\n"""', windows,
        "windoku.lp.j2", 0, id="windoku-unsat-fragment",
    ),
    # Clue kinds.
    pytest.param(
        """size = 4
[[killer]]
cells = ["r1c1", "r1c2"]
sum = 3
[[killer]]
cells = ["r1c3", "r2c4", "r3c4"]
[[killer]]
cells = ["r4c1", "r4c2", "r4c3"]
sum = 7
""",
        lambda g: cage(g, ["r1c1", "r1c2"], 3) and cage(g, ["r1c3", "r2c4", "r3c4"])
        and cage(g, ["r4c1", "r4c2", "r4c3"], 7),
        "killer.lp.j2", None, id="killer-sat-4x4",
    ),
    pytest.param(
        """size = 4
[[killer]]
cells = ["r1c1", "r1c2"]
sum = 3
[[killer]]
cells = ["r1c1", "r2c1"]
sum = 3
""",
        lambda g: cage(g, ["r1c1", "r1c2"], 3) and cage(g, ["r1c1", "r2c1"], 3),
        "killer.lp.j2", 0, id="killer-unsat-4x4",
    ),
    pytest.param(
        """size = 4
[[killer]]
cells = ["r1c1", "r2c1", "r2c2"]
sum = 7
""",
        lambda g: cage(g, ["r1c1", "r2c1", "r2c2"], 7), "killer_combinations.lp.j2", None,
        id="killer-combinations-sat-4x4",
    ),
    pytest.param(
        """size = 4
[[killer]]
cells = ["r1c1", "r2c1", "r2c2"]
sum = 7
[[killer]]
cells = ["r1c2"]
sum = 1
""",
        lambda g: cage(g, ["r1c1", "r2c1", "r2c2"], 7) and at(g, "r1c2") == 1,
        "killer_combinations.lp.j2", 0, id="killer-combinations-unsat-4x4",
    ),
    pytest.param(
        'size = 4\n[[thermo]]\ncells = ["r1c1", "r2c2", "r3c2"]\n',
        lambda g: at(g, "r1c1") < at(g, "r2c2") < at(g, "r3c2"), "thermo.lp.j2", None, id="thermo-sat-4x4",
    ),
    pytest.param(
        'size = 4\n[[thermo]]\ncells = ["r1c1", "r1c2"]\n[[thermo]]\ncells = ["r1c2", "r1c1"]\n',
        lambda g: at(g, "r1c1") < at(g, "r1c2") < at(g, "r1c1"), "thermo.lp.j2", 0, id="thermo-unsat-4x4",
    ),
    pytest.param(
        """size = 4
[[killer]]
cells = ["r1c1", "r1c2"]
label = "a"
[[killer]]
cells = ["r2c1", "r2c2"]
label = "b"
[[killer]]
cells = ["r3c1", "r4c2"]
sum = 7
label = "c"
[[cage-compare]]
left = "a"
right = "b"
relation = ">"
[[cage-compare]]
left = "c"
right = "a"
relation = "="
""",
        lambda g: at(g, "r1c1") + at(g, "r1c2") > at(g, "r2c1") + at(g, "r2c2")
        and cage(g, ["r3c1", "r4c2"], 7) and at(g, "r1c1") + at(g, "r1c2") == 7,
        "cage_compare.lp.j2", None, id="cage-compare-sat-4x4",
    ),
    pytest.param(
        """size = 4
[[killer]]
cells = ["r1c1", "r1c2"]
label = "a"
[[killer]]
cells = ["r3c3", "r4c4"]
label = "b"
[[cage-compare]]
left = "a"
right = "b"
relation = "<"
[[cage-compare]]
left = "b"
right = "a"
relation = "<"
""",
        lambda g: at(g, "r1c1") + at(g, "r1c2") < at(g, "r3c3") + at(g, "r4c4") < at(g, "r1c1") + at(g, "r1c2"),
        "cage_compare.lp.j2", 0, id="cage-compare-unsat-4x4",
    ),
    pytest.param(
        'size = 4\n[[arrow]]\ncircle = "r1c1"\ncells = ["r1c2", "r2c3"]\n',
        lambda g: at(g, "r1c1") == at(g, "r1c2") + at(g, "r2c3"), "arrow.lp.j2", None, id="arrow-sat-4x4",
    ),
    pytest.param(
        'size = 4\n[[arrow]]\ncircle = ["r1c2", "r1c1"]\ncells = ["r2c1", "r3c1", "r4c1", "r4c2"]\n',
        lambda g: 10 * at(g, "r1c1") + at(g, "r1c2")
        == at(g, "r2c1") + at(g, "r3c1") + at(g, "r4c1") + at(g, "r4c2"),
        "arrow.lp.j2", None, id="arrow-pill-row-sat-4x4",
    ),
    pytest.param(
        'size = 4\n[[arrow]]\ncircle = ["r2c4", "r1c4"]\ncells = ["r1c3", "r2c2", "r3c2", "r4c2"]\n',
        lambda g: 10 * at(g, "r1c4") + at(g, "r2c4")
        == at(g, "r1c3") + at(g, "r2c2") + at(g, "r3c2") + at(g, "r4c2"),
        "running_sums.lp.j2", None, id="arrow-pill-column-sat-4x4",
    ),
    pytest.param(  # 13 shaft cells: a long line
        'size = 4\n[[arrow]]\ncircle = ["r1c1", "r1c2"]\ncells = [' + ", ".join(f'"{c}"' for c in LONG_SHAFT[:13]) + "]\n",
        lambda g: 10 * at(g, "r1c1") + at(g, "r1c2") == sum(at(g, c) for c in LONG_SHAFT[:13]),
        "running_sums.lp.j2", None, id="arrow-long-shaft-sat-4x4",
    ),
    pytest.param(  # 14 shaft cells: 11a + 2b = 40 has no solution in digits 1-4
        'size = 4\n[[arrow]]\ncircle = ["r1c1", "r1c2"]\ncells = [' + ", ".join(f'"{c}"' for c in LONG_SHAFT) + "]\n",
        lambda g: 10 * at(g, "r1c1") + at(g, "r1c2") == sum(at(g, c) for c in LONG_SHAFT),
        "running_sums.lp.j2", 0, id="arrow-long-shaft-unsat-4x4",
    ),
    pytest.param(
        'size = 4\n[[arrow]]\ncircle = "r1c1"\ncells = ["r1c2", "r1c3", "r1c4"]\n',
        lambda g: at(g, "r1c1") == at(g, "r1c2") + at(g, "r1c3") + at(g, "r1c4"), "arrow.lp.j2", 0,
        id="arrow-unsat-4x4",
    ),
    pytest.param(
        """size = 4
[[little-killer]]
sum = 10
clue = "r0c0"
direction = "down-right"
[[little-killer]]
sum = 3
cells = ["r1c4", "r2c3"]
""",
        lambda g: sum(g[i][i] for i in range(4)) == 10 and at(g, "r1c4") + at(g, "r2c3") == 3,
        "little_killer.lp.j2", None, id="little-killer-sat-4x4",
    ),
    pytest.param(
        """size = 4
[[little-killer]]
sum = 5
clue = "r5c2"
direction = "up-right"
[[little-killer]]
sum = 7
clue = "r2c5"
direction = "down-left"
""",
        lambda g: at(g, "r4c3") + at(g, "r3c4") == 5 and at(g, "r3c4") + at(g, "r4c3") == 7,
        "little_killer.lp.j2", 0, id="little-killer-unsat-4x4",
    ),
    pytest.param(
        """size = 4
[[little-killer]]
sum = 9
clue = "r5c1"
direction = "up-right"
""",
        lambda g: at(g, "r4c2") + at(g, "r3c3") + at(g, "r2c4") == 9,
        "running_sums.lp.j2", None, id="running-sums-little-killer-sat-4x4",
    ),
    pytest.param(
        'size = 4\n[[greater-than]]\ncells = ["r1c1", "r1c2"]\n[[greater-than]]\ncells = ["r2c2", "r1c2"]\n',
        lambda g: at(g, "r1c1") > at(g, "r1c2") < at(g, "r2c2"), "greater_than.lp.j2", None,
        id="greater-than-sat-4x4",
    ),
    pytest.param(
        """size = 4
[[greater-than]]
cells = ["r1c1", "r1c2"]
[[greater-than]]
cells = ["r1c2", "r1c3"]
[[greater-than]]
cells = ["r1c3", "r1c4"]
[[greater-than]]
cells = ["r1c4", "r2c4"]
""",
        lambda g: at(g, "r1c1") > at(g, "r1c2") > at(g, "r1c3") > at(g, "r1c4") > at(g, "r2c4"),
        "greater_than.lp.j2", 0, id="greater-than-unsat-4x4",
    ),
    pytest.param(
        """size = 4
[[extra-region]]
cells = ["r1c1", "r2c2", "r3c3", "r4c4"]
[[extra-region]]
cells = ["r1c2", "r2c1", "r3c4"]
""",
        lambda g: distinct(g, [(0, 0), (1, 1), (2, 2), (3, 3)]) and distinct(g, [(0, 1), (1, 0), (2, 3)]),
        "extra_region.lp.j2", None, id="extra-region-sat-4x4",
    ),
    pytest.param(
        'size = 4\n[[extra-region]]\ncells = ["r1c1", "r1c2", "r2c3", "r2c4"]\n',
        lambda g: distinct(g, [(0, 0), (0, 1), (1, 2), (1, 3)]), "extra_region.lp.j2", 0,
        id="extra-region-unsat-4x4",
    ),
]


@pytest.mark.parametrize(("text", "rule", "template", "expected_count"), CASES)
def test_exact_answer_sets(text: str, rule: Rule, template: str, expected_count: int | None) -> None:
    """`expected_count`: None for a satisfiable case (at least one grid), else the exact number."""
    puzzle = puzzle_from_toml(text)
    program = render(puzzle)
    assert template in program.templates
    givens = {(r, c): v for r, c, v in puzzle.givens}
    expected = matching(puzzle.size, puzzle.box, rule, givens, low=puzzle.digits[0])
    if expected_count is None:
        assert expected, "a satisfiable case needs at least one grid"
    else:
        assert len(expected) == expected_count, "the brute-force reference changed"
    result = solve_program(puzzle, program.text, limit=None, keep=None)
    assert result.exhausted
    found = [grid.rows for grid in result.solutions]
    assert len(found) == result.count == len(set(found)), "an answer set was reported twice"
    assert set(found) == expected
    assert (result.status == "unsatisfiable") == (not expected)
