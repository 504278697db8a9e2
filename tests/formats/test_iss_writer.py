"""Writing ISS constraint strings and SudokuPad links: every instance in instances/ written and
read back gives the same answer as the original (status; the same solution when unique; and
every solution found satisfies the original, by the independent checker), and a rule the
format cannot express is refused by name."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from helpers import INSTANCES as INSTANCE_DIR
from helpers import assert_solution, puzzle_from_toml

import asp_sudoku
from asp_sudoku.cli import main
from asp_sudoku.core.errors import AspSudokuError
from asp_sudoku.core.model import Puzzle
from asp_sudoku.formats import parse_many
from asp_sudoku.formats.fpuzzles.writer import sudokupad_url
from asp_sudoku.formats.iss.writer import WRITTEN_RULES, to_iss
from asp_sudoku.formats.names import iss_names
from asp_sudoku.rules import CLUE_KINDS, GLOBAL_RULES, global_rule
from asp_sudoku.rules.automaton import Automaton
from asp_sudoku.rules.base import ClueKind, Example, GlobalRule

INSTANCES = sorted(INSTANCE_DIR.glob("*.toml"))

# Instances with a rule the format has no spelling for, and the words of the refusal.
ISS_REFUSED = {
    "greater-killer-daily-hard.toml": "ISS has no cage-compare clue",
    "no-adjacent-1-2.toml": "ISS has no user-written rules",
    "clone-dominoes.toml": "ISS has no clone clue",
    "kropki-black-negative-i-just-like-colours.toml": "ISS has no kropki-black-negative rule",
    "nabner-lines.toml": "ISS has no nabner clue",
    "odd-even-sudoku.toml": "ISS has no even clue",
}
SUDOKUPAD_REFUSED = {
    "greater-killer-daily-hard.toml": "f-puzzles has no cage-compare clue",
    # non-consecutive everywhere, black dots: f-puzzles' nonconsecutive would let a dotted pair be consecutive
    "kropki-black-negative-i-just-like-colours.toml": "f-puzzles cannot say non-consecutive with Kropki dots",
    "no-adjacent-1-2.toml": "f-puzzles cannot carry user-written rules",
    "greater-than-fortress.toml": "f-puzzles has no greater-than clue",
    "0-indexed-jigsaw.toml": "f-puzzles grids hold the digits 1-9, not 0-8",
    "classic-16x16-seed.toml": "f-puzzles grids hold the digits 1-16, not 0-15",
    "classic-6x6-zero-based.toml": "f-puzzles grids hold the digits 1-6, not 0-5",
    "anti-taxicab-sudoku-x.toml": "f-puzzles has no anti-taxicab rule",
    "automaton-sequence-sudoku.toml": "f-puzzles has no automaton clue",
    "chaos-construction-sack-lunch.toml": "f-puzzles has no chaos-construction rule",
    "chaos-count-cell-count-6x6.toml": "f-puzzles has no chaos-construction rule",
    "chaos-region-count-fountain.toml": "f-puzzles has no chaos-construction rule",
    "contain-any-of-250.toml": "f-puzzles grids hold the digits 1-9, not 0-8",
    "count-distinct-circles.toml": "f-puzzles has no count-distinct clue",
    "doppelganger-killer.toml": "f-puzzles grids hold the digits 1-9, not 0-9",
    "dutch-flatmates-squishdoku-7x7.toml": "f-puzzles grids hold the digits 1-7, not 1-9",
    "entropic-modular-pretty-colors.toml": "f-puzzles has no pair clue",
    "equal-sum-magic-square.toml": "f-puzzles has no equal-sum clue",
    "equality-cages.toml": "f-puzzles has no equality-cage clue",
    "full-rank-dsm-2023.toml": "f-puzzles has no full-rank clue",
    "global-entropy-sudoku.toml": "f-puzzles has no global-entropy rule",
    "global-mod-3.toml": "f-puzzles has no global-mod rule",
    "hidden-skyscraper-unbidden-first-hidden.toml": "f-puzzles has no hidden-skyscraper clue",
    "look-and-say-killer.toml": "f-puzzles has no look-and-say clue",
    "lunchbox-normal.toml": "f-puzzles has no lunchbox clue",
    "numbered-room-n-is-for.toml": "f-puzzles has no numbered-room clue",
    "region-same-values-con-set-cutive.toml": "f-puzzles grids hold the digits 1-6, not 1-9",
    "rellik-cage-6x6.toml": "f-puzzles has no rellik-cage clue",
    "sum-line-10-lines.toml": "f-puzzles has no sum-line clue",
    "value-indexing-slingshot.toml": "f-puzzles has no value-indexing clue",
}


def _same_answer(original: Puzzle, written: Puzzle) -> None:
    expected = asp_sudoku.check(original)
    got = asp_sudoku.check(written)
    assert got.status == expected.status
    if expected.status == "unique":
        assert got.solutions == expected.solutions
    for grid in got.solutions:
        assert_solution(original, grid)


# Round trips that solve a puzzle of several seconds: with -m nightly (suite time).
HEAVY_INSTANCES = {"renban-skyscrapers.toml", "disjoint-groups-barbed-cross.toml", "chaos-region-count-fountain.toml"}


def instance_params() -> list[object]:
    return [pytest.param(p, id=p.name, marks=[pytest.mark.nightly] if p.name in HEAVY_INSTANCES else [])
            for p in INSTANCES]


@pytest.mark.slow
@pytest.mark.parametrize("path", instance_params())
def test_iss_round_trip_of_every_instance(path: Path) -> None:
    original = asp_sudoku.load(str(path))
    if path.name in ISS_REFUSED:
        with pytest.raises(AspSudokuError, match=ISS_REFUSED[path.name]):
            to_iss(original)
        return
    (written,) = parse_many(to_iss(original), "<iss>", "iss")
    _same_answer(original, written)


@pytest.mark.slow
@pytest.mark.parametrize("path", instance_params())
def test_sudokupad_round_trip_of_every_instance(path: Path) -> None:
    original = asp_sudoku.load(str(path))
    if path.name in SUDOKUPAD_REFUSED:
        with pytest.raises(AspSudokuError, match=SUDOKUPAD_REFUSED[path.name]):
            sudokupad_url(original)
        return
    link = sudokupad_url(original)
    assert link.startswith("https://sudokupad.app/fpuzzles")
    (written,) = parse_many(link, "<link>", None)
    _same_answer(original, written)


def test_written_rules_are_those_iss_names() -> None:
    """The writer writes exactly the rules formats.names gives an ISS spelling: every rule read
    from ISS strings, and no other."""
    assert WRITTEN_RULES == set(iss_names())


def _rule(name: str) -> GlobalRule | ClueKind:
    return global_rule(name) if name in GLOBAL_RULES else CLUE_KINDS[name]


def _example_puzzle(example: Example) -> Puzzle:
    (puzzle,) = parse_many(example.toml, "<example>.toml", "toml")
    return puzzle


def _rules_of(puzzle: Puzzle) -> set[str]:
    return set(puzzle.rules) | {clue.kind for clue in puzzle.clues}


ALL_RULES = [*GLOBAL_RULES, *CLUE_KINDS]

# Examples of rules ISS has, with a clue ISS cannot say, and the words of the refusal.
ISS_REFUSED_EXAMPLES = {
    ("kropki-white", 2): "ISS has no kropki-white clue with difference 3",
    ("indexing", 3): "ISS has no indexing clue with direction box",
    ("weighted-sum", 2): "ISS has no weighted-sum clue with distinct digits and weights 1 each",
}


def _iss_examples() -> list[object]:
    names = set(iss_names())
    params: list[object] = []
    for name in ALL_RULES:
        for i, example in enumerate(_rule(name).examples, start=1):
            if _rules_of(_example_puzzle(example)) <= names:
                params.append(pytest.param(name, i, example, id=f"{name}-{i}"))
    return params


@pytest.mark.parametrize(("name", "number", "example"), _iss_examples())
def test_every_rule_example_round_trips_through_iss(name: str, number: int, example: Example) -> None:
    """Each example whose rules all have ISS names, written as ISS and read back, has exactly
    the solutions the example records."""
    puzzle = _example_puzzle(example)
    if (name, number) in ISS_REFUSED_EXAMPLES:
        with pytest.raises(AspSudokuError, match=ISS_REFUSED_EXAMPLES[(name, number)]):
            to_iss(puzzle)
        return
    (back,) = parse_many(to_iss(puzzle), "<iss>", "iss")
    got = sorted(grid.as_string() for grid in asp_sudoku.solve(back, limit=None).solutions)
    assert got == sorted(example.solutions)


@pytest.mark.parametrize("name", sorted(set(ALL_RULES) - set(iss_names())))
def test_a_rule_without_an_iss_name_is_refused_by_name(name: str) -> None:
    """An example of each rule ISS cannot say is refused in one line naming the rule."""
    puzzle = _example_puzzle(_rule(name).examples[0])
    with pytest.raises(AspSudokuError) as caught:
        to_iss(puzzle)
    assert f"ISS has no {name} " in str(caught.value)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("toml", "expected"),
    [
        ('size = 6\nbox = "3x2"\ngivens = """\n1 . . . . .\n. . . . . .\n. . . . . .\n'
         '. . . . . .\n. . . . . .\n. . . . . 2"""', ".Shape~6x6.NoBoxes.Jigsaw~001122001122001122334455334455334455"
         ".~R1C1_1~R6C6_2"),
        ('size = 4\nbox = "none"\ngivens = ". . . .\\n. . . .\\n. . . .\\n. . . ."', ".Shape~4x4.NoBoxes"),
        ('givens = """' + "\n".join([". " * 9] * 9) + '"""', ".Shape~9x9"),
        ('size = 4\nrules = ["diagonals"]\ngivens = "1 . . .\\n. . . .\\n. . . .\\n. . . ."\n'
         '[[pencilmarks]]\ncell = "r2c3"\ndigits = [1, 2]', ".Shape~4x4.Diagonal~1.Diagonal~-1.~R1C1_1~R2C3_1_2"),
        ('size = 6\nvalues = "1-9"', ".Shape~6x6~9"),
        ('size = 6\nvalues = "1-9"\nbox = "2x3"', ".Shape~6x6~9.RegionSize~6"),
        ('size = 6\nvalues = "1-9"\nbox = "none"', ".Shape~6x6~9.NoBoxes"),
        ('size = 9\nvalues = "0-9"\n[[pencilmarks]]\ncell = "r1c1"\ndigits = [0, 9]', ".Shape~9x9~0-9.NoBoxes.~R1C1_0_9"),
        ('size = 4\nvalues = "0-4"\nbox = "2x2"\nrules = ["doppelganger"]', ".Shape~4x4~0-4.Doppelganger"),
        ('size = "4x6"\ngivens = "1 . . . . .\\n. . . . . .\\n. . . . . .\\n. . . . . 2"', ".Shape~4x6.~R1C1_1~R4C6_2"),
        ('size = "9x8"\nvalues = "0-8"', ".Shape~9x8~0-8"),
        ('size = "4x6"\nbox = "none"', ".Shape~4x6.NoBoxes"),
        ('size = 4\n[[weighted-sum]]\ncells = ["r1c1", "r2c3"]\nsum = 5', ".Shape~4x4.Sum~5~R1C1~R2C3"),
        ('size = 4\n[[weighted-sum]]\ncells = ["r1c1", "r2c3"]\nweights = [2, -1]\nsum = -2',
         ".Shape~4x4.Sum~-2_=_2_-1~R1C1~R2C3"),
        ('size = 4\n[[weighted-sum]]\ncells = ["r1c1", "r1c2"]\nweights = [1, 3]\nsum = 10\ndistinct = true',
         ".Shape~4x4.Cage~10~R1C1~R1C2~R1C2~R1C2"),
    ],
    ids=["boxes-3x2-as-jigsaw", "no-boxes", "empty", "diagonals-and-pencilmarks", "6x6-of-1-9", "6x6-of-1-9-boxes-2x3",
         "6x6-of-1-9-no-boxes", "9x9-of-0-9", "doppelganger-0-4", "4x6", "9x8-of-0-8", "4x6-no-boxes",
         "sum", "weighted-sum", "weighted-sum-distinct-as-cage"],
)
def test_small_strings_read_back_the_same(toml: str, expected: str) -> None:
    puzzle = puzzle_from_toml(toml)
    text = to_iss(puzzle)
    assert text == expected
    (back,) = parse_many(text, "<iss>", "iss")
    assert (back.size, back.cols, back.digits, back.givens, back.rules, back.clues) == (
        puzzle.size, puzzle.cols, puzzle.digits, puzzle.givens, puzzle.rules, puzzle.clues
    )
    if puzzle.box is None or puzzle.box == back.box:
        assert back.box == puzzle.box


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ('[[kropki-white]]\ncells = ["r1c1", "r1c2"]\ndifference = 2', "kropki-white clue with difference 2"),
        ('[[odd]]\ncells = ["r1c1"]', "ISS has no odd clue"),
        ('rules = ["kropki-white-negative"]', "ISS has no kropki-white-negative rule"),
        ('[[weighted-sum]]\ncells = ["r1c1", "r1c2"]\nweights = [2, -1]\nsum = 3\ndistinct = true',
         "weighted-sum clue with distinct digits and a weight below 1"),
        ('[[weighted-sum]]\ncells = ["r1c1", "r1c2"]\nsum = 3\ndistinct = true',
         "weighted-sum clue with distinct digits and weights 1 each"),
        ('values = "0-3"\n[[weighted-sum]]\ncells = ["r1c1"]\nweights = [2]\nsum = 0\ndistinct = true',
         "weighted-sum clue with distinct digits and sum 0"),
        ('values = "0-3"\n[[killer]]\ncells = ["r1c1"]\nsum = 0', "killer clue with sum 0"),
    ],
    ids=["white-dot-difference-2", "odd", "negative-white", "weighted-distinct-negative", "weighted-distinct-killer",
         "weighted-distinct-sum-0", "killer-sum-0"],
)
def test_what_iss_cannot_say_is_refused_by_name(table: str, message: str) -> None:
    puzzle = puzzle_from_toml('size = 4\ngivens = ". . . .\\n. . . .\\n. . . .\\n. . . ."\n' + table)
    with pytest.raises(AspSudokuError, match=message):
        to_iss(puzzle)


def test_convert_to_iss_and_sudokupad_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = INSTANCE_DIR / "miracle.toml"
    assert main(["convert", str(source), "--to", "iss"]) == 0
    text = capsys.readouterr().out
    assert text == ".AntiKing.AntiKnight.AntiConsecutive.~R5C3_1~R6C7_2\n"
    out = tmp_path / "miracle.iss"
    out.write_text(text)
    assert main(["check", str(out)]) == 0
    assert "unique" in capsys.readouterr().out
    assert main(["convert", str(source), "--to", "sudokupad"]) == 0
    link = capsys.readouterr().out.strip()
    assert main(["check", link]) == 0
    assert "unique" in capsys.readouterr().out
    refused = INSTANCE_DIR / "greater-killer-daily-hard.toml"
    assert main(["convert", str(refused), "--to", "iss"]) != 0
    assert "ISS has no cage-compare clue" in capsys.readouterr().err


@pytest.mark.parametrize(
    "toml",
    [
        'size = 4\n[[pair]]\ncells = ["r1c1", "r1c2", "r1c3"]\nallowed = [[1, 2], [2, 3], [3, 4], [4, 4]]',
        'size = 4\nvalues = "0-3"\n[[pair]]\ncells = ["r1c1", "r2c2"]\nallowed = [[0, 3], [1, 0], [3, 2]]',
        'size = 6\n[[pair]]\ncells = ["r1c1", "r2c2", "r3c3"]\nallowed = [[1, 6], [6, 6], [5, 2]]\nall = false',
    ],
    ids=["4x4-not-symmetric", "0-3", "6x6"],
)
def test_pair_keys_read_back_as_the_same_relation(toml: str) -> None:
    """A relation that is not symmetric (the earlier cell's digit first) keeps its direction."""
    puzzle = puzzle_from_toml(toml)
    (back,) = parse_many(to_iss(puzzle), "<iss>", "iss")
    assert [set(c.allowed) for c in back.clues] == [set(c.allowed) for c in puzzle.clues]  # type: ignore[attr-defined]


def _accepted(clue: Automaton, digits: range, length: int) -> set[tuple[int, ...]]:
    """The words of `length` digits an automaton accepts (by following its moves)."""
    moves: dict[tuple[int, int], set[int]] = {}
    for s, d, t in clue.transitions:
        moves.setdefault((s, d), set()).add(t)
    words: set[tuple[int, ...]] = set()
    for word in itertools.product(digits, repeat=length):
        states = {clue.start}
        for d in word:
            states = {t for s in states for t in moves.get((s, d), ())}
        if states & set(clue.accept):
            words.add(word)
    return words


@pytest.mark.parametrize(
    ("values", "transitions", "accept", "start"),
    [
        ("1-4", [[0, 1, 1], [1, 2, 2], [2, 3, 0], [2, 4, 3], [3, 4, 3], [1, 1, 1]], [0, 3], 0),
        ("0-3", [[5, 0, 2], [2, 3, 5], [2, 1, 7], [7, 2, 5], [5, 1, 5]], [5], 5),
        ("1-4", [[3, 1, 1], [3, 1, 2], [1, 2, 3], [2, 3, 3], [2, 4, 9]], [9, 1], 3),
    ],
    ids=["start-accepts", "zero-based", "nondeterministic"],
)
def test_automata_without_a_regex_read_back_accepting_the_same_words(
    values: str, transitions: list[list[int]], accept: list[int], start: int
) -> None:
    toml = f'size = 4\nvalues = "{values}"\n[[automaton]]\ncells = ["r1c1", "r1c2", "r1c3", "r1c4"]\n'
    toml += f"transitions = {transitions}\naccept = {accept}\nstart = {start}"
    puzzle = puzzle_from_toml(toml)
    text = to_iss(puzzle)
    assert ".NFA~" in text
    (back,) = parse_many(text, "<iss>", "iss")
    (original,), (read,) = puzzle.clues, back.clues
    assert isinstance(original, Automaton) and isinstance(read, Automaton)
    for length in range(5):
        assert _accepted(read, puzzle.digit_range, length) == _accepted(original, puzzle.digit_range, length)


@pytest.mark.parametrize(
    ("toml", "said"),
    [
        # ISS relates only neighbours: `.GreaterThan~VA~R1C1` read back as no rule (72 -> 288 solutions)
        ('size = 4\ngivens = "3...\\n....\\n....\\n...."\n[[extra]]\nname = "VA"\n[[greater-than]]\ncells = ["VA", "r1c1"]\n',
         "greater-than clue between VA and R1C1"),
        # a sandwich on a line shorter than the digits read back as a lunchbox (116,592 -> 83,280)
        ('size = 4\nbox = "2x2"\nvalues = "1-5"\n[[sandwich]]\nclue = "r0c1"\nsum = 0\n', "sandwich clue on a line shorter than the 5 digits"),
        # jigsaw regions of other sizes: refused by the reader, or read as extra regions (702 -> 0 solutions)
        ('size = 4\nvalues = "1-6"\nrules = ["region-same-values"]\nregions = """\nB B B B\nB A A B\nA A A C\nA C C C\n"""\n',
         "jigsaw of regions of 4, 6 cells"),
    ],
)
def test_what_iss_would_read_as_another_puzzle_is_refused(toml: str, said: str) -> None:
    """Found by a brute-force QA pass: these were written, and read back as other puzzles."""
    puzzle = puzzle_from_toml(toml)
    with pytest.raises(AspSudokuError, match=f"^ISS has no {said}"):
        to_iss(puzzle)


def test_an_iss_pair_of_cells_that_are_no_neighbours_is_said_not_dropped() -> None:
    with pytest.warns(UserWarning, match="R1C1, R2C2 are no neighbour"):
        [puzzle] = parse_many(".Shape~4x4.GreaterThan~R1C1~R2C2.~R1C1_3", "iss:x", "iss")
    assert not puzzle.clues


@pytest.mark.parametrize("toml", ['size = 2\nvalues = "1-4"\n', 'size = 3\nvalues = "1-9"\n', 'size = 3\nvalues = "0-8"\n'])
def test_a_whole_grid_box_survives_the_iss_round_trip(toml: str) -> None:
    """A 2x2 of 1-4 has one box of its four cells (the default box holds as many cells as there
    are digits); `.Shape~2x2~4` was read back with no box (24 -> 84 solutions)."""
    puzzle = puzzle_from_toml(toml)
    assert puzzle.box == (puzzle.size, puzzle.size)
    [back] = parse_many(to_iss(puzzle), "iss:x", "iss")
    assert back.box == puzzle.box and back == puzzle
