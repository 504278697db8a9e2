"""`POST /api/steps` (the logical path for the page) and the step pictures: the steps and the
closing object are `steps --json`'s, the candidates before each step replay the path (each
placed digit and removed candidate was a candidate before its step and the removed ones are gone
after it), a finished path ends in the checked solution, a puzzle with no solution ends with
that status, and the step picture draws what the step places and removes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from helpers import INSTANCES, puzzle_from_toml  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402
from web_helpers import EXTRA, checked_grid  # noqa: E402

from asp_sudoku import load  # noqa: E402
from asp_sudoku.cli import main  # noqa: E402
from asp_sudoku.web.app import create_app  # noqa: E402

NO_SOLUTION = 'size = 4\ngivens = ["12..", "..3.", "....", "...."]\n'  # row 1's 3 can go nowhere


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app())


@pytest.mark.parametrize("name", ["classic-9x9-seed", "between-lines-sudoku"])
def test_steps_are_the_cli_json_objects_and_replay_to_the_solution(
    client: TestClient, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    path = INSTANCES / f"{name}.toml"
    assert main(["steps", "--json", str(path)]) == 0
    *cli_steps, cli_closing = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    reply = client.post("/api/steps", json={"puzzle": path.read_text(encoding="utf-8")})
    assert reply.status_code == 200, reply.text
    web = reply.json()
    assert web["steps"] == cli_steps
    for obj in (web["closing"], cli_closing):
        obj.pop("file")
    assert web["closing"] == cli_closing and cli_closing["status"] == "solved"
    grids = web["candidates"]
    assert len(grids) == len(web["steps"]) + 1
    for step, before, after in zip(web["steps"], grids, grids[1:]):
        assert step["placed"] or step["removed"]
        for r, c, p in step["placed"]:
            assert p in before[r - 1][c - 1] and after[r - 1][c - 1] == [p], step["text"]
        for r, c, p in step["removed"]:
            assert p in before[r - 1][c - 1] and p not in after[r - 1][c - 1], step["text"]
    assert all(len(cell) == 1 for row in grids[-1] for cell in row)
    checked_grid(load(str(path)), [[cell[0] for cell in row] for row in grids[-1]])


def test_a_puzzle_with_no_solution_ends_so(client: TestClient) -> None:
    web = client.post("/api/steps", json={"puzzle": NO_SOLUTION, "depth": 0}).json()
    closing = web["closing"]
    assert closing["status"] == "no solution"
    assert closing["contradiction"] == "3 has no place left in row 1"
    assert client.post("/api/check", json={"puzzle": NO_SOLUTION}).json()["status"] == "unsatisfiable"


def test_the_step_picture_draws_placed_and_removed(client: TestClient) -> None:
    text = (INSTANCES / "killer-wikipedia.toml").read_text(encoding="utf-8")
    web = client.post("/api/steps", json={"puzzle": text, "depth": 0}).json()
    i, step = next((i, s) for i, s in enumerate(web["steps"]) if s["removed"])
    j, single = next((j, s) for j, s in enumerate(web["steps"]) if s["placed"])
    for k, s in ((i, step), (j, single)):
        body = {"puzzle": text, "candidates": web["candidates"][k], "placed": s["placed"], "removed": s["removed"]}
        reply = client.post("/api/picture", json=body)
        assert reply.status_code == 200, reply.text
        svg = reply.json()["svg"]
        removed = re.findall(r'<text class="removed"[^>]*>(\d)</text>', svg)
        placed = re.findall(r'<text class="placed"[^>]*>(\d)</text>', svg)
        assert sorted(int(d) for d in removed) == sorted(p for _, _, p in s["removed"])
        assert sorted(int(d) for d in placed) == sorted(p for _, _, p in s["placed"])
        assert svg.count('class="marked"') == len(s["placed"])
        assert "Cage" not in svg and "17" in svg  # the cages' sums are drawn (the puzzle's own picture)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"depth": 9}, "depth must be a whole number from 0 to 4"),
        ({"depth": True}, "depth must be a whole number"),
        ({"limit": 3}, "unknown option 'limit'"),
    ],
    ids=["deep", "bool", "unknown"],
)
def test_bad_steps_requests_get_one_line(client: TestClient, body: dict[str, object], message: str) -> None:
    reply = client.post("/api/steps", json={"puzzle": "." * 81, **body})
    assert reply.status_code == 400 and message in reply.json()["error"]


@pytest.mark.parametrize(
    "placed", [[[0, 1, 1]], [[1, 1, 10]], [[1, 1]], "r1c1"], ids=["row-0", "digit-10", "short", "text"]
)
def test_bad_step_pictures_are_refused(client: TestClient, placed: object) -> None:
    cands = [[list(range(1, 10))] * 9] * 9
    reply = client.post("/api/picture", json={"puzzle": "." * 81, "candidates": cands, "placed": placed})
    assert reply.status_code == 400 and "placed must" in reply.json()["error"]


def test_steps_of_a_puzzle_with_several_solutions_say_so_as_the_cli_does(
    client: TestClient, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = 'size = 4\ngivens = """\n. 2 3 .\n3 . . 2\n2 . . 3\n. 3 2 .\n"""\n'  # two solutions
    (tmp_path / "two.toml").write_text(text, encoding="utf-8")
    assert main(["steps", "--json", str(tmp_path / "two.toml")]) == 0
    cli_closing = json.loads(capsys.readouterr().out.splitlines()[-1])
    reply = client.post("/api/steps", json={"puzzle": text})
    assert reply.status_code == 200, reply.text
    web_closing = reply.json()["closing"]
    for obj in (web_closing, cli_closing):
        obj.pop("file")
    assert web_closing == cli_closing and cli_closing["several_solutions"] is True and "finish" not in cli_closing


@pytest.mark.parametrize("shape", ["8x4", "4x8"])
def test_step_pictures_of_grids_wider_or_taller_than_square(client: TestClient, shape: str) -> None:
    """A step picture of an 8x4 grid was a 500 (IndexError), and a 4x8 grid's column 7 was refused
    as 'rows and columns from 1 to 4' (a QA pass): every cell's candidates are drawn, the step's
    digit struck in the last column."""
    rows, cols = (int(v) for v in shape.split("x"))
    cands = [[[1, 2]] * cols for _ in range(rows)]
    body = {"puzzle": f'size = "{shape}"\n', "candidates": cands, "placed": [[rows, 1, 2]], "removed": [[1, cols, 2]]}
    reply = client.post("/api/picture", json=body)
    assert reply.status_code == 200, reply.text
    svg = reply.json()["svg"]
    assert len(re.findall(r'<text class="removed"', svg)) == 1 and len(re.findall(r'<text class="placed"', svg)) == 1
    # every other open cell shows both candidates: 2 marks a cell, less the two cells of the step
    assert len(re.findall(r'fill="#666">[12]</text>', svg)) == 2 * (rows * cols - 2) + 1
    outside = {"puzzle": f'size = "{shape}"\n', "candidates": cands, "placed": [], "removed": [[1, cols + 1, 2]]}
    reply = client.post("/api/picture", json=outside)
    assert reply.status_code == 400 and f"columns from 1 to {cols}" in reply.json()["error"]


def test_a_puzzle_the_path_refuses_is_refused_in_the_command_lines_words(
    client: TestClient, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Found by a QA pass: the web page and the command line said it in different words (then of
    extra cells, which the path now takes); both give the library's words."""
    text = 'size = 4\nbox = "none"\nrules = ["chaos-construction"]\ngivens = "1 2 3 4\\n2 1 4 3\\n. . . .\\n. . . ."\n'
    (tmp_path / "chaos.toml").write_text(text, encoding="utf-8")
    assert main(["steps", str(tmp_path / "chaos.toml")]) == 2
    cli = capsys.readouterr().err.strip().split(": ", 3)[-1]
    reply = client.post("/api/steps", json={"puzzle": text})
    assert reply.status_code == 422 and reply.json()["error"].endswith(cli)
    assert cli == "the logical solver does not handle chaos construction (regions the solver draws) yet"


def test_the_page_takes_a_puzzle_with_extra_cells(client: TestClient) -> None:
    text = 'size = 4\n[[extra]]\nname = "VA"\n\n[[weighted-sum]]\ncells = ["VA", "r1c1", "r1c2"]\nweights = [-1, 1, 1]\nsum = 0\n'
    reply = client.post("/api/steps", json={"puzzle": text})
    steps = reply.json()["steps"]
    assert reply.status_code == 200 and steps and all("r6c6" not in step["text"] for step in steps)
    assert "VA<>1" in steps[0]["text"]  # VA is r1c1 + r1c2, two different digits: at least 3
    body = {"puzzle": text, "candidates": reply.json()["candidates"][0], "placed": [], "removed": steps[0]["removed"]}
    picture = client.post("/api/picture", json=body)  # the step's picture: the grid's removals drawn, VA's left out
    assert picture.status_code == 200, picture.text
    drawn = re.findall(r'<text class="removed"[^>]*>(\d)</text>', picture.json()["svg"])
    assert sorted(map(int, drawn)) == sorted(p for r, c, p in steps[0]["removed"] if r <= 4)
    body["removed"] = [[5, 5, 1]]  # no grid cell and no extra cell (VA is at r6c6)
    assert client.post("/api/picture", json=body).status_code == 400


def test_the_extra_cells_candidates_come_with_each_step_and_are_drawn(client: TestClient) -> None:
    """Found by a QA pass: the path has candidates for the extra cells too, but the answer gave the
    grid's only, and the step picture named the extra cells without them (their removals left
    out).  Now "extra_candidates" replays the path's steps on them to the solution's values, and
    the picture writes them under the grid with what the step places or removes there."""
    from asp_sudoku.checker import violations
    from asp_sudoku.core.model import Grid

    web = client.post("/api/steps", json={"puzzle": EXTRA}).json()
    assert web["closing"]["status"] == "solved"
    extras = web["extra_candidates"]
    assert len(extras) == len(web["steps"]) + 1 and extras[0] == {"V1": [1, 2, 3, 4], "V2": [1, 2, 3, 4]}
    places = {(6, 6): "V1", (7, 7): "V2"}
    touched = set()
    for step, before, after in zip(web["steps"], extras, extras[1:]):
        for r, c, p in step["placed"]:
            if (r, c) in places:
                name = places[(r, c)]
                assert p in before[name] and after[name] == [p], step["text"]
                touched.add(("placed", name))
        for r, c, p in step["removed"]:
            if (r, c) in places:
                name = places[(r, c)]
                assert p in before[name] and p not in after[name], step["text"]
                touched.add(("removed", name))
        others = {name for name in before if all(places.get((r, c)) != name for r, c, _ in step["placed"] + step["removed"])}
        assert all(before[name] == after[name] for name in others), step["text"]
    assert touched == {(what, name) for what in ("placed", "removed") for name in ("V1", "V2")}
    rows = [[cell[0] for cell in row] for row in web["candidates"][-1]]
    extra = tuple((place, extras[-1][name][0]) for place, name in places.items())
    assert violations(puzzle_from_toml(EXTRA), Grid(tuple(map(tuple, rows)), extra)) == []
    assert "extra_candidates" not in client.post("/api/steps", json={"puzzle": "." * 16}).json()  # no extra cells: none

    i, step = next((i, s) for i, s in enumerate(web["steps"]) if [6, 6, 1] in s["removed"])
    body = {"puzzle": EXTRA, "candidates": web["candidates"][i], "extra_candidates": extras[i], "removed": step["removed"]}
    reply = client.post("/api/picture", json=body)
    assert reply.status_code == 200, reply.text
    assert _caption(reply.json()["svg"]) == "extra cells: V1: 1 2 3 4 (this step removes 1 2 3); V2: 1 2 3 4"
    j, step = next((j, s) for j, s in enumerate(web["steps"]) if [7, 7, 4] in s["placed"])
    body = {"puzzle": EXTRA, "candidates": web["candidates"][j], "extra_candidates": extras[j], "placed": step["placed"]}
    assert _caption(client.post("/api/picture", json=body).json()["svg"]) == "extra cells: V1: 4; V2: 4 (this step places 4)"
    body["extra_candidates"] = {"V1": [4], "V2": [1]}  # V2's 4 no candidate before the step
    reply = client.post("/api/picture", json=body)
    assert reply.status_code == 400 and reply.json()["error"] == "picture: placed: 4 is not a candidate of V2 before the step"
    body["extra_candidates"] = {"V3": [1]}
    reply = client.post("/api/picture", json=body)
    assert reply.status_code == 400 and "'V3' is no extra cell of the puzzle (its extra cells: V1, V2)" in reply.json()["error"]


def _caption(svg: str) -> str:
    """The words under a picture, its wrapped lines joined again."""
    lines = re.findall(r'<text x="[\d.]+" y="[\d.]+" font-size="[\d.]+"[^>]*fill="#333">([^<]*)</text>', svg)
    return " ".join(lines)


def test_the_page_steps_through_a_non_square_grid(client: TestClient) -> None:
    """ISS's "6x8: Plain" (tests/cli/test_nonsquare_cli.py): six rows of eight candidates before
    each step, and the step picture draws a placed digit on that grid."""
    plain = (".Shape~6x8.~R1C1_1~R3C3_2~R4C6_3~R6C8_4~R1C5_5~R6C2_6~R2C7_7~R5C4_8~R3C5_1~R5C2_2~R3C1_3"
             "~R1C6_4~R5C7_5~R3C8_6~R6C5_7~R1C3_8~R4C2_1~R1C8_2~R5C8_3~R3C2_5~R6C3_1~R2C3_4")
    web = client.post("/api/steps", json={"puzzle": plain}).json()
    assert web["closing"]["status"] == "solved"
    assert all(len(rows) == 6 and all(len(row) == 8 for row in rows) for rows in web["candidates"])
    step = web["steps"][0]
    body = {"puzzle": plain, "candidates": web["candidates"][0], "placed": step["placed"], "removed": step["removed"]}
    reply = client.post("/api/picture", json=body)
    assert reply.status_code == 200, reply.text
    assert re.findall(r'<text class="placed"[^>]*>(\d)</text>', reply.json()["svg"]) == [str(step["placed"][0][2])]

