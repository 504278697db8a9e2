"""Pencil marks drawn on the puzzle's own picture (its regions, clues and givens, as `svg`
draws it): the true candidates `candidates` finds, where a logical path got stuck, or one step
of a path.  A cell with one candidate shows it large; the others show theirs small in their
places, under the corner a cage's sum takes.  Extra cells (outside the grid) are named under the
picture with their candidates."""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

from asp_sudoku.core.model import Puzzle
from asp_sudoku.core.result import Candidates
from asp_sudoku.picture.text import symbol

Cells = Sequence[Sequence[Sequence[int]]]
Mark = tuple[int, int, int]  # row, column, digit
CELL = 48  # the candidates' picture: a little larger than a plain picture's 40, for the small digits
TOP = 0.27  # of a cell: room for a cage's sum in its corner, above the small digits
SIDE = 0.1  # of a cell: room for a cage's dashed outline, left and right of them
BOTTOM = 0.92  # of a cell: where the last row of small digits ends
MARK = 8.8  # pixels: a pencil mark is drawn at least this high (a 9x9's in a cell of CELL)
PLACED = "#17803d"  # a digit a step places: green, large
PLACED_SHADE = "#cdeed6"  # its cell: light green ("placed by this step"; red shades mean a conflict)
REMOVED = "#c62828"  # a candidate a step removes: red, bold and struck through


def _shade(count: int, total: int) -> str:
    """The colour of a candidate used by `count` of `total` solutions: from blue (few) to red
    (most), so that the digits most solutions share stand out."""
    share = count / total if total else 0.0
    red, blue = round(40 + 200 * share), round(220 - 180 * share)
    return f"#{red:02x}30{blue:02x}"


def _layout(puzzle: Puzzle) -> tuple[int, int]:
    """How many small digits a row of a cell's pencil marks holds, and how many rows there are."""
    count = len(puzzle.digit_range)
    across = math.ceil(math.sqrt(count))
    return across, math.ceil(count / across)


def mark_cell(puzzle: Puzzle, least: int) -> int:
    """Pixels a cell of a picture with pencil marks, at least `least`: enough for its marks to be
    `MARK` pixels high, as a grid of more digits has more rows of them in a cell (a 9x9 three,
    a 16x16 four, a 25x25 five)."""
    down = _layout(puzzle)[1]
    return max(least, math.ceil(MARK * down / ((BOTTOM - TOP) * 0.85) - 1e-9))


def _text(x: float, y: float, size: float, fill: str, text: str, extra: str = "") -> str:
    return (f'<text{extra} x="{x:.1f}" y="{y:.1f}" font-size="{size:.1f}" text-anchor="middle" '
            f'font-family="sans-serif" fill="{fill}">{escape(text)}</text>')


def pencil_svg(
    puzzle: Puzzle,
    cells: Cells,
    *,
    counts: Sequence[Sequence[Sequence[int]]] | None = None,
    counted: int = 0,
    placed: Sequence[Mark] = (),
    removed: Sequence[Mark] = (),
    extra: Sequence[tuple[str, Sequence[int]]] = (),
    cell: int | None = None,
) -> str:
    """The puzzle's picture with `cells[r][c]` (the digits cell (r+1, c+1) may hold) drawn in.
    Givens are the picture's own; a cell with one digit shows it large (blue).  With `counts`
    (`counts[r][c][i]`: how many of `counted` solutions hold the i-th digit there) each small
    digit is coloured by its share (`_shade`).  A step: `placed` digits large in green on a
    light green cell, `removed` candidates red and struck through.  `extra`: each extra cell's name
    and digits, written under the picture (with what the step places or removes there: a step
    gives an extra cell at its place outside the grid).  `cell`: pixels a cell (default: a plain picture's, or
    more where the marks need it, `mark_cell`)."""
    from asp_sudoku.picture.svg import CELL as PLAIN
    from asp_sudoku.picture.svg import MARGIN, render_svg

    size = mark_cell(puzzle, PLAIN) if cell is None else cell
    caption = _extra_caption(puzzle, extra, placed, removed)
    svg = render_svg(puzzle, cell=size, marked=[(r, c) for r, c, _ in placed], shade=PLACED_SHADE, extra_caption=caption)
    digits = list(puzzle.digit_range)
    across, down = _layout(puzzle)
    small = size * (BOTTOM - TOP) / down * 0.85
    given = {(r, c) for r, c, _ in puzzle.givens}
    gone: dict[tuple[int, int], set[int]] = {}
    for r, c, p in removed:
        gone.setdefault((r, c), set()).add(p)
    put = {(r, c): p for r, c, p in placed}
    out = ['<g class="pencil">']
    for r in range(1, puzzle.size + 1):
        for c in range(1, puzzle.cols + 1):
            if (r, c) in given:
                continue
            x, y = (c - 1 + MARGIN) * size, (r - 1 + MARGIN) * size
            here = cells[r - 1][c - 1]
            if (r, c) in put:
                out.append(_text(x + size / 2, y + size * 0.72, size * 0.55, PLACED, symbol(put[(r, c)], puzzle),
                                 ' class="placed"'))
                continue
            if len(here) == 1 and (r, c) not in gone:
                out.append(_text(x + size / 2, y + size * 0.72, size * 0.55, "#1f5fbf", symbol(here[0], puzzle)))
                continue
            for d in here:
                k = digits.index(d)
                sx = x + size * (SIDE + (1 - 2 * SIDE) * (k % across + 0.5) / across)
                sy = y + size * (TOP + (BOTTOM - TOP) * (k // across + 0.85) / down)
                if d in gone.get((r, c), ()):
                    out.append(_text(sx, sy, small, REMOVED, symbol(d, puzzle), ' class="removed" font-weight="bold"'))
                    out.append(f'<line x1="{sx - small * 0.4:.1f}" y1="{sy - small * 0.3:.1f}" x2="{sx + small * 0.4:.1f}" '
                               f'y2="{sy - small * 0.3:.1f}" stroke="{REMOVED}" stroke-width="1.2"/>')
                else:
                    fill = "#666" if counts is None else _shade(counts[r - 1][c - 1][k], counted)
                    out.append(_text(sx, sy, small, fill, symbol(d, puzzle), ' class="mark"'))
    out.append("</g>")
    return svg.replace("\n</svg>", "\n" + "\n".join(out) + "\n</svg>")


def _extra_caption(
    puzzle: Puzzle, extra: Sequence[tuple[str, Sequence[int]]], placed: Sequence[Mark], removed: Sequence[Mark]
) -> str | None:
    """The line under the picture for the extra cells: each with its candidates, and what a step
    places or removes there (a step gives an extra cell at its place outside the grid); None
    when there is nothing to add to their names."""
    places = puzzle.extra_cells()
    put = {(r, c): p for r, c, p in placed}
    gone: dict[tuple[int, int], list[int]] = {}
    for r, c, p in removed:
        gone.setdefault((r, c), []).append(p)
    digits = dict(extra)
    if not digits and not any(place in put or place in gone for place in places.values()):
        return None
    parts = []
    for name, place in places.items():
        text = f"{name}: {_digits(puzzle, digits[name])}" if name in digits else name
        if place in put:
            text += f" (this step places {symbol(put[place], puzzle)})"
        elif place in gone:
            text += f" (this step removes {_digits(puzzle, sorted(gone[place]))})"
        parts.append(text)
    return "extra cells: " + "; ".join(parts)


def _digits(puzzle: Puzzle, digits: Sequence[int]) -> str:
    return " ".join(symbol(d, puzzle) for d in digits) if digits else "none"


def candidates_svg(found: Candidates, *, shaded: bool = True) -> str:
    """The SVG text of the true candidates on the puzzle's picture.  With counts (and `shaded`),
    each candidate of an open cell is coloured by the share of the counted solutions that hold
    it there."""
    counts = found.counts if shaded and found.counted else None
    return pencil_svg(found.puzzle, found.candidates, counts=counts, counted=found.counted, extra=found.extra,
                      cell=mark_cell(found.puzzle, CELL))
