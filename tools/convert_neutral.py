"""Convert puzzles in the "neutral" JSON form to asp-sudoku TOML files.

The neutral form is the one of the shared collections this project started from
(``iss_neutral.jsonl``, ``clpfd_killers.json``, ``thermo_spoons_and_miracle.json``): cells ``rRcC``,
``givens`` as a row-major string with ``.`` for empty, ``cages`` (sum, cells, optional label;
``null``/``"?"`` = no sum), ``compares`` (``sum(a)<sum(b)``), ``thermos`` (bulb first), ``arrows``
(circle and shaft), ``little_killers`` (sum and the diagonal's cells), ``global`` flags.

Usage (from the repository root)::

    python tools/convert_neutral.py SOURCE OUTDIR [--index INDEX.json] [--only ID ...]

SOURCE is a ``.jsonl`` file (one entry per line, named by its ``id``) or a ``.json`` object of
entries by name.  Entries with a rule asp-sudoku does not know (or with pencilmark candidates) are
skipped and listed.  Each written file starts with comments naming the source entry and its
recorded solution.  ``--index`` writes a JSON list of what each file is expected to give (the
recorded solution and whether it is unique), which the tests read.

Only the standard library is used, so this runs without the package installed.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

# Neutral global flags -> our rule names.
GLOBAL_NAMES = {
    "anti_knight": "anti-knight",
    # The neutral anti-king lists only diagonal touches; under sudoku rules that is the same.
    "anti_king": "anti-king",
    "non_consecutive_orthogonal": "non-consecutive",
    "diagonal_main": "diagonal-",
    "diagonal_anti": "diagonal+",
    "windoku": "windoku",
    # Extensions used by tools/convert_iss_raw.py (not in the shared neutral files):
    "disjoint_groups": "disjoint-groups",
}

# Keys of an entry that describe it rather than its rules.
META_KEYS = {
    "id", "collection", "src", "source", "puzzle", "puzzle_origin", "size", "boxes", "givens",
    "solution", "solution_check", "solution_count", "solution_provenance", "provenance",
    "computed_count", "computed_solution", "computed_note",
    "computed_solution_unverified_uniqueness", "cage_rule", "thermos_rule", "empty_board_count",
}
RULE_KEYS = {"cages", "compares", "thermos", "arrows", "little_killers", "global",
             "greater_than", "values"}

DIRECTIONS = {(-1, -1): "up-left", (-1, 1): "up-right", (1, -1): "down-left", (1, 1): "down-right"}
DEFAULT_BOXES = {4: "2x2", 6: "2x3", 8: "2x4", 9: "3x3"}


class Unsupported(Exception):
    """The entry uses something asp-sudoku cannot express."""


def q(text: str) -> str:
    """A TOML basic string (JSON escapes are valid TOML escapes)."""
    return json.dumps(text, ensure_ascii=False)


def cell_list(cells: list[str]) -> str:
    return "[" + ", ".join(q(c.lower()) for c in cells) + "]"


def parse_cell(name: str) -> tuple[int, int]:
    match = re.fullmatch(r"[rR](\d+)[cC](\d+)", name)
    if not match:
        raise Unsupported(f"bad cell name {name!r}")
    return int(match.group(1)), int(match.group(2))


def givens_block(givens: str, size: int, box: tuple[int, int] | None, zero: bool = False) -> str:
    """The givens as rows, with box separators for readability (`zero`: 0 is a digit)."""
    if len(givens) != size * size:
        raise Unsupported(f"givens have {len(givens)} characters, not {size * size}")
    height, width = box or (size, size)
    lines = []
    for r in range(size):
        row = givens[r * size:(r + 1) * size]
        row = row if zero else row.replace("0", ".")
        groups = [" ".join(row[c:c + width]) for c in range(0, size, width)]
        if r and r % height == 0:
            lines.append("-+-".join("-" * len(g) for g in groups))
        lines.append(" | ".join(groups))
    return "\n".join(lines)


def little_killer_lines(size: int, sum_: int, cells: list[str]) -> list[str]:
    """A little killer as clue + direction when the cells run from an edge to the other edge."""
    coords = [parse_cell(c) for c in cells]
    if len(coords) >= 2:
        step = (coords[1][0] - coords[0][0], coords[1][1] - coords[0][1])
        if step in DIRECTIONS:
            clue = (coords[0][0] - step[0], coords[0][1] - step[1])
            run = []
            r, c = coords[0]
            while 1 <= r <= size and 1 <= c <= size:
                run.append((r, c))
                r, c = r + step[0], c + step[1]
            outside = not (1 <= clue[0] <= size and 1 <= clue[1] <= size)
            if outside and run == coords:
                return [f"sum = {sum_}", f'clue = "r{clue[0]}c{clue[1]}"',
                        f"direction = {q(DIRECTIONS[step])}"]
    return [f"sum = {sum_}", f"cells = {cell_list(cells)}"]


def compare_parts(spec: dict[str, Any]) -> tuple[str, str, str]:
    match = re.fullmatch(r"sum\(a\)\s*(<|=|>)\s*sum\(b\)", spec["rel"])
    if not match:
        raise Unsupported(f"unknown compare {spec['rel']!r}")
    return spec["a"], spec["b"], match.group(1)


def to_toml(name: str, entry: dict[str, Any], origin: str, tool: str = "tools/convert_neutral.py") -> str:
    """One entry as a TOML puzzle file."""
    unknown = set(entry) - META_KEYS - RULE_KEYS
    if unknown:
        raise Unsupported("unsupported: " + ", ".join(sorted(unknown)))
    size = int(entry["size"])
    boxes = entry.get("boxes", DEFAULT_BOXES.get(size, "none"))
    box: tuple[int, int] | None = None
    if boxes != "none":
        rows_, cols_ = boxes.split("x")
        box = int(rows_), int(cols_)
    rules = []
    for flag in entry.get("global", []):
        if flag not in GLOBAL_NAMES:
            raise Unsupported(f"unsupported global rule {flag!r}")
        rules.append(GLOBAL_NAMES[flag])
    src = entry.get("src") or entry.get("puzzle_origin") or entry.get("source") or ""
    if isinstance(src, list):
        src = " ".join(src)
    solution = entry.get("solution") or entry.get("computed_solution") or ""
    out = [f"# Converted by {tool} from {origin}, entry {name!r}."]
    if entry.get("collection"):
        out.append(f"# Collection: {entry['collection']}")
    if entry.get("solution"):
        out.append(f"# Published solution: {entry['solution']}")
    elif solution:
        out.append(f"# Recorded solution (computed, count {entry.get('computed_count')}): {solution}")
    if entry.get("computed_solution_unverified_uniqueness"):
        out.append("# A solution the source found (uniqueness not verified): "
                   + entry["computed_solution_unverified_uniqueness"])
    if entry.get("computed_note"):
        out.append(f"# Note: {entry['computed_note']}")
    title = entry.get("puzzle", name)
    if name.startswith("iss:"):
        title = name[4:]
    out += [f"title = {q(title)}"]
    if src:
        out.append(f"source = {q(src)}")
    out.append(f"size = {size}")
    if boxes != DEFAULT_BOXES.get(size):
        out.append(f"box = {q(boxes)}")
    if entry.get("values"):
        out.append(f"values = {q(entry['values'])}")
    if rules:
        out.append("rules = [" + ", ".join(q(r) for r in rules) + "]")
    givens = entry.get("givens", "." * size * size)
    zero = entry.get("values", "").startswith("0")
    if givens.strip("." if zero else ".0"):
        out.append('givens = """\n' + givens_block(givens, size, box, zero) + '\n"""')
    for cage in entry.get("cages", []):
        out += ["", "[[killer]]", f"cells = {cell_list(cage['cells'])}"]
        if cage.get("sum") not in (None, "?"):
            out.append(f"sum = {int(cage['sum'])}")
        if cage.get("label"):
            out.append(f"label = {q(cage['label'])}")
    for spec in entry.get("compares", []):
        left, right, relation = compare_parts(spec)
        out += ["", "[[cage-compare]]", f"left = {q(left)}", f"right = {q(right)}",
                f"relation = {q(relation)}"]
    for thermo in entry.get("thermos", []):
        out += ["", "[[thermo]]", f"cells = {cell_list(thermo)}"]
    for arrow in entry.get("arrows", []):
        circle = arrow["circle"]
        shown = q(circle[0].lower()) if len(circle) == 1 else cell_list(circle)
        out += ["", "[[arrow]]", f"circle = {shown}", f"cells = {cell_list(arrow['shaft'])}"]
    for lk in entry.get("little_killers", []):
        out += ["", "[[little-killer]]"] + little_killer_lines(size, int(lk["sum"]), lk["cells"])
    for pair in entry.get("greater_than", []):
        out += ["", "[[greater-than]]", f"cells = {cell_list(pair)}"]
    return "\n".join(out) + "\n"


def expectation(name: str, entry: dict[str, Any]) -> dict[str, Any] | None:
    """What the tests expect of an entry: the recorded solution and status, when recorded."""
    if entry.get("solution"):
        status = "unique"
        count = entry.get("solution_count")
        if count is not None and count != 1:
            status = "multiple"
        return {"status": status, "solution": entry["solution"], "recorded": "published"}
    if entry.get("computed_count") == 1 and entry.get("computed_solution"):
        return {"status": "unique", "solution": entry["computed_solution"], "recorded": "computed"}
    if entry.get("computed_count") == ">=2":
        return {"status": "multiple", "solution": None, "recorded": "computed"}
    return None


def slug(text: str) -> str:
    text = re.sub(r"^iss:", "", text)
    text = re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower()
    return text[:40].strip("-") or "puzzle"


def entries(source: Path) -> list[tuple[str, dict[str, Any]]]:
    """(name, entry) pairs in file order."""
    text = source.read_text(encoding="utf-8")
    if source.suffix == ".jsonl":
        rows = [json.loads(line) for line in text.splitlines() if line.strip()]
        return [(row["id"], row) for row in rows]
    data = json.loads(text)
    return list(data.items())


def main(argv: list[str] | None = None) -> int:
    """Convert SOURCE into OUTDIR; print what was skipped and why."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source", type=Path)
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--index", type=Path, help="write the expected results as JSON here")
    parser.add_argument("--only", nargs="*", help="convert only these entry names")
    parser.add_argument("--numbered", action="store_true",
                        help="prefix file names with the entry's line number (for .jsonl)")
    args = parser.parse_args(argv)
    args.outdir.mkdir(parents=True, exist_ok=True)
    index = []
    written = skipped = 0
    for number, (name, entry) in enumerate(entries(args.source), start=1):
        if args.only and name not in args.only:
            continue
        try:
            if "candidates" in entry:
                raise Unsupported("unsupported: pencilmark candidates")
            text = to_toml(name, entry, args.source.name)
        except Unsupported as exc:
            print(f"skipped {name[:60]!r}: {exc}", file=sys.stderr)
            skipped += 1
            continue
        stem = f"{number:03d}-{slug(name)}" if args.numbered else slug(name)
        path = args.outdir / f"{stem}.toml"
        path.write_text(text, encoding="utf-8")
        written += 1
        expected = expectation(name, entry)
        index.append({"file": path.name, "id": name, **(expected or {"status": None})})
    if args.index:
        args.index.write_text(json.dumps(index, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {written} file(s) to {args.outdir}, skipped {skipped}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
