"""The rules of clues inside an any-of clue's alternatives: our own templates, rewritten.

A clue inside an alternative must be able to be broken without making the puzzle unsolvable:
only the any-of clue itself demands that some alternative holds.  So the template of each clue
kind used inside alternatives is added once more, rewritten (`rewrite`):

- every predicate the template introduces (all but the grid's: `rules.any_of.SHARED`) is
  renamed (``killerCage`` -> ``altKillerCage``) and gets a first argument, the alternative
  (``Alt``), so the copies of all alternatives live side by side;
- every constraint ``:- Body.`` becomes ``anyOfBroken(Alt) :- Body.``: breaking it breaks only
  its alternative;
- a rule whose body does not name the alternative yet gets ``anyOfOption(Alt)`` (every
  alternative) in its body, so that ``Alt`` is always bound.

The rewrite reads our own template text with a small tokenizer and refuses (`RewriteError`)
anything it does not understand: choice rules, disjunctions, directives other than
aggregates, a rule that derives a grid predicate.  No clingo here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from asp_sudoku.core.errors import AspSudokuError
from asp_sudoku.core.model import Clue, Puzzle
from asp_sudoku.program.templates import render_template
from asp_sudoku.rules import CLUE_KINDS
from asp_sudoku.rules.any_of import ALT_VARIABLE, BROKEN, OPTION, SHARED, inner_kinds, inner_name

AGGREGATES = frozenset({"#count", "#sum", "#sum+", "#min", "#max"})
CONSTANTS = frozenset({"#inf", "#sup"})

_TOKEN = re.compile(
    r"(?P<space>\s+)|(?P<comment>%[^\n]*)|(?P<range>\.\.)|(?P<dot>\.)|(?P<if>:-)"
    r"|(?P<op>!=|<=|>=|==|[=<>+\-*/\\|])|(?P<hash>\#[a-z]+\+?)|(?P<name>[a-z][A-Za-z0-9_']*)"
    r"|(?P<var>[A-Z_][A-Za-z0-9_']*)|(?P<num>\d+)|(?P<punct>[(){},;:])"
)


class RewriteError(AspSudokuError):
    """A template holds something the any-of rewrite does not handle."""


def _tokens(text: str, where: str) -> list[tuple[str, str]]:
    """(kind, text) tokens of a rendered template; an unknown character is an error."""
    out: list[tuple[str, str]] = []
    pos = 0
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None:
            raise RewriteError(f"{where}: cannot read {text[pos:pos + 20]!r} for any-of")
        kind = match.lastgroup or ""
        out.append((kind, match.group(0)))
        pos = match.end()
    return out


def _statements(tokens: list[tuple[str, str]]) -> list[list[tuple[str, str]]]:
    """The tokens cut after each statement's final dot (comments and spaces stay with the
    statement that follows them; the last part may hold only them)."""
    parts: list[list[tuple[str, str]]] = [[]]
    for token in tokens:
        parts[-1].append(token)
        if token[0] == "dot":
            parts.append([])
    return parts


def _rewrite_statement(part: list[tuple[str, str]], where: str) -> str:
    """One statement with its predicates renamed, its constraint turned into a rule deriving
    that the alternative is broken, and ``Alt`` bound."""
    code = [i for i, (kind, _) in enumerate(part) if kind not in ("space", "comment")]
    if not code:
        return "".join(text for _, text in part)
    texts = [text for _, text in part]
    shown = " ".join(texts[i] for i in code)[:80]
    kinds = [part[i][0] for i in code]
    if kinds[-1] != "dot":
        raise RewriteError(f"{where}: a statement does not end with '.': {shown!r}")
    if texts[code[0]] == "#defined":  # #defined name/arity: the renamed name, one more argument
        if kinds != ["hash", "name", "op", "num", "dot"] or texts[code[2]] != "/":
            raise RewriteError(f"{where}: cannot read {shown!r} for any-of")
        if texts[code[1]] not in SHARED:
            texts[code[1]] = inner_name(texts[code[1]])
            texts[code[3]] = str(int(texts[code[3]]) + 1)
        return "".join(texts)
    arrow = next((j for j, kind in enumerate(kinds) if kind == "if"), None)
    stack: list[list[str]] = []  # "(" or ["agg", "terms"|"conditions"] or "{"
    bound = False
    conditional = False
    for j, i in enumerate(code):
        kind, text = part[i]
        before = part[code[j - 1]] if j > 0 else ("", "")
        after = part[code[j + 1]] if j + 1 < len(code) else ("", "")
        if kind == "hash" and text not in AGGREGATES | CONSTANTS:
            raise RewriteError(f"{where}: the directive {text} cannot be inside any-of: {shown!r}")
        if text == "(":
            stack.append(["("])
        elif text == "{":
            if before[0] != "hash":
                raise RewriteError(f"{where}: a choice rule cannot be inside any-of: {shown!r}")
            stack.append(["agg", "terms"])
        elif text in (")", "}"):
            stack.pop()
        elif text == ":" and stack and stack[-1][0] == "agg":
            stack[-1][1] = "conditions"
        elif text == ";" and stack and stack[-1][0] == "agg":
            stack[-1][1] = "terms"
        elif (text == ";" and not stack) or (text == "|" and (arrow is None or j < arrow)):
            raise RewriteError(f"{where}: a disjunction cannot be inside any-of: {shown!r}")
        elif text == ":" and not stack:
            conditional = True
        if kind != "name" or text == "not":
            continue
        inner = [entry for entry in stack if entry[0] != "("]
        parens = len(stack) - (max(k for k, e in enumerate(stack) if e[0] != "(") + 1 if inner else 0)
        if parens or (inner and inner[-1][1] == "terms") or before[0] == "op" or after[0] == "op":
            continue  # a term, not an atom
        in_head = arrow is None or j < arrow
        if in_head and text in SHARED:
            raise RewriteError(f"{where}: a rule deriving {text} cannot be inside any-of: {shown!r}")
        if text in SHARED:
            continue
        texts[i] = inner_name(text) + ("" if after[1] == "(" else f"({ALT_VARIABLE})")
        if after[1] == "(":
            texts[code[j + 1]] = f"({ALT_VARIABLE},"
        if not in_head and not stack and not conditional and before[1] in (":-", ","):
            bound = True
    domain = f"{OPTION}({ALT_VARIABLE})"
    if arrow is None:  # a fact: true in every alternative
        texts[code[-1]] = f" :- {domain}."
    elif not bound:
        texts[code[arrow]] = f":- {domain},"
    if arrow == 0:
        texts[code[0]] = f"{BROKEN}({ALT_VARIABLE}) " + texts[code[0]]
    return "".join(texts)


def rewrite(text: str, where: str) -> str:
    """A rendered clue template rewritten for clues inside any-of alternatives (see the module
    docstring); `where` names the template in errors."""
    tokens = _tokens(text, where)
    if any(kind == "var" and value == ALT_VARIABLE for kind, value in tokens):
        raise RewriteError(f"{where}: the template uses the variable {ALT_VARIABLE}, which any-of needs")
    head = (
        f"% {where} inside any-of alternatives: its predicates renamed, with the alternative {ALT_VARIABLE} "
        f"first; a broken constraint derives {BROKEN}({ALT_VARIABLE}).\n"
    )
    return head + "".join(_rewrite_statement(part, where) for part in _statements(tokens))


@cache
def _rewritten(name: str, text: str) -> str:
    return rewrite(text, name)


def alternative_rules(
    puzzle: Puzzle, sizes: dict[str, int | bool], clues: Iterable[Clue] | None = None
) -> tuple[list[str], list[str]]:
    """The names (``killer.lp.j2 in any-of``) and rewritten texts of the templates of every clue
    kind used inside the any-of alternatives of `clues` (default: the puzzle's), in template
    order."""
    used = inner_kinds(puzzle.clues if clues is None else clues)
    names, texts = [], []
    for name in CLUE_KINDS:
        if name in used:
            template = CLUE_KINDS[name].template
            names.append(f"{template} in any-of")
            texts.append(_rewritten(template, render_template(template, sizes)))
    return names, texts


__all__ = ["RewriteError", "alternative_rules", "rewrite"]
