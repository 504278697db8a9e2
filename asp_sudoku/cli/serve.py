"""`asp-sudoku serve`: start the local web page (the optional extra `asp-sudoku[web]`).

The web package is imported here, when `serve` runs, so no other command pays for it.
"""

from __future__ import annotations

import argparse
import sys

from asp_sudoku.cli.args import EXIT_OK, EXIT_USAGE, _whole


def _port(text: str) -> int:
    value = _whole(text)
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"must be 0-65535, not {value}")
    return value


def add_command(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the `serve` subcommand."""
    p = sub.add_parser("serve", help="a local web page to solve, check, count and explain puzzles (needs asp-sudoku[web])")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=_port, default=8000, help="port (default 8000; 0 picks a free one)")


def run_serve(args: argparse.Namespace) -> int:
    """serve: print the page's address and serve it until Ctrl-C."""
    from asp_sudoku.web import EXTRA, missing, serve

    lacking = missing()
    if lacking is not None:
        print(f"asp-sudoku: error: serve needs the web extra ({lacking} is not installed): {EXTRA}", file=sys.stderr)
        return EXIT_USAGE
    try:
        serve(args.host, args.port)
    except OSError as exc:
        print(f"asp-sudoku: error: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_USAGE
    return EXIT_OK
