"""Text and JSON for the setter's commands (no solving here)."""

from __future__ import annotations

from typing import Any

from asp_sudoku.core.model import Puzzle, cell_name
from asp_sudoku.core.result import MULTIPLE, UNIQUE, UNSATISFIABLE
from asp_sudoku.formats.toml.writer import clue_table, rule_names
from asp_sudoku.picture.text import cells_text, one_character, symbol, wrapped
from asp_sudoku.setter.candidates import Candidates
from asp_sudoku.setter.explain import Explanation
from asp_sudoku.setter.generate import CHECK_CONFLICTS, Generated
from asp_sudoku.setter.minimize import Minimized


def _digits(values: tuple[int, ...], puzzle: Puzzle) -> str:
    """A cell's candidates: run together when each is one character (up to 9, and a 16x16's
    0-9A-G), comma-separated otherwise (a 16x16 of 1-17: "13,17", not "1317")."""
    sep = "" if one_character(puzzle) else ","
    return sep.join(symbol(v, puzzle) for v in values) or "-"


def pencil_grid(found: Candidates) -> str:
    """The candidates of every cell as a grid, columns aligned, with box separators."""
    puzzle = found.puzzle
    n, m = puzzle.size, puzzle.cols
    texts = [[_digits(cell, puzzle) for cell in row] for row in found.candidates]
    widths = [max(len(texts[r][c]) for r in range(n)) for c in range(m)]
    box_rows, box_cols = puzzle.box if puzzle.box else (n, m)
    lines = []
    for r, row in enumerate(texts):
        if r and r % box_rows == 0:
            parts = []
            for left in range(0, m, box_cols):
                span = sum(widths[left : left + box_cols]) + box_cols - 1
                parts.append("-" * span)
            lines.append("-+-".join(parts))
        cells = [t.ljust(widths[c]) for c, t in enumerate(row)]
        groups = [" ".join(cells[i : i + box_cols]) for i in range(0, m, box_cols)]
        lines.append(" | ".join(groups).rstrip())
    return "\n".join(lines)


def candidates_summary(found: Candidates) -> str:
    """One line: the status and how many cells are fixed (and, with extra cells, which differ)."""
    total = found.puzzle.size * found.puzzle.cols
    open_cells = len(found.open_cells())
    if found.status == UNSATISFIABLE:
        return "unsatisfiable: no solution, so no candidates (see explain)"
    extra = f" and the {len(found.extra)} extra {'cell' if len(found.extra) == 1 else 'cells'}" if found.extra else ""
    if found.status == UNIQUE:
        return f"unique: all {total} cells{extra} fixed"
    fixed = total - open_cells
    line = f"multiple: {fixed} {'cell' if fixed == 1 else 'cells'} fixed in every solution, {open_cells} differ"
    differ = [name for name, digits in found.extra if len(digits) > 1]
    if found.extra:
        line += f"; extra cells differing: {' '.join(differ)}" if differ else "; every extra cell fixed"
    return line


def extra_candidates_line(found: Candidates) -> str:
    """The extra cells' candidates, ``VA: 12  VB: 5`` (empty: no extra cells)."""
    return "  ".join(f"{name}: {_digits(digits, found.puzzle)}" for name, digits in found.extra)


def counts_timed_out(found: Candidates, limit: int | None = None) -> bool:
    """True when the time limit (not `--limit`) stopped the counting before it counted every
    solution: the counts cover whatever solutions the solver found first, not a fixed set."""
    return found.counts is not None and not found.exhausted and (limit is None or found.counted < limit)


def counts_lines(found: Candidates, limit: int | None = None) -> list[str]:
    """Per open cell, how many of the counted solutions hold each digit there.

    Counts that the time limit cut short are not printed (they would differ from run to run):
    one line says so instead.  Counts stopped at `limit` (the puzzle has more solutions: with
    exactly `limit` they are all counted) are those of the first `limit` solutions, the same
    every run, and are printed as partial.
    """
    if found.counts is None:
        return []
    if counts_timed_out(found, limit):
        noun = "solution" if found.counted == 1 else "solutions"
        return [
            f"solutions per digit: not shown: the time limit stopped the counting after {found.counted} "
            f"{noun}, before it counted them all (the candidates above are complete; a longer "
            "--time-limit, or --limit N for the counts over the first N solutions)"
        ]
    scope = "all" if found.exhausted else f"stopped at --limit {found.counted}; partial: the puzzle has more"
    lines = [f"solutions per digit, over {found.counted} solutions ({scope}):"]
    for r, row in enumerate(found.counts):
        for c, tally in enumerate(row):
            if len(found.candidates[r][c]) > 1:
                parts = [f"{symbol(d, found.puzzle)}:{k}" for d, k in zip(found.digits, tally) if k]
                lines.append(f"  {cell_name((r + 1, c + 1))}  " + "  ".join(parts))
    for (name, tally), (_, digits) in zip(found.extra_counts, found.extra):
        if len(digits) > 1:
            parts = [f"{symbol(d, found.puzzle)}:{k}" for d, k in zip(found.digits, tally) if k]
            lines.append(f"  {name}  " + "  ".join(parts))
    return lines


def candidates_object(found: Candidates, limit: int | None = None) -> dict[str, Any]:
    """The JSON keys `candidates` adds: candidates, fixed (the digit, or 0 / null), counts
    (null when the time limit stopped the counting: `counts_timed_out`)."""
    empty: int | None = 0 if found.puzzle.digits[0] > 0 else None
    out: dict[str, Any] = {
        "candidates": [[list(cell) for cell in row] for row in found.candidates],
        "fixed": [[empty if v is None else v for v in row] for row in found.fixed],
    }
    if found.extra:
        out["extra_candidates"] = {name: list(digits) for name, digits in found.extra}
    if found.counts is not None:
        timed_out = counts_timed_out(found, limit)
        out["digits"] = list(found.digits)
        out["counts"] = None if timed_out else [[list(cell) for cell in row] for row in found.counts]
        if found.extra:
            out["extra_counts"] = None if timed_out else {name: list(n) for name, n in found.extra_counts}
        out["counted"] = found.counted
        out["counts_exhausted"] = found.exhausted
        out["counts_timed_out"] = timed_out
    return out


def explanation_lines(found: Explanation) -> list[str]:
    """What `explain` prints."""
    if found.status == UNSATISFIABLE:
        own = ", ".join(rules.name for rules in found.puzzle.user_rules)
        held = f"the grid's own rules and your rules ({own})" if own else "the grid's own rules"
        if not found.conflict:
            return [f"no solution: {held} have none" + ("" if own else " (rows, columns, boxes)")]
        n = len(found.conflict)
        lines = [
            f"no solution with {held}: this item alone has none (without it, the puzzle has a solution):"
            if n == 1 else
            f"no solution with {held}: these {n} items have none together (minimal: without any one of "
            f"them{', and what cannot be without it,' if found.needs else ''} the rest of the set has a solution):"
        ]
        lines += [f"  {item.where()}" for item in found.conflict]
        for i, j in found.needs:
            lines.append(f"  ({found.conflict[i].describe()} cannot be without {found.conflict[j].describe()}: "
                         "dropping the second drops the first too)")
        if found.culprits and len(found.culprits) < len(found.conflict):
            one = len(found.culprits) == 1
            lines.append(
                f"removing {'this one' if one else 'any one of these'} alone makes the whole puzzle solvable:"
            )
            lines += [f"  {item.where()}" for item in found.culprits]
        elif found.culprits:
            lines.append(f"removing {'it' if n == 1 else 'any one of them alone'} makes the whole puzzle solvable")
        else:
            lines.append(
                "(the puzzle has other conflicts too: no single item's removal makes it solvable)"
            )
        return lines
    if found.status == MULTIPLE:
        many = (
            f"{found.count} solutions"
            if found.exhausted
            else f"more than {found.count - 1} solutions"
        )
        extra = wrapped([f"{cell_name((r, c))}={v}" for r, c, v in found.extra_givens])
        k = len(found.extra_givens)
        if found.extra_optimal:
            how = f"the fewest extra givens that make it unique ({k}, proved):"
        elif found.exhausted:
            how = f"extra givens that make it unique ({k}; not proved the fewest: the search was stopped):"
        else:
            how = (
                f"extra givens that make it unique ({k}; none can be dropped, not proved the fewest: "
                "too many solutions to list, raise --limit):"
            )
        return [
            f"multiple: {many}",
            f"they differ in {len(found.differing)} cells:\n  {cells_text(list(found.differing))}",
            how,
            f"  {extra}",
        ]
    return ["unique: exactly one solution; nothing to explain (minimize lists redundant givens)"]


def explanation_object(found: Explanation) -> dict[str, Any]:
    """The JSON keys `explain` adds."""
    out: dict[str, Any] = {"solves": found.solves}
    if found.status == UNSATISFIABLE:
        out["conflict"] = [item.as_json() for item in found.conflict]
        out["culprits"] = [item.as_json() for item in found.culprits]
        out["needs"] = [[i, j] for i, j in found.needs]
    if found.status == MULTIPLE:
        out["differing"] = [cell_name(c) for c in found.differing]
        out["extra_givens"] = [[r, c, v] for r, c, v in found.extra_givens]
        out["extra_givens_proved_fewest"] = found.extra_optimal
    return out


def minimized_lines(found: Minimized) -> list[str]:
    """What `minimize` prints before the minimal puzzle."""
    if found.status != UNIQUE:
        word = {MULTIPLE: "multiple solutions", UNSATISFIABLE: "no solution"}.get(
            found.status, found.status
        )
        return [
            f"{found.status}: the puzzle has {word}; minimize needs a unique puzzle (see explain)"
        ]
    n_given = sum(1 for i in found.items if i.kind == "given")
    n_clue = sum(1 for i in found.items if i.kind == "clue")
    lines = [f"unique; {n_given} givens, {n_clue} clues"]
    if not found.redundant:
        return lines + ["nothing is redundant: the puzzle is minimal already"]
    lines.append(
        f"redundant (the puzzle stays unique without any one of them): {len(found.redundant)}"
    )
    lines += [f"  {item.where()}" for item in found.redundant]
    lines.append(
        f"a minimal puzzle drops {len(found.removed)} of them (nothing more can be dropped):"
    )
    lines += [f"  {item.where()}" for item in found.removed]
    return lines


def minimized_object(found: Minimized) -> dict[str, Any]:
    """The JSON keys `minimize` adds."""
    out: dict[str, Any] = {
        "redundant": [item.as_json() for item in found.redundant],
        "removed": [item.as_json() for item in found.removed],
        "solves": found.solves,
    }
    if found.minimal is not None:
        out["minimal"] = puzzle_object(found.minimal)
    return out


def puzzle_object(puzzle: Puzzle) -> dict[str, Any]:
    """The whole puzzle, so that a script can rebuild it: its shape (`"box"` as "RxC" or
    "none", `"values"` as "low-high", `"regions"` as rows of region numbers or null, `"latin"`,
    the extra cells when it has any), rules, givens (rows, 0 or null empty) and clue tables."""
    empty: int | None = 0 if puzzle.digits[0] > 0 else None
    out: dict[str, Any] = {
        "size": puzzle.size if puzzle.square else puzzle.shape_name,
        "box": f"{puzzle.box[0]}x{puzzle.box[1]}" if puzzle.box else "none",
        "values": f"{puzzle.digits[0]}-{puzzle.digits[1]}",
        "regions": [list(row) for row in puzzle.regions] if puzzle.regions is not None else None,
        "latin": puzzle.latin,
        "rules": rule_names(puzzle.rules),
        "givens": [[empty if v is None else v for v in row] for row in puzzle.given_grid()],
    }
    if puzzle.extra:
        out["extra"] = [{"name": group.name, "count": group.count} for group in puzzle.extra]
    for clue in puzzle.clues:
        out.setdefault(clue.kind, []).append(clue_table(clue))
    return out


def generated_summary(made: Generated) -> str:
    """One line: what was made, how, how long it took."""
    puzzle = made.puzzle
    n = len(puzzle.givens)
    parts = [f"unique; {n} {'given' if n == 1 else 'givens'}"]
    if puzzle.clues:
        kinds = sorted({c.kind for c in puzzle.clues})
        parts[0] += ", " + ", ".join(f"{len(puzzle.clues_of(k))} {k} clues" for k in kinds)
    if made.fewest:
        parts.append("proved the fewest givens for its solution grid")
    elif made.minimal:
        parts.append("minimal: nothing can be dropped")
    elif made.undecided:
        n = made.undecided
        parts.append(f"not proved minimal: {n} {'search' if n == 1 else 'searches'} stopped at the budget of "
                     f"{CHECK_CONFLICTS:,} conflicts, and what {'it' if n == 1 else 'they'} tried to drop stayed")
    else:
        parts.append("not minimal (stopped at the asked number of givens)")
    if not made.target_reached:
        parts.append("the asked number of givens was not reached")
    parts.append(f"seed {made.seed}; {made.method}; {made.seconds:.3f} s")
    return "; ".join(parts)
