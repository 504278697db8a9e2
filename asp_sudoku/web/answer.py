"""What each API command answers: the command line's `--json` object for the same puzzle and
options (built by `asp_sudoku.setter.answers`, the one implementation both share).

`answer(ask, watch)` runs in a worker thread inside `watching(watch)`: the server stops the
search by setting `watch.stop` (the client went away, or the request's time is up) and reads
`watch.found` for progress.  No Starlette here.
"""

from __future__ import annotations

import time
from typing import Any

from asp_sudoku.core.errors import AspSudokuError, TimeLimitReached
from asp_sudoku.setter.answers import unknown_object
from asp_sudoku.solving.watch import Watch, watching
from asp_sudoku.web.ask import Ask, BadRequest


def answer(ask: Ask, watch: Watch) -> dict[str, Any]:
    """The JSON answer of a request (raises BadRequest for a puzzle the solver refuses)."""
    start = time.perf_counter()
    with watching(watch):
        try:
            return _answer(ask)
        except TimeLimitReached:
            return unknown_object(ask.puzzle, time.perf_counter() - start)
        except KeyboardInterrupt:  # the setter's tools say "stopped" so: the watch was stopped
            return unknown_object(ask.puzzle, time.perf_counter() - start)
        except AspSudokuError as exc:
            raise BadRequest(str(exc), 422) from None


def _answer(ask: Ask) -> dict[str, Any]:
    from asp_sudoku.picture.text import result_object
    from asp_sudoku.solving.single import count, solve

    o, puzzle = ask.options, ask.puzzle
    limit = ask.timeout
    threads = int(o.get("threads", 1))
    if ask.command == "solve":
        # as `solve -n N --json`: N solutions at most (one is "satisfiable"); else two, one kept
        most, keep = (int(o["n"]), int(o["n"])) if "n" in o else (2, 1)
        return result_object(puzzle, solve(puzzle, limit=most, keep=keep, time_limit=limit, threads=threads))
    if ask.command == "check":
        return result_object(puzzle, solve(puzzle, limit=2, keep=2, time_limit=limit, threads=threads))
    if ask.command == "count":
        return result_object(puzzle, count(puzzle, limit=o.get("limit"), time_limit=limit, threads=threads))
    if ask.command == "candidates":
        from asp_sudoku.setter.answers import candidates_answer
        from asp_sudoku.setter.candidates import candidates

        found = candidates(puzzle, counts=bool(o.get("counts")), limit=o.get("limit"), time_limit=limit)
        return candidates_answer(puzzle, found, o.get("limit"))
    if ask.command == "explain":
        from asp_sudoku.setter.answers import explanation_answer
        from asp_sudoku.setter.explain import explain

        return explanation_answer(puzzle, explain(puzzle, limit=int(o.get("limit", 500)), time_limit=limit))
    if ask.command == "encode":
        from asp_sudoku.program.render import render

        started = time.perf_counter()
        text = render(puzzle, plain=bool(o.get("plain"))).text
        return {"file": puzzle.label, "title": puzzle.title, "program": text,
                "seconds": round(time.perf_counter() - started, 6)}
    if ask.command == "steps":
        from asp_sudoku.web.steps import steps_answer

        return steps_answer(puzzle, int(o.get("depth", 2)), limit)
    if ask.command == "picture":
        from asp_sudoku.web.picture import picture

        return picture(puzzle, o)
    raise BadRequest(f"unknown command {ask.command!r}", 404)
