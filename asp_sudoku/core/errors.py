"""Error types.  Every error a user can cause is an `AspSudokuError`; the CLI prints it as one
line and exits with status 2.  "No solution" is a result, never an exception."""

from __future__ import annotations


class AspSudokuError(Exception):
    """Base of every error raised for a user's input or request."""


class FormatWarning(UserWarning):
    """Something in the input was ignored: the solution may not be what the setter meant."""


class PuzzleFormatError(AspSudokuError):
    """A puzzle file is malformed: says which file, line (and column) and what is wrong."""

    def __init__(self, path: str, line: int, message: str, column: int = 0) -> None:
        self.path = path
        self.line = line
        self.column = column
        self.message = message
        self.entry = ""  # the collection line it refused (`formats.iter_entries`); "" for a whole file
        super().__init__(str(self))

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled with its fields (a worker process hands it to its parent; Exception's own
        pickling passes only the message back to `__init__`, which needs the fields)."""
        return (_rebuilt_format_error, (self.path, self.line, self.message, self.column, self.entry))

    @property
    def label(self) -> str:
        """What it refused, named as a puzzle read from there would be (`Puzzle.label`): the file,
        and the line of a collection."""
        return f"{self.path}:{self.entry}" if self.entry else self.path

    def __str__(self) -> str:
        where = self.path or "<input>"
        if self.line:
            where += f":{self.line}"
            if self.column:
                where += f":{self.column}"
        return f"{where}: {self.message}"


def _rebuilt_format_error(path: str, line: int, message: str, column: int, entry: str) -> PuzzleFormatError:
    error = PuzzleFormatError(path, line, message, column)
    error.entry = entry
    return error


def placed_twice(path: str, line: int, kind: str, where: str, first: int) -> PuzzleFormatError:
    """The error for a second clue of one kind at the same place (`where`, e.g. "r0c1")."""
    article = "an" if kind[:1] in tuple("aeiox") else "a"  # an x-sum, an xv, a sandwich
    return PuzzleFormatError(path, line, f"{kind}: {where} already has {article} {kind} clue (line {first})")


class RuleFileError(AspSudokuError):
    """A user-written rules file is unsafe or malformed."""


class PuzzleRefusedError(AspSudokuError):
    """A command does not take a puzzle it was given (read without fault): the logical solver
    and a puzzle with chaos construction, `minimize` and extra cells.  With --json, the CLI
    gives the puzzle its line of JSON, `{"file", "status": "error", "error"}`, as for a file
    it could not read."""


class InternalCheckError(AspSudokuError):
    """The solver returned a grid that the independent checker rejects: a bug, never output."""


class TimeLimitReached(AspSudokuError):
    """A time limit stopped a search before it decided (the CLI exits with status 3)."""
