"""What a stuck path says of the trial that would finish it (`Finish.text`), case by case."""

from __future__ import annotations

import pytest

from asp_sudoku.setter.logic.outcome import Finish


@pytest.mark.parametrize(
    ("finish", "text"),
    [
        (Finish(1, 103, 0, 0.21, False), "a trial of depth 1 finishes it (103 more steps, 0.2 s)"),
        (Finish(2, 5, 1, 1.0, False, True), "a trial of depth 2 shows there is no solution (5 more steps, 1.0 s)"),
        # stopped before any depth was tried to the end: it names the depth it was on
        (Finish(None, 0, 0, 5.05, True), "a trial of depth 1 was stopped by the time limit (5.0 s): the depth that finishes is unknown"),
        (Finish(None, 7, 2, 10.0, True), "depth 2 is not enough; a trial of depth 3 was stopped by the time limit (10.0 s): the depth that finishes is unknown"),
        (Finish(None, 9, 6, 3.0, False), "trial up to depth 6 does not finish it"),
    ],
)
def test_the_finish_says_which_depth(finish: Finish, text: str) -> None:
    assert finish.text == text
