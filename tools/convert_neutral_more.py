#!/usr/bin/env python3
"""Convert the puzzles of ``iss_neutral.jsonl`` that use the issue-7 rules into asp-sudoku TOML.

Input: the neutral form described in ``../shared/instances-raw/README.md`` (puzzles extracted
from sigh/Interactive-Sudoku-Solver, MIT; each puzzle belongs to its setter, sources kept).
A puzzle is converted when it uses at least one of: Kropki dots, XV, sandwich, X-sum,
skyscraper, German whispers, renban, or even/odd cells (given as candidate lists that are
exactly the even or the odd digits), and nothing this converter cannot express (little killers
and arrows are left to ``tools/convert_neutral.py`` of the seed-rules work).

Output: one ``.toml`` per puzzle in the output folder and ``index.json`` listing, for each file,
its source id, the rules it uses and the recorded solution (``published`` by the source, or
``computed`` by the collection's plain encoding), or none.

    python tools/convert_neutral_more.py ../shared/instances-raw/iss_neutral.jsonl tests/data/iss_more
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

GLOBALS = {
    "anti_knight": "anti-knight",
    "anti_king": "anti-king",
    "non_consecutive_orthogonal": "non-consecutive",
    "diagonal_main": "diagonal-",
    "diagonal_anti": "diagonal+",
    "windoku": "windoku",
}
MINE = {"kropki_white", "kropki_black", "xv_x", "xv_v", "sandwiches", "xsums", "skyscrapers", "whispers", "renban"}
KNOWN = MINE | {"cages", "thermos", "global", "candidates"}
META = {"id", "collection", "src", "size", "boxes", "givens", "solution", "solution_check", "computed_solution",
        "computed_count", "computed_note", "computed_solution_unverified_uniqueness", "regions"}


def _string(text: str) -> str:
    """A TOML basic string."""
    return json.dumps(text, ensure_ascii=False)


def _cells(cells: list[str]) -> str:
    return "[" + ", ".join(_string(c.lower()) for c in cells) + "]"


def _parity(candidates: dict[str, list[int]], size: int) -> tuple[list[str], list[str]] | None:
    """Even and odd cells, when every candidate list is exactly the even or the odd digits."""
    evens = [d for d in range(1, size + 1) if d % 2 == 0]
    odds = [d for d in range(1, size + 1) if d % 2]
    even_cells, odd_cells = [], []
    for cell, digits in candidates.items():
        if sorted(digits) == evens:
            even_cells.append(cell)
        elif sorted(digits) == odds:
            odd_cells.append(cell)
        else:
            return None
    return even_cells, odd_cells


def convert(entry: dict[str, Any]) -> tuple[str, list[str]] | None:
    """The TOML text of one puzzle and the rule names it uses, or None when it is not ours."""
    keys = set(entry) - META
    if not keys & (MINE | {"candidates"}) or keys - KNOWN:
        return None
    size = entry["size"]
    parity = _parity(entry["candidates"], size) if "candidates" in entry else None
    if "candidates" in entry and parity is None:
        return None
    src = entry.get("src")
    sources = src if isinstance(src, list) else [src] if src else []
    title = entry["id"].removeprefix("iss:")
    out = [
        "# Converted by tools/convert_neutral_more.py from ../shared/instances-raw/iss_neutral.jsonl,",
        f"# entry {_string(entry['id'])} ({entry['collection']}); the puzzle belongs to its setter.",
        f"title = {_string(title)}",
    ]
    if sources:
        out.append(f"source = {_string(' '.join(sources))}")
    out.append(f"size = {size}")
    if entry["boxes"] == "none":
        out.append('box = "none"')
    elif entry["boxes"] != {9: "3x3", 6: "2x3"}.get(size):
        out.append(f"box = {_string(entry['boxes'])}")
    used: list[str] = []
    rules = [GLOBALS[g] for g in entry.get("global", [])]
    if rules:
        out.append("rules = [" + ", ".join(_string(r) for r in rules) + "]")
        used += rules
    givens = entry["givens"]
    if givens.strip("."):
        rows = [" ".join(givens[r * size : (r + 1) * size]) for r in range(size)]
        out.append('givens = """\n' + "\n".join(rows) + '\n"""')

    def table(kind: str, **fields: str) -> None:
        out.append(f"\n[[{kind}]]")
        out.extend(f"{k} = {v}" for k, v in fields.items())
        if kind not in used:
            used.append(kind)

    for cage in entry.get("cages", []):
        if cage["sum"] is None:
            table("killer", cells=_cells(cage["cells"]))
        else:
            table("killer", cells=_cells(cage["cells"]), sum=str(cage["sum"]))
    for thermo in entry.get("thermos", []):
        table("thermo", cells=_cells(thermo))
    for pair in entry.get("kropki_white", []):
        table("kropki-white", cells=_cells(pair))
    for pair in entry.get("kropki_black", []):
        table("kropki-black", cells=_cells(pair))
    for letter, key in (("X", "xv_x"), ("V", "xv_v")):
        for pair in entry.get(key, []):
            table("xv", cells=_cells(pair), value=_string(letter))
    for clue in entry.get("sandwiches", []):
        table("sandwich", line=_string(clue["line"].lower()), sum=str(clue["sum"]))
    for kind, number, key in (("x-sum", "sum", "xsums"), ("skyscraper", "count", "skyscrapers")):
        for clue in entry.get(key, []):
            line = clue["line"].lower()
            for end, value in (("front", clue["front"]), ("back", clue["back"])):
                if value is None:
                    continue
                side = {("c", "front"): "top", ("c", "back"): "bottom", ("r", "front"): "left", ("r", "back"): "right"}
                table(kind, line=_string(line), side=_string(side[(line[0], end)]), **{number: str(value)})
    for whisper in entry.get("whispers", []):
        table("whispers", cells=_cells(whisper["cells"]), difference=str(whisper["min_diff"]))
    for renban in entry.get("renban", []):
        table("renban", cells=_cells(renban))
    if parity is not None:
        even_cells, odd_cells = parity
        if even_cells:
            table("even", cells=_cells(even_cells))
        if odd_cells:
            table("odd", cells=_cells(odd_cells))
    return "\n".join(out) + "\n", used


def slug(title: str) -> str:
    """A file name from a title."""
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


def main(argv: list[str] | None = None) -> int:
    """Convert; print one line per puzzle written."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", help="iss_neutral.jsonl")
    parser.add_argument("folder", help="output folder, e.g. tests/data/iss_more")
    args = parser.parse_args(argv)
    folder = Path(args.folder)
    folder.mkdir(parents=True, exist_ok=True)
    index = []
    for line in Path(args.source).read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        converted = convert(entry)
        if converted is None:
            continue
        text, used = converted
        name = slug(entry["id"].removeprefix("iss:")) + ".toml"
        (folder / name).write_text(text, encoding="utf-8")
        solution, kind = entry.get("solution"), "published"
        if solution is None and "computed_solution" in entry and entry.get("computed_count") == 1:
            solution, kind = entry["computed_solution"], "computed"
        index.append({"file": name, "id": entry["id"], "rules": used, "solution": solution,
                      "solution_kind": kind if solution else None})
        print(f"{name}: {', '.join(used)}; solution {kind if solution else 'not recorded'}")
    (folder / "index.json").write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
