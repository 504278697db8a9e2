"""Checks of option values that the library's entry points share: a TypeError for a value of the
wrong kind, a ValueError for one out of range (`check_options` for the package's
functions, `generate`'s options)."""

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
        raise ValueError(f"time_limit must be a finite number of seconds above 0 (None: no limit), not {value}")


def check_options(**options: object) -> None:
    """TypeError or ValueError naming the first option out of its range: a count from 1 (or
    None: no bound, except explain's limit), `keep` from 0, a time limit above 0, threads 1-64,
    a callable callback, True or False for a flag."""
    for name, value in options.items():
        if value is None and name not in NEEDED:
            continue
        if name in FLAGS:
            if not isinstance(value, bool):
                raise TypeError(f"{name} must be True or False, not {type(value).__name__}")
        elif name == "on_solution":
            if not callable(value):
                raise TypeError(f"on_solution must be callable, not {type(value).__name__}")
        elif name == "time_limit":
            check_time_limit(value)
        else:
            shown = name.removeprefix("explain_")
            if not whole(value):
                raise TypeError(f"{shown} must be a whole number, not {type(value).__name__}")
            least = 0 if name == "keep" else 1
            if value < least or (name == "threads" and value > 64):
                bound = "1-64" if name == "threads" else f"at least {least}" + ("" if name in NEEDED else " (or None: no bound)")
                raise ValueError(f"{shown} must be {bound}, not {value}")


FLAGS = ("counts", "rules")
"""Options that are True or False."""
NEEDED = ("threads", "explain_limit")
"""Options that cannot be None (explain's limit: how many solutions it lists at most)."""
