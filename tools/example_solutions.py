"""Print every solution of a small puzzle by brute force, for a rule's examples: every filled
grid of the shape (tests/grid_enum.py, a naive enumerator sharing nothing with the encodings)
that the independent checker accepts (`checked_solutions` in tests/helpers.py).  No clingo.

    python tools/example_solutions.py FILE.toml        # or: - to read the TOML from stdin

The last line is the solutions as the third item of an example in `examples(...)`.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from helpers import checked_solutions  # noqa: E402

from asp_sudoku.formats import parse_many  # noqa: E402

if __name__ == "__main__":
    source = sys.stdin.read() if sys.argv[1] == "-" else Path(sys.argv[1]).read_text(encoding="utf-8")
    (puzzle,) = parse_many(source, "<example>.toml", "toml")
    found = checked_solutions(puzzle)
    print(f"{len(found)} solutions")
    print(repr(" ".join(found)))
