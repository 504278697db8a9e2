"""`asp-sudoku completion bash|zsh|fish`: the shell's completion script, made by shtab from the
argument parser (so it always knows every command and option).

    asp-sudoku completion bash > ~/.local/share/bash-completion/completions/asp-sudoku
    asp-sudoku completion zsh > ~/.zfunc/_asp-sudoku      # a folder on $fpath
    asp-sudoku completion fish > ~/.config/fish/completions/asp-sudoku.fish
"""

from __future__ import annotations

import argparse
import sys

from asp_sudoku.core.errors import AspSudokuError

SHELLS = ("bash", "zsh", "fish")  # the parser (cli/formats.py) offers these


def _names_a_file(action: argparse.Action) -> bool:
    """An argument naming a file, completed as a path: its metavar says FILE (FILE, FILE.lp; the
    positional FILE of every command, -o, --out, --svg, --rules-file), so a new one is never
    missed (estimate's FILE and steps --svg were, when they were listed by name)."""
    metavar = action.metavar if isinstance(action.metavar, tuple) else (action.metavar,)
    return any(isinstance(m, str) and m.startswith("FILE") for m in metavar)


def completion_script(shell: str) -> str:
    """The completion script of `asp-sudoku` for a shell (needs shtab, a dependency)."""
    try:
        import shtab
    except ImportError:
        raise AspSudokuError("shell completion needs shtab, which is not installed: pip install shtab") from None
    from asp_sudoku.cli.parser import build_parser

    parser = build_parser()
    for action in _actions(parser):
        if _names_a_file(action):
            action.complete = shtab.FILE  # type: ignore[attr-defined]
        elif action.dest == "output_dir":
            action.complete = shtab.DIRECTORY  # type: ignore[attr-defined]
    return str(shtab.complete(parser, shell=shell, root_prefix="asp_sudoku"))


def _actions(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    """Every action of a parser and of its subcommands' parsers."""
    found = []
    for action in parser._actions:
        found.append(action)
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                found += _actions(sub)
    return found


def cmd_completion(args: argparse.Namespace) -> int:
    """completion: print the script for the shell."""
    sys.stdout.write(completion_script(args.shell))
    return 0


__all__ = ["SHELLS", "cmd_completion", "completion_script"]
