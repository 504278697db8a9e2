"""Checks of a whole puzzle that no single clue can make: rules that need boxes, labels that
must be unique, references between clues."""

from __future__ import annotations

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.core.model import MAX_CLUES, Puzzle
from asp_sudoku.rules import CLUE_KINDS, square_only


def validate_rules(puzzle: Puzzle, rules_line: int = 0) -> None:
    """Raise PuzzleFormatError when the puzzle's rules do not fit together or its grid."""
    if len(puzzle.clues) > MAX_CLUES:
        raise PuzzleFormatError(puzzle.path, 0, f"the puzzle has {len(puzzle.clues)} clues; the limit is {MAX_CLUES}")
    if not puzzle.square:
        for name in square_only([*puzzle.rules, *dict.fromkeys(c.kind for c in puzzle.clues)]):
            raise PuzzleFormatError(puzzle.path, rules_line, f"{name} needs a square grid, not {puzzle.shape_name}")
    if "disjoint-groups" in puzzle.rules and puzzle.box is None:
        raise PuzzleFormatError(puzzle.path, rules_line, "disjoint-groups needs a grid with boxes")
    if "doppelganger" in puzzle.rules and (puzzle.digits != (0, puzzle.size) or puzzle.box is None):
        raise PuzzleFormatError(puzzle.path, rules_line, f"doppelganger needs values = \"0-{puzzle.size}\" and boxes (box = \"RxC\")")
    if "windoku" in puzzle.rules and puzzle.box is None:
        raise PuzzleFormatError(puzzle.path, rules_line, "windoku needs a grid with boxes (its windows are the size of a box)")
    if "global-entropy" in puzzle.rules and (puzzle.digits[1] - puzzle.digits[0] + 1) % 3:
        raise PuzzleFormatError(puzzle.path, rules_line, "global-entropy needs a number of digits divisible by 3")
    for name in CLUE_KINDS:
        clues = puzzle.clues_of(name)
        finish = CLUE_KINDS[name].finish if clues else None
        if finish is not None:
            finish(puzzle, clues)
