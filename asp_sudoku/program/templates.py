"""Template -> rule text: Jinja2 rendering with sizes only, cached.

A template's text depends on nothing but its own bytes and the sizes it is rendered with
(`render.size_context`), so the rendered text is cached: in memory for the process, and on disk
so that a new process need not import Jinja2 and compile the templates again (about 25 ms of a
whole `asp-sudoku solve` that takes about 60).  The disk cache is a folder of files named by
the SHA-256 of everything the text depends on (the template's bytes, the sizes, this module's
cache format, and the path and modification time of the installed Jinja2), each written whole
(a temporary file renamed into place), so a stale or half-written entry is never read.

The folder is ``$ASP_SUDOKU_CACHE_DIR`` when set (set it empty to turn the disk cache off), else
``$XDG_CACHE_HOME/asp-sudoku/templates`` or ``~/.cache/asp-sudoku/templates``.  A folder that
cannot be written is skipped silently: the text is then rendered each time, as without a cache.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from functools import cache
from importlib.util import find_spec
from typing import TYPE_CHECKING

try:  # the builtin module: hashlib would load OpenSSL first (start-up time)
    from _sha256 import sha256  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import sha256

if TYPE_CHECKING:
    from pathlib import Path

    import jinja2

CACHE_ENV = "ASP_SUDOKU_CACHE_DIR"
CACHE_FORMAT = "asp-sudoku template cache 1"

Sizes = Mapping[str, int | bool]

_rendered: dict[tuple[str, tuple[tuple[str, int | bool], ...]], str] = {}


def encodings_dir() -> Path:
    """The folder holding the templates: inside the installed package, else the source tree."""
    from pathlib import Path

    return Path(_encodings_path())


@cache
def _encodings_path() -> str:
    package = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))  # asp_sudoku/
    packaged = os.path.join(package, "encodings")  # the wheel puts them here
    if os.path.isdir(packaged):
        return packaged
    return os.path.join(os.path.dirname(package), "encodings")


@cache
def environment() -> jinja2.Environment:
    """The Jinja2 environment: strict, deterministic whitespace, no autoescape (not HTML)."""
    import jinja2  # imported on first use: a cached template needs no Jinja2 (start-up time)

    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(_encodings_path()),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
    )


def cache_dir() -> Path | None:
    """The disk cache's folder, or None when it is turned off."""
    from pathlib import Path

    folder = _cache_path()
    return Path(folder) if folder is not None else None


def _cache_path() -> str | None:
    value = os.environ.get(CACHE_ENV)
    if value is not None:
        return value if value.strip() else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "asp-sudoku", "templates")


def render_template(name: str, sizes: Sizes) -> str:
    """Template `name` of `encodings/` rendered with `sizes` (from the caches when there)."""
    key = (name, tuple(sorted(sizes.items())))
    text = _rendered.get(key)
    if text is None:
        text = _from_disk_or_render(name, sizes, key[1])
        _rendered[key] = text
    return text


def _from_disk_or_render(name: str, sizes: Sizes, items: tuple[tuple[str, int | bool], ...]) -> str:
    folder = _cache_path()
    if folder is None:
        return environment().get_template(name).render(**sizes)
    digest = sha256()
    for part in (CACHE_FORMAT, _jinja_identity(), name, repr(items)):
        digest.update(part.encode() + b"\0")
    with open(os.path.join(_encodings_path(), name), "rb") as source:
        digest.update(source.read())
    path = os.path.join(folder, f"{digest.hexdigest()}.lp")
    try:
        with open(path, encoding="utf-8", newline="") as cached:
            return cached.read()
    except (OSError, UnicodeDecodeError):
        pass
    text = environment().get_template(name).render(**sizes)
    _store(path, text)
    return text


@cache
def _jinja_identity() -> str:
    """Where the installed Jinja2 is and when it was written, without importing it."""
    spec = find_spec("jinja2")
    origin = spec.origin if spec and spec.origin else "?"
    try:
        stamp = os.stat(origin).st_mtime_ns
    except OSError:
        stamp = 0
    return f"{origin}:{stamp}"


def _store(path: str, text: str) -> None:
    """Write the entry whole (a temporary file renamed into place); any error skips the cache."""
    import tempfile  # only when writing: a cache hit does not pay for it

    try:
        folder = os.path.dirname(path)
        os.makedirs(folder, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=".lp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="") as out:
                out.write(text)
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError:
        pass
