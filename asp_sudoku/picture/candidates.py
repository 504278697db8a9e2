"""A pencil-mark picture of true candidates as SVG: givens in bold, cells fixed in every
solution in large type, the candidates of the other cells small in their places."""

from __future__ import annotations

import math

from asp_sudoku.core.result import Candidates
from asp_sudoku.picture.text import symbol


def escape(text: str) -> str:
    """Escape &, < and > for XML text (as xml.sax.saxutils.escape does; importing that module
    pulls in urllib and http, a tenth of the CLI's start-up)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")

CELL = 48


def _layout(count: int) -> tuple[int, int]:
    """Rows and columns of the small digits in a cell (3x3 for nine digits)."""
    cols = math.ceil(math.sqrt(count))
    return math.ceil(count / cols), cols


def _shade(count: int, total: int) -> str:
    """The colour of a candidate used by `count` of `total` solutions: from blue (few) to red
    (most), so that the digits most solutions share stand out."""
    share = count / total if total else 0.0
    red, blue = round(40 + 200 * share), round(220 - 180 * share)
    return f"#{red:02x}30{blue:02x}"


def candidates_svg(found: Candidates, *, shaded: bool = True) -> str:
    """The SVG text of the candidates grid.  With counts (and `shaded`), each candidate of an
    open cell is coloured by the share of the counted solutions that hold it there (`_shade`)."""
    puzzle = found.puzzle
    counts = found.counts if shaded and found.counted else None
    n, m = puzzle.size, puzzle.cols
    side, tall = m * CELL, n * CELL  # width and height
    pad = 4
    given = {(r, c) for r, c, _ in puzzle.givens}
    digits = list(puzzle.digit_range)
    rows, cols = _layout(len(digits))
    full, full_tall = side + 2 * pad, tall + 2 * pad
    out = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{full}" height="{full_tall}" '
            f'viewBox="{-pad} {-pad} {full} {full_tall}" font-family="sans-serif">'
        ),
        f"<title>{escape(puzzle.title or puzzle.label or 'candidates')}</title>",
        f'<rect x="0" y="0" width="{side}" height="{tall}" fill="white"/>',
    ]
    for r in range(n):
        for c in range(m):
            cell = found.candidates[r][c]
            x, y = c * CELL, r * CELL
            if len(cell) == 1:
                weight = "bold" if (r + 1, c + 1) in given else "normal"
                colour = "black" if (r + 1, c + 1) in given else "#1f5fbf"
                out.append(
                    f'<text x="{x + CELL / 2}" y="{y + CELL * 0.7}" font-size="{CELL * 0.6:.0f}" '
                    f'text-anchor="middle" font-weight="{weight}" fill="{colour}">'
                    f"{escape(symbol(cell[0], puzzle))}</text>"
                )
                continue
            for d in cell:
                k = digits.index(d)
                sx = x + (k % cols + 0.5) * CELL / cols
                sy = y + (k // cols + 0.8) * CELL / rows
                colour = "#555" if counts is None else _shade(counts[r][c][k], found.counted)
                out.append(
                    f'<text x="{sx:.1f}" y="{sy:.1f}" font-size="{CELL / rows * 0.7:.1f}" '
                    f'text-anchor="middle" fill="{colour}">{escape(symbol(d, puzzle))}</text>'
                )
    box_rows, box_cols = puzzle.box if puzzle.box else (n, m)
    for i in range(n + 1):
        thick_h = 3 if i % box_rows == 0 else 1
        out.append(
            f'<line x1="0" y1="{i * CELL}" x2="{side}" y2="{i * CELL}" stroke="black" stroke-width="{thick_h}"/>'
        )
    for i in range(m + 1):
        thick_v = 3 if i % box_cols == 0 else 1
        out.append(
            f'<line x1="{i * CELL}" y1="0" x2="{i * CELL}" y2="{tall}" stroke="black" stroke-width="{thick_v}"/>'
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"
