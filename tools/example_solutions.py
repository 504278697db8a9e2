"""Print every solution of a small puzzle by brute force, for a rule's `Example` (its
`solutions`): every filled grid of the shape (tests/grid_enum.py, a naive enumerator sharing
nothing with the encodings) that the independent checker accepts.  No clingo.

    python tools/example_solutions.py FILE.toml        # or: - to read the TOML from stdin
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from grid_enum import grids  # noqa: E402

from asp_sudoku.checker import violations  # noqa: E402
from asp_sudoku.core.model import Grid  # noqa: E402
from asp_sudoku.formats import parse_many  # noqa: E402


def solutions(text: str) -> list[str]:
    """Every solution of the puzzle in `text` (TOML), as row-major digit strings, sorted."""
    (puzzle,) = parse_many(text, "<example>.toml", "toml")
    givens = {(r, c): v for r, c, v in puzzle.givens}
    out = []
    for rows in grids(puzzle.size, puzzle.box, givens, low=puzzle.digits[0]):
        if not violations(puzzle, Grid(rows)):
            out.append("".join(str(v) for row in rows for v in row))
    return sorted(out)


if __name__ == "__main__":
    source = sys.stdin.read() if sys.argv[1] == "-" else Path(sys.argv[1]).read_text(encoding="utf-8")
    found = solutions(source)
    print(f"{len(found)} solutions")
    for s in found:
        print(f'"{s}",')
