"""A web request read and checked: the puzzle (text, link or TOML, never a file on the server)
and the options of its command, as the command line takes them.

Every mistake is a `BadRequest` carrying the HTTP status and the command line's one-line message.
No Starlette here: the app (`asp_sudoku.web.app`) hands over the body's bytes.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from asp_sudoku.core.errors import AspSudokuError
from asp_sudoku.core.model import Puzzle
from asp_sudoku.core.safe_text import one_line
from asp_sudoku.formats.json_input import DuplicateKey, no_duplicates

MAX_BODY = 1_000_000  # bytes in one request
DEFAULT_TIMEOUT = 20.0  # seconds a request may search when it names no timeout
MAX_TIMEOUT = 120.0  # the most a request may ask for
MAX_MESSAGE = 1000  # an error line is cut to this many characters (as on the command line)
MAX_LISTED = 1000  # solutions a `solve` request may list (`n`)
MAX_THREADS = 8  # solver threads a request may ask for
MAX_DEPTH = 4  # the deepest trial a `steps` request may ask for

# The options of each command, as on the command line (`--time-limit` is also `timeout`).
OPTIONS: dict[str, frozenset[str]] = {
    "solve": frozenset({"n", "threads", "timeout"}),
    "check": frozenset({"threads", "timeout"}),
    "count": frozenset({"limit", "threads", "timeout", "stream"}),
    "candidates": frozenset({"counts", "limit", "timeout", "stream"}),
    "explain": frozenset({"limit", "timeout"}),
    "encode": frozenset({"plain"}),
    "picture": frozenset(
        {"solution", "highlight", "candidates", "extra_candidates", "counts", "placed", "removed"}
    ),
    "steps": frozenset({"depth", "timeout"}),
}


class BadRequest(Exception):
    """A request the server will not run: the HTTP status and the one-line message."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(one_line(message, MAX_MESSAGE))
        self.status = status
        self.message = one_line(message, MAX_MESSAGE)


@dataclass(frozen=True)
class Ask:
    """One request: the command, its puzzle, and its options (names as in `OPTIONS`)."""

    command: str
    puzzle: Puzzle
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def timeout(self) -> float:
        """The seconds this request may search."""
        return float(self.options.get("timeout", DEFAULT_TIMEOUT))

    @property
    def stream(self) -> bool:
        """Whether the answer streams progress lines before the answer (NDJSON)."""
        return bool(self.options.get("stream", False))


def read_ask(command: str, body: bytes) -> Ask:
    """The request of `command` from its JSON body, or BadRequest."""
    if len(body) > MAX_BODY:
        raise BadRequest(f"the request is larger than the limit of {MAX_BODY} bytes", 413)
    try:
        data = json.loads(body.decode("utf-8"), object_pairs_hook=no_duplicates)
    except DuplicateKey as exc:
        raise BadRequest(f"the request names {exc.key[:40]!r} twice") from None
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise BadRequest('the request must be a JSON object like {"puzzle": "<text, link or TOML>"}') from None
    if not isinstance(data, dict):
        raise BadRequest('the request must be a JSON object like {"puzzle": "<text, link or TOML>"}')
    text = data.pop("puzzle", None)
    if not isinstance(text, str) or not text.strip():
        raise BadRequest('the request names no puzzle: send {"puzzle": "<text, link or TOML>"}')
    options: dict[str, Any] = {}
    spelt: dict[str, str] = {}  # each option's key as the request wrote it
    for name, value in data.items():
        key = _key(name)
        if key in options:  # "time-limit" and "timeout": one option under two spellings
            raise BadRequest(f"the request names {key!r} twice (as {spelt[key][:40]!r} and as {name[:40]!r})")
        options[key] = value
        spelt[key] = name
    allowed = OPTIONS[command]
    unknown = sorted(set(options) - allowed)
    if unknown:
        known = ", ".join(sorted(allowed)) or "none"
        raise BadRequest(f"{command}: unknown option {unknown[0]!r} (its options: {known})")
    checked = {name: _option(command, name, value) for name, value in options.items()}
    return Ask(command, read_puzzle(text), checked)


def _key(name: str) -> str:
    """An option's name as `OPTIONS` spells it: `time-limit` and `time_limit` are `timeout`."""
    key = str(name).strip().lstrip("-").replace("-", "_")
    return "timeout" if key == "time_limit" else key


def _option(command: str, name: str, value: Any) -> Any:
    """An option's value checked as the command line checks it."""
    if command == "picture":
        return value  # the drawing data, checked by `asp_sudoku.web.picture`
    if name in ("stream", "counts", "plain"):
        if not isinstance(value, bool):
            raise BadRequest(f"{command}: {name} must be true or false, not {json.dumps(value)[:40]}")
        return value
    if name == "timeout":
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value:
            raise BadRequest(f"{command}: timeout must be a number of seconds more than 0, not {json.dumps(value)[:40]}")
        if value > MAX_TIMEOUT:
            raise BadRequest(f"{command}: timeout must be at most {MAX_TIMEOUT:g} seconds, not {value:g}")
        return float(value)
    if name == "depth":
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_DEPTH:
            raise BadRequest(f"{command}: depth must be a whole number from 0 to {MAX_DEPTH}, not {json.dumps(value)[:40]}")
        return value
    if name in ("n", "limit", "threads"):
        top = {"n": MAX_LISTED, "threads": MAX_THREADS}.get(name, 2**62)
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= top:
            raise BadRequest(f"{command}: {name} must be a whole number from 1 to {top}, not {json.dumps(value)[:40]}")
        return value
    return value


def read_puzzle(text: str) -> Puzzle:
    """One puzzle from a request's text, read as the command line reads a pasted puzzle or a
    file's text (the format is detected).  A TOML puzzle that names a rules file is refused:
    nothing in a request may name a file on the server."""
    from asp_sudoku.formats import detect, iter_entries, short_label

    label = short_label(text) if "\n" not in text.strip() else "puzzle"
    try:
        fmt = detect(text, label)
        if fmt == "toml":
            _refuse_files(text, label)
        items = list(iter_entries(text, label, fmt))
    except AspSudokuError as exc:
        raise BadRequest(str(exc)) from None
    bad = next((item for item in items if isinstance(item, AspSudokuError)), None)
    if bad is not None:
        raise BadRequest(str(bad))
    if len(items) != 1:
        raise BadRequest(f"{label}: holds {len(items)} puzzles; the server takes one at a time")
    [puzzle] = items
    assert isinstance(puzzle, Puzzle)
    if puzzle.user_rules:  # never reached (`_refuse_files`); kept so that no file slips through
        raise BadRequest(f"{label}: rules files are not read from web requests")
    return puzzle


def _refuse_files(text: str, label: str) -> None:
    """BadRequest when a TOML text names a rules file (`rules-file`): the server reads no file
    that a request names.  Any other mistake is left to the TOML reader, which words it."""
    import tomllib

    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError, ValueError):
        return
    if "rules-file" in data:
        found = re.search(r"^\s*[\"']?rules-file[\"']?\s*=", text, re.M)
        line = text[: found.start()].count("\n") + 1 if found else 0
        where = f"{label}:{line}" if line else label
        raise BadRequest(
            f"{where}: rules-file names a file, and the server reads no file a request names; "
            "run asp-sudoku on the command line for a puzzle with a rules file"
        )
