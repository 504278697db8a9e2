"""Checks of option values that the library's entry points share: a TypeError for a value of the
wrong kind, a ValueError for one out of range (`asp_sudoku._checked`, `generate`'s options)."""

from __future__ import annotations

import math
from typing import TypeGuard


def whole(value: object) -> TypeGuard[int]:
    """Whether a value is a whole number (an int, not a bool)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_time_limit(value: object) -> None:
    """A time limit: None (no limit) or a finite number of seconds above 0."""
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"time_limit must be a number of seconds, not {type(value).__name__}")
    if not (value > 0 and math.isfinite(value)):
        raise ValueError(f"time_limit must be above 0 seconds, not {value}")
