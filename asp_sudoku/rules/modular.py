"""Modular lines: any M cells in a row on the line (M the line's ``modulus``, 3 by default) hold
digits of M different remainders modulo M; so cells M apart along the line hold digits of the
same remainder (modulus 3 on 1-9: one digit of 1, 4, 7, one of 2, 5, 8 and one of 3, 6, 9 in any
three cells in a row).  A line shorter than M holds digits of different remainders (as in
Rangsk's solver: any two cells fewer than M apart on the line differ in remainder)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from asp_sudoku.core.model import Clue, Grid, Puzzle
from asp_sudoku.rules.base import ClueContext, ClueKind, OnCells, examples
from asp_sudoku.rules.draw import line
from asp_sudoku.rules.shapes.cells import position_number_facts


@dataclass(frozen=True)
class Modular(OnCells):
    """A modular line: cells fewer than `modulus` apart hold digits of different remainders."""

    kind = "modular"
    shown = "modular line from {first} (modulus {self.modulus})"
    modulus: int = 3


def parse(ctx: ClueContext, table: Mapping[str, Any]) -> Modular:
    """Read ``[[modular]] cells = [...]`` (at least two distinct cells, in order) and an
    optional ``modulus = M`` (2 up to the number of digits; default 3)."""
    ctx.check_keys(table, ["cells"], ["modulus"])
    cells = ctx.cells(table["cells"], minimum=2)
    modulus = ctx.integer(table.get("modulus", 3), "modulus", 2, ctx.digit_count)
    return Modular(cells=cells, modulus=modulus, line=ctx.line)


def check(puzzle: Puzzle, grid: Grid, clue: Clue) -> Iterable[str]:
    """Cells fewer than M apart with digits of one remainder, or M apart with different ones."""
    assert isinstance(clue, Modular)
    m = clue.modulus
    values = [grid.value(c) for c in clue.cells]
    for i in range(len(values)):
        for j in range(i + 1, min(i + m, len(values))):
            if values[i] % m == values[j] % m:
                yield f"{clue.describe()}: {values[i]} and {values[j]} are {j - i} apart with the same remainder"
        if i + m < len(values) and values[i] % m != values[i + m] % m:
            yield f"{clue.describe()}: {values[i]} and {values[i + m]} are {m} apart with different remainders"


EXAMPLES = examples(('Modulus 2: neighbours on the line differ in parity, cells two apart share it', 'size = 4\ngivens = "1.3.\\n....\\n....\\n...."\nmodular = [{cells = ["r1c1", "r2c2", "r1c3"], modulus = 2}]', '1234341221434321 1234341223414123 1234341241232341 1234341243212143 1234342121434312 1234342143122143 1432321421434321 1432321423414123 1432321441232341 1432321443212143 1432324123144123 1432324141232314'), ('Modulus 3 on 1-4: only 1 and 4 share a remainder, and r1c2 and r2c2, three apart in one box, would need them', 'size = 4\ngivens = "1...\\n....\\n....\\n...."\nmodular = [{cells = ["r1c1", "r1c2", "r1c3", "r2c3", "r2c2"]}]', ''))


RULE = ClueKind.of(Modular, parse, position_number_facts("modularCell", "modularModulus", "modulus"), check=check, draw=line("#e6be9b", 0.1), examples=EXAMPLES)
