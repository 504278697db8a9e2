"""ASP facts from validated integers: the only way puzzle data reaches a program."""

from __future__ import annotations

from typing import Any

from asp_sudoku.core.errors import AspSudokuError


def _show(value: Any) -> str:
    """A short, safe rendering of a user value for messages."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


MAX_FACT_INT = 1_000_000
"""Largest magnitude of a fact argument.  clingo's integers are 32-bit and wrap silently
(``a(99999999999).`` grounds as ``a(1215752191)``), which would solve a different puzzle; no
rule needs numbers near this bound, and sums over a grid stay far below 2**31."""


def fact(name: str, *args: int) -> str:
    """One ASP fact from a predicate name chosen by us and validated integers.

    Raises AspSudokuError for an argument beyond +-MAX_FACT_INT (a rule that let it through
    must validate its input better; the user gets an error, never a wrong answer).
    """
    for a in args:
        if type(a) is not int and (isinstance(a, bool) or not isinstance(a, int)):  # one test in the common case
            raise TypeError(f"fact arguments must be int, got {a!r}")
        if not -MAX_FACT_INT <= a <= MAX_FACT_INT:
            raise AspSudokuError(
                f"the number {_show(a)} in a {name} clue is outside the range the solver "
                f"accepts (-{MAX_FACT_INT}..{MAX_FACT_INT})"
            )
    return f"{name}({','.join(map(str, args))})."
