"""PNG pictures: the SVG drawing rasterised by cairosvg (the optional `png` extra)."""

from __future__ import annotations

from asp_sudoku.core.errors import AspSudokuError

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
MISSING = "PNG output needs cairosvg, which is not installed: pip install 'asp-sudoku[png]'"


def svg_to_png(svg: str, scale: float = 2.0) -> bytes:
    """The PNG image of an SVG document (`scale` times its size in pixels).  Raises
    AspSudokuError, with the extra to install, when cairosvg (or its cairo library) is missing."""
    try:
        import cairosvg
    except (ImportError, OSError):  # OSError: cairosvg is there but the cairo library is not
        raise AspSudokuError(MISSING) from None
    data = cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=scale)
    if not isinstance(data, bytes) or not data.startswith(PNG_SIGNATURE):
        raise AspSudokuError("cairosvg did not produce a PNG image")
    return data


__all__ = ["MISSING", "PNG_SIGNATURE", "svg_to_png"]
