"""The last check before program text reaches clingo (or a file written by ``encode``).

Our programs are templates plus facts built from validated integers, and free text only ever
appears in ``%`` line comments with line breaks escaped, so this check never fires for them.
It is defence in depth against a future bug or a careless extension (a user rule file, a new
format): a program that holds ``#script`` (code execution wherever clingo has Python or Lua
enabled) or ``#include`` (reads any file on the machine, and clingo's error echoes its text)
outside a comment is refused with an `UnsafeProgramError`.

The scan reads the text the way clingo's lexer does, erring on the side of code: strings
(``"..."``) are kept as code, so a ``%`` inside one starts no comment; a ``%`` line comment ends
at ``\\n`` or ``\\r``; a block comment ``%* ... *%`` ends at its first ``*%`` (an unterminated
one is scanned as code).  Whatever clingo would see as code, this check sees as code too.
"""

from __future__ import annotations

import re

from asp_sudoku.core.errors import AspSudokuError

FORBIDDEN = re.compile(r"#\s*(script|include)\b", re.IGNORECASE)
_TOKENS = re.compile(r'"(?:[^"\\\n]|\\["\\n])*("?)|%\*.*?\*%|%(?!\*)[^\n\r]*', re.DOTALL)
"""Strings (with the only escapes clingo reads; group 1 is the closing quote, empty when the
string stops short of one), block comments and line comments."""


class UnsafeProgramError(AspSudokuError):
    """A program holds a directive we never pass to clingo (``#script``, ``#include``)."""


def code_outside_comments(text: str) -> str:
    """The text with its comments removed; strings are kept (as code)."""
    return _TOKENS.sub(lambda m: m.group(0) if m.group(0).startswith('"') else " ", text)


def check_program_text(text: str, where: str = "the program") -> None:
    """Raise UnsafeProgramError when `text` holds ``#script`` or ``#include`` outside a comment,
    or a string that does not end in a closing quote on its line with no escape but ``\\"``,
    ``\\\\`` and ``\\n`` (clingo's lexer would resume after it somewhere this guard cannot
    know: a ``%`` after ``"\\q"`` is a comment here but may be code to clingo).  One pass over
    the text: it runs on every program solved."""

    def code(token: re.Match[str]) -> str:
        if not token.group(0).startswith('"'):
            return " "  # a comment
        if not token.group(1):
            line = text.count("\n", 0, token.start()) + 1
            raise UnsafeProgramError(
                f"{where} holds a string at line {line} that clingo would not read as asp-sudoku does "
                "(an escape other than \\\" \\\\ \\n, or no closing quote on its line); refusing to solve it"
            )
        return token.group(0)

    match = FORBIDDEN.search(_TOKENS.sub(code, text))
    if match is not None:
        raise UnsafeProgramError(
            f"{where} holds the directive #{match.group(1).lower()}, which asp-sudoku never passes "
            "to clingo (it could run code or read files); refusing to solve it"
        )
