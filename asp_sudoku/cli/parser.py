"""The command line's argument parser: every subcommand, or only the one being run.

Building the parsers of all eleven commands costs more than a small puzzle's solving (argparse's
message lookups and help formatters), so a run builds only its own command's parser; `--help`
and arguments that do not start with a known command build them all.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

from asp_sudoku.cli.args import (
    LOGIC_COMMANDS,
    SETTER_COMMANDS,
    _count_1_64,
    _natural,
    _positive,
    _seconds,
)
from asp_sudoku.cli.formats import SOLVE_FORMATS, add_commands
from asp_sudoku.core.version import __version__
from asp_sudoku.formats import FORMATS


class _Parser(argparse.ArgumentParser):
    """argparse that raises instead of exiting, so main() returns the code; a mistyped command,
    choice or option gets "did you mean ...?" (one line), and a missing command the list of
    commands."""

    commands: list[tuple[str, str]]  # the top parser's (name, help) of each command built
    subcommands: argparse._SubParsersAction | None = None  # type: ignore[type-arg]
    _argv: list[str] = []

    def error(self, message: str) -> None:  # type: ignore[override]
        if self.subcommands is not None and message.startswith("the following arguments are required"):
            # no command: an unknown option before it (`asp-sudoku --versoin`) is the likelier slip
            unknown = next((a for a in self._argv if a.startswith("-") and a.split("=", 1)[0] not in self._option_string_actions), "")
            if not unknown:
                self._no_command()
            message = f"unrecognized arguments: {unknown}{_did_you_mean(unknown.split('=', 1)[0], list(self._option_string_actions))}"
        raise UsageError(f"{self.prog}: {message}")

    def parse_args(self, args: Sequence[str] | None = None, namespace: Any = None) -> Any:  # type: ignore[override]
        argv = self._argv = sys.argv[1:] if args is None else list(args)
        if not argv and self.subcommands is not None:
            self._no_command()
        found, extras = self.parse_known_args(argv, namespace)
        if extras:
            command = self.subcommands.choices.get(getattr(found, "command", None) or "") if self.subcommands else None
            # after a command only its own options can follow (`encode --json` is no slip for --version)
            options = list((command or self)._option_string_actions)
            unknown = next((a.split("=", 1)[0] for a in extras if a.startswith("-") and a != "-"), "")
            hint = _did_you_mean(unknown, options) if unknown else ""
            raise UsageError(f"{command.prog if command else self.prog}: unrecognized arguments: {' '.join(extras)}{hint}")
        return found

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        """argparse's check of a choice (a command, --from, --format...), with a suggestion."""
        if action.choices is not None and value not in action.choices:
            hint = _did_you_mean(str(value), [str(c) for c in action.choices])
            if action is self.subcommands:
                commands = ", ".join(str(c) for c in action.choices)
                raise UsageError(f"{self.prog}: unknown command {value!r}{hint} (the commands: {commands})")
            choices = ", ".join(repr(c) for c in action.choices)
            raise argparse.ArgumentError(action, f"invalid choice: {value!r}{hint} (choose from {choices})")

    def _no_command(self) -> None:
        """Bare `asp-sudoku`: the short usage and the commands, on stderr; exit status 2."""
        width = max((len(name) for name, _ in self.commands), default=0)
        lines = [self.format_usage().rstrip(), "", "commands:"]
        lines += [f"  {name.ljust(width)}  {text}" for name, text in self.commands]
        lines += ["", f"'{self.prog} COMMAND --help' shows a command's options; '{self.prog} --help' all of this."]
        print("\n".join(lines), file=sys.stderr)
        raise SystemExit(2)


def _did_you_mean(word: str, known: Sequence[str]) -> str:
    """ ": did you mean 'solve'?" for the closest known word, or "" when none is close."""
    import difflib  # only a mistake needs it (start-up time)

    # options share their leading dashes, which make unrelated ones look alike (--threads and
    # --rules score 0.625): they need a closer match
    cutoff = 0.65 if word.startswith("-") else 0.6
    close = difflib.get_close_matches(word, known, n=1, cutoff=cutoff)
    if not close and word.startswith("-") and not word.startswith("--"):
        close = difflib.get_close_matches("-" + word, known, n=1, cutoff=cutoff)  # -json for --json
    return f": did you mean {close[0]!r}?" if close else ""


class UsageError(Exception):
    """A usage mistake, as argparse words it (main prints it and exits with 2)."""


def no_progress(p: argparse.ArgumentParser) -> None:
    """The --no-progress option of a command that can run long."""
    p.add_argument("--no-progress", action="store_true", help="no progress line on the terminal (stderr)")


class _Formatter(argparse.HelpFormatter):
    """argparse's help formatter, sized to the terminal without importing shutil (start-up)."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None) -> None:
        if width is None:
            width = _columns() - 2
        super().__init__(prog, indent_increment, max_help_position, width)


def _columns() -> int:
    """The terminal's width as shutil.get_terminal_size gives it: $COLUMNS, stdout's, or 80."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class _Subcommands:
    """The subparsers action, building only the parser of the command being run (`only`, taken
    from the arguments: see `command_of`), not those of the other ten (start-up time).  With
    `only` None every command is built, for `asp-sudoku --help` and for arguments that do not
    start with a known command (argparse then names the choices)."""

    def __init__(self, action: argparse._SubParsersAction, only: str | None, listed: list[tuple[str, str]]) -> None:  # type: ignore[type-arg]
        self._action = action
        self._only = only
        self._listed = listed

    def add_parser(self, name: str, **kwargs: Any) -> Any:
        if self._only is None or name == self._only:
            self._listed.append((name, kwargs.get("help", "")))
            return self._action.add_parser(name, formatter_class=_Formatter, **kwargs)
        return _Ignored()


class _Ignored:
    """Stands for the parser of a command that is not being run: takes and drops every call."""

    def __getattr__(self, name: str) -> Callable[..., _Ignored]:
        return lambda *args, **kwargs: self


def command_of(argv: Sequence[str]) -> str | None:
    """The subcommand an argument list runs, when it is plain to see (else None: build all)."""
    first = next((a for a in argv if not a.startswith("-")), None)
    if first is None or first not in COMMAND_NAMES or argv[0] != first:
        return None
    return first


COMMAND_NAMES = frozenset(
    {"solve", "count", "check", "encode", "candidates", "explain", "minimize", "generate", "convert", "batch", "completion", "estimate", "serve", "steps", "rate"}
)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with every subcommand (`only`: the arguments of that one alone)."""
    parser = _Parser(prog="asp-sudoku", description="Solve Sudoku variants with answer set programming.", formatter_class=_Formatter)
    parser.add_argument("--version", action="version", version=f"asp-sudoku {__version__}")
    action = parser.add_subparsers(dest="command", metavar="COMMAND", required=True, parser_class=_Parser)
    parser.subcommands = action
    parser.commands = []
    sub: Any = _Subcommands(action, only, parser.commands)

    def common(
        p: argparse.ArgumentParser, many: bool = True, threads: bool = True, progress: bool = False, path: bool = False,
        json_help: str = "one JSON object per puzzle per line",
    ) -> None:
        p.add_argument("files", nargs="+" if many else None, metavar="FILE", help="puzzle file(s)" if many else "puzzle file (one puzzle)")
        p.add_argument("--from", dest="fmt", choices=FORMATS, help="input format (default: detect)")
        rules_help = "add your own ASP rules (user_ predicates, constraints) to every puzzle"
        if path:  # taken, so that the refusal says why, rather than "unrecognized arguments"
            rules_help = "not taken here: the logical solver does not handle rules of your own yet (solve, check, count take them)"
        p.add_argument("--rules-file", metavar="FILE.lp", help=rules_help)
        if many:
            p.add_argument("--json", action="store_true", help=json_help)
            limit_help = (
                "stop each puzzle after this long, counting the search for its solutions that comes before the path "
                "(default: none; a hard puzzle's trials of depth 2 can take minutes)"
                if path else "stop each search after this long (default: none)"
            )
            p.add_argument("--time-limit", type=_seconds, metavar="SECONDS", help=limit_help)
            if threads:  # the setter's tools search with one thread: they do not offer it
                p.add_argument("--threads", type=_count_1_64, default=1, help="solver threads on each puzzle, 1-64 (default 1)")
        if progress:
            no_progress(p)
        else:  # accepted everywhere, so that a script may pass it to every command
            p.add_argument("--no-progress", action="store_true", help=argparse.SUPPRESS)

    def workers(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--workers", type=_count_1_64, default=1, metavar="N",
            help="for several puzzles (files, or a collection): solve N at a time, each in a thread of its own (default 1)",
        )

    p = sub.add_parser("solve", help="print the solution(s) and whether the solution is unique")
    common(p, progress=True)
    group = p.add_mutually_exclusive_group()
    group.add_argument("--all", action="store_true", help="list every solution")
    group.add_argument("-n", type=_positive, metavar="N", help="stop after N solutions")
    group.add_argument("--random", action="store_true", help="one solution drawn at random (uniformly where it can be; the seed is printed)")
    p.add_argument("--seed", type=_natural, metavar="S", help="with --random: the seed (default: a random one, printed)")
    p.add_argument("--format", choices=SOLVE_FORMATS, help="text (default), json, svg or png (a picture), fpuzzles (a link)")
    p.add_argument("-o", "--output", metavar="FILE", help="with --format svg, png or fpuzzles: write to FILE")
    workers(p)
    p = sub.add_parser("count", help="print the exact number of solutions")
    common(p, progress=True)
    p.add_argument("--limit", type=_positive, metavar="N", help="count exactly up to N; past N, say \"more than N\" and stop")
    workers(p)
    p = sub.add_parser("check", help="print unique, multiple or unsatisfiable")
    common(p)
    workers(p)
    p = sub.add_parser("encode", help="print the complete ASP program solved for a puzzle")
    common(p, many=False)
    p.add_argument("-o", "--output", metavar="FILE", help="write the program to FILE")
    p.add_argument("--plain", action="store_true", help="leave out the speed-only templates (same answer sets)")
    # The other commands' modules are imported only to build their own parsers (start-up time).
    if only is None or only in SETTER_COMMANDS:
        from asp_sudoku.cli import setter as setter_cli

        setter_cli.add_commands(sub, common)
    if only is None or only in LOGIC_COMMANDS:
        from asp_sudoku.cli import logic as logic_cli

        logic_cli.add_commands(sub, common)
    add_commands(sub)
    if only is None or only == "estimate":
        from asp_sudoku.cli import estimate as estimate_cli

        estimate_cli.add_command(sub)
    if only is None or only == "serve":
        from asp_sudoku.cli.serve import add_command as serve_command

        serve_command(sub)
    return parser


__all__ = ["COMMAND_NAMES", "UsageError", "build_parser", "command_of"]
