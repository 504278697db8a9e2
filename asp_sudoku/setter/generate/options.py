"""The options of `generate`, checked before anything is made: a TypeError for a value of the
wrong type and a ValueError for one out of range, as the package's other functions name theirs
(a wrong `box` or `attempts` was an IndexError or a bare AssertionError, a negative `givens` or
a `seed` of None was taken without a word)."""

from __future__ import annotations

import math
import re

from asp_sudoku.core.limits import check_time_limit, whole


def checked_box(box: object) -> tuple[int, int] | None | str:
    """`box` as `empty_puzzle` takes it: "default", None (no boxes; also "none"), or (rows,
    columns), also written "RxC" as on the command line."""
    if box is None or box == "default":
        return box
    if isinstance(box, str):
        if box.strip().lower() == "none":
            return None
        match = re.fullmatch(r"\s*([0-9]+)\s*[xX]\s*([0-9]+)\s*", box)
        if match is None:
            raise ValueError(f'box must be "default", "none", "RxC" or (rows, columns), not {box[:20]!r}')
        box = (int(match.group(1)), int(match.group(2)))
    if not isinstance(box, tuple) or len(box) != 2 or not all(whole(side) for side in box):
        raise TypeError(f'box must be "default", None, "RxC" or a pair of whole numbers, not {box!r:.40}')
    if min(box) < 1:
        raise ValueError(f"box sides must be at least 1, not {box}")
    return box


def check_options(
    size: object,
    rules: object,
    seed: object,
    givens: object,
    clues: object,
    attempts: object,
    time_limit: object,
    rating: object,
    values: object,
) -> None:
    """Raise TypeError or ValueError naming the first option of `generate` that is wrong."""
    _count("size", size, 1)
    if not 1 <= size <= 25:  # type: ignore[operator]
        raise ValueError(f"size must be 1-25, not {size}")
    for name, names in (("rules", rules), ("clues", clues)):
        if isinstance(names, str) or not isinstance(names, (list, tuple)) or not all(isinstance(n, str) for n in names):
            raise TypeError(f"{name} must be a list of names, not {names!r:.40}")
    if not whole(seed):
        raise TypeError(f"seed must be a whole number (the same seed makes the same puzzle), not {type(seed).__name__}")
    if seed < 0:  # (random.Random(-7) is Random(7): a seed the command line refuses, the same puzzle)
        raise ValueError(f"seed must be 0 or more, not {seed}")
    if givens is not None:
        _count("givens", givens, 0)
        if givens > size * size:  # type: ignore[operator]
            raise ValueError(f"givens must be at most {size * size} (a {size}x{size} grid has {size * size} cells), not {givens}")  # type: ignore[operator]
    _count("attempts", attempts, 1)
    check_time_limit(time_limit)
    if rating is not None:
        ends = list(rating) if isinstance(rating, (tuple, list)) else []
        numbers = [end for end in ends if isinstance(end, (int, float)) and not isinstance(end, bool)]
        if len(ends) != 2 or len(numbers) != 2:
            raise TypeError(f"rating must be a pair (low, high) of numbers (math.inf: no upper end), not {rating!r:.40}")
        low, high = numbers
        if math.isnan(low) or math.isnan(high) or low > high:
            raise ValueError(f"rating must be (low, high) with low at most high, not {rating}")
        if low < 0:  # (as on the command line: no rating is below 0)
            raise ValueError(f"rating must be (low, high) with low 0 or more, not {rating}")
    if values is not None and not isinstance(values, str):
        raise TypeError(f'values must be text like "0-8", not {type(values).__name__}')


def _count(name: str, value: object, least: int) -> None:
    if not whole(value):
        raise TypeError(f"{name} must be a whole number, not {type(value).__name__}")
    if value < least:
        raise ValueError(f"{name} must be at least {least}, not {value}")
