"""The page at `/` is put together from the folder asp_sudoku/web/page/ (web/assemble.py): the
served page holds every piece (the style and each script) in the markup's order and loads nothing
from elsewhere, and a markup that does not match its pieces stops the server from starting."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient  # noqa: E402

from asp_sudoku.web.app import create_app  # noqa: E402
from asp_sudoku.web.assemble import PageError, build_page  # noqa: E402

FOLDER = Path(__file__).resolve().parents[2] / "asp_sudoku" / "web" / "page"
PIECES = sorted(p.name for p in FOLDER.iterdir() if p.suffix in (".css", ".js"))


def test_the_folder_holds_the_markup_the_style_and_the_scripts() -> None:
    assert "page.css" in PIECES and len([p for p in PIECES if p.endswith(".js")]) >= 4
    for name in PIECES:  # each piece says what it holds in its first line, and stays small
        lines = (FOLDER / name).read_text(encoding="utf-8").splitlines()
        assert re.match(r"(//|/\*) \S", lines[0]), name
        assert len(lines) < 300, name


def test_the_served_page_holds_every_piece_in_the_markups_order_and_no_placeholder() -> None:
    page = TestClient(create_app()).get("/")
    assert page.status_code == 200
    text = page.text
    markup = (FOLDER / "page.html").read_text(encoding="utf-8")
    order = re.findall(r'href="([\w.-]+\.css)"|src="([\w.-]+\.js)"', markup)
    named = [css or js for css, js in order]
    assert sorted(named) == PIECES
    places = []
    for name in named:
        piece = (FOLDER / name).read_text(encoding="utf-8")
        kind = "style" if name.endswith(".css") else "script"
        assert f"<{kind}>\n{piece}</{kind}>" in text, name
        places.append(text.index(piece))
    assert places == sorted(places)  # the scripts share their names: the last wires up the buttons
    assert text.count("<script>") == len(named) - 1 and text.count("<style>") == 1
    assert not re.search(r"<script\b[^>]*\bsrc|<link\b[^>]*stylesheet", text, re.IGNORECASE)
    # the markup around the pieces is all there
    for line in re.sub(r"<link rel=\"stylesheet\"[^>]*>|<script src=[^>]*></script>", "", markup).splitlines():
        assert line in text


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "page"
    shutil.copytree(FOLDER, folder)
    return folder


@pytest.mark.parametrize(
    ("change", "words"),
    [
        pytest.param(lambda f: _edit(f / "page.html", '<script src="steps.js"></script>\n', ""),
                     "does not name steps.js", id="a-piece-not-named"),
        pytest.param(lambda f: (f / "page.css").unlink(), "names page.css, which page/ does not hold", id="a-missing-piece"),
        pytest.param(lambda f: _edit(f / "page.html", '<script src="form.js"></script>',
                                     '<script src="form.js"></script>\n<script src="form.js"></script>'),
                     "names form.js twice", id="a-piece-named-twice"),
        pytest.param(lambda f: _edit(f / "page.html", '<script src="api.js">', '<script defer src="api.js">'),
                     "loads a piece with '<script defer src", id="a-tag-written-another-way"),
        pytest.param(lambda f: _edit(f / "page.html", '<script src="api.js">', '<script src="page.css">'),
                     "loads page.css as a script", id="a-style-as-a-script"),
        pytest.param(lambda f: _edit(f / "output.js", "function showError", 'const END = "</script>";\nfunction showError'),
                     "output.js holds '</script'", id="a-script-that-ends-its-element"),
    ],
)
def test_a_markup_that_does_not_match_its_pieces_is_refused_by_name(
    tmp_path: Path, change: Callable[[Path], object], words: str
) -> None:
    folder = _copy(tmp_path)
    build_page(folder)  # the copy as it is builds
    change(folder)
    with pytest.raises(PageError, match=re.escape(words)):
        build_page(folder)


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
