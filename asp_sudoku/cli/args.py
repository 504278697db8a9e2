"""What every command-line module shares: exit codes, the commands whose modules are imported
only when they run, and the argument value checks."""

from __future__ import annotations

import argparse
import os

EXIT_OK, EXIT_NONE, EXIT_USAGE, EXIT_TIMEOUT, EXIT_INTERNAL, EXIT_INTERRUPT = 0, 1, 2, 3, 70, 130
PARTIAL = "asp-sudoku: interrupted; results above are partial"
"""What stderr says when Ctrl-C stopped a command after some puzzles' results were printed."""
EXIT_PIPE = 141
"""The reader closed the output before it was all written (`... | head`): 128 + SIGPIPE, as a
Unix tool that the closed pipe ends; never 0, as what was cut off may have said otherwise."""
EXIT_OUTPUT = 74
"""Standard output could not be written (a full disk): sysexits' EX_IOERR, beside its EX_SOFTWARE
(70) for an internal error."""
MAX_MESSAGE = 1000  # an error line is cut to this many characters

# Commands of asp_sudoku/cli/setter.py and asp_sudoku/cli/logic.py: the parser builds their
# arguments, and `commands.command` finds them, importing only the module of the one that runs.
SETTER_COMMANDS = frozenset({"candidates", "explain", "minimize", "generate"})
LOGIC_COMMANDS = frozenset({"steps", "rate"})


def _whole(text: str) -> int:
    """A whole number, or the usage error naming what was given (argparse's own would name
    the checking function: "invalid _positive value: 'abc'")."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None


def _float(text: str, what: str = "a number of seconds") -> float:
    """A number, or the usage error naming what was expected and what was given."""
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected {what}, not {text!r}") from None


def _positive(text: str) -> int:
    """A whole number of at least 1."""
    value = _whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _count_1_64(text: str) -> int:
    """Threads or worker processes: 1 to 64 (clingo's limit for --parallel-mode; more processes
    than that on one machine only cost)."""
    value = _positive(text)
    if value > 64:
        raise argparse.ArgumentTypeError(f"must be at most 64, not {value}")
    return value


def usable_cores() -> int:
    """The processor cores this process may run on (its affinity where the platform tells it:
    a container limited to some cores counts only those), at most 64 (`_count_1_64`)."""
    try:
        found = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # no affinity on this platform (macOS, Windows)
        found = os.cpu_count() or 1
    return max(1, min(found, 64))


AUTO_MOST = 4
"""The most worker processes `auto` takes, however many cores there are: each worker keeps its own
copy of what a logical path has worked out (200-400 MB on a hard killer), a 9x9's trials are
shared out in bands of its nine columns, and more than two were never measured (docs/logic.md)."""


def _processes(text: str) -> int:
    """Worker processes: `auto` (`usable_cores`, at most `AUTO_MOST`) or 1 to 64."""
    if text == "auto":
        return min(usable_cores(), AUTO_MOST)
    try:
        return _count_1_64(text)
    except argparse.ArgumentTypeError as exc:
        raise argparse.ArgumentTypeError(f"{exc} (or auto: one a core, at most {AUTO_MOST})") from None


def _natural(text: str) -> int:
    """A whole number of at least 0."""
    value = _whole(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {value}")
    return value


def _seconds(text: str) -> float:
    """A positive, finite number of seconds (as the library's `time_limit`: no limit is the
    option left out)."""
    value = _float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be more than 0, not {text}")
    if value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be a finite number of seconds, not {text} (leave the option out for no limit)")
    return value
