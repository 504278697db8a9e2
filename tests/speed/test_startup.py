"""Start-up: the rendered-template cache gives exactly Jinja2's text, and a command imports only
what it uses (no timing: the modules a process loads are counted instead)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import jinja2
import pytest
from helpers import INSTANCES, ROOT, puzzle_from_toml

from asp_sudoku.cli.parser import COMMAND_NAMES, build_parser
from asp_sudoku.program import templates
from asp_sudoku.program.render import size_context

SHAPES = {
    "4x4": 'size = 4\ngivens = """\n. . . .\n. . . .\n. . . .\n. . . .\n"""\n',
    "6x6 0-5": 'size = 6\nvalues = "0-5"\ngivens = """\n' + ". . . . . .\n" * 6 + '"""\n',
    "9x9": 'givens = """\n' + ". . . . . . . . .\n" * 9 + '"""\n',
    "16x16": "size = 16\n",
}


def fresh_render(folder: Path, name: str, sizes: dict[str, int | bool]) -> str:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(folder)), undefined=jinja2.StrictUndefined,
        trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True, autoescape=False,
    )
    return env.get_template(name).render(**sizes)


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh cache folder, and an empty in-memory cache."""
    folder = tmp_path / "cache"
    monkeypatch.setenv(templates.CACHE_ENV, str(folder))
    monkeypatch.setattr(templates, "_rendered", {})
    return folder


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_cached_text_is_jinjas_text_for_every_template(shape: str, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sizes = size_context(puzzle_from_toml(SHAPES[shape]))
    names = sorted(p.name for p in templates.encodings_dir().glob("*.lp.j2"))
    expected = {name: fresh_render(templates.encodings_dir(), name, sizes) for name in names}
    assert {name: templates.render_template(name, sizes) for name in names} == expected  # cold
    assert len(list(cache.glob("*.lp"))) == len(names)
    monkeypatch.setattr(templates, "_rendered", {})
    monkeypatch.setattr(templates, "environment", None)  # a disk hit must not need Jinja2
    assert {name: templates.render_template(name, sizes) for name in names} == expected  # from disk


def test_each_size_has_its_own_entry(cache: Path) -> None:
    texts = {templates.render_template("base.lp.j2", size_context(puzzle_from_toml(t))) for t in SHAPES.values()}
    assert len(texts) == len(SHAPES)
    assert len(list(cache.glob("*.lp"))) == len(SHAPES)


def test_an_edited_template_is_rendered_again(cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "encodings"
    folder.mkdir()
    (folder / "base.lp.j2").write_text("% one\nrow(1..{{ size }}).\n", encoding="utf-8")
    monkeypatch.setattr(templates, "_encodings_path", lambda: str(folder))
    monkeypatch.setattr(templates, "environment", lambda: _environment(folder))
    sizes = {"size": 9}
    assert templates.render_template("base.lp.j2", sizes) == "% one\nrow(1..9).\n"
    (folder / "base.lp.j2").write_text("% two\nrow(1..{{ size }}).\n", encoding="utf-8")
    monkeypatch.setattr(templates, "_rendered", {})
    assert templates.render_template("base.lp.j2", sizes) == "% two\nrow(1..9).\n"
    assert len(list(cache.glob("*.lp"))) == 2


def _environment(folder: Path) -> jinja2.Environment:
    return jinja2.Environment(loader=jinja2.FileSystemLoader(str(folder)), keep_trailing_newline=True)


def test_an_empty_setting_turns_the_disk_cache_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(templates.CACHE_ENV, "")
    monkeypatch.setattr(templates, "_rendered", {})
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv("HOME", str(tmp_path))
    assert templates.cache_dir() is None
    assert templates.render_template("base.lp.j2", {"size": 4, "rows": 4, "cols": 4, "low": 1, "high": 4, "box": True, "box_rows": 2, "box_cols": 2, "boxes_across": 2, "full_lines": True, "full_rows": True, "full_cols": True, "full_boxes": True, "digit_count": 4, "latin": True, "extra": False})
    assert list(tmp_path.rglob("*.lp")) == []


def test_a_folder_that_cannot_be_written_is_skipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv(templates.CACHE_ENV, str(blocker / "cache"))
    monkeypatch.setattr(templates, "_rendered", {})
    sizes = size_context(puzzle_from_toml(SHAPES["9x9"]))
    assert templates.render_template("base.lp.j2", sizes) == fresh_render(templates.encodings_dir(), "base.lp.j2", sizes)


def test_the_default_folder_follows_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(templates.CACHE_ENV)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert templates.cache_dir() == tmp_path / "asp-sudoku" / "templates"


def test_every_command_can_be_built_alone() -> None:
    full = build_parser()
    [choices] = [a.choices for a in full._actions if a.dest == "command"]
    assert set(choices) == COMMAND_NAMES
    for name in COMMAND_NAMES:
        parser = build_parser(name)
        [alone] = [a.choices for a in parser._actions if a.dest == "command"]
        assert list(alone) == [name]
        assert choices[name].format_usage().split()[2:] == alone[name].format_usage().split()[2:]


LOADED = """
import json, sys
from asp_sudoku.cli import main
code = main(sys.argv[1:])
print(json.dumps([code, sorted(sys.modules)]))
"""


def modules_after(*argv: str, cache: Path) -> tuple[int, set[str]]:
    env = dict(os.environ, ASP_SUDOKU_CACHE_DIR=str(cache), PYTHONPATH=str(ROOT))
    for _ in range(2):  # the first run fills the template cache
        out = subprocess.run([sys.executable, "-c", LOADED, *argv], capture_output=True, text=True, env=env, cwd=ROOT)
    code, modules = json.loads(out.stdout.splitlines()[-1])
    return code, set(modules)


def test_solving_a_classic_puzzle_imports_no_rule_format_or_setter_module(tmp_path: Path) -> None:
    code, modules = modules_after("solve", str(INSTANCES / "classic-inkala.toml"), cache=tmp_path)
    assert code == 0
    assert "clingo" in modules and "asp_sudoku.checker" in modules
    assert not {m for m in modules if m == "jinja2" or m.startswith("jinja2.")}
    kinds = {m for m in modules if m.startswith("asp_sudoku.rules.")}
    assert kinds <= {"asp_sudoku.rules.facts", "asp_sudoku.rules.regions", "asp_sudoku.rules.validate"}
    assert not {m for m in modules if m.startswith("asp_sudoku.setter.") and m != "asp_sudoku.cli.setter"}
    others = {"fpuzzles", "sudokupad", "iss", "toml_writer", "fpuzzles_writer", "lzstring"}
    assert not {m for m in modules if m.rsplit(".", 1)[-1] in others}
    assert not {"asp_sudoku.picture.svg", "asp_sudoku.batch", "asp_sudoku.checker.lines", "asp_sudoku.checker.pairs"} & modules
    assert "difflib" not in modules  # only a mistake's "did you mean" needs it
    assert "inspect" not in modules  # dataclasses loads without it (asp_sudoku/core/__init__.py)


@pytest.mark.parametrize("lines", [1, 3], ids=["one-grid-line", "three-grid-lines"])
def test_a_grid_written_on_one_line_imports_no_other_format(tmp_path: Path, lines: int) -> None:
    """Found by a QA pass: a .txt file holding one 81-character grid asked every other format's
    reader whether it was theirs (importing the ISS, f-puzzles and SudokuPad readers: 20 ms)."""
    grid = (INSTANCES.parent / "bench" / "data" / "classic" / "magictour_top1465_first1000.txt").read_text().splitlines()
    path = tmp_path / "grid.txt"
    path.write_text("\n".join([line for line in grid if len(line) == 81][:lines]) + "\n", encoding="utf-8")
    code, modules = modules_after("check", str(path), cache=tmp_path / "cache")
    assert code == 0
    others = {"fpuzzles", "sudokupad", "iss", "lzstring"}
    assert not {m for m in modules if set(m.split(".")) & others}


def test_a_killer_imports_the_killer_modules_only(tmp_path: Path) -> None:
    code, modules = modules_after("solve", str(INSTANCES / "killer-wikipedia.toml"), cache=tmp_path)
    assert code == 0
    kinds = {m.rsplit(".", 1)[-1] for m in modules if m.startswith("asp_sudoku.rules.")}
    assert {"killer", "killer_combinations", "killer_implied_sums"} <= kinds
    assert not {"thermo", "arrow", "whispers", "kropki_white", "running_sums"} & kinds


INSPECT = """
import sys
{before}
import asp_sudoku.core
from dataclasses import dataclass, fields

@dataclass(frozen=True)
class NoDocstring:
    x: int
    y: str = "a"

import inspect
print(NoDocstring.__doc__, "|", "inspect" in sys.modules, str(inspect.signature(NoDocstring)))
print([f.name for f in fields(NoDocstring)], NoDocstring(1) == NoDocstring(1), hash(NoDocstring(2)) == hash(NoDocstring(2)))
"""


@pytest.mark.parametrize("before", ["", "import inspect", "import dataclasses"])
def test_dataclasses_without_inspect_at_load_still_work_in_full(before: str) -> None:
    """The stand-in for `inspect` while dataclasses loads: a class without a docstring still
    gets its signature as docstring, and `import inspect` afterwards is the real module."""
    out = subprocess.run(
        [sys.executable, "-c", INSPECT.format(before=before)], capture_output=True, text=True,
        env=dict(os.environ, PYTHONPATH=str(ROOT)), cwd=ROOT, check=True,
    )
    assert out.stdout.splitlines() == [
        "NoDocstring(x: int, y: str = 'a') | True (x: int, y: str = 'a') -> None",
        "['x', 'y'] True True",
    ]


@pytest.mark.parametrize("argv", [["--version"], ["convert", "--help"]], ids=lambda a: " ".join(a))
def test_commands_that_solve_nothing_load_no_solver(argv: list[str], tmp_path: Path) -> None:
    """Found by a QA pass: `asp-sudoku --version` loaded clingo and the solving package (the
    command line imported them at start-up): 55 ms of imports, 25 ms now."""
    code, modules = modules_after(*argv, cache=tmp_path)
    assert code == 0
    assert "clingo" not in modules and "asp_sudoku.solving.single" not in modules
