"""The process's entry point: `python -m asp_sudoku` and the `asp-sudoku` script (`run`).

It lives outside `asp_sudoku.cli`, whose package imports every command: a Ctrl-C while those are
still being imported (the first 40-odd ms of a process) printed Python's KeyboardInterrupt
traceback and exit 1, where one later says "asp-sudoku: interrupted" and exits 130.  Importing
this module imports only the package facade (lazy) and `asp_sudoku.core`, so a Ctrl-C during the
import of the command line is caught here.
"""

from __future__ import annotations

import sys

INTERRUPTED = 130  # cli.args.EXIT_INTERRUPT, not imported: that would import the command line


def run() -> None:
    """Import the command line, run it and end the process with its exit code
    (`asp_sudoku.cli.entry.run`); a Ctrl-C during the import ends it as one during a command does."""
    try:
        from asp_sudoku.cli.entry import run as run_command_line
    except KeyboardInterrupt:
        sys.stderr.write("asp-sudoku: interrupted\n")
        sys.stderr.flush()
        raise SystemExit(INTERRUPTED) from None
    run_command_line()


if __name__ == "__main__":
    run()
