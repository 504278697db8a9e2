"""How the command line reports an input it could not read, or a puzzle a command failed on:
one line on stderr and, with --json, the input's own line of JSON (`refused`, `json_error`).
Shared by the main loop of `asp_sudoku.cli` and `shared_rate`."""

from __future__ import annotations

import argparse
import sys

from asp_sudoku.cli.args import EXIT_INTERNAL, EXIT_USAGE, MAX_MESSAGE
from asp_sudoku.core.errors import (
    AspSudokuError,
    InternalCheckError,
    PuzzleFormatError,
    PuzzleRefusedError,
)
from asp_sudoku.core.model import Puzzle
from asp_sudoku.core.safe_text import one_line


def refused(exc: AspSudokuError, entry: Puzzle | AspSudokuError, path: str, args: argparse.Namespace) -> int:
    """Report an input that could not be read (`entry` is the error) or a puzzle that failed:
    one line on stderr (after what stdout holds so far), and with --json the input's line of
    JSON (`{"file", "status": "error", "error"}`: a puzzle the command does not take, such as
    one the logical solver does not handle, has its line too); the exit code it deserves."""
    sys.stdout.flush()  # the error line comes after the results above it
    if isinstance(exc, InternalCheckError):
        print(f"asp-sudoku: {one_line(str(exc), MAX_MESSAGE)}", file=sys.stderr)
        code = EXIT_INTERNAL
    else:
        print(f"asp-sudoku: error: {one_line(str(exc), MAX_MESSAGE)}", file=sys.stderr)
        code = EXIT_USAGE
    if getattr(args, "json", False):  # every input has its line of JSON, a refused one too
        if entry is exc:  # it could not be read
            json_error(exc.label if isinstance(exc, PuzzleFormatError) else path, exc)
        elif isinstance(exc, PuzzleRefusedError) and isinstance(entry, Puzzle):  # read; the command does not take it
            json_error(entry.label, exc)
    return code


def json_error(file: str, exc: Exception) -> None:
    """The JSON line of an input that was refused: `{"file", "status": "error", "error"}`
    (the message as on stderr), so that a program reading one line per input stays in step."""
    from asp_sudoku.picture.text import to_json

    print(to_json({"file": file, "status": "error", "error": one_line(str(exc), MAX_MESSAGE)}))
    sys.stdout.flush()


__all__ = ["json_error", "refused"]
