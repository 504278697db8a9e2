"""Reading a field of a clue record by name, for code that handles every clue kind alike
(writers, pictures) without importing each rule module."""

from __future__ import annotations

from typing import Any

from asp_sudoku.core.model import Clue


def field_of(clue: Clue, name: str) -> Any:
    """The value of a record field (AttributeError names the kind when it has no such field)."""
    try:
        return getattr(clue, name)
    except AttributeError:
        raise AttributeError(f"{clue.kind} clues have no field {name!r}") from None
