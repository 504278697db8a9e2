"""The page served at `/`, put together once when the app is created from the folder `page/`:
the markup (`page.html`) with the style (`page.css`) and the scripts (`*.js`) written into it, so
that the page is still one request and needs nothing from elsewhere (it works offline).

The markup names each piece as a browser that opens the folder's `page.html` would load it:
`<link rel="stylesheet" href="page.css">` and `<script src="api.js"></script>`, each on a tag of
its own and exactly so.  Each such tag becomes a `<style>` or `<script>` element holding the
piece's text, in the markup's order: the scripts are classic scripts that share their top-level
names (`$`, `controller`, `path`, ...), and the last one wires up the buttons.  A piece of the
folder the markup does not name, a tag naming no piece or a piece twice, a tag written another
way, or a piece whose text would end its element early is a `PageError`, raised at start-up.
"""

from __future__ import annotations

import re
from importlib import resources
from importlib.resources.abc import Traversable

FOLDER = "page"  # in the package asp_sudoku.web
MARKUP = "page.html"
KINDS = {".css": "style", ".js": "script"}  # a piece's ending -> the element it is written into

# the two tags the markup names a piece with (a group each: the style's name, the script's name)
_TAG = re.compile(r'<link rel="stylesheet" href="([\w.-]+)">|<script src="([\w.-]+)"></script>')
# any tag that loads a style or a script from elsewhere, however written (none may be left)
_LOADS = re.compile(r"<link\b[^>]*\bstylesheet\b|<script\b[^>]*\bsrc\s*=", re.IGNORECASE)


class PageError(RuntimeError):
    """The markup and the pieces of the page's folder do not match (a fault of the package)."""


def build_page(folder: Traversable | None = None) -> str:
    """The page's HTML: `folder`'s markup with every piece written in where it is named.
    `folder` is the package's `page/` unless given; PageError when the two do not match."""
    if folder is None:
        folder = resources.files("asp_sudoku.web").joinpath(FOLDER)
    markup = folder.joinpath(MARKUP).read_text(encoding="utf-8")
    pieces = {p.name: p for p in folder.iterdir() if p.name.endswith(tuple(KINDS))}
    named: list[str] = []

    def written(match: re.Match[str]) -> str:
        name = match.group(1) or match.group(2)
        kind = "style" if match.group(1) else "script"
        if name not in pieces:
            raise PageError(f"{MARKUP} names {name}, which {FOLDER}/ does not hold (it holds {', '.join(sorted(pieces))})")
        if KINDS[name[name.rindex("."):]] != kind:
            raise PageError(f"{MARKUP} loads {name} as a {kind}")
        if name in named:
            raise PageError(f"{MARKUP} names {name} twice")
        named.append(name)
        text = pieces[name].read_text(encoding="utf-8")
        for end in (f"</{kind}", "<!--"):
            if end in text.lower():
                raise PageError(f"{name} holds {end!r}, which would end its <{kind}> element in the page")
        return f"<{kind}>\n{text}</{kind}>"

    page = _TAG.sub(written, markup)
    left = _LOADS.search(_TAG.sub("", markup))
    if left:
        raise PageError(f"{MARKUP} loads a piece with {left.group(0)!r}...; name it as "
                        '<link rel="stylesheet" href="NAME.css"> or <script src="NAME.js"></script>')
    unnamed = sorted(set(pieces) - set(named))
    if unnamed:
        raise PageError(f"{MARKUP} does not name {', '.join(unnamed)} of {FOLDER}/: the served page would lack it")
    return page
