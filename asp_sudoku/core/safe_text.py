"""Untrusted free text made safe to show on one line.

Titles, authors, file names and values quoted in error messages come from files a user did not
necessarily write.  `one_line` replaces every character that is not printable -- line breaks of
every kind (``\\n``, ``\\r``, U+2028, U+2029, U+0085), tabs, other control characters (so no
terminal escape sequences), bidi overrides, lone surrogates -- by its backslash escape.  The
result can never start a new line of an ASP program, of an error message or of a JSON-lines
file, nor drive a terminal.
"""

from __future__ import annotations


def escape_char(ch: str) -> str:
    """One character as itself when printable, else as its backslash escape (``\\n``, ``\\x1b``)."""
    if ch.isprintable():
        return ch
    return ch.encode("unicode_escape").decode("ascii")


def one_line(text: str, limit: int | None = None) -> str:
    """`text` with every non-printable character escaped, cut to `limit` characters (with '...')."""
    if (limit is None or len(text) <= limit) and text.isprintable():
        return text  # the common case, at once (a name a puzzle of a large collection prints)
    cut = limit is not None and len(text) > limit
    if limit is not None:
        text = text[:limit]
    out = "".join(escape_char(ch) for ch in text)
    if limit is not None and (cut or len(out) > limit):
        out = out[: max(0, limit - 3)] + "..."
    return out
