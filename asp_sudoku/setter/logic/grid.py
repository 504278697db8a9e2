"""The pencil marks a logical solve works on: the candidates of every cell, the houses (rows,
columns, boxes or jigsaw regions), placing a digit and removing candidates, and the checks that
find a contradiction (a cell with no candidate, a digit with no place in a house).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from asp_sudoku.core.errors import AspSudokuError
from asp_sudoku.core.model import Grid, Puzzle

Cell = tuple[int, int]
Mark = tuple[int, int, int]


@dataclass(frozen=True)
class House:
    """A house: its name as a person says it ("row 4", "box 5"), its cells, whether it is a box
    (or region), and whether it is `full`: it has as many cells as there are digits, so it holds
    each digit once.  A house with fewer cells (a row of a 6x6 holding 1-9, the short side of a
    6x8) only holds different digits: the techniques that say where a digit must go read full
    houses only (`Marks.houses`)."""

    name: str
    cells: tuple[Cell, ...]
    box: bool
    full: bool = True


def houses(puzzle: Puzzle) -> tuple[House, ...]:
    """The houses of the grid, numbered from 1 in this order: rows, columns, then boxes, then
    regions (a grid that is no Latin square has no rows or columns)."""
    n, m = puzzle.size, puzzle.cols
    count = len(puzzle.digit_range)

    def house(name: str, cells: tuple[Cell, ...], box: bool) -> House:
        return House(name, cells, box, len(cells) == count)

    found = []
    if puzzle.latin:
        found += [house(f"row {r}", tuple((r, c) for c in range(1, m + 1)), False) for r in range(1, n + 1)]
        found += [house(f"column {c}", tuple((r, c) for r in range(1, n + 1)), False) for c in range(1, m + 1)]
    if puzzle.box is not None:
        br, bc = puzzle.box
        across = m // bc
        for b in range((n // br) * across):
            r0, c0 = (b // across) * br, (b % across) * bc
            cells = tuple((r0 + i + 1, c0 + j + 1) for i in range(br) for j in range(bc))
            found.append(house(f"box {b + 1}", cells, True))
    if puzzle.regions is not None:
        ids = sorted({g for row in puzzle.regions for g in row})
        for g in ids:
            cells = tuple((r + 1, c + 1) for r, row in enumerate(puzzle.regions) for c, v in enumerate(row) if v == g)
            found.append(house(f"region {puzzle.region_name(g)}", cells, True))
    return tuple(found)


def every_cell(puzzle: Puzzle) -> list[Cell]:
    """The grid's cells row by row, then the extra cells' places (outside the grid, in order)."""
    return puzzle.all_cells() + list(puzzle.extra_cells().values())


def named(puzzle: Puzzle, text: str) -> str:
    """A step's words with each extra cell called by its name (``VA1``) instead of its place
    outside the grid (``r11c11``, which no grid cell can be)."""
    if not puzzle.extra:
        return text
    names = {f"r{r}c{c}": name for name, (r, c) in puzzle.extra_cells().items()}
    return re.sub(r"r\d+c\d+(?!\d)", lambda m: names.get(m.group(0), m.group(0)), text)


def lines_full(all_houses: tuple[House, ...]) -> bool:
    """Whether the grid has rows and columns and each holds every digit (fish reads them so)."""
    lines = [house for house in all_houses if not house.box]
    return bool(lines) and all(house.full for house in lines)


def supported(puzzle: Puzzle) -> str | None:
    """Why the logical solver cannot work on this puzzle, or None when it can."""
    if puzzle.box is not None and (puzzle.size % puzzle.box[0] or puzzle.cols % puzzle.box[1]):
        return f"the logical solver needs boxes that tile the grid, not {puzzle.box[0]}x{puzzle.box[1]} boxes on {puzzle.shape_name}"
    if "chaos-construction" in puzzle.rules:  # its clues read regions only a whole solve chooses
        return "the logical solver does not handle chaos construction (regions the solver draws) yet"
    if puzzle.user_rules:  # its checks read the rules' templates only: a path would ignore them
        names = ", ".join(rules.name for rules in puzzle.user_rules)
        return f"the logical solver does not handle rules of your own (rules-file: {names}) yet"
    return None


def clash(houses: tuple[House, ...], givens: tuple[Mark, ...], given: Mark) -> str:
    """Why `given` cannot stand: the earlier given of its digit in one of its houses, named."""
    r, c, p = given
    for r2, c2, q in givens[: givens.index(given)]:
        house = next((h for h in houses if (r, c) in h.cells and (r2, c2) in h.cells), None) if q == p else None
        if house is not None:
            return f"the given {p} at r{r}c{c} repeats the given {p} at r{r2}c{c2} in {house.name}"
    return f"the given {p} at r{r}c{c} repeats a given {p} in one of its houses"


class Marks:
    """The candidates of every cell and the cells solved so far (mutable; `copy` for a trial).
    `peers`: the cells each cell shares a house with (every house); `houses`: the full ones."""

    def __init__(self, puzzle: Puzzle, all_houses: tuple[House, ...]) -> None:
        self.puzzle = puzzle
        self.houses = tuple(house for house in all_houses if house.full)  # each holds every digit
        digits = frozenset(puzzle.digit_range)
        self.cands: dict[Cell, set[int]] = {cell: set(digits) for cell in every_cell(puzzle)}
        self.solved: set[Cell] = set()
        self.peers: dict[Cell, set[Cell]] = {cell: set() for cell in self.cands}
        for house in all_houses:
            for cell in house.cells:
                self.peers[cell].update(house.cells)
        for cell in self.peers:
            self.peers[cell].discard(cell)

    def copy(self) -> Marks:
        """An independent copy (the houses and peers are shared: they never change)."""
        other = Marks.__new__(Marks)
        other.puzzle, other.houses, other.peers = self.puzzle, self.houses, self.peers
        other.cands = {cell: set(ds) for cell, ds in self.cands.items()}
        other.solved = set(self.solved)
        return other

    def place(self, r: int, c: int, p: int) -> None:
        """Put digit p in cell (r, c): its other candidates go, and p leaves the cell's peers."""
        if p not in self.cands[(r, c)]:
            raise AspSudokuError(f"internal error: r{r}c{c} = {p} is not a candidate")
        self.cands[(r, c)] = {p}
        self.solved.add((r, c))
        for peer in self.peers[(r, c)]:
            self.cands[peer].discard(p)

    def remove(self, marks: Iterable[Mark]) -> None:
        """Remove candidates."""
        for r, c, p in marks:
            self.cands[(r, c)].discard(p)

    def done(self) -> bool:
        """Every cell solved."""
        return len(self.solved) == len(self.cands)

    def contradiction(self) -> str | None:
        """A reason the marks cannot be completed that shows at once, or None."""
        for (r, c), ds in self.cands.items():
            if not ds:
                return f"{self.puzzle.cell_label((r, c))} has no candidate left"
        digits = set(self.puzzle.digit_range)
        for house in self.houses:
            missing = digits.difference(*(self.cands[cell] for cell in house.cells))
            if missing:
                return f"{min(missing)} has no place left in {house.name}"
        return None

    def broken(self) -> str | None:
        """What a filled grid breaks (the independent checker), in words, or None: the last
        steps that filled it may be singles that no clue's or rule's check saw."""
        from asp_sudoku.checker import violations

        extra = tuple((place, min(self.cands[place])) for place in self.puzzle.extra_cells().values())
        broken = violations(self.puzzle, Grid(self.grid(), extra))
        return f"the filled grid breaks a rule: {broken[0]}" if broken else None

    def grid(self) -> tuple[tuple[int, ...], ...]:
        """The solved digits as rows, 0 for an open cell."""
        n, m = self.puzzle.size, self.puzzle.cols
        return tuple(
            tuple(min(self.cands[(r, c)]) if (r, c) in self.solved else 0 for c in range(1, m + 1))
            for r in range(1, n + 1)
        )

    def facts(self) -> list[str]:
        """The candidates as facts: candidate(R,C,P) and solved(R,C)."""
        lines = [f"candidate({r},{c},{p})." for (r, c), ds in sorted(self.cands.items()) for p in sorted(ds)]
        lines += [f"solved({r},{c})." for r, c in sorted(self.solved)]
        return lines


def inputs(puzzle: Puzzle) -> list[tuple[str, tuple[int, ...]]]:
    """Every input atom a technique's program reads: candidate(R,C,P) for each cell and digit,
    solved(R,C) for each cell (the externals of a program grounded once)."""
    cells = every_cell(puzzle)
    found: list[tuple[str, tuple[int, ...]]] = [("candidate", (r, c, p)) for r, c in cells for p in puzzle.digit_range]
    return found + [("solved", cell) for cell in cells]


def true_inputs(marks: Marks) -> set[tuple[str, tuple[int, ...]]]:
    """The input atoms true for these candidates (see `inputs`)."""
    found: set[tuple[str, tuple[int, ...]]] = {("candidate", (r, c, p)) for (r, c), ds in marks.cands.items() for p in ds}
    return found | {("solved", cell) for cell in marks.solved}


def house_facts(all_houses: tuple[House, ...]) -> list[str]:
    """The houses as facts: houseCell(H,R,C) and box(H), H numbered from 1."""
    lines = []
    for h, house in enumerate(all_houses, start=1):
        lines += [f"houseCell({h},{r},{c})." for r, c in house.cells]
        if house.box:
            lines.append(f"box({h}).")
    return lines
