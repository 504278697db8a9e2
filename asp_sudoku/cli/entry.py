"""What the process's entry point (`asp_sudoku.__main__.run`: `asp-sudoku`, `python -m asp_sudoku`)
calls once the command line is imported: `run` it, then leave without Python's finalization.

Tearing the interpreter down after a command (every module's objects freed one by one, clingo's
library unloaded) takes some 12 ms, about a tenth of a whole `asp-sudoku solve`, and changes
nothing a user sees: the output is flushed first, files are written and closed inside `main`,
and the operating system frees the rest.  So `run` flushes stdout and stderr and ends the process
at once, as Python's own exit would, with `main`'s exit code.  It exits the usual way when anything
is still running that finalization waits for, a thread that is not a daemon, or when
multiprocessing was used (`--workers` processes: its exit handler releases what they shared).  The library's
`main(argv) -> int` never exits; only this entry point does.
"""

from __future__ import annotations

import os
import sys
import threading

from asp_sudoku.cli import main
from asp_sudoku.cli.args import EXIT_INTERNAL, EXIT_INTERRUPT, EXIT_PIPE
from asp_sudoku.cli.flush import cannot_write, output_failed, silence_stdout


def run() -> None:
    """Run the command line with the process's arguments and end the process with its exit code."""
    leave(main())


def leave(code: int) -> None:
    """Flush stdout and stderr and end the process with `code`, skipping finalization unless a
    thread or child process is still running (see the module docstring).  Output the reader
    cut short (`... | head`) ends it with EXIT_PIPE, as `main` does when that happens earlier;
    output that could not be written (a full disk) with EXIT_OUTPUT and one line saying so (it
    ended with 0 and nothing written, when all of it was still in the buffer)."""
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except BrokenPipeError:
            if stream is sys.stdout:
                silence_stdout()
                code = code or EXIT_PIPE
        except OSError as exc:
            if stream is sys.stdout and output_failed(exc) and code not in (EXIT_INTERNAL, EXIT_INTERRUPT):
                code = cannot_write(exc)  # the output was lost (a full disk): never exit 0
        except ValueError:
            pass
    if _still_running():
        sys.exit(code)
    os._exit(code)


def _still_running() -> bool:
    """Whether finalization has work to do: a thread other than the main one that is not a
    daemon is still running, or multiprocessing was used (`batch --workers`, `steps --workers`):
    its exit handler ends child processes and releases the semaphores of a pool (a pool stopped
    by Ctrl-C is still held when `main` returns: without the handler its semaphores are left to
    the resource tracker, which warns about them)."""
    if any(t is not threading.main_thread() and not t.daemon and t.is_alive() for t in threading.enumerate()):
        return True
    return "multiprocessing" in sys.modules
