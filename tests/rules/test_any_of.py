"""Any-of (ISS's Or/And) combines clues of every kind: each registered kind's examples, put in an
alternative beside an impossible one, keep exactly their solutions (clingo and the checker's
brute force); nested any-of clues; the rewrite of every clue template for alternatives."""

from __future__ import annotations

import dataclasses
import re
import tomllib
from typing import Any
from xml.dom import minidom

import pytest
from helpers import checked_solutions

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.core.model import Puzzle
from asp_sudoku.formats import parse_many
from asp_sudoku.formats.build import TOP_KEYS, puzzle_from_data
from asp_sudoku.picture.svg import render_svg
from asp_sudoku.program.alternatives import RewriteError, rewrite
from asp_sudoku.program.render import render, size_context
from asp_sudoku.program.templates import render_template
from asp_sudoku.rules import CLUE_KINDS
from asp_sudoku.rules.any_of import NOT_INSIDE, SHARED, inner_name
from asp_sudoku.solving.single import solve


def solutions(puzzle: Puzzle) -> list[str]:
    result = solve(puzzle, limit=None)
    assert result.exhausted
    return sorted("".join(str(v) for row in g.rows for v in row) for g in result.solutions)


def impossible(puzzle: Puzzle) -> dict[str, Any]:
    """An alternative no grid obeys: two cells of row 1 may only hold the lowest digit."""
    low = puzzle.digits[0]
    return {"pencilmarks": [{"cell": "r1c1", "digits": [low]}, {"cell": "r1c2", "digits": [low]}]}


def wrapped(data: dict[str, Any], puzzle: Puzzle, first: bool) -> dict[str, Any]:
    """The example with all its clues moved into one alternative of an any-of clue, beside an
    impossible alternative (before it when `first`)."""
    top = {k: v for k, v in data.items() if k in TOP_KEYS}
    clues = {k: v for k, v in data.items() if k not in TOP_KEYS}
    alternatives = [clues, impossible(puzzle)] if first else [impossible(puzzle), clues]
    return {**top, "any-of": [{"alternatives": alternatives}]}


def kind_examples() -> list[Any]:
    out = []
    for name in CLUE_KINDS:
        for i in range(len(CLUE_KINDS[name].examples)):
            out.append(pytest.param(name, i, id=f"{name}-{i + 1}"))
    return out


@pytest.mark.parametrize(("name", "index"), kind_examples())
def test_every_kind_inside_any_of_keeps_its_solutions(name: str, index: int) -> None:
    if name in NOT_INSIDE:
        pytest.skip(f"{name} cannot be inside any-of: {NOT_INSIDE[name]}")
    example = CLUE_KINDS[name].examples[index]
    data = tomllib.loads(example.toml)
    (alone,) = parse_many(example.toml, "<example>.toml", "toml")
    for first in (True, False):
        puzzle = puzzle_from_data(wrapped(data, alone, first), "<any-of>.toml")
        assert puzzle.clues_of("any-of") and not [c for c in puzzle.clues if c.kind != "any-of"]
        assert solutions(puzzle) == sorted(example.solutions), "clingo"
        assert checked_solutions(puzzle) == sorted(example.solutions), "the brute force with the checker"
        nested = puzzle_from_data({**wrapped(data, alone, first), "any-of": [{"alternatives": [{"any-of": wrapped(data, alone, first)["any-of"]}]}]}, "<n>.toml")
        picture = render_svg(nested)
        minidom.parseString(picture)  # well-formed, even drawn faintly twice
        assert render_svg(nested) != render_svg(dataclasses.replace(nested, clues=()))


@pytest.mark.parametrize("name", list(CLUE_KINDS))
@pytest.mark.parametrize("size", [4, 9])
def test_every_template_rewrites_for_alternatives(name: str, size: int) -> None:
    """Each template rewrites: no constraint is left (each derives anyOfBroken), every
    predicate it introduces is renamed, the grid's are kept."""
    if name in NOT_INSIDE:
        pytest.skip(NOT_INSIDE[name])
    (puzzle,) = parse_many(f"size = {size}\n", "<grid>.toml", "toml")
    template = CLUE_KINDS[name].template
    text = render_template(template, size_context(puzzle))
    out = rewrite(text, template)
    code = "\n".join(line.split("%")[0] for line in out.splitlines())
    assert not re.search(r"(^|\.)\s*:-", code), "a constraint is left as it was"
    original = "\n".join(line.split("%")[0] for line in text.splitlines())
    atoms = set(re.findall(r"\b([a-z][A-Za-z0-9_]*)\(", original)) - {"not"}
    for atom in atoms:
        if atom in SHARED:
            assert re.search(rf"\b{atom}\(", code), atom
        else:
            assert not re.search(rf"\b{atom}\(", code), f"{atom} is not renamed"
            assert re.search(rf"\b{inner_name(atom)}\(Alt\b", code), atom
            assert not re.search(rf"\b{inner_name(atom)}\(", original), "a renamed name is already taken"


@pytest.mark.parametrize(
    "text",
    [
        "{ a(X) } :- b(X).",
        "a(X) ; c(X) :- b(X).",
        "#show a/1.",
        "numberAt(1,1,1) :- b(1).",
        "a(Alt) :- b(Alt).",
        "a(X) :- b(X)",
    ],
)
def test_the_rewrite_refuses_what_it_does_not_handle(text: str) -> None:
    with pytest.raises(RewriteError):
        rewrite(text, "test.lp.j2")


def test_the_rewrite_binds_the_alternative() -> None:
    out = rewrite("p(N) :- N = #count { P : digit(P) }.\nq(1).\n:- digit(P), not p(P).\n", "t")
    assert "altP(Alt,N) :- anyOfOption(Alt), N = #count { P : digit(P) }." in out
    assert "altQ(Alt,1) :- anyOfOption(Alt)." in out
    assert "anyOfBroken(Alt) :- anyOfOption(Alt), digit(P), not altP(Alt,P)." in out


def puzzle_of(toml: str) -> Puzzle:
    (puzzle,) = parse_many(toml, "<t>.toml", "toml")
    return puzzle


NESTED = (
    'size = 4\ngivens = "1...\\n....\\n....\\n...."\n'
    '"any-of" = [{alternatives = [{even = [{cells = ["r1c1"]}]}, '
    '{odd = [{cells = ["r1c2"]}], "any-of" = [{alternatives = [{killer = [{cells = ["r2c1", "r2c2"], sum = 7}]}, '
    '{"any-of" = [{alternatives = [{thermo = [{cells = ["r2c1", "r3c1", "r4c1"]}]}]}]}]}]}]}]'
)


def test_nested_any_of_has_the_checkers_solutions() -> None:
    """Or inside And inside Or: clingo's solutions are the checker's brute force, and they are
    exactly the grids where r1c2 is odd and (r2c1 + r2c2 = 7 or column 1 rises from r2c1)."""
    puzzle = puzzle_of(NESTED)
    found = solutions(puzzle)
    assert found == checked_solutions(puzzle)
    plain = checked_solutions(puzzle_of('size = 4\ngivens = "1...\\n....\\n....\\n...."'))

    def ok(g: str) -> bool:
        v = [int(ch) for ch in g]
        return v[1] % 2 == 1 and (v[4] + v[5] == 7 or v[4] < v[8] < v[12])

    assert found == [g for g in plain if ok(g)]
    assert 0 < len(found) < len(plain)


def test_an_any_of_with_no_alternative_has_no_solution() -> None:
    assert solutions(puzzle_of('size = 4\n"any-of" = [{alternatives = []}]')) == []


def test_an_empty_alternative_always_holds() -> None:
    puzzle = puzzle_of('size = 4\ngivens = "1234\\n3412\\n2143\\n4.2."\n"any-of" = [{alternatives = [{}, {even = [{cells = ["r1c1"]}]}]}]')
    assert solutions(puzzle) == ["1234341221434321"]


@pytest.mark.parametrize(
    ("toml", "message"),
    [
        ('"any-of" = [{alternatives = 3}]', "alternatives must be a list of tables"),
        ('"any-of" = [{alternatives = [{kiler = []}]}]', "'kiler' is not a clue kind"),
        ('"any-of" = [{alternatives = [{killer = [{cells = ["r9c9"]}]}]}]', "alternative 1: killer #1: cell 'r9c9' is outside"),
        ('"any-of" = [{alternatives = [{"cage-compare" = [{left = "a", right = "b", relation = "<"}]}]}]', "cage-compare cannot be inside any-of"),
        ('"any-of" = [{options = []}]', "unknown key 'options'"),
    ],
)
def test_bad_any_of_tables_are_named(toml: str, message: str) -> None:
    with pytest.raises(PuzzleFormatError) as info:
        parse_many("size = 4\n" + toml, "<bad>.toml", "toml")
    assert message in str(info.value)


def test_the_program_keeps_puzzle_data_in_facts() -> None:
    program = render(puzzle_of(NESTED)).text
    assert "altAnyOf(" in program and "anyOfBroken(Alt) :- altAnyOf(Alt,G)" in program
    assert "altThermoCell(" in program and "\n:- altThermo" not in program


_EXTRA_BASE = 'size = 4\ngivens = """\n1 . . .\n. . . .\n. . . .\n. . . 2\n"""\n[[extra]]\nname = "VA"\ncount = 2\n'


@pytest.mark.parametrize(
    ("alternatives", "holds"),
    [
        # VA1 equals r1c2, or VA1 is 1
        ('[{weighted-sum = [{cells = ["VA1", "r1c2"], weights = [1, -1], sum = 0}]}, {pencilmarks = [{cell = "VA1", digits = [1]}]}]',
         lambda g, a, b: a == g[0][1] or a == 1),
        # VA1 > VA2 and VA1, r2c2, r3c3 differ; or VA2 equals r4c4 (2)
        ('[{greater-than = [{cells = ["VA1", "VA2"]}], extra-region = [{cells = ["VA1", "r2c2", "r3c3"]}]}, {same-values = [{sets = [["VA2"], ["r4c4"]]}]}]',
         lambda g, a, b: (a > b and len({a, g[1][1], g[2][2]}) == 3) or b == g[3][3]),
    ],
)
def test_extra_cells_inside_any_of(alternatives: str, holds: Any) -> None:
    """An alternative's clue of a kind that may name extra cells may name them inside any-of too
    (they were refused there, with a message listing those very kinds; found by a QA pass); the
    solutions equal a brute force over every grid and both extra cells' digits."""
    from grid_enum import grids

    [puzzle] = parse_many(_EXTRA_BASE + f"[[any-of]]\nalternatives = {alternatives}\n", "x.toml", "toml")
    expected = sum(
        1 for g in grids(4, (2, 2), {(1, 1): 1, (4, 4): 2}) for a in range(1, 5) for b in range(1, 5) if holds(g, a, b)
    )
    result = solve(puzzle, limit=None, keep=None)
    assert result.exhausted and result.count == expected
    from asp_sudoku.formats.iss.writer import to_iss

    # the same puzzle through an ISS string (Or ... End)
    [back] = parse_many(to_iss(puzzle), "iss:x", "iss")
    assert solve(back, limit=None, keep=None).count == expected


def test_extra_cells_inside_any_of_only_where_the_kind_allows_them() -> None:
    text = _EXTRA_BASE + '[[any-of]]\nalternatives = [{thermo = [{cells = ["VA1", "r1c2"]}]}, {}]\n'
    with pytest.raises(PuzzleFormatError, match="any-of #1 alternative 1: thermo #1: extra cell 'VA1': a thermo clue cannot name extra cells"):
        parse_many(text, "x.toml", "toml")
