"""Checks of a whole puzzle that no single clue can make: rules that need boxes, labels that
must be unique, references between clues."""

from __future__ import annotations

from asp_sudoku.core.errors import PuzzleFormatError
from asp_sudoku.core.model import MAX_CLUES, Puzzle
from asp_sudoku.rules import CLUE_KINDS, square_only

MAX_AUTOMATON_MOVES = 5_000_000
"""The most an automaton clue's cells times its moves may add up to over a puzzle (any-of clues
included): its template grounds about that many rules (some 20 million a second), so this keeps
grounding within about a quarter of a second.  ISS's largest example needs 35,000 ("Stepped
Thermos"); four clues of `.{0,2400}` on every cell of a 25x25 needed 150 million: 8 s and 1.4 GB
(a QA pass)."""


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
    _check_automata(puzzle)
    for name in CLUE_KINDS:
        clues = puzzle.clues_of(name)
        if clues:
            CLUE_KINDS[name].validate(puzzle, clues)


def _check_automata(puzzle: Puzzle) -> None:
    """Refuse automaton clues whose grounding would be too large (`MAX_AUTOMATON_MOVES`)."""
    if not {"automaton", "any-of"} & {c.kind for c in puzzle.clues}:
        return  # (a classic puzzle loads no rule module: tests/speed/test_startup.py)
    from asp_sudoku.rules.any_of import inner_clues
    from asp_sudoku.rules.automaton import Automaton

    automata = [c for c in (*puzzle.clues, *inner_clues(puzzle.clues)) if isinstance(c, Automaton)]
    moves = sum(len(c.cells) * len(c.transitions) for c in automata)
    if moves > MAX_AUTOMATON_MOVES:
        raise PuzzleFormatError(
            puzzle.path, automata[0].line,
            f"the automaton clues have {moves:,} cells times moves in all; the limit is {MAX_AUTOMATON_MOVES:,} "
            "(grounding them would take too long: fewer states or shorter lines)",
        )
