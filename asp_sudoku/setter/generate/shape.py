"""The grid a generated puzzle is made on: its shape and rules (`empty_puzzle`), and every solution
grid when the rules allow few (`all_grids`)."""

from __future__ import annotations

from functools import lru_cache

from asp_sudoku.core.errors import AspSudokuError, PuzzleFormatError
from asp_sudoku.core.model import DEFAULT_BOXES, Grid, Puzzle
from asp_sudoku.rules import GLOBAL_RULES, RULE_ALIASES, expand_rules
from asp_sudoku.rules.validate import validate_rules
from asp_sudoku.solving.setter import all_solutions

EXACT_GRIDS = 1000
Given = tuple[int, int, int]
Made = tuple[Puzzle, Grid, str, bool, bool, int, int]
"""A puzzle made: the puzzle, its solution, the method in words, minimal, proved the fewest
givens, solver calls, searches the conflict budget stopped."""


def empty_puzzle(
    size: int = 9,
    rules: tuple[str, ...] | list[str] = (),
    box: tuple[int, int] | None | str = "default",
    values: str | None = None,
) -> Puzzle:
    """A puzzle with no givens: the grid shape, the global rules (names or aliases) and the
    digits (`values` as in TOML: "0-8", or "1-9" on a 6x6; default 1 to `size`)."""
    if not 1 <= size <= 25:
        raise AspSudokuError(f"size must be 1-25, not {size}")
    if box == "default":
        if size not in DEFAULT_BOXES:
            raise AspSudokuError(
                f"a {size}x{size} grid has no default box shape: give one (--box RxC) or none (--box none)"
            )
        shape: tuple[int, int] | None = DEFAULT_BOXES[size]
    else:
        shape = box  # type: ignore[assignment]
        if shape is not None and (size % shape[0] or size % shape[1]):
            raise AspSudokuError(f"box {shape[0]}x{shape[1]} does not tile a {size}x{size} grid")
        if shape is not None and shape[0] * shape[1] != size:
            raise AspSudokuError(
                f"box {shape[0]}x{shape[1]} has {shape[0] * shape[1]} cells, but in a {size}x{size} grid each box "
                f"holds every digit: {size} cells"
            )
    try:
        names = expand_rules([r.strip().lower() for r in rules])
    except KeyError as exc:
        from asp_sudoku.formats.build import unknown_name

        known = [*GLOBAL_RULES, *RULE_ALIASES]
        raise AspSudokuError(unknown_name("rule", str(exc.args[0]), known)) from None
    digits = (1, size)
    if values is not None:
        from asp_sudoku.formats.grid_text import parse_digits

        try:
            digits = parse_digits(values, size, "", 0)
        except PuzzleFormatError as exc:
            raise AspSudokuError(exc.message) from None
    puzzle = Puzzle(size=size, box=shape, digits=digits, rules=names, path="<generate>")
    try:
        validate_rules(puzzle)
    except PuzzleFormatError as exc:
        raise AspSudokuError(exc.message) from None
    return puzzle


@lru_cache(maxsize=8)
def all_grids(puzzle: Puzzle, limit: int = EXACT_GRIDS) -> tuple[Grid, ...] | None:
    """Every solution grid of the puzzle when there are at most `limit` and clingo lists them
    within a fixed budget of conflicts (deterministic, unlike a time budget); else None."""
    return all_solutions(puzzle, limit)


def cells_of(grid: Grid) -> list[Given]:
    return [(r + 1, c + 1, v) for r, row in enumerate(grid.rows) for c, v in enumerate(row)]


def no_grid(base: Puzzle) -> str:
    """Why nothing can be generated: no grid of this shape obeys the rules (named)."""
    box = "no boxes" if base.box is None else f"boxes {base.box[0]}x{base.box[1]}"
    rules = ", ".join(base.rules) or "no global rule"
    return f"no {base.size}x{base.cols} grid with {box} obeys {rules}: nothing to generate"
