"""The seed documents' puzzles: Miracle counts, Spoons, the four clpfd killers, and every instance
file of the seed rules (solved from the command line, equal to its published solution, and shown by
`encode` with its templates' text)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import INSTANCES, assert_solution, puzzle_from_toml

from asp_sudoku.cli import main
from asp_sudoku.formats import load
from asp_sudoku.program.render import environment, render, size_context
from asp_sudoku.rules.cage_compare import CageCompare
from asp_sudoku.rules.killer import Killer
from asp_sudoku.solving.single import count, solve

MIRACLE = 'size = 9\nrules = ["miracle"]\n'


def miracle_with(givens: dict[str, int]) -> str:
    """A miracle puzzle with the given digits placed (cells named rRcC)."""
    grid = [["."] * 9 for _ in range(9)]
    for name, digit in givens.items():
        r, c = (int(x) for x in name[1:].split("c"))
        grid[r - 1][c - 1] = str(digit)
    return MIRACLE + 'givens = """\n' + "\n".join("".join(row) for row in grid) + '\n"""\n'


def test_miracle_empty_grid_has_72_solutions() -> None:
    result = count(puzzle_from_toml(MIRACLE))
    assert result.exhausted and result.count == 72


@pytest.mark.parametrize("cell", ["r1c1", "r5c5", "r9c2", "r3c8", "r7c4"])
def test_miracle_one_given_anywhere_has_8_solutions(cell: str) -> None:
    puzzle = puzzle_from_toml(miracle_with({cell: 4}))
    result = solve(puzzle, limit=None, keep=None)
    assert result.exhausted and result.count == 8
    for grid in result.solutions:
        assert_solution(puzzle, grid)


@pytest.mark.parametrize(
    ("givens", "first_row"),
    [
        pytest.param({"r5c3": 1, "r6c7": 2}, (4, 8, 3, 7, 2, 6, 1, 5, 9), id="r5c3=1,r6c7=2"),
        pytest.param({"r3c5": 4, "r4c3": 3}, None, id="r3c5=4,r4c3=3"),
    ],
)
def test_miracle_two_givens_are_unique(givens: dict[str, int], first_row: tuple[int, ...] | None) -> None:
    puzzle = puzzle_from_toml(miracle_with(givens))
    result = solve(puzzle)
    assert result.status == "unique"
    assert_solution(puzzle, result.solutions[0])
    if first_row is not None:
        assert result.solutions[0].rows[0] == first_row


def published(path: Path) -> str:
    """The 81-digit solution written in an instance's header comments."""
    found = re.findall(r"^#\s*([0-9]{81})\s*$", path.read_text(encoding="utf-8"), re.MULTILINE)
    assert len(found) == 1, f"{path.name} should state its solution once in a comment"
    return found[0]


SEED_INSTANCES = [
    "miracle.toml",
    "spoons.toml",
    "killer-wikipedia.toml",
    "killer-daily-hard.toml",
    "killer-most-difficult.toml",
    "greater-killer-daily-hard.toml",
    "little-killer.toml",
    "arrow-ctc-tribute.toml",
    "disjoint-groups-barbed-cross.toml",
    "pill-arrow.toml",
    "greater-than-fortress.toml",
    "windoku.toml",
    "extra-region-windoku.toml",
]


def test_spoons_solution_is_the_stated_one() -> None:
    path = INSTANCES / "spoons.toml"
    expected = "231456987864729351975831462186942573342567198597183624618294735729315846453678219"
    assert published(path) == expected
    puzzle = load(str(path))
    assert len(puzzle.clues_of("thermo")) == 18 and not puzzle.givens
    result = solve(puzzle)
    assert result.status == "unique" and result.solutions[0].as_string() == expected


def test_greater_killer_has_the_seed_compares() -> None:
    puzzle = load(str(INSTANCES / "greater-killer-daily-hard.toml"))
    compares = [c for c in puzzle.clues if isinstance(c, CageCompare)]
    assert [(c.left, c.relation, c.right) for c in compares] == [
        ("a", "=", "b"), ("j", "<", "o"), ("r", "=", "v"), ("u", ">", "y"), ("y", "=", "v")
    ]
    assert sum(c.total is None for c in puzzle.clues if isinstance(c, Killer)) == 9


@pytest.mark.parametrize("name", SEED_INSTANCES)
def test_instance_solves_from_the_command_line(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = INSTANCES / name
    assert main(["solve", str(path)]) == 0
    out = capsys.readouterr().out
    assert "unique: exactly one solution" in out
    digits = "".join(re.findall(r"[0-9]", "\n".join(out.splitlines()[1:-1])))
    assert digits == published(path)


@pytest.mark.parametrize("name", SEED_INSTANCES)
def test_instance_solution_is_checked(name: str) -> None:
    puzzle = load(str(INSTANCES / name))
    result = solve(puzzle)
    assert result.status == "unique"
    assert_solution(puzzle, result.solutions[0])
    assert result.solutions[0].as_string() == published(INSTANCES / name)


@pytest.mark.parametrize("name", SEED_INSTANCES)
def test_encode_shows_each_rule_template_with_its_comments(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = INSTANCES / name
    assert main(["encode", str(path)]) == 0
    program = capsys.readouterr().out
    puzzle = load(str(path))
    templates = render(puzzle).templates
    assert len(templates) >= 2, "an instance of a seed rule uses at least one rule template"
    for template in templates:
        text = environment().get_template(template).render(**size_context(puzzle))
        assert text in program
        comments = [line for line in text.splitlines() if line.startswith("%")]
        assert comments[0].startswith("% ") and ":" in comments[0]
        for line in comments:
            assert line in program


def published_solution(path: Path) -> str:
    """The N*N-digit solution on the comment line after `# Published solution:`."""
    found = re.findall(r"^# Published solution:\s*\n#\s*([0-9]+)\s*$", path.read_text(encoding="utf-8"), re.MULTILINE)
    assert len(found) == 1, f"{path.name} should state its solution once in a comment"
    return found[0]


# Instances of the variant rules, from Interactive Sudoku Solver's examples (iss_puzzles_raw.jsonl):
# each is solved from the command line to its published solution and proved unique.  Those that
# take more than about a second are slow.
SLOW = [pytest.mark.slow]
VARIANT_INSTANCES = [
    "anti-taxicab-sudoku-x.toml",
    "automaton-sequence-sudoku.toml",
    pytest.param("chaos-construction-sack-lunch.toml", marks=SLOW),
    "chaos-count-cell-count-6x6.toml",
    pytest.param("chaos-region-count-fountain.toml", marks=SLOW),
    "clone-dominoes.toml",
    "contain-any-of-250.toml",
    "count-distinct-circles.toml",
    "doppelganger-killer.toml",
    "dutch-flatmates-squishdoku-7x7.toml",
    "entropic-modular-pretty-colors.toml",
    pytest.param("equal-sum-magic-square.toml", marks=SLOW),
    "equality-cages.toml",
    "full-rank-dsm-2023.toml",
    "global-entropy-sudoku.toml",
    "global-mod-3.toml",
    "hidden-skyscraper-unbidden-first-hidden.toml",
    "indexing-159-sudoku.toml",
    "kropki-black-negative-i-just-like-colours.toml",
    "kropki-negative-strict-kropki.toml",
    "lockout-double-arrows.toml",
    "look-and-say-killer.toml",
    "lunchbox-normal.toml",
    "nabner-lines.toml",
    "numbered-room-n-is-for.toml",
    "odd-even-sudoku.toml",
    "region-same-values-con-set-cutive.toml",
    "rellik-cage-6x6.toml",
    "sum-line-10-lines.toml",
    "value-indexing-slingshot.toml",
    "xv-negative-strict-xv.toml",
]


@pytest.mark.parametrize("name", VARIANT_INSTANCES)
def test_variant_instance_solves_to_its_published_solution(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = INSTANCES / name
    expected = published_solution(path)
    assert main(["solve", str(path)]) == 0
    out = capsys.readouterr().out
    assert "unique: exactly one solution" in out
    digits = "".join(re.findall(r"[0-9]", "\n".join(out.splitlines()[1:-1])))
    assert digits == expected
    puzzle = load(str(path))
    assert len(expected) == puzzle.size * puzzle.cols
    result = solve(puzzle)
    assert result.status == "unique"
    assert_solution(puzzle, result.solutions[0])
    assert result.solutions[0].as_string() == expected


# Rule kinds no published puzzle in the shared collections uses (none of ISS's examples has
# them), so no instance shows them.
WITHOUT_INSTANCE = {"kropki-white-negative", "maximum", "minimum", "slow-thermo"}


def test_instances_use_every_rule_but_a_few() -> None:
    from asp_sudoku.rules import CLUE_KINDS, GLOBAL_RULES

    used: set[str] = set()
    for path in INSTANCES.glob("*.toml"):
        puzzle = load(str(path))
        used |= set(puzzle.rules) | {clue.kind for clue in puzzle.clues}
    assert (set(CLUE_KINDS) | set(GLOBAL_RULES)) - used == WITHOUT_INSTANCE
