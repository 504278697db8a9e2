#!/usr/bin/env python3
"""Transcribe the ISS example puzzles that use issue-7 rules missing from ``iss_neutral.jsonl``
(jigsaw, palindrome, between, zipper, region-sum, quadruple, plain sums, all dots / all XV
shown) into asp-sudoku TOML,
as test data.

This is NOT the ISS importer (that is ``asp_sudoku/formats`` work): it reads only the few
constraint types these puzzles use, from ``iss_puzzles_raw.jsonl`` (sigh/Interactive-Sudoku-
Solver examples, MIT; each puzzle belongs to its setter), and skips every entry that uses
anything else or that ``iss_neutral.jsonl`` already holds.  It writes one ``.toml`` per puzzle
and ``picked.json`` (file, source name, rules, recorded solution).

    python tools/convert_iss_picks_more.py ../shared/instances-raw tests/data/iss_more
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

LINES = {"Between": "between", "Palindrome": "palindrome", "Zipper": "zipper", "RegionSumLine": "region-sum",
         "Renban": "renban", "Thermo": "thermo", "Entropic": "entropic"}
PAIRS = {"WhiteDot": ("kropki-white", ""), "BlackDot": ("kropki-black", ""), "X": ("xv", "X"), "V": ("xv", "V")}
NEW = {"Between", "Palindrome", "Zipper", "RegionSumLine", "Quad", "Jigsaw", "Sum", "Entropic", "StrictKropki",
       "StrictXV"}
GLOBAL = {"StrictKropki": "kropki-negative", "StrictXV": "xv-negative", "AntiKnight": "anti-knight",
          "AntiKing": "anti-king", "AntiConsecutive": "non-consecutive"}
CELL = re.compile(r"^R(\d+)C(\d+)$")


class Unsupported(Exception):
    """The entry uses something this transcription does not read."""


def _cell(text: str) -> str:
    if not CELL.match(text):
        raise Unsupported(f"not a cell: {text!r}")
    return text.lower()


def _cells(items: list[str]) -> str:
    return "[" + ", ".join(json.dumps(_cell(c)) for c in items) + "]"


def convert(name: str, text: str) -> tuple[str, list[str]]:
    """TOML for one ISS constraint string (raises Unsupported)."""
    size, values, boxes = 9, None, True
    regions = None
    givens: dict[str, int] = {}
    candidates: dict[str, list[int]] = {}
    tables: list[tuple[str, dict[str, str]]] = []
    rules: list[str] = []
    types = set()
    for item in text.replace(" ", "").split("."):
        if not item:
            continue
        kind, *args = item.split("~")
        types.add(kind)
        if kind == "":
            for given in args:
                cell, *digits = given.split("_")
                if len(digits) == 1:
                    givens[_cell(cell)] = int(digits[0])
                else:
                    candidates[_cell(cell)] = sorted(int(d) for d in digits)
        elif kind == "Shape":
            match = re.fullmatch(r"(\d+)x(\d+)", args[0])
            if not match or match.group(1) != match.group(2):
                raise Unsupported(f"shape {args[0]}")
            size = int(match.group(1))
            if len(args) > 1 and args[1]:
                lo, _, hi = args[1].partition("-")
                if not hi or (int(lo), int(hi)) not in {(1, size), (0, size - 1)}:
                    raise Unsupported(f"values {args[1]}")
                values = f"{lo}-{hi}"
        elif kind == "NoBoxes":
            boxes = False
        elif kind == "RegionSize":
            if int(args[0]) != size:
                raise Unsupported("region size")
        elif kind == "Jigsaw":
            regions = args[0]
        elif kind in GLOBAL and not args:
            rules.append(GLOBAL[kind])
        elif kind == "Diagonal":
            rules.append("diagonal+" if args[0] == "1" else "diagonal-")
        elif kind in LINES:
            tables.append((LINES[kind], {"cells": _cells(args)}))
        elif kind == "Whisper":
            tables.append(("whispers", {"cells": _cells(args[1:]), "difference": args[0]}))
        elif kind in PAIRS:
            # ISS marks every orthogonally adjacent pair among the listed cells.
            table, letter = PAIRS[kind]
            coords = [tuple(int(x) for x in CELL.match(c).groups()) for c in args if CELL.match(c)]
            if len(coords) != len(args):
                raise Unsupported(f"{kind} cells")
            for i, (r1, c1) in enumerate(coords):
                for r2, c2 in coords[i + 1 :]:
                    if abs(r1 - r2) + abs(c1 - c2) == 1:
                        fields = {"cells": _cells([f"R{r1}C{c1}", f"R{r2}C{c2}"])}
                        if letter:
                            fields["value"] = json.dumps(letter)
                        tables.append((table, fields))
        elif kind == "Quad":
            digits = "[" + ", ".join(args[1:]) + "]"
            tables.append(("quadruple", {"cell": json.dumps(_cell(args[0])), "digits": digits}))
        elif kind == "Sum":
            if not args[0].lstrip("-").isdigit():
                raise Unsupported("sum with coefficients")
            tables.append(("weighted-sum", {"cells": _cells(args[1:]), "sum": args[0]}))
        elif kind == "Cage":
            tables.append(("killer", {"cells": _cells(args[1:]), "sum": args[0]}))
        else:
            raise Unsupported(kind)
    if not types & NEW:
        raise Unsupported("no rule of interest")
    if size not in (6, 7, 9):
        raise Unsupported(f"size {size}")
    out = [f"size = {size}"]
    if values and values != f"1-{size}":
        out.append(f'values = "{values}"')
    if regions:
        if len(regions) != size * size:
            raise Unsupported("jigsaw length")
        out.append('regions = """\n' + "\n".join(" ".join(regions[r * size : (r + 1) * size]) for r in range(size)) + '\n"""')
    elif not boxes or size == 7:
        out.append('box = "none"')
    if rules:
        out.append("rules = [" + ", ".join(json.dumps(r) for r in sorted(set(rules))) + "]")
    if givens:
        rows = [" ".join(str(givens.get(f"r{r}c{c}", ".")) for c in range(1, size + 1)) for r in range(1, size + 1)]
        out.append('givens = """\n' + "\n".join(rows) + '\n"""')
    if candidates:
        digits = range(0, size) if values and values.startswith("0") else range(1, size + 1)
        for parity, kind in ((0, "even"), (1, "odd")):
            cells = [c for c, ds in candidates.items() if ds == [d for d in digits if d % 2 == parity]]
            if cells:
                tables.append((kind, {"cells": _cells([c.upper() for c in cells])}))
        if sum(len(t[1]["cells"].split(",")) for t in tables if t[0] in ("even", "odd")) != len(candidates):
            raise Unsupported("candidates other than even/odd")
    used = sorted({t for t, _ in tables} | set(rules) | ({"regions"} if regions else set()))
    for table, fields in tables:
        out.append(f"\n[[{table}]]")
        out += [f"{k} = {v}" for k, v in fields.items()]
    return "\n".join(out) + "\n", used


def slug(title: str) -> str:
    """A file name from a title."""
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


def main(argv: list[str] | None = None) -> int:
    """Transcribe; print one line per puzzle written or skipped for a rule of interest."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("raw_folder", help="folder holding iss_puzzles_raw.jsonl and iss_neutral.jsonl")
    parser.add_argument("folder", help="output folder, e.g. tests/data/iss_more")
    args = parser.parse_args(argv)
    raw = Path(args.raw_folder)
    neutral = {json.loads(line)["id"].removeprefix("iss:") for line in (raw / "iss_neutral.jsonl").open(encoding="utf-8")}
    folder = Path(args.folder)
    picked: list[dict[str, Any]] = []
    for line in (raw / "iss_puzzles_raw.jsonl").open(encoding="utf-8"):
        entry = json.loads(line)
        name, text = entry.get("name"), entry.get("input")
        if not name or not isinstance(text, str) or name in neutral or not entry.get("solution"):
            continue
        try:
            body, used = convert(name, text)
        except Unsupported as exc:
            if set(re.findall(r"\.([A-Za-z]+)", text)) & NEW:
                print(f"skipped {name!r}: {exc}")
            continue
        src = entry.get("src")
        sources = src if isinstance(src, list) else [src] if src else []
        head = [
            "# Transcribed by tools/convert_iss_picks_more.py from ../shared/instances-raw/iss_puzzles_raw.jsonl,",
            f"# entry {json.dumps(name)} ({entry['collection']}); the puzzle belongs to its setter.",
            f"title = {json.dumps(name)}",
        ]
        if sources:
            head.append(f"source = {json.dumps(' '.join(sources))}")
        file = "iss-" + slug(name) + ".toml"
        (folder / file).write_text("\n".join(head) + "\n" + body, encoding="utf-8")
        picked.append({"file": file, "id": f"iss:{name}", "rules": used, "solution": entry["solution"],
                       "solution_kind": "published"})
        print(f"{file}: {', '.join(used)}")
    (folder / "picked.json").write_text(json.dumps(picked, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
