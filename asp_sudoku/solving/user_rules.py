"""The clingo side of checking a user's rules file (see `user_rules` for the policy): parse it
into a syntax tree, allow only rules and constraints whose heads are ``user_`` predicates, reject
``@`` calls, theory atoms, choices, disjunctions and unstratified ``user_`` predicates, and ground
it once on its own so that unsafe variables are reported with the file's line numbers.

`verify` runs the check on the rules files of a puzzle (each text once per process); every
solving entry point calls it (through `asp_sudoku.solving.program.program_text`) before clingo
sees a program.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache

import clingo
from clingo import ast

from asp_sudoku.core.errors import FormatWarning, RuleFileError
from asp_sudoku.core.model import Puzzle
from asp_sudoku.core.user_rules import UserRules, scan_directives
from asp_sudoku.solving.ground import ground_in_worker

PREFIX = "user_"
_MESSAGE = re.compile(r"^<(?:string|block)>:(\d+):[\d:\-]*\s*(?:error:\s*)?(.*)$", re.DOTALL)


@dataclass(frozen=True)
class _Edge:
    head: str
    body: str
    nonmonotone: bool
    line: int


def _error(name: str, line: int, message: str) -> RuleFileError:
    return RuleFileError(f"{name}:{line}: {message}")


def _children(node: ast.AST) -> Iterator[ast.AST]:
    for key in node.child_keys:
        value = getattr(node, key)
        if isinstance(value, ast.AST):
            yield value
        elif value is not None:
            yield from (v for v in value if isinstance(v, ast.AST))


def _forbidden(node: ast.AST, name: str) -> None:
    """Reject @-calls and theory atoms anywhere below a node."""
    if node.ast_type == ast.ASTType.Function and node.external:
        raise _error(name, node.location.begin.line, f"@{node.name}(...) calls a script; scripts are not allowed")
    if node.ast_type == ast.ASTType.TheoryAtom:
        raise _error(name, node.location.begin.line, "theory atoms (&...) are not allowed in a rules file")
    for child in _children(node):
        _forbidden(child, name)


def _head_names(rule: ast.AST, name: str) -> list[str]:
    """The predicates a rule defines (none for a constraint); raises for other heads."""
    head = rule.head
    line = rule.location.begin.line
    if head.ast_type != ast.ASTType.Literal:
        kind = {
            ast.ASTType.Aggregate: "a choice rule",
            ast.ASTType.Disjunction: "a disjunction",
            ast.ASTType.HeadAggregate: "an aggregate head",
        }.get(head.ast_type, "this kind of head")
        raise _error(name, line, f"{kind} would add answer sets; write a rule with one user_ atom, or a constraint ':- ...'")
    atom = head.atom
    if atom.ast_type == ast.ASTType.BooleanConstant:
        return []
    if head.sign != ast.Sign.NoSign or atom.ast_type != ast.ASTType.SymbolicAtom:
        raise _error(name, line, "the head must be one user_ atom (or empty, for a constraint)")
    symbols = atom.symbol.arguments if atom.symbol.ast_type == ast.ASTType.Pool else [atom.symbol]
    names = []
    for symbol in symbols:
        if symbol.ast_type == ast.ASTType.UnaryOperation:
            raise _error(name, line, "classical negation (-atom) is not allowed in a head")
        if symbol.ast_type != ast.ASTType.Function:
            raise _error(name, line, "the head must be one user_ atom (or empty, for a constraint)")
        if not symbol.name.startswith(PREFIX):
            raise _error(
                name, line,
                f"a rules file may only define predicates whose name starts with {PREFIX!r}, not {symbol.name!r}",
            )
        names.append(symbol.name)
    return names


def _body_atoms(node: ast.AST, nonmonotone: bool, out: list[tuple[str, bool]]) -> None:
    """Predicate names used below a body element, each with whether the use is non-monotone
    (under ``not``, or inside an aggregate or a condition)."""
    if node.ast_type == ast.ASTType.Literal and node.sign != ast.Sign.NoSign:
        nonmonotone = True
    if node.ast_type in (ast.ASTType.BodyAggregate, ast.ASTType.Aggregate, ast.ASTType.ConditionalLiteral):
        nonmonotone = True
    if node.ast_type == ast.ASTType.SymbolicAtom:
        symbol = node.symbol
        if symbol.ast_type == ast.ASTType.UnaryOperation:
            symbol = symbol.argument
        symbols = symbol.arguments if symbol.ast_type == ast.ASTType.Pool else [symbol]
        out += [(s.name, nonmonotone) for s in symbols if s.ast_type == ast.ASTType.Function]
        return
    for child in _children(node):
        _body_atoms(child, nonmonotone, out)


def _check_stratified(edges: list[_Edge], name: str) -> None:
    """No user_ predicate may depend on itself through `not` or an aggregate."""
    graph: dict[str, set[str]] = {}
    for edge in edges:
        graph.setdefault(edge.head, set()).add(edge.body)

    def reaches(start: str, goal: str) -> bool:
        seen, todo = {start}, [start]
        while todo:
            node = todo.pop()
            if node == goal:
                return True
            for nxt in graph.get(node, ()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return False

    for edge in edges:
        if edge.nonmonotone and reaches(edge.body, edge.head):
            raise _error(
                name, edge.line,
                f"{edge.head} depends on itself through 'not' or an aggregate (via {edge.body}); "
                "that could create extra answer sets, so it is not allowed",
            )


def _report(name: str, messages: list[str], fallback: str) -> RuleFileError:
    for text in messages:
        match = _MESSAGE.match(text.strip())
        if match:
            detail = " ".join(match.group(2).split())
            return _error(name, int(match.group(1)), detail)
    return RuleFileError(f"{name}: {fallback}")


def check_program(text: str, name: str) -> None:
    """Parse and check a rules text; raises RuleFileError naming the file and the line."""
    _check_stratified(_edges(text, name), name)
    messages: list[str] = []
    control = clingo.Control(["--warn=none"], logger=lambda code, msg: messages.append(msg))
    try:
        ground_in_worker(control, text)  # Ctrl-C still works if a huge range takes long
    except RuntimeError:
        raise _report(name, messages, "the rules could not be grounded") from None
    except MemoryError:
        raise RuleFileError(f"{name}: ran out of memory while grounding the rules (a huge range?)") from None


def _parse(text: str, name: str, statements: list[ast.AST], messages: list[str]) -> None:
    """clingo's syntax tree of a rules text, scanned first as `check_text` scans it (whoever made
    the `UserRules`): clingo's parser opens an `#include`d file as it reads."""
    scan_directives(text, name)
    ast.parse_string(text, statements.append, logger=lambda code, msg: messages.append(msg))


@cache
def _edges(text: str, name: str) -> list[_Edge]:
    """The dependencies between user_ predicates in a rules text, after its statements are
    checked (RuleFileError naming the file and the line)."""
    messages: list[str] = []
    statements: list[ast.AST] = []
    try:
        _parse(text, name, statements, messages)
    except RuntimeError:
        raise _report(name, messages, "syntax error") from None
    edges: list[_Edge] = []
    for statement in statements:
        kind = statement.ast_type
        line = statement.location.begin.line
        if kind == ast.ASTType.Comment:
            continue
        if kind == ast.ASTType.Program and statement.location.begin == statement.location.end:
            continue  # the implicit '#program base.' clingo puts first
        if kind != ast.ASTType.Rule:
            raise _error(name, line, f"only rules and constraints are allowed, not {str(statement).split()[0]!r}")
        _forbidden(statement, name)
        heads = _head_names(statement, name)
        used: list[tuple[str, bool]] = []
        for element in statement.body:
            _body_atoms(element, False, used)
        edges += [
            _Edge(head, body, nonmonotone, line)
            for head in heads
            for body, nonmonotone in used
            if body.startswith(PREFIX)
        ]
    return edges


@cache
def _checked(text: str, name: str) -> None:
    check_program(text, name)


@cache
def _user_atoms(text: str, name: str) -> tuple[frozenset[str], tuple[tuple[str, int], ...]]:
    """The user_ predicates a checked rules text defines, and the predicates its rules and
    constraints use (user_ ones and the program's), each with its line."""
    statements: list[ast.AST] = []
    _parse(text, name, statements, [])
    defined: set[str] = set()
    used: list[tuple[str, int]] = []
    for statement in statements:
        if statement.ast_type != ast.ASTType.Rule:
            continue
        defined.update(_head_names(statement, name))
        body: list[tuple[str, bool]] = []
        for element in statement.body:
            _body_atoms(element, False, body)
        used += [(atom, statement.location.begin.line) for atom, _ in body]
    return frozenset(defined), tuple(used)


# A predicate name as it is written in a program: before its arguments' parenthesis.
_PREDICATE = re.compile(r"\b([a-z][A-Za-z0-9_']*)\s*\(")


@cache
def _warn_unknown(texts: tuple[tuple[str, str], ...], known: frozenset[str]) -> None:
    """Warn (once a process) of a predicate that a puzzle's rules use, that is no user_ one and
    that the rest of its program never names (`numbrAt` for `numberAt`, `regionOf` in a puzzle
    without regions): it never holds, so the rule or constraint using it does nothing.  `known`:
    the names the rest of the program writes (once a process for each set: a collection of
    puzzles of one kind warns once)."""
    for text, name in texts:
        for atom, line in _first_uses(_user_atoms(text, name)[1], known).items():
            if not atom.startswith(PREFIX):
                _warn(
                    f"{name}:{line}: {atom} is no predicate of this puzzle's program, so it never holds "
                    "(a misspelt name? rules see numberAt(R,C,P), cell, row, col, digit, boxOf and the "
                    "puzzle's own facts)"
                )


def warn_unknown_predicates(puzzle: Puzzle, program: str) -> None:
    """Warn of a predicate the puzzle's rules files use that `program` (the puzzle's program
    without those files) never names (see `_warn_unknown`)."""
    _warn_unknown(tuple((one.text, one.name) for one in puzzle.user_rules), frozenset(_PREDICATE.findall(program)))


@cache
def _warn_undefined(texts: tuple[tuple[str, str], ...]) -> None:
    """Warn (once a process) of a user_ predicate that a puzzle's rules use and none defines:
    it never holds, so the rule or constraint using it does nothing (a misspelt name?)."""
    atoms = [_user_atoms(text, name) for text, name in texts]
    defined = frozenset().union(*(found for found, _ in atoms))
    for (_, name), (_, used) in zip(texts, atoms, strict=True):
        for atom, line in _first_uses(used, defined).items():
            if atom.startswith(PREFIX):
                _warn(f"{name}:{line}: {atom} is used but no rule defines it, so it never holds (a misspelt name?)")


def _first_uses(used: tuple[tuple[str, int], ...], known: frozenset[str]) -> dict[str, int]:
    """Each predicate used and not known, with the line of its first use."""
    first: dict[str, int] = {}
    for atom, line in used:
        if atom not in known:
            first.setdefault(atom, line)
    return first


def _warn(message: str) -> None:
    warnings.warn(message, FormatWarning, stacklevel=3)


def verify_rules(rules: Iterable[UserRules]) -> None:
    """Check the syntax trees of rules files (RuleFileError naming the file and line), and
    several files of one puzzle together: each may be stratified alone and not with the other
    (``user_p :- not user_q.`` in one, ``user_q :- not user_p.`` in the other give each grid two
    answer sets).  Each text is checked once per process."""
    rules = list(rules)
    for one in rules:
        _checked(one.text, one.name)
    if len(rules) > 1:
        together = [edge for one in rules for edge in _edges(one.text, one.name)]
        _check_stratified(together, " with ".join(one.name for one in rules))
    if rules:
        _warn_undefined(tuple((one.text, one.name) for one in rules))


def verify(puzzle: Puzzle) -> Puzzle:
    """Check the puzzle's rules files (see `verify_rules`); returns the puzzle."""
    verify_rules(puzzle.user_rules)
    return puzzle

