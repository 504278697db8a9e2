"""The domain, the bottom layer: cells, grids, puzzles and the clue base class (`model`), what a
search found and its status words (`result`), errors, safe text for messages and comments, user
rules files as checked text, and the version.  Imports nothing else of the package.

Start-up: every module of the package is imported after this one (the package's `__init__`
imports `core.version` first), so this is where `dataclasses` is first imported, without the
`inspect` module it imports (see `_dataclasses_without_inspect`)."""

from __future__ import annotations

import sys
import types


class _InspectOnDemand(types.ModuleType):
    """Stands for `inspect` inside `dataclasses`: the real module is imported on first use."""

    def __getattr__(self, name: str) -> object:
        if sys.modules.get("inspect") is self:  # a dataclasses that reads it while it loads
            del sys.modules["inspect"]
        import inspect

        return getattr(inspect, name)


def _dataclasses_without_inspect() -> None:
    """Import `dataclasses` without importing `inspect`, 6-7 ms of a 70 ms command (about a
    tenth of a whole `asp-sudoku solve`, and `python -m clingo` imports neither).

    `dataclasses` imports `inspect` at load, but on Python 3.11 uses it only to write the
    docstring of a class that has none (`inspect.signature`).  While `dataclasses` loads,
    `sys.modules["inspect"]` holds a stand-in that imports the real module when `dataclasses`
    first reads an attribute of it; then the stand-in leaves `sys.modules`, so any other
    `import inspect` gets the real module.  Nothing is done when either module is already
    imported (a program that imports asp_sudoku after them)."""
    if "dataclasses" in sys.modules or "inspect" in sys.modules:
        return
    stand_in = _InspectOnDemand("inspect")
    sys.modules["inspect"] = stand_in
    try:
        import dataclasses  # noqa: F401
    finally:
        if sys.modules.get("inspect") is stand_in:
            del sys.modules["inspect"]


_dataclasses_without_inspect()
