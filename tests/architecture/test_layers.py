"""The house: packages in one-way layers (the import-linter contracts in pyproject.toml, imports
inside functions included), only `solving` imports clingo, reading a puzzle or drawing a grid
never loads the solver, and the package root holds packages, not families of prefixed modules."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "asp_sudoku"


def test_the_import_contracts_hold() -> None:
    lint = Path(sys.executable).with_name("lint-imports")
    assert lint.exists(), "import-linter is part of the test extra"
    run = subprocess.run([str(lint), "--config", str(ROOT / "pyproject.toml")], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert "broken" in run.stdout and " 0 broken" in run.stdout


def _modules_after(code: str) -> set[str]:
    run = subprocess.run(
        [sys.executable, "-c", code + "\nimport sys\nprint('\\n'.join(sorted(sys.modules)))"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )
    assert run.returncode == 0, run.stderr
    return set(run.stdout.split())


@pytest.mark.parametrize(
    "code",
    [
        pytest.param("import asp_sudoku\np = asp_sudoku.load('instances/killer-wikipedia.toml')\nassert p.clues", id="load-toml"),
        pytest.param("import asp_sudoku\np = asp_sudoku.load('instances/spoons.toml')\nassert '<svg' in p._repr_svg_()", id="draw-puzzle"),
        pytest.param(
            "from asp_sudoku.core.model import Grid\n"
            "g = Grid(((1, 2, 3, 4), (3, 4, 1, 2), (2, 1, 4, 3), (4, 3, 2, 1)))\nassert '<svg' in g._repr_svg_()",
            id="draw-grid",
        ),
        pytest.param("from asp_sudoku.checker import is_solution\nimport asp_sudoku.formats, asp_sudoku.program.render", id="check-render"),
    ],
)
def test_reading_drawing_and_checking_import_no_clingo(code: str) -> None:
    modules = _modules_after(code)
    assert "clingo" not in modules
    assert not {m for m in modules if m.startswith("asp_sudoku.solving")}


def test_loading_a_puzzle_with_a_rules_file_checks_it_with_clingo() -> None:
    modules = _modules_after("import asp_sudoku\nasp_sudoku.load('instances/no-adjacent-1-2.toml')")
    assert "asp_sudoku.solving.user_rules" in modules


def test_the_package_root_holds_packages_not_prefixed_families() -> None:
    roots = sorted(p.stem for p in PACKAGE.glob("*.py"))
    assert roots == ["__init__", "__main__"], roots
    # rules/ is exempt: there a module's name is its rule's name (kropki_white, kropki_black...)
    for folder in [p for p in PACKAGE.rglob("*") if p.is_dir() and p.name not in ("__pycache__", "rules")]:
        stems = [p.stem for p in folder.glob("*.py") if not p.stem.startswith("_")]
        prefixes = {s.split("_")[0] for s in stems if "_" in s}
        families = {p for p in prefixes if sum(s.startswith(p + "_") for s in stems) >= 3}
        assert not families, f"{folder}: prefixed families {families}: make a folder"


def test_only_the_solving_package_names_clingo() -> None:
    users = sorted(
        str(p.relative_to(PACKAGE))
        for p in PACKAGE.rglob("*.py")
        if any(line.strip().startswith(("import clingo", "from clingo")) for line in p.read_text().splitlines())
    )
    assert users and all(u.startswith("solving/") for u in users), users


def test_the_command_line_imports_nothing_of_the_web_page() -> None:
    """`asp-sudoku solve` starts as fast with the web extra installed as without it."""
    modules = _modules_after(
        "import contextlib, io\nfrom asp_sudoku.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n    assert main(['solve', 'instances/classic-inkala.toml']) == 0"
    )
    assert "asp_sudoku.cli" in modules
    assert not {m for m in modules if m.startswith(("asp_sudoku.web", "starlette", "uvicorn"))}
