"""Drawing a puzzle (and a solution) as SVG: the grid, boxes or regions, givens in bold,
solution digits; every rule and clue is drawn by its own rule's drawer (`RULE.draw` in its
module under `asp_sudoku.rules`) on the `Canvas` here, and global rules without marks of their
own are named in a caption under the grid.  Extra cells (outside the grid) have no place in
the picture: marks at or towards them are left out, lines run through their grid cells only,
and the extra cells are named, with their digits, under the grid.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from html import escape
from itertools import groupby
from xml.etree import ElementTree

from asp_sudoku.core.model import Cell, Grid, Puzzle
from asp_sudoku.core.safe_text import one_line
from asp_sudoku.rules import CLUE_KINDS, global_rule

CELL = 40
MARGIN = 1  # cells of room around the grid for outside clues
SHADE = "#ffb3b3"  # a marked cell's shade: light red, for the clues in a conflict and differing cells
NOWHERE = (-1e6, -1e6)
"""Where an extra cell's centre is drawn: far off the picture, so that a mark at it, or between it
and a grid cell (a '>' sign), lies outside the frame and is left out."""


class Canvas:
    """Collects SVG elements in layers; coordinates in cells are turned into pixels here."""

    def __init__(self, puzzle: Puzzle, cell: int = CELL) -> None:
        self.puzzle = puzzle
        self.cell = cell
        self.layers: dict[str, list[str]] = {name: [] for name in ("under", "lines", "cages", "grid", "marks", "digits")}
        self.captions: list[str] = []
        self.extra = frozenset(puzzle.extra_cells().values())

    def x(self, col: float) -> float:
        """Pixel x of the left edge of a (1-based, fractional) column."""
        return round((col - 1 + MARGIN) * self.cell, 2)

    def y(self, row: float) -> float:
        """Pixel y of the top edge of a (1-based, fractional) row."""
        return round((row - 1 + MARGIN) * self.cell, 2)

    def centre(self, cell: Cell) -> tuple[float, float]:
        """Pixel centre of a cell (`NOWHERE` for an extra cell)."""
        if cell in self.extra:
            return NOWHERE
        return self.x(cell[1] + 0.5), self.y(cell[0] + 0.5)

    def add(self, layer: str, element: str) -> None:
        """Add one SVG element to a layer; in a puzzle with extra cells, one that reaches past the
        frame (the grid and the margin around it) is drawn at or towards an extra cell: left out."""
        if self.extra and not self._in_frame(element):
            return
        self.layers[layer].append(element)

    def _in_frame(self, element: str) -> bool:
        xs, ys = _coordinates(element)
        right, bottom = self.x(self.puzzle.cols + 1 + MARGIN), self.y(self.puzzle.size + 1 + MARGIN)
        return all(0 <= v <= right for v in xs) and all(0 <= v <= bottom for v in ys)

    def polyline(self, layer: str, cells: Sequence[Cell], colour: str, width: float, extra: str = "") -> None:
        """A line through cell centres (through each run of cells that are not extra cells)."""
        for shown, run in groupby(cells, key=lambda cell: cell not in self.extra):
            if shown:
                points = " ".join(f"{x},{y}" for x, y in map(self.centre, run))
                self.add(layer, f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="{round(width, 2)}" '
                         f'stroke-linecap="round" stroke-linejoin="round"{extra}/>')

    def caption(self, text: str) -> None:
        """A line of text under the grid (the names of rules that have no marks of their own)."""
        self.captions.append(text)

    def text(self, layer: str, x: float, y: float, text: str, size: float, extra: str = "") -> None:
        """Centred text."""
        self.add(layer, _text(x, y, text, size, extra))


def _text(x: float, y: float, text: str, size: float, extra: str = "") -> str:
    return (f'<text x="{round(x, 2)}" y="{round(y, 2)}" font-size="{round(size, 2)}" text-anchor="middle" '
            f'dominant-baseline="central" font-family="sans-serif"{extra}>{escape(text)}</text>')


def _coordinates(element: str) -> tuple[list[float], list[float]]:
    """The x and the y coordinates one SVG element names: its position, its end points, a
    rectangle's far corner, a polyline's points."""
    attrib = ElementTree.fromstring(element).attrib
    xs = [float(attrib[key]) for key in ("x", "x1", "x2", "cx") if key in attrib]
    ys = [float(attrib[key]) for key in ("y", "y1", "y2", "cy") if key in attrib]
    if "width" in attrib:
        xs.append(float(attrib.get("x", 0)) + float(attrib["width"]))
    if "height" in attrib:
        ys.append(float(attrib.get("y", 0)) + float(attrib["height"]))
    points = [float(v) for v in attrib.get("points", "").replace(",", " ").split()]
    return xs + points[0::2], ys + points[1::2]


def _grid_lines(cv: Canvas) -> None:
    p = cv.puzzle
    n, m = p.size, p.cols
    regions = p.regions

    def region(r: int, c: int) -> int:
        if regions is not None:
            return int(regions[r - 1][c - 1])
        if p.box is None:
            return 0
        return ((r - 1) // p.box[0]) * m + (c - 1) // p.box[1]

    for i in range(1, n):
        cv.add("grid", f'<line x1="{cv.x(1)}" y1="{cv.y(i + 1)}" x2="{cv.x(m + 1)}" y2="{cv.y(i + 1)}" stroke="#999" stroke-width="1"/>')
    for i in range(1, m):
        cv.add("grid", f'<line x1="{cv.x(i + 1)}" y1="{cv.y(1)}" x2="{cv.x(i + 1)}" y2="{cv.y(n + 1)}" stroke="#999" stroke-width="1"/>')
    if regions is not None or p.box is not None:
        for r in range(1, n + 1):
            for c in range(1, m + 1):
                if c < m and region(r, c) != region(r, c + 1):
                    cv.add("grid", f'<line x1="{cv.x(c + 1)}" y1="{cv.y(r)}" x2="{cv.x(c + 1)}" y2="{cv.y(r + 1)}" stroke="#000" stroke-width="3" stroke-linecap="square"/>')
                if r < n and region(r, c) != region(r + 1, c):
                    cv.add("grid", f'<line x1="{cv.x(c)}" y1="{cv.y(r + 1)}" x2="{cv.x(c + 1)}" y2="{cv.y(r + 1)}" stroke="#000" stroke-width="3" stroke-linecap="square"/>')
    cv.add("grid", f'<rect x="{cv.x(1)}" y="{cv.y(1)}" width="{m * cv.cell}" height="{n * cv.cell}" fill="none" stroke="#000" stroke-width="3"/>')


def _symbol(value: int, puzzle: Puzzle) -> str:
    from asp_sudoku.picture.text import symbol

    return symbol(value, puzzle)


def _caption_lines(captions: list[str], width: float, font_size: float) -> list[str]:
    """The captions broken at spaces into lines that fit the picture's width (a character taken
    as half the font size wide)."""
    chars = max(10, int(width / (font_size * 0.5)))
    return [line for caption in captions for line in textwrap.wrap(caption, chars) or [""]]


def render_svg(
    puzzle: Puzzle,
    solution: Grid | None = None,
    *,
    cell: int = CELL,
    marked: Sequence[Cell] = (),
    shade: str = SHADE,
    extra_caption: str | None = None,
) -> str:
    """The SVG picture of a puzzle, with a solution's digits when given; `marked` cells are
    shaded in `shade` (the clues `explain` names, on the web page).  `extra_caption` replaces the line that
    names the extra cells (the candidates' picture writes their candidates there)."""
    cv = Canvas(puzzle, cell)
    n, m = puzzle.size, puzzle.cols
    for r, c in sorted(set(marked)):
        if 1 <= r <= n and 1 <= c <= m:
            cv.add("under", f'<rect class="marked" x="{cv.x(c)}" y="{cv.y(r)}" width="{cell}" height="{cell}" fill="{shade}"/>')
    _grid_lines(cv)
    for rule in puzzle.rules:
        global_rule(rule).draw(cv, puzzle)
    for clue in puzzle.clues:
        kind = CLUE_KINDS.get(clue.kind)  # a record of no registered kind is not drawn
        if kind is not None:
            kind.draw(cv, clue)
    given = puzzle.given_grid()
    for r in range(1, n + 1):
        for c in range(1, m + 1):
            x, y = cv.centre((r, c))
            value = given[r - 1][c - 1]
            if value is not None:
                cv.text("digits", x, y, _symbol(value, puzzle), cell * 0.6, ' font-weight="bold" fill="#000"')
            elif solution is not None:
                cv.text("digits", x, y, _symbol(solution.rows[r - 1][c - 1], puzzle), cell * 0.55, ' fill="#1f5fbf"')
    if puzzle.extra:  # cells outside the grid are not drawn: named (with their digits) below it
        names = puzzle.extra_cells()
        if extra_caption is not None:
            text = extra_caption
        elif solution is not None and solution.extra:
            text = solution.extra_text(names)
        else:
            text = "extra cells: " + " ".join(names)
        cv.captions.append(one_line(text, 4000))  # names checked when read: the whole list, wrapped
    size = (m + 2 * MARGIN) * cell  # the width
    tall = (n + 2 * MARGIN) * cell
    lines = _caption_lines(cv.captions, size, cell * 0.3)
    height = tall + round(cell * 0.45 * len(lines))
    for i, line in enumerate(lines):  # under the frame: added as they are
        cv.layers["digits"].append(_text(size / 2, tall + cell * 0.2 + i * cell * 0.45, line, cell * 0.3, ' fill="#333"'))
    # one_line: control characters and lone surrogates are not allowed in XML at all
    title = f"<title>{escape(one_line(puzzle.title, 200))}</title>" if puzzle.title else ""
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{height}" viewBox="0 0 {size} {height}">'
        f"{title}<defs><marker id=\"arrowhead\" markerWidth=\"6\" markerHeight=\"6\" refX=\"5\" refY=\"3\" "
        'orient="auto" markerUnits="strokeWidth"><path d="M0,0 L6,3 L0,6" fill="none" stroke="#555"/></marker></defs>'
        f'<rect width="{size}" height="{height}" fill="white"/>'
    )
    body = "\n".join(e for layer in cv.layers.values() for e in layer)
    return f"{head}\n{body}\n</svg>\n"
