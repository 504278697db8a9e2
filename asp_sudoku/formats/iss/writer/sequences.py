"""Writers of the ISS types about sequences of digits (read by `formats.iss.readers.sequences`):
full ranks (with the one ``FullRankTies`` item for all of them), automata (``Regex`` when the
clue was written as a regex, else ``NFA`` in the serialised form the reader decodes), hidden
skyscrapers and look-and-say groups."""

from __future__ import annotations

import base64

from asp_sudoku.core.model import Clue, Puzzle
from asp_sudoku.formats.iss.writer.base import ClueWriter, cell_ids, item, refuse
from asp_sudoku.formats.iss.writer.clues import outside
from asp_sudoku.rules.any_of import inner_clues
from asp_sudoku.rules.automaton import Automaton
from asp_sudoku.rules.full_rank import FullRank
from asp_sudoku.rules.look_and_say import LookAndSay, spoken

_TIES = {"none": "none", "unclued": "only-unclued", "any": "any"}


def full_rank_ties(puzzle: Puzzle) -> str:
    """``.FullRankTies~<mode>`` after the full-rank clues, when they allow other ties than the
    default (ISS has one mode for all of them, inside Or and And too)."""
    ties = {clue.ties for clue in (*puzzle.clues, *inner_clues(puzzle.clues)) if isinstance(clue, FullRank)}
    if len(ties) > 1:
        raise refuse("full-rank clues with different ties", "ISS has one FullRankTies for all of them")
    if not ties or ties == {"unclued"}:
        return ""
    return item("FullRankTies", _TIES[ties.pop()])


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def encode_nfa(clue: Automaton, puzzle: Puzzle) -> str:
    """The automaton in the serialised form `readers.sequences.decode_nfa` reads (its plain
    format, most significant bit first): format 0 (2 bits), state width - 1 (4), symbol count - 1
    (4), one start state and the count of other accepting states (a state width each), whether
    the start state accepts (1), the width of a move count (4); then each state's move count and
    moves (symbol, target).  States are numbered: the start, the other accepting states, the
    rest.  Symbol i is the i-th digit of the grid."""
    low, high = puzzle.digits
    symbols = high - low + 1
    if symbols > 16:
        raise refuse(f"automaton clue over {symbols} digits", "ISS's automata have at most 16 symbols")
    accept = set(clue.accept)
    others = {s for s, _, t in clue.transitions} | {t for _, _, t in clue.transitions}
    order = [clue.start, *sorted(accept - {clue.start}), *sorted(others - accept - {clue.start})]
    number = {state: i for i, state in enumerate(order)}
    state_bits = max(1, (len(order) - 1).bit_length())
    if state_bits > 16:
        raise refuse(f"automaton clue with {len(order)} states", "ISS's automata have at most 65536")
    moves: dict[int, list[tuple[int, int]]] = {}
    for s, digit, t in clue.transitions:
        moves.setdefault(number[s], []).append((digit - low, number[t]))
    count_bits = max(1, max((len(m) for m in moves.values()), default=0).bit_length())
    if count_bits > 15:
        raise refuse("automaton clue with a state of that many moves", "ISS's move counts have at most 15 bits")
    symbol_bits = (symbols - 1).bit_length()
    other_accepting = len(accept - {clue.start})
    fields = [(0, 2), (state_bits - 1, 4), (symbols - 1, 4), (1, state_bits), (other_accepting, state_bits)]
    fields += [(int(clue.start in accept), 1), (count_bits, 4)]
    for state in range(len(order)):
        fields.append((len(moves.get(state, [])), count_bits))
        for symbol, target in sorted(moves.get(state, [])):
            fields += [(symbol, symbol_bits), (target, state_bits)]
    bits = "".join(format(value, f"0{width}b") if width else "" for value, width in fields)
    bits += "0" * (-len(bits) % 8)
    return _b64(int(bits, 2).to_bytes(len(bits) // 8, "big"))


def _automaton(clue: Clue, puzzle: Puzzle) -> str:
    """``.Regex~<pattern, base64>~cells`` or ``.NFA~<serialised NFA>~cells``."""
    assert isinstance(clue, Automaton)
    if clue.regex:
        return item("Regex", _b64(clue.regex.encode("ascii")), *cell_ids(clue.cells))
    return item("NFA", encode_nfa(clue, puzzle), *cell_ids(clue.cells))


def _look_and_say(clue: Clue, puzzle: Puzzle) -> str:
    """``.LookAndSay~3518~cells``."""
    assert isinstance(clue, LookAndSay)
    return item("LookAndSay", spoken(clue.said), *cell_ids(clue.cells))


WRITERS: dict[str, ClueWriter] = {
    "full-rank": outside("FullRank"),
    "automaton": _automaton,
    "hidden-skyscraper": outside("HiddenSkyscraper"),
    "look-and-say": _look_and_say,
}
"""Our clue kind -> the writer of one clue as one ISS item (full-rank ties: `full_rank_ties`)."""
