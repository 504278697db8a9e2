"""The package version (read by the build from here, and shown by ``asp-sudoku --version`` and
in the header of every rendered program)."""

__version__ = "0.1.0"
