"""Program text is the attack surface: clingo's #script and #include, and our guard against them.

Facts checked here (clingo 5.8 from pip):
- a plain `clingo.Control` refuses `#script (python)` ("python support not available"), and so
  does `python -m clingo` on a file;
- but one call of `clingo.script.enable_python()` anywhere in the process (a notebook, another
  library) makes every Control run the script: so asp-sudoku itself refuses any program holding
  `#script` or `#include` outside a comment, before clingo sees it (asp_sudoku.program.guard);
- `#include "/etc/passwd"` makes clingo read the file; its errors give path and position.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import clingo
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from asp_sudoku.core.errors import AspSudokuError
from asp_sudoku.formats import parse_many
from asp_sudoku.program.guard import UnsafeProgramError, check_program_text, code_outside_comments
from asp_sudoku.program.render import encodings_dir, render
from asp_sudoku.solving.single import _control, count, solve_program

ROOT = Path(__file__).resolve().parents[2]


def _payload(marker: Path) -> str:
    return f'#script (python)\nopen({str(marker)!r}, "w").write("pwned")\n#end.\n'


def _puzzle(title: str = "t") -> object:
    [puzzle] = parse_many(f"title = {title!r}\nsize = 4\n", "t.toml", "toml")
    return puzzle


def test_pip_clingo_refuses_python_scripts(tmp_path: Path) -> None:
    marker = tmp_path / "marker"
    ctl = _control(0, 1)
    with pytest.raises(RuntimeError, match="python support not available"):
        ctl.add("base", [], _payload(marker) + "a.")
        ctl.ground([("base", [])])
    assert not marker.exists()


def test_pip_clingo_refuses_lua_scripts() -> None:
    ctl = _control(0, 1)
    with pytest.raises(RuntimeError, match="lua support not available"):
        ctl.add("base", [], '#script (lua)\nprint("x")\n#end.\na.')
        ctl.ground([("base", [])])


def test_clingo_executable_refuses_python_scripts(tmp_path: Path) -> None:
    marker = tmp_path / "marker"
    (tmp_path / "p.lp").write_text(_payload(marker) + "a.\n", encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "clingo", "p.lp"], cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    assert "python support not available" in run.stdout + run.stderr
    assert not marker.exists()


ENABLED = """
import clingo.script, sys
clingo.script.enable_python()
from asp_sudoku.solving.single import _control, solve_program
from asp_sudoku.formats import parse_many
[puzzle] = parse_many("size = 4\\n", "t.toml", "toml")
text = sys.argv[1]
try:
    solve_program(puzzle, text)
    print("SOLVED")
except Exception as exc:
    print(type(exc).__name__)
ctl = _control(0, 1)            # clingo itself, without our guard
ctl.add("base", [], text)
ctl.ground([("base", [])])
print("CLINGO RAN IT")
"""


def test_guard_refuses_scripts_even_when_python_scripting_is_enabled(tmp_path: Path) -> None:
    """With enable_python(), clingo runs the script; asp-sudoku's own path refuses it first."""
    ours, theirs = tmp_path / "ours", tmp_path / "theirs"
    text = _payload(theirs) + "numberAt(1,1,1)."
    run = subprocess.run(
        [sys.executable, "-c", ENABLED, text],
        cwd=tmp_path, capture_output=True, text=True, timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert run.stdout.splitlines() == ["UnsafeProgramError", "CLINGO RAN IT"], run.stdout + run.stderr
    assert not ours.exists()
    assert theirs.exists()  # the demonstration: unguarded text would have run


def test_include_reads_files_and_echoes_them(tmp_path: Path) -> None:
    """Why #include must never reach clingo: it reads any file, and its errors give the path
    and the position of what it found there (a probe for what a file holds)."""
    secret = tmp_path / "secret.txt"
    secret.write_text("password: hunter2\n", encoding="utf-8")
    messages: list[str] = []
    ctl = clingo.Control(logger=lambda code, msg: messages.append(msg))
    with pytest.raises(RuntimeError):
        ctl.add("base", [], f'#include "{secret}".')
        ctl.ground([("base", [])])
    assert any(f"{secret}:" in m and "syntax error" in m for m in messages), messages
    with pytest.raises(UnsafeProgramError, match="#include"):
        solve_program(_puzzle(), f'#include "{secret}".')  # type: ignore[arg-type]


GUARD_CASES = [
    ("plain", "a. b :- a.", True),
    ("in line comment", "% #script (python)\na.", True),
    ("block opener in line comment", "% x %* y\na.", True),
    ("script", "#script (python) x #end.", False),
    ("script lua", "#script(lua) x #end.", False),
    ("include", '#include "/etc/passwd".', False),
    ("include angle", "#include <incmode>.", False),
    ("upper case", "#SCRIPT (python)", False),
    ("space after hash", "# include 'x'.", False),
    ("after carriage return", 'a. % c\r#include "/etc/passwd".', False),
    ("after string with percent", 'a("%"). #include "x".', False),
    ("after escaped quote", 'a("\\"%"). #script (python)', False),
    ("after block comment", "%* c % *% #script (python)", False),
    ("in unterminated block comment", "%* #include 'x'.", False),
    ("inside a block comment", "%* #include 'x'. *% a.", True),
    ("after an escape clingo does not read", ':- a("\\q"). % ". #include "x".', False),
    ("after an escaped line break", ':- a("\\\n"). % ". #include "x".', False),
    ("string left open", 'a("x', False),
    ("escapes clingo reads", 'a("\\"\\\\\\n").', True),
]


@pytest.mark.parametrize(("text", "allowed"), [c[1:] for c in GUARD_CASES], ids=[c[0] for c in GUARD_CASES])
def test_guard_table(text: str, allowed: bool) -> None:
    if allowed:
        check_program_text(text)
    else:
        with pytest.raises(UnsafeProgramError):
            check_program_text(text)


@pytest.mark.parametrize(
    "text", ["a. % #include 'x'.\nb.", "%* #script *%\na.", 'a("%"). b.'], ids=["line", "block", "string"]
)
def test_guard_reads_comments_as_clingo_does(text: str) -> None:
    """What the guard strips as comment, clingo ignores too: same models with and without it."""
    def models(program: str) -> list[list[str]]:
        ctl = _control(0, 1)
        ctl.add("base", [], program)
        ctl.ground([("base", [])])
        found: list[list[str]] = []
        ctl.solve(on_model=lambda m: found.append(sorted(map(str, m.symbols(atoms=True)))))
        return found

    assert models(text) == models(code_outside_comments(text))


def test_templates_hold_no_forbidden_directive() -> None:
    templates = sorted(encodings_dir().glob("*.j2"))
    assert templates
    for path in templates:
        check_program_text(path.read_text(encoding="utf-8"), path.name)


def test_every_instance_renders_to_a_safe_program() -> None:
    files = sorted((ROOT / "instances").rglob("*.toml"))
    assert files
    for path in files:
        for puzzle in parse_many(path.read_text(encoding="utf-8"), str(path)):
            check_program_text(render(puzzle).text)


SPECIAL = ["\n", "\r", "\r\n", "\u2028", "\u2029", "\x85", "\x0b", "\x0c", "\x1c", "\x00", "%*", "*%",
           "#script (python)", '#include "/etc/passwd".', "%", '"', "\\", "\x1b[2J", "\u202e", "\ud800"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(SPECIAL), st.text(max_size=5)), max_size=12))
def test_any_title_is_one_comment_line(parts: list[str]) -> None:
    """Whatever the title, the program's code is the code of an untitled puzzle and clingo agrees."""
    title = "".join(parts)
    plain = render(_puzzle()).text  # type: ignore[arg-type]
    [puzzle] = parse_many("size = 4\n", "t.toml", "toml")
    titled = render(type(puzzle)(**{**puzzle.__dict__, "title": title})).text
    assert titled.count("\n") == plain.count("\n")
    assert titled.splitlines()[1].startswith("% Puzzle: ")
    assert titled.splitlines()[1:] == titled.split("\n")[1:-1]  # no other line separator
    assert code_outside_comments(titled) == code_outside_comments(plain)
    assert "\r" not in titled and "\u2028" not in titled


@pytest.mark.parametrize("title", ["x\n#include \"/etc/passwd\".", "%*\n#script (python)\n*%", "a\u2028b. :- a."])
def test_titled_program_has_the_same_answer_sets(title: str) -> None:
    [puzzle] = parse_many("size = 4\n", "t.toml", "toml")
    titled = type(puzzle)(**{**puzzle.__dict__, "title": title})
    assert count(titled).count == count(puzzle).count == 288


def test_guard_error_is_an_asp_sudoku_error() -> None:
    assert issubclass(UnsafeProgramError, AspSudokuError)
    assert clingo.__version__  # the build under test, for the record
