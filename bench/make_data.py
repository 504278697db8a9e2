"""Regenerate bench/data and bench/prolog/killer_problems.pl from the shared raw collections.

    python -m bench.make_data [RAW_DIR]       (default RAW_DIR: ../shared/instances-raw)

Writes, from the neutral-form files described in RAW_DIR/README.md:
- bench/data/seeds/*.toml: Miracle (empty grid, and the two 2-given puzzles), Spoons, and the four
  killers of clpfd_killers.json (the greater killer with its cage comparisons);
- bench/data/iss/<COLLECTION>/NN.toml: every entry of iss_neutral.jsonl in the TAREK_ALL,
  HS_KILLERS, EXAMPLE_EXTREME_KILLERS and MATHEMAGIC_KILLERS collections; and NN.iss: the
  entries of those collections in iss_puzzles_raw.jsonl that iss_neutral.jsonl lacks (five of
  TAREK_ALL's 33), ISS's own puzzle string verbatim (asp-sudoku reads ISS strings);
- bench/data/classic/: the first 1000 puzzles of magictour_top1465.txt and royle17_sample.txt;
- bench/data/index.json: for every TOML file its source entry and the recorded answer (entries
  with no recorded answer get the one in bench/data/computed.json, found by asp-sudoku: see there);
- bench/prolog/killer_problems.pl: the four killers as the seed's problem/4 facts;
- bench/data/versus-iss/: ISS's recorded times (RAW_DIR/../iss-reference/times.jsonl, copied
  verbatim with its README) and, for each puzzle timed there, ISS's string as
  `<COLLECTION>/<raw line>.iss` (an ISS string written over several lines joined into one) and
  `answers.json` (the solution iss_puzzles_raw.jsonl records, where it records one).
Each TOML file starts with comments naming its source.  Only the standard library is used.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"
ISS_COLLECTIONS = ("TAREK_ALL", "HS_KILLERS", "EXAMPLE_EXTREME_KILLERS", "MATHEMAGIC_KILLERS")
GLOBALS = {
    "anti_knight": "anti-knight",
    "anti_king": "anti-king",
    "non_consecutive_orthogonal": "non-consecutive",
    "diagonal_main": "diagonal-",
    "diagonal_anti": "diagonal+",
    "windoku": "windoku",
}
RELATIONS = {"<": "<", ">": ">", "=": "="}


def q(text: str) -> str:
    """A TOML string."""
    return json.dumps(text, ensure_ascii=False)


def cells(names: list[str]) -> str:
    return "[" + ", ".join(q(c.lower()) for c in names) + "]"


def to_toml(entry: dict[str, Any], title: str, source: str) -> str:
    """One neutral-form entry as an asp-sudoku TOML puzzle."""
    n = entry["size"]
    givens = entry["givens"]
    rows = [givens[i * n : (i + 1) * n] for i in range(n)]
    rules = [GLOBALS[g] for g in entry.get("global", [])]
    out = [
        f"# Source: {source}",
        f"title = {q(title)}",
        f"source = {q(entry.get('src') or entry.get('puzzle_origin') or entry.get('source', ''))}",
        f"size = {n}",
        f"box = {q(entry.get('boxes', '3x3'))}",
        "rules = [" + ", ".join(q(r) for r in rules) + "]",
        'givens = """',
        *rows,
        '"""',
    ]
    for cage in entry.get("cages", []):
        out += ["", "[[killer]]", f"cells = {cells(cage['cells'])}"]
        if cage.get("sum") not in (None, "?"):
            out.append(f"sum = {int(cage['sum'])}")
        if cage.get("label"):
            out.append(f"label = {q(cage['label'])}")
    for compare in entry.get("compares", []):
        rel = compare["rel"].replace("sum(a)", "").replace("sum(b)", "")
        out += [
            "",
            "[[cage-compare]]",
            f"left = {q(compare['a'])}",
            f"right = {q(compare['b'])}",
            f"relation = {q(RELATIONS[rel])}",
        ]
    for thermo in entry.get("thermos", []):
        out += ["", "[[thermo]]", f"cells = {cells(thermo)}"]
    return "\n".join(out) + "\n"


def answer(entry: dict[str, Any]) -> dict[str, Any]:
    """The recorded answer of an entry and where it comes from."""
    if entry.get("solution"):
        return {"solution": entry["solution"], "unique": True, "provenance": "published"}
    if entry.get("computed_solution"):
        return {
            "solution": entry["computed_solution"],
            "unique": entry.get("computed_count") == 1,
            "provenance": "computed (iss_neutral.jsonl, plain clingo encoding)",
        }
    if entry.get("computed_solution_unverified_uniqueness"):
        return {
            "solution": None,
            "a_solution": entry["computed_solution_unverified_uniqueness"],
            "unique": None,
            "provenance": "a solution recorded, uniqueness not verified",
        }
    return {"solution": None, "unique": None, "provenance": "none recorded"}


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def prolog_problem(name: str, entry: dict[str, Any]) -> list[str]:
    """The seed's problem(Name, Rows, Splits, Sums) fact (and compares/2 for the greater killer)."""
    grid = [["x"] * 9 for _ in range(9)]
    sums = []
    for cage in entry["cages"]:
        label = cage["label"]
        for c in cage["cells"]:
            r, col = int(c[1]), int(c[3])
            grid[r - 1][col - 1] = label
        if cage.get("sum") is not None:
            sums.append(f"{label}-{int(cage['sum'])}")
    rows = ",\n        ".join("[" + ",".join(["_"] * 9) + "]" for _ in range(9))
    splits = ",\n        ".join("[" + ",".join(row) + "]" for row in grid)
    lines = [f"problem({name},\n    [{rows}],\n    [{splits}],\n    [{', '.join(sums)}])."]
    if entry.get("compares"):
        words = {"=": "equal", "<": "less", ">": "greater"}
        items = []
        for compare in entry["compares"]:
            rel = compare["rel"].replace("sum(a)", "").replace("sum(b)", "")
            items.append(f"[{compare['a']}, {compare['b']}]-{words[rel]}")
        lines.append(f"compares({name}, [{', '.join(items)}]).")
    return lines


def main(raw: Path) -> None:
    index: list[dict[str, Any]] = []
    # Seed workloads.
    seeds = json.loads((raw / "thermo_spoons_and_miracle.json").read_text(encoding="utf-8"))
    spoons = seeds["spoons"]
    write(
        DATA / "seeds" / "spoons.toml",
        to_toml(spoons, "Spoons", "thermo_spoons_and_miracle.json: spoons"),
    )
    index.append(
        {
            "file": "seeds/spoons.toml",
            "source": "thermo_spoons_and_miracle.json#spoons",
            "solution": spoons["solution"],
            "unique": True,
            "provenance": spoons["solution_provenance"],
        }
    )
    miracle = seeds["miracle"]
    for name, givens, solution in (
        ("miracle-empty", "." * 81, None),
        ("miracle-given12", miracle["givens"], miracle["solution"]),
    ):
        entry = dict(miracle, givens=givens)
        write(
            DATA / "seeds" / f"{name}.toml",
            to_toml(entry, name, "thermo_spoons_and_miracle.json: miracle"),
        )
        record: dict[str, Any] = {
            "file": f"seeds/{name}.toml",
            "source": "thermo_spoons_and_miracle.json#miracle",
            "solution": solution,
            "unique": solution is not None,
            "provenance": miracle["provenance"],
        }
        if solution is None:
            record["count"] = miracle["empty_board_count"]
        index.append(record)
    killers = json.loads((raw / "clpfd_killers.json").read_text(encoding="utf-8"))
    prolog = [
        "% The four killer puzzles of seed 004 (m00nlight), in the seed's problem/4 form.",
        "% Generated by bench/make_data.py from ../shared/instances-raw/clpfd_killers.json.",
        "",
    ]
    for name, entry in killers.items():
        write(
            DATA / "seeds" / f"killer-{name}.toml",
            to_toml(entry, name, f"clpfd_killers.json: {name}"),
        )
        index.append(
            {
                "file": f"seeds/killer-{name}.toml",
                "source": f"clpfd_killers.json#{name}",
                "solution": entry["solution"],
                "unique": entry.get("solution_count") == 1,
                "provenance": entry.get("solution_provenance", ""),
            }
        )
        prolog += prolog_problem(name, entry) + [""]
    write(HERE / "prolog" / "killer_problems.pl", "\n".join(prolog))
    # ISS collections.
    entries = [
        json.loads(line)
        for line in (raw / "iss_neutral.jsonl").read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    for collection in ISS_COLLECTIONS:
        chosen = [e for e in entries if e.get("collection") == collection]
        for number, entry in enumerate(chosen, start=1):
            rel = f"iss/{collection}/{number:02d}.toml"
            title = f"{collection} {number:02d}"
            write(DATA / rel, to_toml(entry, title, f"iss_neutral.jsonl id {entry['id']}"))
            index.append(
                {
                    "file": rel,
                    "source": f"iss_neutral.jsonl#{entry['id']}",
                    "collection": collection,
                    **answer(entry),
                }
            )
    # Entries that only the raw ISS file has: ISS's string, verbatim.
    raw_entries = [
        json.loads(line)
        for line in (raw / "iss_puzzles_raw.jsonl").read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    for collection in ISS_COLLECTIONS:
        known = {e["id"] for e in entries if e.get("collection") == collection}
        number = len(known)
        for entry in raw_entries:
            if entry.get("collection") != collection or not isinstance(entry.get("input"), str):
                continue
            if {f"iss:{entry.get('name')}", f"iss:{entry['input'][:40]}"} & known:
                continue  # in iss_neutral.jsonl (its ids: "iss:" and the name, or the string's start)
            number += 1
            rel = f"iss/{collection}/{number:02d}.iss"
            write(DATA / rel, entry["input"] + "\n")
            index.append(
                {
                    "file": rel,
                    "source": f"iss_puzzles_raw.jsonl: {entry.get('src') or entry['input'][:40]}",
                    "collection": collection,
                    "solution": None,
                    "unique": None,
                    "provenance": "none recorded",
                }
            )
    # Classic collections.
    magic = [
        line
        for line in (raw / "magictour_top1465.txt").read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    write(
        DATA / "classic" / "magictour_top1465_first1000.txt",
        "# The first 1000 puzzles of magictour top1465 (../shared/instances-raw/magictour_top1465.txt).\n"
        + "\n".join(magic[:1000])
        + "\n",
    )
    write(
        DATA / "classic" / "magictour_top1465_last465.txt",
        "# The last 465 puzzles of magictour top1465 (../shared/instances-raw/magictour_top1465.txt, lines 1001-1465): "
        "the held-out sample of bench/logic_ratings.py (--sample held-out).\n"
        + "\n".join(magic[1000:])
        + "\n",
    )
    royle = [
        line
        for line in (raw / "royle17_sample.txt").read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    write(
        DATA / "classic" / "royle17_sample.txt",
        "# First 99 of Gordon Royle's 17-clue puzzles (../shared/instances-raw/royle17_sample.txt).\n"
        + "\n".join(royle)
        + "\n",
    )
    computed_path = DATA / "computed.json"
    computed = (
        json.loads(computed_path.read_text(encoding="utf-8")) if computed_path.exists() else {}
    )
    for record in index:
        found = computed.get("answers", {}).get(record["file"])
        if found and record.get("solution") is None and record.get("count") is None:
            record.update(found)
    write(DATA / "index.json", json.dumps(index, indent=1) + "\n")
    versus_iss(raw, raw_entries)
    print(f"wrote {len(index)} puzzle files, 2 classic collections and the Prolog killer problems")


def versus_iss(raw: Path, raw_entries: list[dict[str, Any]]) -> None:
    """bench/data/versus-iss: ISS's recorded times and the puzzles they were measured on."""
    reference = raw.parent / "iss-reference"
    folder = DATA / "versus-iss"
    times = (reference / "times.jsonl").read_text(encoding="utf-8")
    write(folder / "times.jsonl", times)
    write(
        folder / "README.md",
        "Copied by `python -m bench.make_data` from `../shared/iss-reference/` (README.md and\n"
        "times.jsonl, verbatim below and beside this file); the puzzles are the lines of\n"
        "`../shared/instances-raw/iss_puzzles_raw.jsonl` named by `raw_line`, as\n"
        "`<COLLECTION>/<raw_line>.iss`.  These times were recorded on a machine of the same kind as\n"
        "ours, not in the same run as the benchmark.\n\n"
        + (reference / "README.md").read_text(encoding="utf-8"),
    )
    answers: dict[str, str] = {}
    for line in times.splitlines():
        if not line.strip():
            continue
        timed = json.loads(line)
        entry = raw_entries[timed["raw_line"] - 1]
        if entry.get("name", "") != timed["name"] or entry.get("collection") != timed["collection"]:
            raise SystemExit(f"times.jsonl line {timed['raw_line']} does not match iss_puzzles_raw.jsonl")
        text = "".join(part.strip() for part in entry["input"].splitlines())
        rel = f"{timed['collection']}/{timed['raw_line']:03d}.iss"
        write(folder / rel, text + "\n")
        if entry.get("solution"):
            answers[rel] = entry["solution"]
    write(folder / "answers.json", json.dumps(answers, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main(
        Path(sys.argv[1]) if len(sys.argv) > 1 else HERE.parent.parent / "shared" / "instances-raw"
    )
