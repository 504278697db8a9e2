"""Convert a few puzzles from Interactive Sudoku Solver's own constraint strings to TOML.

``iss_puzzles_raw.jsonl`` (shared collection) holds entries of sigh/Interactive-Sudoku-Solver
verbatim: ``input`` is a string like ``.Cage~10~R1C1~R1C2.Arrow~R2C2~R2C3.~R5C5_7``.  This script
understands only the constraint types that asp-sudoku has rules for and turns an entry into the
neutral form, then into TOML with `convert_neutral.to_toml`:

- ``~R1C1_5``: a given (several values = pencilmarks: unsupported); ``Shape~9x9~0-8``: values 0-8;
- ``Cage~S~cells`` (S = 0: no sum), ``Thermo~cells``, ``Arrow~circle~shaft...``,
  ``PillArrow~N~cells`` (the first N cells are the pill);
- ``LittleKiller~S~cell``: the diagonal starts at that edge cell; ISS's direction is fixed by the
  edge: left column down-right, right column up-left, top row down-left, bottom row up-right;
- ``GreaterThan~A~B~C...``: A is greater than each of B, C, ... (fortress cells);
- ``DisjointSets``, ``Windoku``, ``AntiKnight``, ``AntiKing``, ``AntiConsecutive``, ``NoBoxes``.

Usage::

    python tools/convert_iss_raw.py SOURCE.jsonl OUTDIR --names "The Barbed Cross" ... [--index F]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from convert_neutral import Unsupported, expectation, slug, to_toml

FLAGS = {
    "DisjointSets": "disjoint_groups",
    "Windoku": "windoku",
    "AntiKnight": "anti_knight",
    "AntiKing": "anti_king",
    "AntiConsecutive": "non_consecutive_orthogonal",
}


def cell(name: str) -> tuple[int, int]:
    row, col = name.upper().lstrip("R").split("C")
    return int(row), int(col)


def little_killer_cells(size: int, start: str) -> list[str]:
    """ISS's diagonal for a little killer named by its first cell."""
    r, c = cell(start)
    if c == 1 and r < size:
        step = (1, 1)
    elif c == size and r > 1:
        step = (-1, -1)
    elif r == 1 and c > 1:
        step = (1, -1)
    elif r == size and c < size:
        step = (-1, 1)
    else:
        raise Unsupported(f"no little killer direction for {start}")
    cells = []
    while 1 <= r <= size and 1 <= c <= size:
        cells.append(f"r{r}c{c}")
        r, c = r + step[0], c + step[1]
    return cells


def to_neutral(raw: dict[str, Any]) -> dict[str, Any]:
    """An ISS entry in the neutral form (plus ``greater_than``, ``values`` and flags of ours)."""
    items = [item for item in raw["input"].split(".") if item]
    size, values, boxes = 9, "", "3x3"
    entry: dict[str, Any] = {"src": raw.get("src") or "", "collection": raw.get("collection", "")}
    givens: dict[tuple[int, int], str] = {}
    for item in items:
        kind, *args = item.split("~")
        if kind == "Shape":
            size = int(args[0].split("x")[0])
            if len(args) > 1:
                values = args[1]
            boxes = {9: "3x3", 6: "2x3", 4: "2x2"}.get(size, "none")
        elif kind == "NoBoxes":
            boxes = "none"
    for item in items:
        kind, *args = item.split("~")
        lower = [a.lower() for a in args]
        if kind == "":
            for arg in args:
                name, *vals = arg.split("_")
                if len(vals) != 1:
                    raise Unsupported("pencilmark candidates")
                givens[cell(name)] = vals[0]
        elif kind in ("Shape", "NoBoxes"):
            continue
        elif kind in FLAGS:
            entry.setdefault("global", []).append(FLAGS[kind])
        elif kind == "Cage":
            total = int(args[0])
            entry.setdefault("cages", []).append({"sum": total or None, "cells": lower[1:]})
        elif kind == "Thermo":
            entry.setdefault("thermos", []).append(lower)
        elif kind == "Arrow":
            entry.setdefault("arrows", []).append({"circle": lower[:1], "shaft": lower[1:]})
        elif kind == "PillArrow":
            n = int(args[0])
            entry.setdefault("arrows", []).append({"circle": lower[1:n + 1], "shaft": lower[n + 1:]})
        elif kind == "LittleKiller":
            cells = little_killer_cells(size, args[1])
            entry.setdefault("little_killers", []).append({"sum": int(args[0]), "cells": cells})
        elif kind == "GreaterThan":
            entry.setdefault("greater_than", []).extend([lower[0], other] for other in lower[1:])
        else:
            raise Unsupported(f"unsupported: {kind}")
    grid = ["."] * (size * size)
    for (r, c), v in givens.items():
        grid[(r - 1) * size + (c - 1)] = v
    entry.update(size=size, boxes=boxes, givens="".join(grid))
    if values:
        entry["values"] = values
    if raw.get("solution"):
        entry["solution"] = raw["solution"]
    return entry


def main(argv: list[str] | None = None) -> int:
    """Convert the named entries of SOURCE into OUTDIR."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source", type=Path)
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--names", nargs="+", required=True, help="entry names to convert")
    parser.add_argument("--index", type=Path, help="write the expected results as JSON here")
    args = parser.parse_args(argv)
    args.outdir.mkdir(parents=True, exist_ok=True)
    wanted = set(args.names)
    index = []
    for line in args.source.read_text(encoding="utf-8").splitlines():
        raw = json.loads(line)
        name = raw.get("name")
        if name not in wanted:
            continue
        wanted.discard(name)
        try:
            entry = to_neutral(raw)
            text = to_toml(f"iss:{name}", entry, args.source.name, "tools/convert_iss_raw.py")
        except Unsupported as exc:
            print(f"skipped {name!r}: {exc}", file=sys.stderr)
            continue
        path = args.outdir / f"{slug(name)}.toml"
        path.write_text(text, encoding="utf-8")
        index.append({"file": path.name, "id": f"iss:{name}",
                      **(expectation(name, entry) or {"status": None})})
    for name in sorted(wanted):
        print(f"not found: {name!r}", file=sys.stderr)
    if args.index:
        args.index.write_text(json.dumps(index, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {len(index)} file(s) to {args.outdir}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
