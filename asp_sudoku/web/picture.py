"""`POST /api/picture`: the library's SVG of a puzzle, with what an earlier answer found drawn on
it: a solution's digits, the cells of the clues `explain` names (shaded), the true candidates
as pencil marks (coloured by the share of solutions that use each, when counted), or one step
of a logical path (`steps`): the puzzle with its clues, the candidates before the step as pencil
marks, the digits it places (green, the cell shaded) and the candidates it removes (red, struck).

The drawing data comes from the client, so every list is checked here (shape and digit range)
before it is drawn.  No solving: the page sends back what the other endpoints answered.
"""

from __future__ import annotations

import math
import re
from typing import Any

from asp_sudoku.core.model import Cell, Grid, Puzzle
from asp_sudoku.picture.candidates import escape
from asp_sudoku.web.ask import BadRequest

Mark = tuple[int, int, int]


def picture(puzzle: Puzzle, options: dict[str, Any]) -> dict[str, Any]:
    """`{"svg": ...}` for a puzzle and the drawing options (solution, highlight, candidates;
    with placed or removed: a step on the candidates)."""
    if options.get("candidates") is not None and ("placed" in options or "removed" in options):
        cells = _candidates(puzzle, options["candidates"])
        placed = _marks(puzzle, options.get("placed") or [], "placed")
        removed = _marks(puzzle, options.get("removed") or [], "removed")
        return {"svg": step_svg(puzzle, cells, placed, removed)}
    if options.get("candidates") is not None:
        from asp_sudoku.core.result import Candidates
        from asp_sudoku.picture.candidates import candidates_svg

        cells = _candidates(puzzle, options["candidates"])
        counts = options.get("counts")
        tally = _counts(puzzle, counts) if counts is not None else None
        counted = max((sum(cell) for row in tally for cell in row), default=0) if tally else 0
        fixed = tuple(tuple(c[0] if len(c) == 1 else None for c in row) for row in cells)
        found = Candidates(puzzle=puzzle, status="", candidates=cells, fixed=fixed, seconds=0.0,
                           counted=counted, counts=tally)
        return {"svg": candidates_svg(found)}
    from asp_sudoku.picture.svg import render_svg

    solution = options.get("solution")
    grid = _grid(puzzle, solution) if solution is not None else None
    marked = _cells(puzzle, options.get("highlight") or [])
    return {"svg": render_svg(puzzle, grid, marked=marked)}


def step_svg(
    puzzle: Puzzle, cells: tuple[tuple[tuple[int, ...], ...], ...], placed: list[Mark], removed: list[Mark]
) -> str:
    """The puzzle's picture (its clues and givens) with the candidates drawn in: a solved cell's
    digit large (blue), the others' small; the step's placed digits large in green on a shaded
    cell, its removed candidates red and struck through."""
    from asp_sudoku.picture.svg import CELL, MARGIN, render_svg
    from asp_sudoku.picture.text import symbol

    svg = render_svg(puzzle, marked=[(r, c) for r, c, _ in placed])
    n, m = puzzle.size, puzzle.cols
    digits = list(puzzle.digit_range)
    across = math.ceil(math.sqrt(len(digits)))
    down = math.ceil(len(digits) / across)
    given = {(r, c) for r, c, _ in puzzle.givens}
    gone: dict[tuple[int, int], set[int]] = {}
    for r, c, p in removed:
        gone.setdefault((r, c), set()).add(p)
    put = {(r, c): p for r, c, p in placed}
    out = ['<g class="step">']
    top = 0.22  # of a cell: room for a cage's sum in the corner
    for r in range(1, n + 1):
        for c in range(1, m + 1):
            x, y = (c - 1 + MARGIN) * CELL, (r - 1 + MARGIN) * CELL
            cell = cells[r - 1][c - 1]
            if (r, c) in given:
                continue
            if (r, c) in put:
                out.append(f'<text class="placed" x="{x + CELL / 2}" y="{y + CELL * 0.72}" font-size="{CELL * 0.55:.0f}" '
                           f'text-anchor="middle" fill="#17803d">{escape(symbol(put[(r, c)], puzzle))}</text>')
                continue
            if len(cell) == 1 and (r, c) not in gone:
                out.append(f'<text x="{x + CELL / 2}" y="{y + CELL * 0.72}" font-size="{CELL * 0.55:.0f}" '
                           f'text-anchor="middle" fill="#1f5fbf">{escape(symbol(cell[0], puzzle))}</text>')
                continue
            for d in cell:
                k = digits.index(d)
                sx = x + (k % across + 0.5) * CELL / across
                sy = y + CELL * (top + (1 - top) * (k // across + 0.8) / down)
                size = CELL * (1 - top) / down * 0.8
                if d in gone.get((r, c), ()):
                    out.append(f'<text class="removed" x="{sx:.1f}" y="{sy:.1f}" font-size="{size:.1f}" text-anchor="middle" '
                               f'fill="#c62828" font-weight="bold">{escape(symbol(d, puzzle))}</text>')
                    out.append(f'<line x1="{sx - size * 0.4:.1f}" y1="{sy - size * 0.3:.1f}" x2="{sx + size * 0.4:.1f}" '
                               f'y2="{sy - size * 0.3:.1f}" stroke="#c62828" stroke-width="1.2"/>')
                else:
                    out.append(f'<text x="{sx:.1f}" y="{sy:.1f}" font-size="{size:.1f}" text-anchor="middle" '
                               f'fill="#666">{escape(symbol(d, puzzle))}</text>')
    out.append("</g>")
    return svg.replace("\n</svg>", "\n" + "\n".join(out) + "\n</svg>")


def _marks(puzzle: Puzzle, value: Any, what: str) -> list[Mark]:
    n, m = puzzle.size, puzzle.cols
    if not isinstance(value, list) or len(value) > n * m * len(puzzle.digit_range):
        raise _bad(f"{what} must be a list of [row, column, digit]")
    out = []
    for item in value:
        if (
            not isinstance(item, list) or len(item) != 3
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in item)
            or not (1 <= item[0] <= n and 1 <= item[1] <= m)
        ):
            raise _bad(f"{what} must be a list of [row, column, digit] with rows from 1 to {n} and columns from 1 to {m}")
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
