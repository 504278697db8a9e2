"""Regular expressions over the digits of a grid, in the syntax the Interactive Sudoku Solver
reads, compiled to a finite automaton: literals (a digit; ``A``-``G`` for 10-16), ``.`` (any
digit), classes ``[1-3]`` and ``[^47]``, groups ``( )``, alternation ``|`` and the quantifiers
``*``, ``+``, ``?``, ``{n}``, ``{n,}``, ``{n,m}``; ``\\`` makes the next character a literal;
spaces are ignored.  Anything else is refused with a message saying what and where.  The whole
sequence must match (there are no anchors).  The regex text itself never reaches a program:
only the automaton, as numbers."""

from __future__ import annotations

from dataclasses import dataclass, field

MAX_PATTERN = 2000
"""Longest pattern read (characters)."""

MAX_STATES = 5000
"""Most automaton states a pattern may compile to (a guard against {n,m} blowing up)."""


class RegexError(ValueError):
    """A pattern outside the supported syntax, or with a character that is no digit of the grid."""


@dataclass(frozen=True)
class Automaton:
    """A nondeterministic finite automaton over digits: states are numbers, `start` the state it
    starts in, `accept` the accepting states, `transitions` the moves ``(state, digit, next)``."""

    start: int
    accept: tuple[int, ...]
    transitions: tuple[tuple[int, int, int], ...]


Node = tuple[object, ...]


def _char_value(char: str, digits: tuple[int, int], where: int) -> int:
    if char.isdigit() and char.isascii():
        value = int(char)
    elif char.isascii() and char.isalpha():
        value = ord(char.upper()) - ord("A") + 10
    else:
        raise RegexError(f"{char!r} at position {where} is not a digit")
    if not digits[0] <= value <= digits[1]:
        raise RegexError(
            f"{char!r} at position {where} is not a digit of this grid ({digits[0]}-{digits[1]})"
        )
    return value


@dataclass
class _Parser:
    pattern: str
    digits: tuple[int, int]
    pos: int = 0

    def peek(self) -> str:
        return self.pattern[self.pos] if self.pos < len(self.pattern) else ""

    def take(self) -> str:
        char = self.peek()
        if not char:
            raise RegexError("the pattern ends too early")
        self.pos += 1
        return char

    def expression(self) -> Node:
        options = [self.sequence()]
        while self.peek() == "|":
            self.pos += 1
            options.append(self.sequence())
        return options[0] if len(options) == 1 else ("alt", tuple(options))

    def sequence(self) -> Node:
        parts: list[Node] = []
        while self.peek() not in ("", "|", ")"):
            parts.append(self.quantified())
        return ("cat", tuple(parts))

    def quantified(self) -> Node:
        node = self.primary()
        while self.peek() in ("*", "+", "?", "{"):
            char = self.take()
            if char == "*":
                node = ("rep", node, 0, None)
            elif char == "+":
                node = ("rep", node, 1, None)
            elif char == "?":
                node = ("rep", node, 0, 1)
            else:
                node = ("rep", node, *self.counts())
        return node

    def counts(self) -> tuple[int, int | None]:
        start = self.pos - 1
        end = self.pattern.find("}", self.pos)
        body = self.pattern[self.pos : end] if end >= 0 else ""
        low, comma, high = body.partition(",")
        if end < 0 or not low.isdigit() or not (high.isdigit() or high == "") or len(body) > 9:
            raise RegexError(f"'{{' at position {start} must start {{n}}, {{n,}} or {{n,m}}")
        self.pos = end + 1
        most = int(high) if high else (None if comma else int(low))
        if most is not None and most < int(low):
            raise RegexError(f"{{{body}}} at position {start} has its bounds the wrong way round")
        return int(low), most

    def primary(self) -> Node:
        where = self.pos
        char = self.take()
        if char == "(":
            inner = self.expression()
            if self.peek() != ")":
                raise RegexError(f"the group opened at position {where} is not closed")
            self.pos += 1
            return inner
        if char == "[":
            return self.char_class(where)
        if char == ".":
            return ("set", frozenset(range(self.digits[0], self.digits[1] + 1)))
        if char == "\\":
            return ("set", frozenset({_char_value(self.take(), self.digits, where + 1)}))
        if char in "*+?{})|]^$":
            raise RegexError(f"{char!r} at position {where} is not allowed there")
        return ("set", frozenset({_char_value(char, self.digits, where)}))

    def char_class(self, where: int) -> Node:
        negated = self.peek() == "^"
        if negated:
            self.pos += 1
        chars: set[int] = set()
        while self.peek() != "]":
            if not self.peek():
                raise RegexError(f"the class opened at position {where} is not closed")
            first = self.class_char()
            if self.peek() == "-" and self.pattern[self.pos + 1 : self.pos + 2] not in ("]", ""):
                self.pos += 1
                last = self.class_char()
                if last < first:
                    raise RegexError(f"the range in the class at position {where} runs backwards")
                chars.update(range(first, last + 1))
            else:
                chars.add(first)
        self.pos += 1
        if not chars:
            raise RegexError(f"the class at position {where} is empty")
        every = set(range(self.digits[0], self.digits[1] + 1))
        return ("set", frozenset(every - chars if negated else chars))

    def class_char(self) -> int:
        where = self.pos
        char = self.take()
        if char == "\\":
            char = self.take()
        return _char_value(char, self.digits, where)


@dataclass
class _Builder:
    """Thompson's construction: fragments with empty moves, closed over at the end."""

    count: int = 0
    empty: dict[int, set[int]] = field(default_factory=dict)
    moves: list[tuple[int, int, int]] = field(default_factory=list)

    def state(self) -> int:
        self.count += 1
        if self.count > MAX_STATES:
            raise RegexError(f"the pattern needs more than {MAX_STATES} automaton states")
        return self.count - 1

    def link(self, a: int, b: int) -> None:
        self.empty.setdefault(a, set()).add(b)

    def build(self, node: Node) -> tuple[int, int]:
        kind = node[0]
        if kind == "set":
            s, e = self.state(), self.state()
            digits = node[1]
            assert isinstance(digits, frozenset)
            self.moves += [(s, d, e) for d in sorted(digits)]
            return s, e
        if kind == "cat":
            s = e = self.state()
            parts = node[1]
            assert isinstance(parts, tuple)
            for part in parts:
                a, b = self.build(part)
                self.link(e, a)
                e = b
            return s, e
        if kind == "alt":
            s, e = self.state(), self.state()
            options = node[1]
            assert isinstance(options, tuple)
            for option in options:
                a, b = self.build(option)
                self.link(s, a)
                self.link(b, e)
            return s, e
        inner, low, high = node[1], node[2], node[3]
        assert isinstance(inner, tuple) and isinstance(low, int)
        s = e = self.state()
        for _ in range(low):
            a, b = self.build(inner)
            self.link(e, a)
            e = b
        if high is None:
            a, b = self.build(inner)
            self.link(e, a)
            self.link(b, a)
            self.link(b, e)
        else:
            assert isinstance(high, int)
            end = self.state()
            self.link(e, end)
            for _ in range(high - low):
                a, b = self.build(inner)
                self.link(e, a)
                self.link(b, end)
                e = b
            e = end
        return s, e

    def closure(self, state: int) -> set[int]:
        seen = {state}
        todo = [state]
        while todo:
            for nxt in self.empty.get(todo.pop(), ()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen


def trim(start: int, accept: set[int], moves: set[tuple[int, int, int]]) -> Automaton:
    """The automaton without the states it cannot reach or that reach no accepting state, its
    states renumbered from 0 (the start) in the order a breadth-first walk meets them."""
    back: dict[int, set[int]] = {}
    for s, _, t in moves:
        back.setdefault(t, set()).add(s)
    live = set(accept)
    todo = list(accept)
    while todo:
        for s in back.get(todo.pop(), ()):
            if s not in live:
                live.add(s)
                todo.append(s)
    if start not in live:
        return Automaton(0, (), ())
    out: dict[int, list[tuple[int, int]]] = {}
    for s, d, t in sorted(moves):
        if t in live:
            out.setdefault(s, []).append((d, t))
    number = {start: 0}
    order = [start]
    for s in order:
        for _, t in out.get(s, ()):
            if t not in number:
                number[t] = len(number)
                order.append(t)
    transitions = sorted((number[s], d, number[t]) for s in order for d, t in out.get(s, ()))
    return Automaton(0, tuple(sorted(number[s] for s in accept if s in number)), tuple(transitions))


def compile_regex(pattern: str, digits: tuple[int, int]) -> Automaton:
    """The automaton accepting exactly the digit sequences `pattern` matches as a whole, over the
    digits ``digits[0]..digits[1]`` (raises RegexError for a pattern outside the syntax)."""
    text = "".join(pattern.split())
    if len(text) > MAX_PATTERN:
        raise RegexError(f"the pattern is longer than {MAX_PATTERN} characters")
    parser = _Parser(text, digits)
    tree = parser.expression()
    if parser.pos != len(text):
        raise RegexError(f"{text[parser.pos]!r} at position {parser.pos} is not allowed there")
    builder = _Builder()
    start, end = builder.build(tree)
    by_source: dict[int, list[tuple[int, int]]] = {}
    for s, d, t in builder.moves:
        by_source.setdefault(s, []).append((d, t))
    moves: set[tuple[int, int, int]] = set()
    accept: set[int] = set()
    for state in range(builder.count):
        for inner in builder.closure(state):
            moves.update((state, d, t) for d, t in by_source.get(inner, ()))
            if inner == end:
                accept.add(state)
    return trim(start, accept, moves)
