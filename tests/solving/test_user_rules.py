"""User-written rules: what a rules file may hold, the errors for what it may not (naming the
file and the line), the CLI option and the TOML key, exact answer sets, and that the encoded
program (with the user's text verbatim) gives the same answer sets under plain clingo."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
from helpers import INSTANCES, latin_squares, puzzle_from_toml, solutions

from asp_sudoku import checker as check
from asp_sudoku.cli import main
from asp_sudoku.core.errors import RuleFileError
from asp_sudoku.core.model import Grid
from asp_sudoku.core.user_rules import UserRules, check_text, read_user_rules
from asp_sudoku.program.render import render
from asp_sudoku.solving.single import count, solve
from asp_sudoku.solving.user_rules import verify_rules

EXAMPLE = INSTANCES / "no-adjacent-1-2.lp"


def _adjacent_1_2_in_a_box(grid: Grid) -> bool:
    """The example rule, in Python: a 1 and a 2 orthogonally adjacent inside one 2x2 box."""
    n = grid.size
    for r in range(n):
        for c in range(n):
            for r2, c2 in ((r, c + 1), (r + 1, c)):
                if r2 < n and c2 < n and (r // 2, c // 2) == (r2 // 2, c2 // 2):
                    if {grid.rows[r][c], grid.rows[r2][c2]} == {1, 2}:
                        return True
    return False


def test_example_rule_exact_answer_sets_4x4() -> None:
    puzzle = puzzle_from_toml("size = 4\n")
    puzzle = dataclasses.replace(puzzle, user_rules=(read_user_rules(str(EXAMPLE)),))
    want = {g.as_string() for g in latin_squares(4) if not check.violations(puzzle, g) and not _adjacent_1_2_in_a_box(g)}
    assert len(want) == 32
    assert solutions(puzzle) == want


def test_readme_example_instance() -> None:
    from asp_sudoku import load

    puzzle = load(str(INSTANCES / "no-adjacent-1-2.toml"))
    assert [r.name for r in puzzle.user_rules] == [str(INSTANCES / "no-adjacent-1-2.lp")]
    result = solve(puzzle)
    assert result.status == "unique"
    assert result.solutions[0].as_string() == "156432432165265314314256623541541623"
    assert count(dataclasses.replace(puzzle, user_rules=())).count == 292


def test_encode_shows_the_rule_verbatim_and_clingo_agrees(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    puzzle_file = tmp_path / "p.toml"
    puzzle_file.write_text("size = 4\n", encoding="utf-8")
    out = tmp_path / "prog.lp"
    assert main(["encode", str(puzzle_file), "--rules-file", str(EXAMPLE), "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert "% User rules: no-adjacent-1-2.lp" in text
    assert "% User rules from no-adjacent-1-2.lp (verbatim" in text
    assert EXAMPLE.read_text(encoding="utf-8") in text
    assert str(tmp_path) not in text  # no absolute paths
    run = subprocess.run([sys.executable, "-m", "clingo", str(out), "0", "-q"], capture_output=True, text=True)
    assert "Models       : 32\n" in run.stdout


def test_cli_option_on_every_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    puzzle_file = tmp_path / "p.toml"
    puzzle_file.write_text("size = 4\n", encoding="utf-8")
    assert main(["count", str(puzzle_file), "--rules-file", str(EXAMPLE)]) == 0
    assert "32 solutions" in capsys.readouterr().out
    assert main(["check", str(puzzle_file), "--rules-file", str(EXAMPLE)]) == 1
    assert "multiple" in capsys.readouterr().out
    assert main(["solve", str(puzzle_file), "--rules-file", str(EXAMPLE), "-n", "1"]) == 0


def test_toml_rules_file_relative_to_the_puzzle(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "r.lp").write_text(":- numberAt(1,1,P), P != 4.\n", encoding="utf-8")
    puzzle_file = tmp_path / "p.toml"
    puzzle_file.write_text('size = 4\nrules-file = "rules/r.lp"\n', encoding="utf-8")
    assert main(["count", str(puzzle_file)]) == 0
    assert "72 solutions" in capsys.readouterr().out


def test_a_rules_file_behind_a_symbolic_link_is_named_as_such(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A rules file reached through a symbolic link out of the puzzle's folder was refused with
    "(no absolute path, no '..')", which its name has neither of; and `convert --to toml` of a
    puzzle in a linked folder named a made-up file, check.toml, as the one refused."""
    real = tmp_path / "real"
    real.mkdir()
    (real / "r.lp").write_text(":- numberAt(1,1,P), P != 4.\n", encoding="utf-8")
    (real / "p.toml").write_text('size = 4\nrules-file = "r.lp"\n', encoding="utf-8")
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "r.lp").symlink_to(real / "r.lp")
    (tmp_path / "elsewhere" / "p.toml").write_text('size = 4\nrules-file = "r.lp"\n', encoding="utf-8")
    assert main(["count", str(tmp_path / "elsewhere" / "p.toml")]) == 2
    err = capsys.readouterr().err
    assert "a symbolic link leads it out" in err and "no '..'" not in err
    (tmp_path / "work").mkdir()
    (tmp_path / "work" / "linked").symlink_to(real)
    monkeypatch.chdir(tmp_path / "work")
    assert main(["count", "linked/p.toml"]) == 0  # the file's own folder, through the link: fine
    capsys.readouterr()
    assert main(["convert", "linked/p.toml", "--to", "toml"]) == 2  # would name linked/r.lp from here
    err = capsys.readouterr().err
    assert "line 2 of the TOML would be refused" in err and "a symbolic link leads it out" in err
    assert "check.toml" not in err


def test_a_rules_file_that_names_no_file_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A NUL byte in the name was "cannot read the puzzle: embedded null byte" with no line, and
    a loop of symbolic links an internal error (exit 70; a review)."""
    (tmp_path / "loop1.lp").symlink_to(tmp_path / "loop2.lp")
    (tmp_path / "loop2.lp").symlink_to(tmp_path / "loop1.lp")
    for name, value in (("nul.toml", "a\\u0000b.lp"), ("loop.toml", "loop1.lp")):
        (tmp_path / name).write_text(f'size = 4\nrules-file = "{value}"\n', encoding="utf-8")
        assert main(["count", str(tmp_path / name)]) == 2
        err = capsys.readouterr().err
        assert f"{name}:2: rules-file " in err and "names no file that can be read" in err and err.count("\n") == 1


def test_missing_rules_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    puzzle_file = tmp_path / "p.toml"
    puzzle_file.write_text('size = 4\nrules-file = "nope.lp"\n', encoding="utf-8")
    assert main(["count", str(puzzle_file)]) == 2
    err = capsys.readouterr().err
    assert f"{puzzle_file}:2: rules-file 'nope.lp': no such file" in err
    assert main(["count", str(puzzle_file).replace("p.toml", "x.toml"), "--rules-file", str(tmp_path / "nope.lp")]) == 2
    assert "nope.lp: cannot read the rules file" in capsys.readouterr().err


def test_bad_rules_file_from_the_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = tmp_path / "bad.lp"
    rules.write_text("% fine\n\n#show numberAt/3.\n", encoding="utf-8")
    puzzle_file = tmp_path / "p.toml"
    puzzle_file.write_text("size = 4\n", encoding="utf-8")
    assert main(["solve", str(puzzle_file), "--rules-file", str(rules)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"asp-sudoku: error: {rules}:3: #show is not allowed")
    assert err.count("\n") == 1



def full_check(text: str, name: str) -> UserRules:
    """Both halves of the check: the text scan of the reader and clingo's syntax tree."""
    rules = check_text(text, name)
    verify_rules([rules])
    return rules

ACCEPTED = [
    ("constraint", ":- numberAt(1,1,1)."),
    ("aggregate", ":- row(R), #sum { P,C : numberAt(R,C,P), C <= 2 } > 5."),
    ("positive-recursion", "user_reach(1,1).\nuser_reach(R2,C2) :- user_reach(R,C), cell(R2,C2), |R-R2|+|C-C2| = 1, numberAt(R2,C2,P), P > 1.\n:- cell(R,C), not user_reach(R,C), numberAt(R,C,P), P > 1."),
    ("negation-of-lower-stratum", "user_a(R) :- numberAt(R,1,1).\nuser_b(R) :- row(R), not user_a(R).\n:- user_b(1)."),
    # directive words are fine in comments; in strings they are refused (the program guard
    # refuses them anywhere outside comments): see test_hostile_fuzz
    ("directive-words-in-comments", '% #show and #include here are only words\n%* #script *%\nuser_s("show").\n:- user_s("x").'),
    ("pool-head", "user_p(1;2).\n:- user_p(3)."),
    ("false-head", "#false :- numberAt(1,1,1)."),
]


@pytest.mark.parametrize("text", [pytest.param(t, id=i) for i, t in ACCEPTED])
def test_accepted(text: str) -> None:
    assert full_check(text, "r.lp").text == text


REJECTED = [
    ("include", '#include "/etc/passwd".', 1, "#include is not allowed"),
    ("script", ":- numberAt(1,1,1).\n#script (python)\ndef f(): pass\n#end.", 2, "#script is not allowed"),
    ("show", "#show numberAt/3.", 1, "#show is not allowed"),
    ("external", "#external user_x.", 1, "#external is not allowed"),
    ("const", "#const n = 3.", 1, "#const is not allowed"),
    ("program", "#program base.", 1, "#program is not allowed"),
    ("project", "#project numberAt/3.", 1, "#project is not allowed"),
    ("heuristic", "#heuristic numberAt(1,1,1). [1,true]", 1, "#heuristic is not allowed"),
    ("minimize", "#minimize { P : numberAt(1,1,P) }.", 1, "#minimize is not allowed"),
    ("weak", "\n:~ numberAt(1,1,P). [P]", 2, "weak constraints (:~) are not allowed"),
    ("defined", "#defined user_x/1.", 1, "#defined is not allowed"),
    ("bare-hash", "user_a :- # .", 1, "# is not allowed"),
    ("call", "user_a(@f(1)).", 1, "@f(...) calls a script"),
    ("theory", "&sum { 1 } = 1.", 1, "theory atoms"),
    ("choice", "{ user_pick(1) }.", 1, "a choice rule would add answer sets"),
    ("disjunction", "user_a ; user_b.", 1, "a disjunction would add answer sets"),
    ("not-user", "\n\nnumberAt(1,1,1).", 3, "only define predicates whose name starts with 'user_', not 'numberAt'"),
    ("not-user-helper", "helper(1).", 1, "not 'helper'"),
    ("classical-negation", "-user_a :- numberAt(1,1,1).", 1, "classical negation"),
    ("even-loop", "user_a :- not user_b.\nuser_b :- not user_a.", 1, "depends on itself through 'not'"),
    ("aggregate-loop", "user_a(1).\nuser_a(2) :- #count { X : user_a(X) } = 1.", 2, "user_a depends on itself"),
    ("unsafe", "user_a(X) :- not numberAt(X,1,1).", 1, "unsafe variables"),
    ("syntax", "user_a(1) :- numberAt(1,1.", 1, "syntax error"),
    ("open-comment", "%* never closed\n", 1, "block comment"),
]


@pytest.mark.parametrize(("text", "line", "message"), [pytest.param(t, n, m, id=i) for i, t, n, m in REJECTED])
def test_rejected(text: str, line: int, message: str) -> None:
    with pytest.raises(RuleFileError) as info:
        full_check(text, "my-rule.lp")
    assert str(info.value).startswith(f"my-rule.lp:{line}: ")
    assert message in str(info.value)


def test_render_without_user_rules_is_unchanged() -> None:
    text = render(puzzle_from_toml("size = 4\n")).text
    assert "User rules" not in text


@pytest.mark.parametrize("value", ['"/etc/passwd"', '""', "3", '"trail.lp "', '" lead.lp"'])
def test_rules_file_key_must_name_an_lp_file(value: str) -> None:
    from asp_sudoku.core.errors import PuzzleFormatError

    with pytest.raises(PuzzleFormatError, match="rules-file must name an ASP file ending in .lp"):
        puzzle_from_toml(f"size = 4\nrules-file = {value}\n")


def test_setter_tools_see_jigsaw_regions_and_user_rules(capsys: pytest.CaptureFixture[str]) -> None:
    """The setter's switchable boards include the regions template and the user's rules."""
    assert main(["minimize", str(INSTANCES / "no-adjacent-1-2.toml")]) == 0
    assert "nothing is redundant" in capsys.readouterr().err  # minimize's report is on stderr
    assert main(["minimize", str(INSTANCES / "0-indexed-jigsaw.toml")]) == 0
    assert "unique" in capsys.readouterr().err


def test_two_rules_files_are_checked_together(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each file is stratified alone, not with the other: the puzzle's own rules file and
    --rules-file made a unique 4x4 'multiple', the same grid printed twice (a security review)."""
    (tmp_path / "a.lp").write_text("% one way\nuser_p :- not user_q.\n", encoding="utf-8")
    (tmp_path / "b.lp").write_text("% the other\nuser_q :- not user_p.\n", encoding="utf-8")
    text = (INSTANCES / "classic-4x4-seed-a.toml").read_text(encoding="utf-8")
    puzzle = tmp_path / "p.toml"
    puzzle.write_text('rules-file = "a.lp"\n' + "\n".join(
        line for line in text.splitlines() if not line.startswith("source")) + "\n", encoding="utf-8")
    assert main(["count", str(puzzle)]) == 0
    assert "1 solution (unique" in capsys.readouterr().out
    assert main(["count", str(puzzle), "--rules-file", str(tmp_path / "b.lp")]) == 2
    out, err = capsys.readouterr()
    assert "depends on itself through 'not'" in err and "a.lp with " in err and "solution" not in out


def test_a_carriage_return_that_ends_no_line_is_refused_in_a_rules_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # clingo ends a % comment at \n only, the program guard at \r too: the checker passed
    # 'user_a. % note\r#include ...' and the guard then refused the whole program
    (tmp_path / "cr.lp").write_bytes(b'user_a. % note\r#include "/etc/hostname".\n')
    (tmp_path / "crlf.lp").write_bytes(b"% windows line ends\r\nuser_a.\r\n")
    four = str(INSTANCES / "classic-4x4-seed-a.toml")
    assert main(["check", "--rules-file", str(tmp_path / "cr.lp"), four]) == 2
    assert "cr.lp:1: a carriage return (\\r) without a line feed" in capsys.readouterr().err
    assert main(["check", "--rules-file", str(tmp_path / "crlf.lp"), four]) == 0


def test_a_user_predicate_no_rule_defines_is_warned_of(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A misspelt user_ name in a body never holds, so its constraint did nothing, unsaid: the
    4x4 stayed unique.  Now a warning names the file, the line and the name; one defined in the
    puzzle's other rules file is no warning."""
    (tmp_path / "typo.lp").write_text(
        "user_nb(R,C,R,C+1) :- cell(R,C), cell(R,C+1).\n:- user_nbr(R,C,R2,C2), numberAt(R,C,1), numberAt(R2,C2,2).\n",
        encoding="utf-8",
    )
    four = str(INSTANCES / "classic-4x4-seed-a.toml")
    assert main(["count", "--rules-file", str(tmp_path / "typo.lp"), four]) == 0
    err = capsys.readouterr().err
    assert err == f"asp-sudoku: warning: {tmp_path / 'typo.lp'}:2: user_nbr is used but no rule defines it, so it never holds (a misspelt name?)\n"
    (tmp_path / "defines.lp").write_text("user_nbr(R,C,R,C+1) :- cell(R,C), cell(R,C+1).\n", encoding="utf-8")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        verify_rules([read_user_rules(str(tmp_path / "typo.lp")), read_user_rules(str(tmp_path / "defines.lp"))])
        verify_rules([read_user_rules(str(INSTANCES / "no-adjacent-1-2.lp"))])


def test_a_predicate_the_program_never_names_is_warned_of(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A misspelt grid predicate (`numbrAt`) never holds, so its constraint did nothing, unsaid;
    so does one the puzzle lacks (`regionOf` without regions).  A warning names each with its
    file and line; the program's own predicates (a killer's `killerCage`, the grid's) are none."""
    (tmp_path / "typo.lp").write_text(
        "% a typo and a puzzle without regions\n:- numberAt(R,C,1), numbrAt(R,C+1,2).\n"
        ":- regionOf(R,C,1), numberAt(R,C,1).\n:- boxOf(R,C,B), cell(R,C), numberAt(R,C,1), numbrAt(R,C,2).\n",
        encoding="utf-8",
    )
    four = str(INSTANCES / "classic-4x4-seed-a.toml")
    assert main(["count", "--rules-file", str(tmp_path / "typo.lp"), four]) == 0
    typo = tmp_path / "typo.lp"
    assert capsys.readouterr().err.splitlines() == [
        f"asp-sudoku: warning: {typo}:{line}: {name} is no predicate of this puzzle's program, so it never holds "
        "(a misspelt name? rules see numberAt(R,C,P), cell, row, col, digit, boxOf and the puzzle's own facts)"
        for line, name in ((2, "numbrAt"), (3, "regionOf"))
    ]
    (tmp_path / "cages.lp").write_text(
        "% no 1 in a cage\n:- killerCage(K,R,C), numberAt(R,C,1), row(R), col(C), digit(1).\n", encoding="utf-8"
    )
    killer = tmp_path / "k.toml"
    killer.write_text("size = 4\n[[killer]]\ncells = ['r1c1', 'r1c2']\nsum = 5\n", encoding="utf-8")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert main(["count", "--rules-file", str(tmp_path / "cages.lp"), str(killer)]) == 0
        assert main(["check", str(INSTANCES / "no-adjacent-1-2.toml")]) == 0
