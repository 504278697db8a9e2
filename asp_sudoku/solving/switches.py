"""Clingo for the setter's tools: one grounding of a `Board`, solved with any set of its items on.

Every rule of item i's text gets one more body literal, ``aspSudokuSwitch(i)``, an external
atom left free; each solve assumes the switches of the items that are on true and all others
false.  With a switch false its rules have a false body, so the program is exactly the plain
program without that item; with it true, exactly the program with it.  An unsatisfiable solve
reports a core: the switches that already conflict.  Every grid found is decoded and checked
by the independent checker against the sub-puzzle of the items that were on.

This module and `solving_setter` hold the clingo code of `asp_sudoku.setter` (solve.py holds
the rest); the logic of the tools lives in `asp_sudoku.setter`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Sequence

import clingo
from clingo import ast

from asp_sudoku.core.errors import AspSudokuError, InternalCheckError, TimeLimitReached
from asp_sudoku.core.model import Grid
from asp_sudoku.program.board import Board
from asp_sudoku.program.guard import check_program_text
from asp_sudoku.program.options import search_options
from asp_sudoku.solving.progress import meter
from asp_sudoku.solving.shape import KeyDecoder
from asp_sudoku.solving.single import Result, status_of
from asp_sudoku.solving.user_rules import verify
from asp_sudoku.solving.verify import checked

SWITCH = "aspSudokuSwitch"
_WHERE = ast.Location(ast.Position("<switch>", 1, 1), ast.Position("<switch>", 1, 1))


def _guard(statement: ast.AST, index: int) -> ast.AST:
    """The statement with ``aspSudokuSwitch(index)`` added to its body (rules and heuristics)."""
    if statement.ast_type not in (ast.ASTType.Rule, ast.ASTType.Heuristic):
        return statement
    switch = ast.Function(_WHERE, SWITCH, [ast.SymbolicTerm(_WHERE, clingo.Number(index))], 0)
    literal = ast.Literal(_WHERE, ast.Sign.NoSign, ast.SymbolicAtom(switch))
    return statement.update(body=[*statement.body, literal])


def _adder(builder: ast.ProgramBuilder, index: int) -> Callable[[ast.AST], None]:
    """A callback adding each parsed statement guarded by switch `index`."""

    def add(statement: ast.AST) -> None:
        builder.add(_guard(statement, index))

    return add


def wait(
    handle: clingo.SolveHandle, deadline: float | None, models: Callable[[], int] | None = None
) -> clingo.SolveResult:
    """Wait for an asynchronous solve; cancel it and raise TimeLimitReached at the deadline, or
    KeyboardInterrupt when the thread's `Watch` is stopped (`asp_sudoku.solving.watch`).

    The search is reported to whoever watches progress (asp_sudoku/solving/progress.py), with
    `models()` (when given) as the number of models it has found so far."""
    from asp_sudoku.solving.watch import current

    watch = current()
    gauge = meter()
    found = models if models is not None else (lambda: 0)
    try:
        while True:
            step = 0.05 if deadline is None else max(0.0, min(0.05, deadline - time.perf_counter()))
            if handle.wait(step):
                return handle.get()
            if gauge is not None:
                gauge.update(found())
            if deadline is not None and time.perf_counter() >= deadline:
                handle.cancel()
                raise TimeLimitReached("the time limit stopped the search before it decided")
            if watch is not None and watch.stopped():
                handle.cancel()
                raise KeyboardInterrupt
    except KeyboardInterrupt:
        handle.cancel()
        raise
    finally:
        if gauge is not None:
            gauge.done(found())


class SwitchedProgram:
    """A board grounded once; `solve(on)` and `core(on)` answer for any set of switches on.
    With `conflicts`, each search stops after that many conflicts (a deterministic budget);
    `undecided` counts the searches it stopped."""

    def __init__(
        self,
        board: Board,
        *,
        deadline: float | None = None,
        options: Sequence[str] = (),
        conflicts: int | None = None,
    ) -> None:
        self.board = board
        self.deadline = deadline
        self.calls = 0
        self.undecided = 0
        verify(board.base)  # the base puzzle holds the rules files (in `fixed`)
        for text in (board.fixed, *(item.text for item in board.items)):
            check_program_text(text)
        whole = board.subpuzzle(range(len(board.items)))  # with the global rules that are items
        if "--project" in search_options(whole) and "--project" not in options:
            options = (*options, "--project")  # chaos construction: one answer per grid of digits
        self.ctl = clingo.Control(["--warn=none", *options], logger=lambda code, msg: None)
        try:
            with ast.ProgramBuilder(self.ctl) as builder:
                ast.parse_string(board.fixed, builder.add)
                for i, item in enumerate(board.items):
                    ast.parse_string(item.text, _adder(builder, i))
                if board.items:
                    ast.parse_string(
                        f"#external {SWITCH}(0..{len(board.items) - 1}). [free]", builder.add
                    )
            self.ctl.ground([("base", [])])
        except RuntimeError as exc:
            raise AspSudokuError(f"the program could not be grounded: {exc}") from None
        if conflicts is not None:
            self.ctl.configuration.solve.solve_limit = str(conflicts)  # type: ignore[union-attr]
        self.literals = [self._literal(i) for i in range(len(board.items))]
        self.index = {lit: i for i, lit in enumerate(self.literals)}

    def _literal(self, index: int) -> int:
        atom = self.ctl.symbolic_atoms[clingo.Function(SWITCH, [clingo.Number(index)])]
        if atom is None:
            raise InternalCheckError(f"internal error: switch {index} was not grounded")
        return atom.literal

    def _assumptions(self, on: Collection[int]) -> list[int]:
        chosen = set(on)
        return [lit if i in chosen else -lit for i, lit in enumerate(self.literals)]

    def _run(
        self, on: Collection[int], limit: int | None, keep: int, cores: list[list[int]] | None
    ) -> Result:
        """Solve under the switches `on`; decode and check up to `keep` grids."""
        start = time.perf_counter()
        self.calls += 1
        on = self.board.close(on)  # a comparison is never solved without its cages
        puzzle = self.board.subpuzzle(on)
        self.ctl.configuration.solve.models = str(0 if limit is None else limit)  # type: ignore[union-attr]
        grids: list[Grid] = []
        count = 0
        failure: list[BaseException] = []
        decoder = KeyDecoder(puzzle.size, puzzle.cols)

        def on_model(model: clingo.Model) -> bool:
            nonlocal count
            count += 1
            if len(grids) >= keep:
                return True
            try:
                grids.append(checked(puzzle, decoder.grid(model)))
            except BaseException as exc:  # noqa: BLE001  (stop the search, re-raise outside clingo)
                failure.append(exc)
                return False
            return True

        with self.ctl.solve(
            assumptions=self._assumptions(on),
            on_model=on_model,
            on_core=None if cores is None else (lambda lits: cores.append(list(lits))),
            async_=True,
        ) as handle:
            outcome = wait(handle, self.deadline, lambda: count)
        if failure:
            raise failure[0]
        exhausted = bool(outcome.exhausted)
        if not exhausted and (limit is None or count < limit):
            self.undecided += 1  # the budget stopped it
        return Result(
            status=status_of(count, exhausted),
            count=count,
            exhausted=exhausted,
            solutions=tuple(grids),
            seconds=time.perf_counter() - start,
        )

    def solve(self, on: Collection[int], limit: int | None = 2, keep: int = 2) -> Result:
        """Solve with the items `on`: up to `limit` models (None: all), keeping `keep` grids,
        each checked against the sub-puzzle of the items that are on."""
        return self._run(on, limit, keep, None)

    def unique(self, on: Collection[int]) -> bool:
        """True when the items `on` leave exactly one solution."""
        return self.solve(on, limit=2, keep=2).unique

    def core(self, on: Collection[int]) -> list[int] | None:
        """None when the items `on` have a solution (one is found and checked); else switches
        among them that already conflict, in `on`'s order (not necessarily minimal)."""
        cores: list[list[int]] = []
        if self._run(on, 1, 1, cores).count:
            return None
        if not cores:  # no core reported: every switch that is on stays a suspect
            return list(on)
        found = {self.index[lit] for lit in cores[0] if lit in self.index}
        return self.board.close(i for i in on if i in found)
