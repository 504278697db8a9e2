"""User-written rules: a file of ASP that a puzzle (``rules-file = "my-rule.lp"``) or the command
line (``--rules-file my-rule.lp``) adds to the program, stated over ``numberAt(R,C,P)`` and the
grid predicates (``cell/2``, ``row/1``, ``col/1``, ``digit/1``, ``boxOf/3``, ``regionOf/3``).

A rules file is checked before use, so that it can only remove solutions, never add answer sets,
reach outside the program or change what is shown:

- no directives: ``#include``, ``#script``, ``#program``, ``#const``, ``#show``, ``#external``,
  ``#project``, ``#heuristic``, ``#minimize``/``#maximize``, ``#defined``, ``#edge``, ``#theory``
  are rejected (only ``#count``, ``#sum``, ``#sum+``, ``#min``, ``#max``, ``#true``, ``#false``,
  ``#inf``, ``#sup`` may appear); nor weak constraints (``:~``), ``@`` calls or theory atoms ``&``;
- every rule either has an empty head (a constraint, ``:- ...``) or defines one predicate whose
  name starts with ``user_``; choice rules and disjunctions are rejected;
- ``user_`` predicates may not depend on themselves through ``not`` or an aggregate
  (stratified), so each grid extends to exactly one answer set and counts stay exact.

The text scan here (comments and strings aware) catches directives before clingo's parser sees
them (the parser would open an ``#include``d file); the syntax tree checks are in
`asp_sudoku.solving.user_rules`, run before any program holding the rules is solved.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from asp_sudoku.core.errors import RuleFileError

MAX_BYTES = 100_000
ALLOWED_HASH_WORDS = frozenset(
    {"count", "sum", "sum+", "min", "max", "true", "false", "inf", "sup", "infimum", "supremum"}
)
_HASH_WORD = re.compile(r"#([A-Za-z_][A-Za-z0-9_]*\+?)")


@dataclass(frozen=True)
class UserRules:
    """A checked rules file: the name shown in messages and in the program, and its text."""

    name: str
    text: str


def _error(name: str, line: int, message: str) -> RuleFileError:
    return RuleFileError(f"{name}:{line}: {message}" if line else f"{name}: {message}")


def scan_directives(text: str, name: str) -> None:
    """Reject ``#`` directives outside comments and strings, weak constraints (``:~``), and a
    carriage return that ends no line (clingo ends a ``%`` comment at a line feed only, the
    program guard at either: a rules file must read the same to both)."""
    lone = text.replace("\r\n", "\n").find("\r")
    if lone >= 0:
        raise _error(name, text.replace("\r\n", "\n").count("\n", 0, lone) + 1, "a carriage return (\\r) without a line feed; end lines with \\n")
    i, line, n = 0, 1, len(text)
    while i < n:
        ch = text[i]
        if ch == "\n":
            line += 1
            i += 1
        elif text.startswith("%*", i):
            end = text.find("*%", i + 2)
            if end < 0:
                raise _error(name, line, "a block comment %* is not closed by *%")
            line += text.count("\n", i, end)
            i = end + 2
        elif ch == "%":
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif ord(ch) > 127:
            # clingo quotes the offending bytes in its messages and can cut a multi-byte
            # character in half, which aborts the process: rules are ASCII outside comments
            raise _error(name, line, f"the character {ch!r} is not ASCII; use it only in % comments")
        elif ch == '"':
            j = i + 1
            while j < n and text[j] != '"':
                if text[j] == "\n":
                    raise _error(name, line, "a string is not closed on its line")
                if ord(text[j]) > 127:
                    raise _error(name, line, f"the character {text[j]!r} is not ASCII; use it only in % comments")
                if text[j] == "#":
                    # the program guard refuses directive words anywhere outside comments
                    raise _error(name, line, "a string may not contain '#'")
                if text[j] == "\\" and text[j + 1 : j + 2] not in ('"', "\\", "n"):
                    # clingo reads no other escape: it would end the string elsewhere than this
                    # scan does, and what this scan takes for a comment could be code to it
                    raise _error(name, line, 'a string may hold only the escapes \\" \\\\ and \\n')
                j += 2 if text[j] == "\\" else 1
            if j >= n:
                raise _error(name, line, "a string is not closed on its line")
            i = j + 1
        elif ch == "#":
            match = _HASH_WORD.match(text, i)
            word = match.group(1) if match else ""
            if word not in ALLOWED_HASH_WORDS:
                shown = f"#{word}" if word else "#"
                raise _error(
                    name, line, f"{shown} is not allowed in a rules file (only rules and constraints; "
                    "aggregates #count, #sum, #min, #max may be used)"
                )
            i = match.end() if match else i + 1
        elif text.startswith(":~", i):
            raise _error(name, line, "weak constraints (:~) are not allowed in a rules file")
        else:
            i += 1


def check_text(text: str, name: str) -> UserRules:
    """Scan a rules text (raises RuleFileError naming the file and line) and return it.

    This is the text half of the check; the syntax-tree half needs clingo and is done by
    `asp_sudoku.solving.user_rules.verify` before any program holding the rules is solved (the
    CLI and `asp_sudoku.load` call it right after reading, so that errors come first)."""
    if "\x00" in text:
        raise _error(name, text[: text.index("\x00")].count("\n") + 1, "the file holds a NUL byte")
    scan_directives(text, name)
    return UserRules(name=name, text=text)


def read_user_rules(path: str, shown: str | None = None) -> UserRules:
    """Read and check a rules file.  `shown` is the name used in messages (default: `path`)."""
    shown = shown or path
    p = Path(path)
    try:
        if p.is_dir():
            raise _error(shown, 0, "is a directory, not a rules file")
        with p.open("rb") as handle:  # read no more than the limit, whatever the file is
            data = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise _error(shown, 0, f"cannot read the rules file: {exc.strerror or exc}") from None
    except ValueError:  # a NUL in the name
        raise _error(shown, 0, "the file name is not valid") from None
    if len(data) > MAX_BYTES:
        raise _error(shown, 0, f"the rules file is larger than the limit of {MAX_BYTES} bytes")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise _error(shown, data[: exc.start].count(b"\n") + 1, "the rules file is not valid UTF-8") from None
    return check_text(text, shown)
