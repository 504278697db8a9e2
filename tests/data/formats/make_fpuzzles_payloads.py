"""Build fpuzzles_payloads.jsonl: 20 f-puzzles links made from puzzles we have, with solutions.

Sources: the TOML files in instances/ and the entries of iss_puzzles_raw.jsonl (this folder) that
asp-sudoku reads, solves uniquely within two seconds and can write as f-puzzles.  Puzzles are
picked greedily so that as many rules as possible are covered (killer, thermo, arrow, little
killer, anti-knight, non-consecutive, diagonals, jigsaw regions, ...).  Each line holds the
name, where it came from, the f-puzzles link and the solution asp-sudoku found (checked against
the source's recorded solution where there is one).  Re-run after new rules land:

    python tests/data/formats/make_fpuzzles_payloads.py
"""

from __future__ import annotations

import json
import sys
import warnings
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent.parent
sys.path.insert(0, str(ROOT))

from asp_sudoku import load, solve  # noqa: E402
from asp_sudoku.core.errors import AspSudokuError  # noqa: E402
from asp_sudoku.core.model import Puzzle  # noqa: E402
from asp_sudoku.formats.fpuzzles.writer import fpuzzles_url  # noqa: E402

WANTED = 20


def solution_string(rows: tuple[tuple[int, ...], ...]) -> str:
    """Digits row by row; grids past 9x9 as ISS writes them (A = 1, B = 2, ...)."""
    if len(rows) <= 9:
        return "".join(str(v) for row in rows for v in row)
    return "".join(chr(ord("A") + v - 1) for row in rows for v in row)


def features(p: Puzzle) -> set[str]:
    found = set(p.rules) | {c.kind for c in p.clues}
    if getattr(p, "regions", None) is not None:
        found.add("regions")
    return found


def candidates() -> list[tuple[str, str, Puzzle, str | None]]:
    out = []
    for path in sorted((ROOT / "instances").glob("*.toml")):
        try:
            out.append((path.stem, f"instances/{path.name}", load(str(path)), None))
        except AspSudokuError:
            continue
    for number, raw in enumerate((HERE / "iss_puzzles_raw.jsonl").read_text().splitlines(), start=1):
        entry = json.loads(raw)
        if "ref" in entry or not entry.get("solution"):
            continue
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                puzzle = load(entry["input"], "iss")
        except AspSudokuError:
            continue
        out.append((entry.get("name", f"entry {number}"), f"iss_puzzles_raw.jsonl line {number}", puzzle, entry["solution"]))
    return out


def main() -> None:
    chosen: list[dict[str, str]] = []
    covered: set[str] = set()
    pool = []
    for name, source, puzzle, recorded in candidates():
        try:
            url = fpuzzles_url(puzzle)
        except AspSudokuError:
            continue
        pool.append((name, source, puzzle, recorded, url))
    pool.sort(key=lambda item: -len(features(item[2])))
    while pool and len(chosen) < WANTED:
        best = max(pool, key=lambda item: (len(features(item[2]) - covered), -pool.index(item)))
        pool.remove(best)
        name, source, puzzle, recorded, url = best
        result = solve(puzzle, time_limit=2)
        if result.status != "unique":
            continue
        solution = solution_string(result.solutions[0].rows)
        if recorded and recorded != solution:
            raise SystemExit(f"{name}: solved to {solution}, recorded {recorded}")
        covered |= features(puzzle)
        chosen.append({"name": name, "from": source, "features": sorted(features(puzzle)), "url": url, "solution": solution})
    with open(HERE / "fpuzzles_payloads.jsonl", "w", encoding="utf-8") as f:
        for item in chosen:
            f.write(json.dumps(item, ensure_ascii=False) + "\n")
    print(f"{len(chosen)} payloads covering {sorted(covered)}")


if __name__ == "__main__":
    main()
