"""Drawing on a picture, for the rules' drawers: the `Canvas` a drawer is handed (implemented by
`asp_sudoku.picture.svg`, which draws the grid, the boxes and the digits), and the shapes that
several rules share, as small factories: a line through cells, a dot or letter between two
cells, a mark in cells, a number outside the grid, a shaded region, a caption.
A rule's own drawer is in its module (`RULE.draw`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Protocol

from asp_sudoku.core.model import Cell, Clue, Puzzle
from asp_sudoku.rules.base import cells_of


class Canvas(Protocol):
    """What a drawer may use: pixel positions of cells (rows and columns 1-based, fractions
    allowed, 0 and N+1 outside the grid), SVG elements added to named layers (``under``,
    ``lines``, ``cages``, ``grid``, ``marks``, ``digits``, drawn in that order), and helpers.
    Extra cells are not drawn: the canvas leaves out what is drawn at or towards them, and a
    polyline runs through its grid cells only, so a drawer need not look for them."""

    puzzle: Puzzle
    cell: int

    def x(self, col: float) -> float: ...

    def y(self, row: float) -> float: ...

    def centre(self, cell: Cell) -> tuple[float, float]: ...

    def add(self, layer: str, element: str) -> None: ...

    def polyline(self, layer: str, cells: Sequence[Cell], colour: str, width: float, extra: str = "") -> None: ...

    def text(self, layer: str, x: float, y: float, text: str, size: float, extra: str = "") -> None: ...

    def caption(self, text: str) -> None: ...


Draw = Callable[[Canvas, Clue], None]


def cage_outline(cv: Canvas, cage: Sequence[Cell], text: str = "") -> None:
    """A dashed outline just inside a cage's border, `text` (its sum) in its top-left corner."""
    cells = set(cage)
    if not cells:
        return
    inset = 0.08
    for r, c in cells:
        top, left = r + inset, c + inset
        bottom, right = r + 1 - inset, c + 1 - inset
        # Each side without a cage neighbour gets a dashed segment, stretched to meet neighbours.
        sides = {
            (r - 1, c): (left, top, right, top),
            (r + 1, c): (left, bottom, right, bottom),
            (r, c - 1): (left, top, left, bottom),
            (r, c + 1): (right, top, right, bottom),
        }
        for neighbour, (x1, y1, x2, y2) in sides.items():
            if neighbour in cells:
                continue
            if y1 == y2:  # horizontal side: extend into cage neighbours left/right
                if (r, c - 1) in cells:
                    x1 = c - inset
                if (r, c + 1) in cells:
                    x2 = c + 1 + inset
            else:
                if (r - 1, c) in cells:
                    y1 = r - inset
                if (r + 1, c) in cells:
                    y2 = r + 1 + inset
            cv.add("cages", f'<line x1="{cv.x(x1)}" y1="{cv.y(y1)}" x2="{cv.x(x2)}" y2="{cv.y(y2)}" '
                   'stroke="#222" stroke-width="1" stroke-dasharray="3,2"/>')
    if text:
        r, c = min(cells)
        size = cv.cell * 0.26
        cv.add("cages", f'<rect x="{cv.x(c + 0.03)}" y="{cv.y(r + 0.03)}" width="{round(size * 0.62 * len(text) + 2, 2)}" '
               f'height="{round(size * 1.1, 2)}" fill="white"/>')
        cv.add("cages", f'<text x="{cv.x(c + 0.06)}" y="{cv.y(r + 0.05)}" font-size="{round(size, 2)}" '
               f'dominant-baseline="hanging" font-family="sans-serif">{escape(text)}</text>')


def region(cv: Canvas, clue: Clue) -> None:
    for r, c in cells_of(clue):
        cv.add("under", f'<rect x="{cv.x(c)}" y="{cv.y(r)}" width="{cv.cell}" height="{cv.cell}" fill="#d8e8f8"/>')


def pair_mark(cv: Canvas, cells: Sequence[Cell], draw: Callable[[float, float], None]) -> None:
    if len(cells) == 2:
        (x1, y1), (x2, y2) = cv.centre(cells[0]), cv.centre(cells[1])
        draw((x1 + x2) / 2, (y1 + y2) / 2)


def dot(colour: str) -> Draw:
    def draw(cv: Canvas, clue: Clue) -> None:
        pair_mark(cv, cells_of(clue), lambda x, y: cv.add(
            "marks", f'<circle cx="{round(x, 2)}" cy="{round(y, 2)}" r="{round(cv.cell * 0.13, 2)}" fill="{colour}" stroke="#222" stroke-width="1.2"/>'))
    return draw


def line(colour: str, width: float = 0.15) -> Draw:
    def draw(cv: Canvas, clue: Clue) -> None:
        cells = cells_of(clue)
        if cells:
            cv.polyline("lines", cells, colour, cv.cell * width)
    return draw


def cell_mark(shape: str) -> Draw:
    def draw(cv: Canvas, clue: Clue) -> None:
        cells = cells_of(clue)
        for cell in cells:
            x, y = cv.centre(cell)
            h = cv.cell * 0.36
            if shape == "circle":
                cv.add("under", f'<circle cx="{x}" cy="{y}" r="{round(h, 2)}" fill="#ddd"/>')
            else:
                cv.add("under", f'<rect x="{round(x - h, 2)}" y="{round(y - h, 2)}" width="{round(2 * h, 2)}" height="{round(2 * h, 2)}" fill="#ddd"/>')
    return draw


def extremum(symbol: str) -> Draw:
    def draw(cv: Canvas, clue: Clue) -> None:
        for cell in cells_of(clue):
            cv.add("under", f'<rect x="{cv.x(cell[1])}" y="{cv.y(cell[0])}" width="{cv.cell}" height="{cv.cell}" fill="#eee"/>')
            x, y = cv.centre(cell)
            cv.text("marks", x + cv.cell * 0.33, y - cv.cell * 0.33, symbol, cv.cell * 0.25, ' fill="#555"')
    return draw


def bulb_line(cv: Canvas, cells: Sequence[Cell]) -> None:
    """A thermometer: a grey bulb on the first cell and a thick grey tube along the cells."""
    x, y = cv.centre(cells[0])
    cv.add("lines", f'<circle cx="{x}" cy="{y}" r="{round(cv.cell * 0.36, 2)}" fill="#c8c8c8"/>')
    cv.polyline("lines", cells, "#c8c8c8", cv.cell * 0.3)


def bulb_thermometer(cv: Canvas, clue: Clue) -> None:
    """The drawer of a thermometer-like clue: `bulb_line` through its cells, bulb first."""
    bulb_line(cv, cells_of(clue))


def outside_text(cv: Canvas, place: Cell, text: str) -> None:
    """A clue's number in its place outside the grid (row or column 0 or N+1)."""
    x, y = cv.centre(place)
    cv.text("marks", x, y, text, cv.cell * 0.4)


def caption(text: str) -> Callable[[Canvas, Puzzle], None]:
    """The drawer of a global rule that has no marks of its own: its name and rule, under the grid."""

    def draw(cv: Canvas, puzzle: Puzzle) -> None:
        cv.caption(text)

    return draw
