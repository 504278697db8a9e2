"""`POST /api/picture`: the library's SVG of a puzzle, with what an earlier answer found drawn on
it: a solution's digits, the cells of the clues `explain` names (shaded), the true candidates
as pencil marks (coloured by the share of solutions that use each, when counted), or one step
of a logical path (`steps`): the puzzle with its clues, the candidates before the step as pencil
marks, the digits it places (green, on a light green cell) and the candidates it removes (red,
struck); without the candidates, the step's own digits only.  The extra cells (outside the grid)
are written under the picture with their candidates (`extra_candidates`) and what a step does
there.

The drawing data comes from the client, so every list is checked here (shape, cells and digit
range; a step's digits against the candidates before it, and never on a given) before it is
drawn, and options that one picture does not draw together are refused, not left out unsaid.
No solving: the page sends back what the other endpoints answered.
"""

from __future__ import annotations

import re
from typing import Any

from asp_sudoku.core.model import Cell, Grid, Puzzle
from asp_sudoku.core.safe_text import one_line
from asp_sudoku.web.ask import BadRequest

Mark = tuple[int, int, int]


STEP = ("placed", "removed")
DRAWN_APART = {"solution": "a solution", "highlight": "shaded cells", "counts": "counts"}
"""What a step's picture (`placed`, `removed`) or the candidates' does not draw: named when refused."""


def picture(puzzle: Puzzle, options: dict[str, Any]) -> dict[str, Any]:
    """`{"svg": ...}` for a puzzle and the drawing options (solution, highlight, candidates with
    counts and the extra cells' candidates; with placed or removed: a step, on the candidates
    before it when they are given)."""
    extra = _extra(puzzle, options.get("extra_candidates"))
    if any(options.get(name) is not None for name in STEP):
        return {"svg": _step(puzzle, options, extra)}
    if options.get("candidates") is not None:
        from asp_sudoku.core.result import Candidates
        from asp_sudoku.picture.candidates import candidates_svg

        _apart(options, ("solution", "highlight"), "candidates")
        cells = _candidates(puzzle, options["candidates"])
        counts = options.get("counts")
        tally = _counts(puzzle, counts) if counts is not None else None
        counted = max((sum(cell) for row in tally for cell in row), default=0) if tally else 0
        fixed = tuple(tuple(c[0] if len(c) == 1 else None for c in row) for row in cells)
        found = Candidates(puzzle=puzzle, status="", candidates=cells, fixed=fixed, seconds=0.0,
                           counted=counted, counts=tally, extra=tuple(extra.items()))
        return {"svg": candidates_svg(found)}
    from asp_sudoku.picture.svg import render_svg

    if options.get("counts") is not None:
        raise _bad("counts colour the candidates: send candidates with them")
    if extra:
        raise _bad("extra_candidates are drawn with the candidates or a step (placed, removed): send one of them too")
    solution = options.get("solution")
    grid = _grid(puzzle, solution) if solution is not None else None
    marked = _cells(puzzle, options.get("highlight") or [])
    return {"svg": render_svg(puzzle, grid, marked=marked)}


def _apart(options: dict[str, Any], names: tuple[str, ...], drawn: str) -> None:
    """BadRequest when an option that this picture does not draw is given (it would be left
    out unsaid)."""
    found = [name for name in names if options.get(name) is not None]
    if found:
        name = found[0]
        raise _bad(f"the picture of {drawn} does not draw {DRAWN_APART[name]} ({name!r}): ask for that picture apart")


def _step(puzzle: Puzzle, options: dict[str, Any], extra: dict[str, tuple[int, ...]]) -> str:
    """One step of a path: its placed digits and removed candidates, drawn on the candidates
    before it when given (each placed or removed digit must be one of its cell's), else on the
    puzzle with only the step's own digits as pencil marks; the same for the extra cells (under
    the picture), on their candidates (`extra`) when given."""
    from asp_sudoku.picture.candidates import pencil_svg

    _apart(options, tuple(DRAWN_APART), "a step")
    placed = _marks(puzzle, options.get("placed", []), "placed")  # (false, 0 or "" is no list: refused)
    removed = _marks(puzzle, options.get("removed", []), "removed")
    both = sorted(set(placed) & set(removed))
    if both:
        r, c, p = both[0]
        raise _bad(f"a step cannot both place and remove {p} in {puzzle.cell_label((r, c))}")
    given = {(r, c) for r, c, _ in puzzle.givens}
    names = {place: name for name, place in puzzle.extra_cells().items()}
    grid = options.get("candidates") is not None
    cells = _candidates(puzzle, options["candidates"]) if grid else ()
    cells_placed: dict[tuple[int, int], int] = {}
    for what, marks in (("placed", placed), ("removed", removed)):
        for r, c, p in marks:
            cell = puzzle.cell_label((r, c))
            if (r, c) in given:
                raise _bad(f"{what}: {cell} holds a given")
            if what == "placed" and cells_placed.setdefault((r, c), p) != p:
                raise _bad(f"placed: {cell} is given two digits ({cells_placed[(r, c)]} and {p})")
            known = extra.get(names[(r, c)]) if (r, c) in names else cells[r - 1][c - 1] if grid else None
            if known is not None and p not in known:
                raise _bad(f"{what}: {p} is not a candidate of {cell} before the step")
    if not grid:  # the step's own digits only
        own: dict[tuple[int, int], set[int]] = {}
        for r, c, p in (*placed, *removed):
            own.setdefault((r, c), set()).add(p)
        cells = tuple(tuple(tuple(sorted(own.get((r, c), ()))) for c in range(1, puzzle.cols + 1))
                      for r in range(1, puzzle.size + 1))
    return pencil_svg(puzzle, cells, placed=placed, removed=removed, extra=tuple(extra.items()))


def _extra(puzzle: Puzzle, value: Any) -> dict[str, tuple[int, ...]]:
    """The extra cells' candidates, by name as `candidates` and `steps` answer them
    (`{"VA1": [1, 2]}`), in the puzzle's order; empty when not given."""
    if value is None:
        return {}
    places = puzzle.extra_cells()
    if not isinstance(value, dict) or not all(isinstance(v, list) for v in value.values()):
        raise _bad('extra_candidates must be an object of each extra cell\'s digits, like {"VA1": [1, 2]}')
    unknown = sorted(set(value) - set(places))
    if unknown:
        known = ", ".join(places) if places else "none"
        raise _bad(f"extra_candidates: {one_line(unknown[0], 40)!r} is no extra cell of the puzzle (its extra cells: {known})")
    return {name: tuple(sorted({_digit(puzzle, v, "extra_candidates") for v in value[name]}))
            for name in places if name in value}


def _marks(puzzle: Puzzle, value: Any, what: str) -> list[Mark]:
    """A step's placed or removed candidates, on the grid or on an extra cell (at its place
    beyond the grid, as a step gives it)."""
    n, m = puzzle.size, puzzle.cols
    extra = set(puzzle.extra_cells().values())
    if not isinstance(value, list) or len(value) > (n * m + len(extra)) * len(puzzle.digit_range):
        raise _bad(f"{what} must be a list of [row, column, digit]")
    out = []
    for item in value:
        if (
            not isinstance(item, list) or len(item) != 3
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in item)
            or not (1 <= item[0] <= n and 1 <= item[1] <= m or (item[0], item[1]) in extra)
        ):
            beyond = " (or an extra cell's place beyond it)" if extra else ""
            raise _bad(f"{what} must be a list of [row, column, digit] with rows from 1 to {n} and columns from 1 to {m}{beyond}")
        out.append((item[0], item[1], _digit(puzzle, item[2], what)))
    return out


def _bad(what: str) -> BadRequest:
    return BadRequest(f"picture: {what}")


def _rows(puzzle: Puzzle, value: Any, what: str) -> list[list[Any]]:
    n, m = puzzle.size, puzzle.cols
    if not isinstance(value, list) or len(value) != n or not all(isinstance(r, list) and len(r) == m for r in value):
        raise _bad(f"{what} must be {n} rows of {m} cells")
    return value


def _digit(puzzle: Puzzle, value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in puzzle.digit_range:
        raise _bad(f"{what} must hold digits from {puzzle.digits[0]} to {puzzle.digits[1]}")
    return value


def _grid(puzzle: Puzzle, value: Any) -> Grid:
    rows = _rows(puzzle, value, "solution")
    return Grid(tuple(tuple(_digit(puzzle, v, "solution") for v in row) for row in rows))


def _candidates(puzzle: Puzzle, value: Any) -> tuple[tuple[tuple[int, ...], ...], ...]:
    rows = _rows(puzzle, value, "candidates")
    out = []
    for row in rows:
        line = []
        for cell in row:
            if not isinstance(cell, list):
                raise _bad("candidates must be a list of digits for each cell")
            line.append(tuple(sorted({_digit(puzzle, v, "candidates") for v in cell})))
        out.append(tuple(line))
    return tuple(out)


def _counts(puzzle: Puzzle, value: Any) -> tuple[tuple[tuple[int, ...], ...], ...]:
    rows = _rows(puzzle, value, "counts")
    width = len(puzzle.digit_range)
    out = []
    for row in rows:
        line = []
        for cell in row:
            if not isinstance(cell, list) or len(cell) != width or not all(
                isinstance(k, int) and not isinstance(k, bool) and k >= 0 for k in cell
            ):
                raise _bad(f"counts must be {width} whole numbers for each cell")
            line.append(tuple(cell))
        out.append(tuple(line))
    return tuple(out)


def _cells(puzzle: Puzzle, value: Any) -> list[Cell]:
    """The cells to shade; one just outside the grid (a sandwich's clue, which `explain` names)
    is left out, a name like "r99999c1" refused (a 5000-digit row was a 500 from int())."""
    if not isinstance(value, list) or len(value) > puzzle.size * puzzle.cols * 4:
        raise _bad("highlight must be a list of cells like \"r1c2\"")
    out = []
    for name in value:
        match = re.fullmatch(r"r([0-9]{1,3})c([0-9]{1,3})", name) if isinstance(name, str) and len(name) <= 8 else None
        if match is None:
            raise _bad("highlight must be a list of cells like \"r1c2\"")
        r, c = int(match.group(1)), int(match.group(2))
        if not (0 <= r <= puzzle.size + 1 and 0 <= c <= puzzle.cols + 1):
            raise _bad(f"highlight: {name} is outside the {puzzle.shape_name} grid")
        if 1 <= r <= puzzle.size and 1 <= c <= puzzle.cols:
            out.append((r, c))
    return out
