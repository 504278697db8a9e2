"""Fuzzing every parser: random text and bytes, mutated valid files, random TOML structures.

The property: a parser returns puzzles or raises an `AspSudokuError` whose message is one line;
never another exception (no traceback reaches a user).  A puzzle that parses renders to a safe
program.  Formats are taken from `FORMATS` and seeds from every file in `instances/` and
`tests/data/hostile/accepted/`, so new formats and instances are fuzzed as they land.

A few thousand cases run in the normal suite; `pytest -m nightly` runs 10^5.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from asp_sudoku.core.errors import AspSudokuError
from asp_sudoku.core.model import Puzzle
from asp_sudoku.core.safe_text import one_line
from asp_sudoku.core.user_rules import check_text
from asp_sudoku.formats import FORMATS, decode_text, load, parse_many
from asp_sudoku.program.guard import check_program_text
from asp_sudoku.program.render import render
from asp_sudoku.rules import CLUE_KINDS, GLOBAL_RULES, RULE_ALIASES

ROOT = Path(__file__).resolve().parents[2]
SEED_DIRS = [ROOT / "instances", ROOT / "tests" / "data" / "hostile" / "accepted"]
SEEDS = sorted(
    (str(p), p.read_bytes().decode("utf-8"))
    for d in SEED_DIRS
    if d.is_dir()
    for p in d.rglob("*")
    if p.is_file() and p.suffix not in (".md", ".png", ".svg", ".lp")
)
RULE_SEEDS = sorted(
    p.read_bytes().decode("utf-8", "replace")
    for d in [*SEED_DIRS, ROOT / "tests" / "data" / "hostile" / "rules"]
    if d.is_dir()
    for p in d.rglob("*.lp")
)
FMTS: list[str | None] = [None, *FORMATS]

FUZZ = settings(
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    database=None,
)


def fuzz(examples: int) -> settings:
    """The fuzzing settings with a number of cases."""
    return settings(FUZZ, max_examples=examples)


def parses_or_fails_cleanly(text: str, fmt: str | None, path: str = "fuzz.toml") -> list[Puzzle]:
    """The property every parser must have; returns the puzzles (maybe none)."""
    try:
        puzzles = parse_many(text, path, fmt)
    except AspSudokuError as exc:
        message = str(exc)
        assert message
        assert "\n" not in one_line(message)
        return []
    for puzzle in puzzles:
        assert isinstance(puzzle, Puzzle)
        assert all(1 <= r <= puzzle.size and 1 <= c <= puzzle.size for r, c, _ in puzzle.givens)
        try:
            program = render(puzzle).text
        except AspSudokuError:
            continue  # e.g. a number beyond what clingo can hold: refused, not solved
        check_program_text(program)
    return puzzles


# --- strategies ----------------------------------------------------------------------

TOKENS = [
    "\n", " ", "=", "[", "]", "[[", "]]", "{", "}", ",", '"', "'", '"""', "'''", "#", ".", "|", "-", "+",
    "0", "1", "9", "10", "-1", "99999999999", "9" * 400, "1e309", "inf", "nan", "true",
    "r1c1", '"r1c1"', '"r0c1"', '"r99c1"', "R1C1", "size = 9", "size = 4", 'box = "none"', 'values = "0-15"',
    "[[killer]]", "[[thermo]]", "[killer]", 'cells = ["r1c1", "r1c2"]', "sum = 3", 'label = "a"',
    'rules = ["miracle"]', 'givens = """', "\\u0000", "\\ud800", "\r", "\u2028", "\x00", "\ufeff",
    "#script (python)", '#include "/etc/passwd".', "%*", "*%",
    "x = " + "[" * 1200, "x = " + "{a=" * 1200, "9" * 4400, "[[ " + " " * 300 + "x",
]


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, str]:
    """A seed file with a few random edits: deletions, insertions of tokens or text, repeats."""
    name, text = draw(st.sampled_from(SEEDS))
    for _ in range(draw(st.integers(1, 6))):
        pos = draw(st.integers(0, len(text)))
        edit = draw(st.integers(0, 4))
        if edit == 0:
            end = draw(st.integers(pos, min(len(text), pos + 40)))
            text = text[:pos] + text[end:]
        elif edit == 1:
            text = text[:pos] + draw(st.sampled_from(TOKENS)) + text[pos:]
        elif edit == 2:
            text = text[:pos] + draw(st.text(max_size=8)) + text[pos:]
        elif edit == 3:
            lines = text.split("\n")
            i = draw(st.integers(0, len(lines) - 1))
            lines.insert(i, lines[i] * draw(st.integers(1, 3)))
            text = "\n".join(lines)
        else:
            digits = [i for i, ch in enumerate(text) if ch.isdigit()]
            if digits:
                i = draw(st.sampled_from(digits))
                text = text[:i] + draw(st.sampled_from(["0", "-7", "26", "2147483648", "9" * 30])) + text[i + 1 :]
    return name, text


def toml_value(value: Any) -> str:
    """A value written as TOML (strings as JSON escapes, which TOML basic strings share)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf") if math.isinf(value) else repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    assert isinstance(value, dict)
    return "{" + ", ".join(f"{json.dumps(k)} = {toml_value(v)}" for k, v in value.items()) + "}"


def cell_names(size: int) -> st.SearchStrategy[str]:
    near = st.integers(-1, size + 2)
    return st.one_of(
        st.builds(lambda r, c: f"r{r}c{c}", near, near),
        st.builds(lambda r, c: f"R{r}C{c}", near, near),
        st.text(max_size=6),
    )


SCALARS = st.one_of(
    st.integers(-(10**12), 10**12), st.integers(-3, 30), st.booleans(),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12),
)
CLUE_KEYS = ["cells", "sum", "label", "cell", "value", "values", "direction", "total", "difference",
             "ratio", "lines", "weights", "clue", "side", "index", "negative", "digits", "circle",
             "line", "count", "distinct"]
WORDS = st.sampled_from(["X", "V", "top", "bottom", "left", "right", "r3", "c2", "r0c1", "r5c0", "c99", ""])


@st.composite
def clue_table(draw: st.DrawFn, size: int) -> dict[str, Any]:
    cells = st.lists(cell_names(size), max_size=size + 2)
    value = st.one_of(SCALARS, WORDS, cells, st.lists(cells, max_size=3), st.lists(SCALARS, max_size=4))
    keys = st.one_of(st.sampled_from(CLUE_KEYS), st.text(min_size=1, max_size=6))
    table = draw(st.dictionaries(keys, value, max_size=4))
    if draw(st.booleans()):
        table["cells"] = draw(cells)
    return table


@st.composite
def givens_text(draw: st.DrawFn, size: int) -> str:
    cell = st.sampled_from([".", "0", "1", "2", "5", "9", "10", "16", "25", "A", "G", "Z", "|", "-", "x"])
    rows = draw(st.integers(max(0, size - 2), size + 1))
    width = st.integers(max(0, size - 1), size + 1)
    sep = draw(st.sampled_from([" ", ""]))
    return "\n".join(sep.join(draw(st.lists(cell, min_size=draw(width), max_size=size + 1))) for _ in range(rows))


@st.composite
def toml_puzzle(draw: st.DrawFn) -> str:
    """A random puzzle file that is mostly well-formed TOML, with plausible and absurd values."""
    size = draw(st.sampled_from([4, 6, 9, 16, 1, 25]))
    lines = []
    if draw(st.booleans()):
        lines.append(f"size = {toml_value(draw(st.one_of(st.just(size), SCALARS)))}")
    if draw(st.booleans()):
        box = draw(st.one_of(st.sampled_from(["2x2", "2x3", "3x3", "4x4", "5x5", "none", "3x2", "x"]), SCALARS))
        lines.append(f"box = {toml_value(box)}")
    if draw(st.booleans()):
        lines.append(f"values = {toml_value(draw(st.sampled_from(['1-9', '0-15', '1-16', '0-8', '1-4', '2-5'])))}")
    if draw(st.booleans()):
        names = st.sampled_from([*GLOBAL_RULES, *RULE_ALIASES, "Miracle", " anti-king ", "nope"])
        lines.append(f"rules = {toml_value(draw(st.lists(names, max_size=4)))}")
    for key in ("title", "author", "source"):
        if draw(st.booleans()):
            lines.append(f"{key} = {toml_value(draw(st.one_of(st.text(max_size=20), SCALARS)))}")
    if draw(st.booleans()):
        lines.append(f'givens = """\n{draw(givens_text(size))}\n"""')
    if draw(st.integers(0, 3)) == 0:  # a jigsaw map: right-sized or not
        ids = st.sampled_from(list("112233445566789ab") + ["10", "x"])
        rows = [" ".join(draw(st.lists(ids, min_size=size - 1, max_size=size + 1))) for _ in range(size)]
        lines.append('regions = """\n' + "\n".join(rows) + '\n"""')
    if draw(st.booleans()):
        lines.append(f"{draw(st.text(min_size=1, max_size=5)).encode('unicode_escape').decode()!r} = 1")
    kinds = st.sampled_from([*CLUE_KINDS, "script", "killers"])
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(kinds)
        lines.append(f"[[{kind}]]")
        lines += [f"{json.dumps(k)} = {toml_value(v)}" for k, v in draw(clue_table(size)).items()]
    return "\n".join(lines) + "\n"


# --- shared-puzzle formats: f-puzzles JSON and links, SudokuPad, ISS strings -----------

FP_KEYS = ["killercage", "thermometer", "arrow", "littlekillersum", "sandwichsum", "xsum", "skyscraper",
           "difference", "ratio", "xv", "odd", "even", "minimum", "maximum", "quadruple", "extraregion",
           "renban", "whispers", "palindrome", "betweenline", "regionsumline", "entropicline",
           "slowthermometer", "zipperline", "line", "cage", "text", "circle", "rectangle", "negative",
           "clone", "fogofwar", "solution", "antiknight", "antiking", "diagonal+", "nonconsecutive"]
FP_FIELDS = ["cells", "lines", "value", "cell", "direction", "values", "fromConstraint", "cloneCells"]


def fp_cell(size: int) -> st.SearchStrategy[str]:
    near = st.integers(-1, size + 2)
    return st.one_of(st.builds(lambda r, c: f"R{r}C{c}", near, near), st.text(max_size=6))


@st.composite
def fpuzzles_object(draw: st.DrawFn) -> dict[str, Any]:
    """A random f-puzzles object: plausible shape, random and absurd values."""
    size = draw(st.sampled_from([4, 6, 9, 16]))
    value = st.one_of(st.none(), st.integers(-3, size + 3), st.sampled_from(["", "3", "X", "V", "DR", "1)."]))
    cell = st.fixed_dictionaries({}, optional={
        "value": value, "given": st.booleans(), "region": st.one_of(st.none(), st.integers(-1, size), st.text(max_size=2)),
    })
    rows = draw(st.integers(size - 1, size + 1)) if draw(st.integers(0, 5)) == 0 else size
    obj: dict[str, Any] = {"size": draw(st.one_of(st.just(size), SCALARS)) if draw(st.integers(0, 5)) == 0 else size,
                           "grid": [[draw(cell) for _ in range(size)] for _ in range(rows)]}
    cells = st.lists(fp_cell(size), max_size=5)
    entry = st.dictionaries(st.sampled_from(FP_FIELDS), st.one_of(cells, st.lists(cells, max_size=2), fp_cell(size), value),
                            max_size=4)
    for key in draw(st.lists(st.sampled_from(FP_KEYS), max_size=3, unique=True)):
        obj[key] = draw(st.one_of(st.booleans(), st.lists(entry, max_size=3)))
    if draw(st.booleans()):
        obj["title"] = draw(st.text(max_size=20))
    return obj


@st.composite
def shared_puzzle_text(draw: st.DrawFn) -> str:
    """An f-puzzles object as JSON, a ?load= link or a SudokuPad fpuzzles id; or an SCL id."""
    from asp_sudoku.formats.lzstring import compress_to_base64

    form = draw(st.sampled_from(["json", "link", "payload", "sudokupad", "scl"]))
    if form == "scl":
        size = draw(st.sampled_from([4, 6, 9]))
        scl = {"cells": [[{"value": draw(st.one_of(st.none(), st.integers(-1, size + 1), st.text(max_size=2)))}
                          for _ in range(size)] for _ in range(size)],
               "cages": draw(st.lists(st.fixed_dictionaries({
                   "cells": st.lists(st.lists(st.integers(-1, size), min_size=2, max_size=2), max_size=4),
                   "value": st.one_of(st.none(), st.integers(0, 50), st.text(max_size=8))}), max_size=3)),
               "global": draw(st.lists(st.sampled_from(["antiknight", "antiking", "nonconsecutive", "x"]), max_size=2))}
        return "https://sudokupad.app/scl" + compress_to_base64(json.dumps(scl))
    text = json.dumps(draw(fpuzzles_object()))
    if form == "json":
        return text
    payload = compress_to_base64(text)
    return {"link": "https://www.f-puzzles.com/?load=" + payload, "payload": payload,
            "sudokupad": "https://sudokupad.app/fpuzzles" + payload}[form]


ISS_TYPES = ["Cage", "Thermo", "LittleKiller", "Arrow", "PillArrow", "Whisper", "Renban", "Palindrome",
             "Between", "Entropic", "Zipper", "RegionSumLine", "Sandwich", "XSum", "Skyscraper", "Quad",
             "WhiteDot", "BlackDot", "X", "V", "GreaterThan", "Sum", "AllDifferent", "Diagonal", "Jigsaw",
             "Shape", "NoBoxes", "AntiKnight", "AntiKing", "AntiConsecutive", "DisjointSets", "Windoku",
             "StrictKropki", "StrictXV", "Or", "And", "End", "Script", ""]


@st.composite
def iss_text(draw: st.DrawFn) -> str:
    """An ISS constraint string of random items with cells, numbers and junk as arguments."""
    near = st.integers(0, 10)
    arg = st.one_of(st.builds(lambda r, c: f"R{r}C{c}", near, near), st.integers(-5, 60).map(str),
                    st.sampled_from(["4x4", "6x6", "9x9", "1", "_", "R1C1_5", "10~", ")"]), st.text(max_size=4))
    items = []
    for _ in range(draw(st.integers(1, 6))):
        args = draw(st.lists(arg, max_size=6))
        items.append("." + draw(st.sampled_from(ISS_TYPES)) + "".join("~" + a for a in args))
    return "".join(items)


# --- the normal run: a few thousand cases --------------------------------------------


@pytest.mark.parametrize("fmt", FMTS, ids=[str(f) for f in FMTS])
@fuzz(400)
@given(text=st.text(max_size=300))
def test_random_text(fmt: str | None, text: str) -> None:
    parses_or_fails_cleanly(text, fmt)


@fuzz(300)
@given(data=st.binary(max_size=300))
def test_random_bytes(data: bytes) -> None:
    try:
        text = decode_text(data, "fuzz.bin")
    except AspSudokuError:
        return
    parses_or_fails_cleanly(text, None, "fuzz.bin")


@pytest.mark.slow
@pytest.mark.parametrize("fmt", FMTS, ids=[str(f) for f in FMTS])
@fuzz(500)
@given(seed=mutated())
def test_mutated_seed_files(fmt: str | None, seed: tuple[str, str]) -> None:
    name, text = seed
    parses_or_fails_cleanly(text, fmt, name)


@pytest.mark.slow
@fuzz(250)
@given(text=toml_puzzle())
def test_random_toml_puzzles(text: str) -> None:
    parses_or_fails_cleanly(text, "toml")


@fuzz(300)
@given(text=st.one_of(st.text(max_size=200), mutated().map(lambda s: s[1])))
def test_load_detects_or_fails_cleanly(text: str) -> None:
    if "\n" not in text:
        text += "\n"  # a one-line text could name a file; load() reads it as text only with a newline
    try:
        load(text)
    except AspSudokuError as exc:
        assert "\n" not in one_line(str(exc))


RULE_TOKENS = [
    "\n", " ", ".", ",", ":-", ":", ";", "(", ")", "{", "}", "not ", "#count", "#sum", "#script (python)",
    "#include", "#show", "#external", "%", "%*", "*%", '"', "\\", "user_a", "user_b(R,C)", "numberAt(R,C,P)",
    "cell(R,C)", "R", "C", "P", "X", "_", "1", "2", "=", "!=", "<", "+", "..", "@f(1)", "&", ":~", "\x00", "1..3",
]


@st.composite
def rules_text(draw: st.DrawFn) -> str:
    """A rules file: a seed with edits, or a string of rule tokens.  Numbers stay small: a
    large range would make the checker's grounding slow (that case has its own test)."""
    if draw(st.booleans()):
        return "".join(draw(st.lists(st.sampled_from(RULE_TOKENS), max_size=30)))
    text = draw(st.sampled_from(RULE_SEEDS))
    for _ in range(draw(st.integers(1, 5))):
        pos = draw(st.integers(0, len(text)))
        if draw(st.booleans()):
            text = text[:pos] + text[min(len(text), pos + draw(st.integers(1, 20))):]
        else:
            text = text[:pos] + draw(st.sampled_from(RULE_TOKENS)) + text[pos:]
    return text


@fuzz(400)
@given(text=rules_text())
def test_rules_files_are_checked_cleanly(text: str) -> None:
    """The rules-file checker returns the rules or a RuleFileError; a passed file is safe."""
    try:
        rules = check_text(text, "fuzz.lp")
    except AspSudokuError as exc:
        assert "\n" not in one_line(str(exc))
        return
    check_program_text(rules.text)


@pytest.mark.slow
@fuzz(150)
@given(text=shared_puzzle_text())
def test_shared_puzzle_formats(text: str) -> None:
    parses_or_fails_cleanly(text, None)


@pytest.mark.slow
@fuzz(300)
@given(text=iss_text())
def test_iss_strings(text: str) -> None:
    parses_or_fails_cleanly(text, None)
    parses_or_fails_cleanly(text, "iss")


def test_seeds_exist_and_parse() -> None:
    assert SEEDS
    for name, text in SEEDS:
        assert parses_or_fails_cleanly(text, None, name), name


# --- nightly: 10^5 cases -----------------------------------------------------------------

def _check(text: str, fmt: str | None = None, name: str = "fuzz.toml") -> None:
    parses_or_fails_cleanly(text, fmt, name)


NIGHTLY: list[tuple[str, int, Callable[..., None]]] = [
    ("mutated", 30_000, given(seed=mutated())(lambda seed: _check(seed[1], None, seed[0]))),
    ("toml", 20_000, given(text=toml_puzzle())(lambda text: _check(text, "toml"))),
    ("text", 20_000, given(text=st.text(max_size=500))(lambda text: _check(text))),
    ("shared", 10_000, given(text=shared_puzzle_text())(lambda text: _check(text))),
    ("iss", 10_000, given(text=iss_text())(lambda text: _check(text))),
    ("grid-text", 10_000, given(text=st.text(alphabet="0123456789.|-+ \nABCDEFG#", max_size=700))(
        lambda text: _check(text, "text")
    )),
]


@pytest.mark.nightly
@pytest.mark.parametrize(("name", "examples", "prop"), NIGHTLY, ids=[n[0] for n in NIGHTLY])
def test_nightly_fuzz(name: str, examples: int, prop: Callable[..., None]) -> None:
    """10^5 cases in all (see NIGHTLY); run with `pytest -m nightly`."""
    fuzz(examples)(prop)()


@pytest.mark.parametrize("text", [":- numbe&..\u00e9.\n", 'user_a :- "caf\u00e9".\n', "user_\u00e9 :- cell(1,1).\n"])
def test_non_ascii_outside_comments_is_refused_before_clingo(text: str) -> None:
    """clingo's message for a bad token can cut a UTF-8 character in half, and its Python
    logger then aborts the whole process ('PANIC: exception in nothrow scope'): such text
    must never reach clingo."""
    with pytest.raises(AspSudokuError, match="not ASCII"):
        check_text(text, "fuzz.lp")
    check_text("% caf\u00e9 is fine in a comment\nuser_a :- cell(1,1).\n", "ok.lp")


def test_directive_words_inside_strings_are_refused_by_the_rules_checker() -> None:
    """Found by the fuzzer: the rules checker passed a string holding '#script' that the
    program guard then refused; both now refuse it, the checker first, naming the line."""
    with pytest.raises(AspSudokuError, match="fuzz.lp:2: .*may not contain '#'"):
        check_text('% ok\n:- numberAt(1,1,P), P = "#script (python)".\n', "fuzz.lp")


@pytest.mark.parametrize(
    "text",
    [
        ':- user_s("\\q"). % ". #include "/dev/stdin".\n',
        ':- user_s("\\\n"). % ". #include "/dev/stdin".\n',
        ':- user_s("ab\\t"). % ". #include "/dev/stdin".\n',
    ],
    ids=["unknown-escape", "escaped-line-break", "tab-escape"],
)
def test_a_string_escape_clingo_does_not_read_is_refused_before_clingo(text: str, tmp_path: Path) -> None:
    """Found by a QA pass: the scan read "\\q" as a whole string, so the '%' after it began a
    comment hiding an #include; clingo reads no such escape, resumed elsewhere and opened the
    file while parsing (`sleep 100 | asp-sudoku check` with a puzzle whose rules file included
    /dev/stdin hung).  Refused by the scan, by the parse that follows it whoever made the rules,
    and by the program guard."""
    from asp_sudoku.core.user_rules import UserRules
    from asp_sudoku.program.guard import UnsafeProgramError, check_program_text
    from asp_sudoku.solving.user_rules import verify_rules

    with pytest.raises(AspSudokuError, match=r'fuzz.lp:1: a string may hold only the escapes \\" \\\\ and \\n'):
        check_text(text, "fuzz.lp")
    with pytest.raises(AspSudokuError, match="fuzz.lp:1: a string may hold only"):
        verify_rules([UserRules("fuzz.lp", text)])  # built without check_text: still scanned first
    with pytest.raises(UnsafeProgramError):
        check_program_text(text)
    check_text(':- user_s("a\\"b\\\\c\\nd").\n', "ok.lp")  # the escapes clingo reads


@pytest.mark.parametrize("name", ["r\u0661c\u0661", "r\uff11c1", "r1c\u0e52"], ids=["arabic-indic", "fullwidth", "thai"])
def test_cell_names_take_ascii_digits_only(name: str) -> None:
    """Found by a QA pass: '\\d' matched any Unicode digit, so 'r١c١' was read as r1c1 (a name
    that looks other than what is solved); numbers in input are ASCII digits only."""
    from helpers import puzzle_from_toml

    with pytest.raises(AspSudokuError, match="is not a cell name like 'r1c1'"):
        puzzle_from_toml(f'size = 4\n[[killer]]\ncells = ["{name}", "r1c2"]\nsum = 3\n')
