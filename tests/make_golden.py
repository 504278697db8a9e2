"""Regenerate the golden files: `python tests/make_golden.py`.

For each instance named in GOLDEN, writes `tests/data/golden/<name>.lp` (the rendered program)
and `<name>.models` (every solution as sorted `numberAt` facts, one model per line, models
sorted).  Review the diff before committing: a changed golden file is a changed program.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from asp_sudoku import load, render, solve  # noqa: E402
from asp_sudoku.core.model import Grid  # noqa: E402

GOLDEN = ["classic-inkala", "classic-4x4-seed-a", "classic-6x6-zero-based", "classic-16x16-seed"]
OUT = ROOT / "tests" / "data" / "golden"


def model_line(grid: Grid) -> str:
    """One model as sorted numberAt facts on one line."""
    return " ".join(
        f"numberAt({r},{c},{v})."
        for r, row in enumerate(grid.rows, start=1)
        for c, v in enumerate(row, start=1)
    )


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name in GOLDEN:
        puzzle = load(str(ROOT / "instances" / f"{name}.toml"))
        (OUT / f"{name}.lp").write_text(render(puzzle).text, encoding="utf-8")
        models = sorted(model_line(g) for g in solve(puzzle, limit=None).solutions)
        (OUT / f"{name}.models").write_text("\n".join(models) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
