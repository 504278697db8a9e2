"""`POST /api/picture` for a step of a logical path: every cell and digit of the step is checked
(with or without the candidates before it), and whatever the picture would leave out unsaid is
refused."""

from __future__ import annotations

import re
from xml.etree import ElementTree

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient  # noqa: E402

from asp_sudoku.web.app import create_app  # noqa: E402


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app())


@pytest.mark.parametrize(
    ("step", "message"),
    [
        ({"placed": [[10, 1, 1]]}, "placed must be a list of [row, column, digit] with rows from 1 to 9 and columns from 1 to 9"),
        ({"removed": [[1, 0, 1]]}, "removed must be a list of [row, column, digit] with rows from 1 to 9"),
        ({"placed": [[1, 1, 10]]}, "placed must hold digits from 1 to 9"),
        ({"removed": [[1, 1, 0]]}, "removed must hold digits from 1 to 9"),
        ({"placed": "r1c1"}, "placed must be a list of [row, column, digit]"),
        ({"placed": False}, "placed must be a list of [row, column, digit]"),
        ({"removed": 0}, "removed must be a list of [row, column, digit]"),
        ({"removed": {}}, "removed must be a list of [row, column, digit]"),
        ({"placed": [[1, 2, 4]], "removed": [[1, 2, 4]]}, "a step cannot both place and remove 4 in r1c2"),
    ],
    ids=["row-10", "column-0", "digit-10", "digit-0", "text", "false", "zero", "object", "both"],
)
def test_a_step_picture_without_candidates_checks_its_cells_and_digits(
    client: TestClient, step: dict[str, object], message: str
) -> None:
    """Found by a QA pass: a step's cells and digits were checked only with the candidates; without
    them the step was left out of a plain picture (200, the step not drawn).  Now a clear 400."""
    reply = client.post("/api/picture", json={"puzzle": "." * 81, **step})
    assert reply.status_code == 400, reply.text
    assert reply.json()["error"].startswith("picture: " + message)


def test_a_step_picture_without_candidates_draws_the_steps_own_digits(client: TestClient) -> None:
    """Without the candidates before it, a step is drawn with its own digits only: the placed one
    large on its shaded cell, the removed ones struck, no other pencil mark."""
    reply = client.post("/api/picture", json={"puzzle": "5" + "." * 80, "placed": [[2, 2, 7]], "removed": [[9, 9, 3], [9, 9, 4]]})
    assert reply.status_code == 200, reply.text
    svg = reply.json()["svg"]
    assert re.findall(r'<text class="placed"[^>]*>(\d)</text>', svg) == ["7"]
    assert re.findall(r'<text class="removed"[^>]*>(\d)</text>', svg) == ["3", "4"]
    assert 'class="mark"' not in svg and svg.count('class="marked"') == 1


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"placed": [[1, 1, 5]]}, "placed: r1c1 holds a given"),
        ({"placed": [[2, 2, 5], [2, 2, 6]]}, "placed: r2c2 is given two digits (5 and 6)"),
        ({"candidates": [[[1, 2]] * 9] * 9, "removed": [[2, 2, 3]]}, "removed: 3 is not a candidate of r2c2 before the step"),
        ({"placed": [[2, 2, 5]], "solution": [[1] * 9] * 9}, "the picture of a step does not draw a solution ('solution')"),
        ({"candidates": [[[1, 2]] * 9] * 9, "highlight": ["r1c1"]}, "the picture of candidates does not draw shaded cells"),
        ({"counts": [[[1] * 9] * 9] * 9}, "counts colour the candidates: send candidates with them"),
        ({"extra_candidates": {"VA": [1]}}, "extra_candidates: 'VA' is no extra cell of the puzzle (its extra cells: none)"),
    ],
    ids=["on-a-given", "two-digits", "not-a-candidate", "with-solution", "with-highlight", "counts-alone", "extra-none"],
)
def test_a_picture_that_would_leave_something_out_is_refused(client: TestClient, body: dict[str, object], message: str) -> None:
    """Whatever a picture would not draw (a removed digit that is no candidate: no mark to strike;
    a step on a given; a solution with a step) is refused, not left out unsaid."""
    reply = client.post("/api/picture", json={"puzzle": "5" + "." * 80, **body})
    assert reply.status_code == 400, reply.text
    assert reply.json()["error"].startswith("picture: " + message)


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def test_a_placed_cell_is_shaded_green_and_a_removed_candidate_red_and_struck(client: TestClient) -> None:
    """Found by a QA pass: a step's placed cell was shaded pink, the shade of the cells in a
    conflict (Explain), which reads as an error.  It is light green now (as its digit), and a
    conflict keeps its red shade; a removed candidate stays red, bold and struck through."""
    cands = [[[1, 2, 3]] * 9] * 9
    svg = client.post("/api/picture", json={"puzzle": "." * 81, "candidates": cands, "placed": [[1, 1, 1]],
                                            "removed": [[5, 5, 2]]}).json()["svg"]
    [placed_shade] = re.findall(r'<rect class="marked"[^>]*fill="(#[0-9a-f]{6})"', svg)
    r, g, b = _rgb(placed_shade)
    assert g > r + 20 and g > b + 20 and min(r, g, b) > 180, placed_shade  # light, and green
    [(colour, digit)] = re.findall(r'<text class="placed"[^>]*fill="(#[0-9a-f]{6})">(\d)</text>', svg)
    assert digit == "1" and _rgb(colour)[1] > max(_rgb(colour)[0], _rgb(colour)[2])
    root = ElementTree.fromstring(svg)
    [removed] = [e for e in root.iter() if e.get("class") == "removed"]
    colour = removed.get("fill", "")
    assert removed.text == "2" and removed.get("font-weight") == "bold" and _rgb(colour)[0] > 150 > max(_rgb(colour)[1:])
    [strike] = [e for e in root.iter() if e.tag.endswith("line") and e.get("stroke") == colour]
    x, y = float(removed.get("x", 0)), float(removed.get("y", 0))
    size = float(removed.get("font-size", 0))
    assert float(strike.get("x1", 0)) < x < float(strike.get("x2", 0)) and y - size < float(strike.get("y1", 0)) < y
    conflict = client.post("/api/picture", json={"puzzle": "." * 81, "highlight": ["r1c1"]}).json()["svg"]
    [conflict_shade] = re.findall(r'<rect class="marked"[^>]*fill="(#[0-9a-f]{6})"', conflict)
    assert _rgb(conflict_shade)[0] > max(_rgb(conflict_shade)[1:]) and conflict_shade != placed_shade


def test_an_option_no_picture_reads_is_refused(client: TestClient) -> None:
    """"digits" was listed among the picture's options but read by none (a QA pass: accepted and
    ignored); now it is an unknown option like any other."""
    reply = client.post("/api/picture", json={"puzzle": "5" + "." * 80, "digits": "junk"})
    assert reply.status_code == 400, reply.text
    assert "digits" in reply.json()["error"]
