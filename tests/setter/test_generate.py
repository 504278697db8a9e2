"""generate: unique puzzles for any rule set, deterministic per seed, each re-checked by `check`."""

from __future__ import annotations

import dataclasses
import json
import math
from collections import Counter
from pathlib import Path

import pytest
from helpers import puzzle_from_toml

from asp_sudoku import generate, load, solve
from asp_sudoku.checker import violations
from asp_sudoku.cli import main
from asp_sudoku.core.model import Puzzle
from asp_sudoku.formats import load_many, parse_many
from asp_sudoku.formats.toml.writer import to_toml
from asp_sudoku.setter import CLUE_KIND_NAMES
from asp_sudoku.setter.clue_makers import CLUE_MAKERS
from asp_sudoku.setter.generate import Generated


def assert_minimal_unique(puzzle: Puzzle) -> None:
    """Unique, and dropping any one given or clue leaves several solutions."""
    assert solve(puzzle).status == "unique"
    for g in puzzle.givens:
        fewer = dataclasses.replace(puzzle, givens=tuple(x for x in puzzle.givens if x != g))
        assert solve(fewer).status == "multiple", g
    for k in range(len(puzzle.clues)):
        fewer = dataclasses.replace(puzzle, clues=puzzle.clues[:k] + puzzle.clues[k + 1 :])
        assert solve(fewer).status == "multiple", puzzle.clues[k].describe()


def check_files(paths: list[Path], capsys: pytest.CaptureFixture[str]) -> None:
    """Every file passes `asp-sudoku check` (unique, exit 0)."""
    capsys.readouterr()
    assert main(["check", *map(str, paths)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == len(paths) and all(line.endswith(": unique") for line in out)


def generated_files(tmp_path: Path, args: list[str], capsys: pytest.CaptureFixture[str]) -> list[Path]:
    folder = tmp_path / "out"
    assert main(["generate", *args, "--output-dir", str(folder)]) == 0
    captured = capsys.readouterr()
    assert captured.out == ""  # the puzzles are in the files; the report ("FILE: ...") on stderr
    assert len(captured.err.strip().splitlines()) >= len(list(folder.iterdir()))
    return sorted(folder.iterdir(), key=lambda p: int(p.stem.rsplit("seed", 1)[1]))


def test_miracle_seed_1_is_unique(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--rules", "miracle", "--seed", "1"]) == 0
    text = capsys.readouterr().out
    path = tmp_path / "m.toml"
    path.write_text(text)
    puzzle = load(str(path))
    assert puzzle.rules == ("anti-king", "anti-knight", "non-consecutive")
    assert 'rules = ["miracle"]' in text
    assert len(puzzle.givens) <= 3
    check_files([path], capsys)


@pytest.mark.slow
def test_twenty_miracle_seeds_have_two_or_three_givens(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    paths = generated_files(tmp_path, ["--rules", "miracle", "--seed", "1", "--count", "20"], capsys)
    assert len(paths) == 20
    sizes = Counter(len(load(str(p)).givens) for p in paths)
    assert max(sizes) <= 3
    assert sizes[2] > 10  # the minimum is known to be 2 (here every grid has a 2-given puzzle)
    check_files(paths, capsys)


@pytest.mark.slow
def test_classic_nine_by_nine_unique_minimal_and_timed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--size", "9", "--seed", "7", "--count", "3", "--json"]) == 0
    captured = capsys.readouterr()
    objects = [json.loads(line) for line in captured.out.splitlines()]
    assert "3 puzzles in" in captured.err and "per puzzle" in captured.err
    paths = []
    for k, obj in enumerate(objects):
        assert obj["status"] == "unique" and obj["seed"] == 7 + k and obj["seconds"] > 0
        assert obj["minimal"] is True
        rows = "\n".join(" ".join(str(v) if v else "." for v in row) for row in obj["givens"])
        path = tmp_path / f"p{k}.toml"
        path.write_text(f'givens = """\n{rows}\n"""\n')
        puzzle = load(str(path))
        assert_minimal_unique(puzzle)
        assert solve(puzzle).solutions[0].as_lists() == obj["solutions"][0]
        paths.append(path)
    check_files(paths, capsys)


def test_toml_output_reports_time_and_method(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--size", "6", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    head = out.splitlines()[:2]
    assert head[0] == "# asp-sudoku generate --size 6 --seed 3"
    assert head[1].startswith("# unique; ") and head[1].endswith(" s")


@pytest.mark.slow
def test_same_seed_same_puzzle_other_seed_other_puzzle() -> None:
    for kwargs in ({"size": 9}, {"size": 9, "rules": ["miracle"]}, {"size": 6, "clues": ["killer"]}):
        a = generate(seed=11, **kwargs)  # type: ignore[arg-type]
        b = generate(seed=11, **kwargs)  # type: ignore[arg-type]
        assert a.puzzle == b.puzzle and a.solution == b.solution
    c = [generate(9, seed=s).puzzle for s in (1, 2, 3)]
    assert len({p.givens for p in c}) == 3


def test_four_by_four_gets_the_fewest_givens() -> None:
    for seed in range(3):
        made = generate(4, seed=seed)
        assert made.fewest and len(made.puzzle.givens) == 4  # the 4x4 minimum is 4
        assert solve(made.puzzle).status == "unique"


def test_asked_number_of_givens(capsys: pytest.CaptureFixture[str]) -> None:
    made = generate(9, ["miracle"], seed=2, givens=3)
    assert len(made.puzzle.givens) == 3 and made.target_reached and not made.minimal
    assert solve(made.puzzle).status == "unique"
    made = generate(9, seed=2, givens=32)
    assert len(made.puzzle.givens) == 32 and made.target_reached and not made.minimal
    assert solve(made.puzzle).status == "unique"
    made = generate(4, seed=2, givens=3, attempts=2)  # a 4x4 needs 4
    assert not made.target_reached and len(made.puzzle.givens) == 4
    assert main(["generate", "--size", "4", "--givens", "3", "--attempts", "2", "--seed", "1"]) == 1
    assert "could not reach 3 givens" in capsys.readouterr().err


@pytest.mark.parametrize("size", [4, 6])
@pytest.mark.parametrize("kind", CLUE_KIND_NAMES)
def test_clue_generation_small(size: int, kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    paths = generated_files(tmp_path, ["--size", str(size), "--clues", kind, "--seed", "5", "--count", "2"], capsys)
    for path in paths:
        [puzzle] = load_many(str(path))
        assert all(c.kind in CLUE_MAKERS[kind].kinds for c in puzzle.clues)
        assert_minimal_unique(puzzle)
    check_files(paths, capsys)


def test_a_search_the_budget_stops_keeps_what_it_tried_to_drop(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each search of generate has a budget of conflicts (little killers with few givens would
    otherwise stall it: 9x9 little killer puzzles take clingo minutes to prove unique).  A search
    the budget stops counts as "not unique": the item stays, and the puzzle is not called
    minimal.  With a budget of one conflict most searches stop, and the puzzle is still unique."""
    import asp_sudoku.setter.generate.dropping as module
    import asp_sudoku.setter.report as report_module
    from asp_sudoku.setter.report import generated_summary

    made = generate(6, clues=["killer"], seed=4)
    assert made.minimal and "stopped" not in made.method
    monkeypatch.setattr(module, "CHECK_CONFLICTS", 1)
    monkeypatch.setattr(report_module, "CHECK_CONFLICTS", 1)
    tight = generate(6, clues=["killer"], seed=4)
    assert not tight.minimal and tight.undecided > 0 and made.undecided == 0
    assert f"not proved minimal: {tight.undecided} searches stopped" in generated_summary(tight)
    assert solve(tight.puzzle).status == "unique" and violations(tight.puzzle, tight.solution) == []
    assert len(tight.puzzle.givens) + len(tight.puzzle.clues) > len(made.puzzle.givens) + len(made.puzzle.clues)


@pytest.mark.slow
def test_nine_by_nine_clue_kinds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A 9x9 of each pooled kind but the little killer (a minute): unique, read back, checked."""
    for kind in ("arrow", "kropki", "xv", "sandwich", "whispers", "renban"):
        made = generate(9, clues=[kind], seed=1)
        assert made.puzzle.clues and all(c.kind in CLUE_MAKERS[kind].kinds for c in made.puzzle.clues)
        assert violations(made.puzzle, made.solution) == []
        again = puzzle_from_toml(to_toml(made.puzzle))
        assert solve(again).status == "unique" and solve(again).solutions[0] == made.solution


def test_pure_killer_with_no_givens() -> None:
    made = generate(6, clues=["killer"], seed=4, givens=0)
    assert made.target_reached and made.puzzle.givens == ()
    assert_minimal_unique(made.puzzle)
    assert violations(made.puzzle, made.solution) == []


@pytest.mark.slow
def test_rules_with_boxes_none_and_shapes() -> None:
    made = generate(5, seed=1, box=None)
    assert made.puzzle.box is None and solve(made.puzzle).status == "unique"
    made = generate(6, ["anti-king"], seed=1, box=(3, 2))
    assert made.puzzle.box == (3, 2) and solve(made.puzzle).status == "unique"
    text = to_toml(made.puzzle)
    assert 'box = "3x2"' in text and puzzle_from_toml(text) == made.puzzle


@pytest.mark.parametrize(
    "args,message",
    [
        (["--rules", "bogus"], "unknown rule 'bogus'"),
        (["--size", "7"], "a 7x7 grid has no default box shape"),
        (["--clues", "skyscraper"], "cannot generate 'skyscraper' clues (can: killer, thermo, arrow"),
        (["--size", "9", "--box", "2x2"], "box 2x2 does not tile a 9x9 grid"),
        (["--size", "4", "--box", "2x1"], "box 2x1 has 2 cells, but in a 4x4 grid each box holds every digit: 4 cells"),
        (["--size", "4", "--rules", "anti-king"], "no 4x4 grid with boxes 2x2 obeys anti-king: nothing to generate"),
        (["--size", "6", "--box", "none", "--rules", "windoku"], "windoku needs a grid with boxes"),
        (["--size", "4", "--values", "1-3"], 'values must run from 0 or 1 to at least 3 or 4'),
        (["--values", "0-8", "--format", "text"], "these puzzles have other digits than 1 to the size"),
    ],
)
def test_bad_arguments(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", *args, "--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_bad_usage(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--count", "0"]) == 2
    assert "--count" in capsys.readouterr().err
    assert main(["generate", "--box", "three"]) == 2
    assert main(["generate", "--time-limit", "0"]) == 2
    capsys.readouterr()
    # a side of 0 was an internal error (exit 70) from the library's own check of `box`
    assert main(["generate", "--box", "0x3", "--seed", "1"]) == 2
    assert "sides at least 1" in capsys.readouterr().err


@pytest.mark.nightly  # 30-90 s; test_classic_nine_by_nine_unique_minimal_and_timed (slow tier) covers it in CI
def test_classic_twenty_seeds_minimal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    paths = generated_files(tmp_path, ["--size", "9", "--seed", "100", "--count", "20"], capsys)
    for path in paths:
        assert_minimal_unique(load(str(path)))
    check_files(paths, capsys)


@pytest.mark.slow
def test_nine_by_nine_killer(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    paths = generated_files(tmp_path, ["--clues", "killer", "--seed", "2", "--givens", "0"], capsys)
    [puzzle] = load_many(str(paths[0]))
    assert puzzle.givens == () and len(puzzle.clues) > 5
    assert_minimal_unique(puzzle)
    check_files(paths, capsys)


@pytest.mark.slow
def test_sixteen_by_sixteen() -> None:
    made: Generated = generate(16, seed=1)
    assert made.minimal and solve(made.puzzle).status == "unique"


def test_a_rating_range_keeps_a_puzzle_rated_in_it() -> None:
    """--rating: puzzles are made until one's logical path (as `rate` finds it) lies in the range;
    the rating is the path's, worked out again here."""
    from asp_sudoku.setter.logic import Solver

    made = generate(6, seed=1, rating=(3.0, math.inf), attempts=20)
    again = Solver(made.puzzle, 2).path()
    assert again.solved and again.rating == made.rating
    assert made.rating_reached == (made.rating is not None and made.rating >= 3.0)
    easy = generate(6, seed=1, rating=(0.0, 2.0), attempts=5)
    assert easy.rating_reached and easy.rating is not None and easy.rating <= 2.0
    assert Solver(easy.puzzle, 2).path().rating == easy.rating
    assert "rated" in easy.method and "asked: at most 2" in easy.method
    first, second = (generate(6, seed=1, rating=(0.0, 2.0), attempts=5) for _ in range(2))
    assert first.puzzle == second.puzzle and first.rating == second.rating


def test_a_rating_no_puzzle_reaches_keeps_the_nearest_and_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    made = generate(4, seed=2, rating=(9.0, 9.0), attempts=3)  # no level of the scale is 9
    assert not made.rating_reached and solve(made.puzzle).status == "unique"
    assert main(["generate", "--size", "4", "--seed", "2", "--rating", "9", "--attempts", "3", "--json"]) == 1
    captured = capsys.readouterr()
    assert "no puzzle of the 3 made was rated as asked (kept the nearest: " in captured.err
    obj = json.loads(captured.out)
    assert obj["rating_reached"] is False and obj["rating"] == made.rating


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rating", "abc"], "a rating range is like 6.2-8.5, 7- or -2.5, not 'abc'"),
        (["--rating", "5-3"], "a rating range is like 6.2-8.5, 7- or -2.5, not '5-3'"),
        (["--rating", "-"], "a rating range is like"),
        (["--rating", "3-", "--rules", "chaos-construction", "--size", "4", "--box", "none"],
         "--rating needs the logical path, and the logical solver does not handle chaos construction"),
    ],
)
def test_bad_rating_ranges(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", *args, "--seed", "1"]) == 2
    assert message in capsys.readouterr().err


def test_other_digits_and_doppelganger() -> None:
    """--values: the digits as in TOML (doppelganger needs 0-N; refused without, by the rule)."""
    made = generate(9, ["doppelganger"], seed=1, values="0-9")
    assert made.puzzle.digits == (0, 9) and violations(made.puzzle, made.solution) == []
    assert solve(puzzle_from_toml(to_toml(made.puzzle))).solutions == (made.solution,)
    for kind in ("sandwich", "killer", "kropki"):  # a 6x6 holding 0-6: each row misses a digit
        small = generate(6, seed=2, clues=[kind], values="0-6")
        assert small.puzzle.digits == (0, 6) and small.minimal
        assert_minimal_unique(small.puzzle)


@pytest.mark.parametrize(
    "args",
    [
        ["--size", "4", "--clues", "killer, thermo", "--clues", ""],
        ["--size", "6", "--values", " 0 - 6", "--rules", "anti-king,", "--givens", "9", "--attempts", "2"],
        ["--size", "6", "--rating", "-2.5", "--attempts", "3"],
    ],
    ids=["kinds-with-comma", "values-with-spaces", "rating"],
)
def test_the_printed_command_makes_the_same_puzzle(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Found by a QA pass: `--clues "killer, thermo"` was printed as `--clues killer, thermo`,
    which the shell splits into an extra argument (exit 2).  The first comment line, run as it
    is, gives the same file."""
    import shlex

    main(["generate", *args, "--seed", "1"])
    first = capsys.readouterr().out
    command = first.splitlines()[0].removeprefix("# ")
    words = shlex.split(command)
    assert words[:2] == ["asp-sudoku", "generate"]
    main(words[1:])
    again = capsys.readouterr().out
    drop_time = lambda text: [ln for ln in text.splitlines() if not ln.startswith("# unique")]  # noqa: E731
    assert drop_time(again) == drop_time(first)


def test_a_clue_kind_asked_twice_is_made_once(capsys: pytest.CaptureFixture[str]) -> None:
    """`--clues killer --clues killer` made two sets of cages over one grid, overlapping (the
    reader warns of a typo); a kind is now made once, whatever its case (a QA pass)."""
    from asp_sudoku import generate

    once = generate(4, clues=("killer",), seed=3).puzzle
    assert generate(4, clues=("killer", "Killer"), seed=3).puzzle == once
    assert main(["generate", "--size", "4", "--clues", "killer,KILLER", "--seed", "3"]) == 0
    twice = capsys.readouterr()
    assert "killer killer" not in twice.out and "two killer cages" not in twice.err
    assert parse_many(twice.out, "g.toml")[0] == once


def test_several_puzzles_on_stdout_must_read_back(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """`generate --count 3 > puzzles.toml` wrote three TOML puzzles into one file that does not
    read back (text grids likewise): refused, pointing to --output-dir and --json; a bad
    --output-dir is said before any puzzle is made (it was said after the first one)."""
    import asp_sudoku.cli.generate as cli_generate

    for fmt in ("toml", "text"):
        assert main(["generate", "--size", "4", "--count", "3", "--format", fmt]) == 2
        assert "give --output-dir DIR (a file each) or --json" in capsys.readouterr().err
    assert main(["generate", "--size", "4", "--count", "2", "--json"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 2
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    monkeypatch.setattr(cli_generate, "generate", lambda *a, **k: pytest.fail("a puzzle was made first"))
    assert main(["generate", "--size", "4", "--output-dir", str(blocked / "sub")]) == 2
    assert "cannot create" in capsys.readouterr().err


def test_the_rating_asked_is_written_with_every_digit() -> None:
    """--rating 7.0000001- was written back as 7- in the command that reproduces the puzzle
    (`:g`), which asks for another range (a QA pass)."""
    from asp_sudoku.setter.generate.rating import number_text, range_text

    assert [number_text(x) for x in (7.0, 6.5, 7.0000001, 0.0)] == ["7", "6.5", "7.0000001", "0"]
    assert range_text((7.0000001, math.inf)) == "at least 7.0000001"
