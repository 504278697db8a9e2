"""The pattern techniques, easiest first: each is one template in ``encodings/logic/`` with no
choice rule, run on the current candidates; its one answer set lists what it places
(``place(R,C,P,Reason...)``) and removes (``remove(R,C,P,Reason...)``).  Here the atoms become
steps: grouped by their reason, each group one step a person can follow.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from asp_sudoku.core.errors import AspSudokuError
from asp_sudoku.program.templates import render_template
from asp_sudoku.setter.logic.chains import Kind, Links, strong_count, written
from asp_sudoku.setter.logic.grid import House, Mark, Marks, inputs, true_inputs
from asp_sudoku.solving.logic import Reused, one_answer

Programs = dict["Technique", Reused]
"""Technique programs grounded once for one logical solver."""

SUBSETS = {2: "pair", 3: "triple", 4: "quad"}
FISH = {2: "X-wing", 3: "swordfish", 4: "jellyfish"}


@dataclass(frozen=True)
class Step:
    """One step of a path: the technique, its level on the scale, what it placed and removed,
    the clues it used (described), and the sentence a person would write."""

    technique: str
    level: float
    placed: tuple[Mark, ...]
    removed: tuple[Mark, ...]
    clues: tuple[str, ...]
    text: str
    depth: int = 0


@dataclass(frozen=True)
class Technique:
    """A pattern technique: its name, level, template and the size it is rendered with."""

    name: str
    level: float
    template: str
    n: int = 0


TECHNIQUES: tuple[Technique, ...] = (
    Technique("hidden single", 1.5, "hidden_single.lp.j2"),
    Technique("naked single", 2.3, "naked_single.lp.j2"),
    Technique("locked candidates", 2.6, "locked_candidates.lp.j2"),
    Technique("naked pair", 3.0, "naked_subset.lp.j2", 2),
    Technique("X-wing", 3.2, "fish.lp.j2", 2),
    Technique("hidden pair", 3.4, "hidden_subset.lp.j2", 2),
    Technique("naked triple", 3.6, "naked_subset.lp.j2", 3),
    Technique("swordfish", 3.8, "fish.lp.j2", 3),
    Technique("hidden triple", 4.0, "hidden_subset.lp.j2", 3),
    Technique("XY-wing", 4.2, "xy_wing.lp.j2"),
    Technique("XYZ-wing", 4.4, "xyz_wing.lp.j2"),
    Technique("naked quad", 5.0, "naked_subset.lp.j2", 4),
    Technique("jellyfish", 5.2, "fish.lp.j2", 4),
    Technique("hidden quad", 5.4, "hidden_subset.lp.j2", 4),
)
"""The pattern techniques in the order they are tried (levels after Sudoku Explainer's scale)."""

CHAINS: tuple[Technique, ...] = (
    Technique("X-chain", 6.5, "x_chain.lp.j2"),
    Technique("XY-chain", 6.6, "xy_chain.lp.j2"),
    Technique("alternating inference chain", 6.7, "aic.lp.j2"),
)
"""The chains, tried after the killer techniques and before trial; a chain's level grows by 0.1
from 4 strong links and by 0.2 from 7 (`chain_level`)."""

CHAIN_KINDS: dict[str, Kind] = {"x_chain.lp.j2": "x", "xy_chain.lp.j2": "xy", "aic.lp.j2": "aic"}
"""Each chain template's kind of links (`chains.Links`)."""

CLAIMING_LEVEL = 2.8


@cache
def template_text(technique: Technique) -> str:
    """The rendered template of a technique."""
    return render_template(f"logic/{technique.template}", {"n": technique.n})


def run(
    technique: Technique, marks: Marks, houses_text: str, programs: Programs | None = None
) -> list[tuple[str, tuple[object, ...]]]:
    """The atoms of the technique's one answer set on these candidates (with `programs`: its
    program grounded once and kept there, the candidates as externals)."""
    if programs is None:
        atoms = one_answer(template_text(technique) + houses_text + "\n".join(marks.facts()) + "\n")
    else:
        if technique not in programs:
            programs[technique] = Reused(template_text(technique) + houses_text, inputs(marks.puzzle))
        atoms = programs[technique].answer(true_inputs(marks))
    if atoms is None:
        raise AspSudokuError(f"internal error: the {technique.name} program has no answer set")
    return atoms


def _cells(cells: object) -> str:
    assert isinstance(cells, tuple)
    return " ".join(f"r{r}c{c}" for r, c in cells)


def _marks(marks: list[Mark]) -> str:
    return ", ".join(f"r{r}c{c}<>{p}" for r, c, p in marks)


def steps(
    technique: Technique, marks: Marks, all_houses: tuple[House, ...], houses_text: str, programs: Programs | None = None
) -> list[Step]:
    """Every step the technique finds now, one per reason (a placement is a step of its own)."""
    atoms = run(technique, marks, houses_text, programs)
    if technique.template in CHAIN_KINDS:
        return _chain_steps(technique, marks, atoms)
    found: list[Step] = []
    groups: dict[tuple[object, ...], list[Mark]] = {}
    for name, args in atoms:
        r, c, p = (int(a) for a in args[:3])  # type: ignore[call-overload]
        if name == "place":
            found.append(_placement(technique, (r, c, p), args[3:], all_houses))
        else:  # locked candidates: one step per digit too (a reason's two houses may lock several)
            groups.setdefault((*args[3:], p) if technique.template.startswith("locked") else args[3:], []).append((r, c, p))
    describe: Callable[[tuple[object, ...], list[Mark]], tuple[str, str, float]] = _describer(technique, all_houses, marks)
    for reason, removed in groups.items():
        name, text, level = describe(reason, removed)
        found.append(Step(name, level, (), tuple(sorted(removed)), (), text))
    return found


def _placement(technique: Technique, mark: Mark, reason: tuple[object, ...], all_houses: tuple[House, ...]) -> Step:
    r, c, p = mark
    if reason:
        house = all_houses[int(reason[0]) - 1]  # type: ignore[call-overload]
        text = f"r{r}c{c} = {p}: the only place for {p} in {house.name}"
    else:
        text = f"r{r}c{c} = {p}: the only digit left in r{r}c{c}"
    return Step(technique.name, technique.level, (mark,), (), (), text)


def chain_level(technique: Technique, strong: int) -> float:
    """A chain's level: its technique's, plus 0.1 from 4 strong links and 0.2 from 7."""
    return round(technique.level + 0.1 * min(2, (strong - 1) // 3), 1)


def _chain_steps(technique: Technique, marks: Marks, atoms: list[tuple[str, tuple[object, ...]]]) -> list[Step]:
    """The steps of a chain technique, one per pair of ends, each with its shortest chain,
    shortest first."""
    ends: dict[tuple[Mark, Mark], list[Mark]] = {}
    for _, args in atoms:
        ends.setdefault((_mark(args[3]), _mark(args[4])), []).append(_mark(args[:3]))
    links = Links(marks, CHAIN_KINDS[technique.template])
    starts: dict[Mark, list[Mark]] = {}
    for start, end in ends:
        starts.setdefault(start, []).append(end)
    chains: list[tuple[list[Mark], Mark, Mark]] = []
    for start, stops in starts.items():
        shortest = links.shortest(start, stops)
        for end in stops:
            if end not in shortest:
                raise AspSudokuError(f"internal error: no {technique.name} from {start} to {end}")
            chains.append((shortest[end], start, end))
    found = []
    for chain, a, b in sorted(chains, key=lambda x: (len(x[0]), x[1:])):
        removed = tuple(sorted(ends[(a, b)]))
        level = chain_level(technique, strong_count(chain))
        if a == b:
            r, c, p = a
            text = f"r{r}c{c} = {p}: {technique.name} {written(chain)}: if r{r}c{c} were not {p}, it would be {p}"
            found.append(Step(technique.name, level, (a,), (), (), text))
        else:
            either = f"r{a[0]}c{a[1]} is {a[2]} or r{b[0]}c{b[1]} is {b[2]}"
            text = f"{technique.name} {written(chain)}: {either}: {_marks(list(removed))}"
            found.append(Step(technique.name, level, (), removed, (), text))
    return found


def _mark(value: object) -> Mark:
    """A candidate (r, c, p) as an answer set's tuple term gives it."""
    assert isinstance(value, tuple) and len(value) == 3
    return (int(value[0]), int(value[1]), int(value[2]))


def _describer(
    technique: Technique, all_houses: tuple[House, ...], marks: Marks
) -> Callable[[tuple[object, ...], list[Mark]], tuple[str, str, float]]:
    def house(h: object) -> House:
        return all_houses[int(h) - 1]  # type: ignore[call-overload]

    def locked(reason: tuple[object, ...], removed: list[Mark]) -> tuple[str, str, float]:
        first, second = house(reason[0]), house(reason[1])
        p = removed[0][2]
        kind, level = ("pointing", technique.level) if first.box else ("claiming", CLAIMING_LEVEL)
        text = f"locked candidates ({kind}): every {p} of {first.name} lies in {second.name}: {_marks(removed)}"
        return f"locked candidates ({kind})", text, level

    def subset(reason: tuple[object, ...], removed: list[Mark]) -> tuple[str, str, float]:
        where = house(reason[0]).name
        if technique.template.startswith("naked"):
            cells = [(int(r), int(c)) for r, c in reason[1]]  # type: ignore[attr-defined]
            digits = ",".join(str(d) for d in sorted(set().union(*(marks.cands[cell] for cell in cells))))
            text = f"{technique.name} {_cells(reason[1])} in {where} holds {digits}: {_marks(removed)}"
        else:
            digits = ",".join(str(d) for d in reason[1])  # type: ignore[attr-defined]
            text = f"{technique.name} {digits} in {where}: {_marks(removed)}"
        return technique.name, text, technique.level

    def fish(reason: tuple[object, ...], removed: list[Mark]) -> tuple[str, str, float]:
        p, direction, lines = reason
        kind = "rows" if direction == "row" else "columns"
        numbers = ",".join(str(x) for x in lines)  # type: ignore[attr-defined]
        # the cover lines: where the digit's candidates in those lines lie the other way
        at = [cell for cell, ds in marks.cands.items() if int(p) in ds]  # type: ignore[call-overload]
        base = {int(x) for x in lines}  # type: ignore[attr-defined]
        covers = sorted({c if direction == "row" else r for r, c in at if (r if direction == "row" else c) in base})
        other = "columns" if direction == "row" else "rows"
        text = (f"{technique.name} on {p} in {kind} {numbers} (its places there lie in {other} "
                f"{','.join(map(str, covers))}): {_marks(removed)}")
        return technique.name, text, technique.level

    def wing(reason: tuple[object, ...], removed: list[Mark]) -> tuple[str, str, float]:
        z, pivot, first, second = reason

        def held(cell: object) -> str:
            r, c = (int(x) for x in cell)  # type: ignore[attr-defined]
            return f"r{r}c{c} ({','.join(str(d) for d in sorted(marks.cands[(r, c)]))})"

        text = (
            f"{technique.name} on {z}: pivot {held(pivot)}, pincers {held(first)} and {held(second)}:"
            f" one of them is {z}: {_marks(removed)}"
        )
        return technique.name, text, technique.level

    if technique.template.endswith("wing.lp.j2"):
        return wing
    if technique.template.startswith("locked"):
        return locked
    if technique.template.startswith("fish"):
        return fish
    return subset


def apply(marks: Marks, step: Step) -> None:
    """Apply a step's placements and removals to the candidates."""
    for r, c, p in step.placed:
        marks.place(r, c, p)
    marks.remove(step.removed)
