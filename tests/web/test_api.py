"""The JSON API (`asp-sudoku serve`) through Starlette's TestClient: the answers are the command
line's `--json` objects, grids pass the independent checker, bad input gets the CLI's one-line
message, and limits (request size, time) hold."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from helpers import INSTANCES  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402
from web_helpers import checked_grid, tarek_iss, tarek_puzzle  # noqa: E402

from asp_sudoku.cli import main  # noqa: E402
from asp_sudoku.web.app import create_app  # noqa: E402
from asp_sudoku.web.ask import MAX_BODY  # noqa: E402

EMPTY = "." * 81
JSON = {"Content-Type": "application/json"}


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app())


def test_the_page_is_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert "<textarea" in page.text and 'id="check"' in page.text
    assert "http://" not in page.text.replace('xmlns="http://www.w3.org/2000/svg"', "")  # no CDN


def test_check_of_a_tarek_killer_in_iss_form_is_unique_with_its_grid(client: TestClient) -> None:
    answer = client.post("/api/check", json={"puzzle": tarek_iss()})
    assert answer.status_code == 200, answer.text
    obj = answer.json()
    assert obj["status"] == "unique" and obj["count"] == 1 and obj["exhausted"] is True
    assert isinstance(obj["seconds"], float)
    [rows] = obj["solutions"]
    checked_grid(tarek_puzzle(), rows)


def test_answers_are_the_cli_json_objects(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    path = INSTANCES / "killer-wikipedia.toml"
    text = path.read_text(encoding="utf-8")
    for command in ("solve", "check", "count"):
        assert main([command, "--json", str(path)]) == 0
        cli = json.loads(capsys.readouterr().out)
        web = client.post(f"/api/{command}", json={"puzzle": text}).json()
        for obj in (cli, web):
            obj.pop("seconds")
            obj.pop("file")
        assert web == cli, command


def test_explain_of_a_broken_puzzle_names_the_conflicting_clues(client: TestClient) -> None:
    text = (INSTANCES / "classic-hidden-conflict.toml").read_text(encoding="utf-8")
    obj = client.post("/api/explain", json={"puzzle": text}).json()
    assert obj["status"] == "unsatisfiable"
    conflict = obj["conflict"]
    assert conflict and all(item["line"] > 0 and item["description"] for item in conflict)
    # the givens named are the puzzle's, on the lines the file has them
    lines = text.splitlines()
    for item in conflict:
        if item["kind"] == "given":
            assert str(item["digit"]) in lines[item["line"] - 1]


def test_explain_of_a_killer_with_a_bad_cage_names_the_cage_and_its_cells(client: TestClient) -> None:
    text = (
        "size = 4\nbox = \"2x2\"\n\n[[killer]]\ncells = [\"r1c1\", \"r1c2\"]\nsum = 3\n\n"
        "[[killer]]\ncells = [\"r2c1\", \"r2c2\"]\nsum = 3\n"
    )
    obj = client.post("/api/explain", json={"puzzle": text}).json()
    assert obj["status"] == "unsatisfiable"
    cages = [item for item in obj["conflict"] if item.get("clue_kind") == "killer"]
    assert {tuple(item["cells"]) for item in cages} == {("r1c1", "r1c2"), ("r2c1", "r2c2")}
    assert {item["line"] for item in cages} == {4, 8}


def test_over_the_time_limit_the_answer_is_unknown_and_the_server_goes_on(client: TestClient) -> None:
    # explaining an empty grid lists its candidates first: far longer than 0.2 s
    slow = client.post("/api/explain", json={"puzzle": EMPTY, "timeout": 0.2})
    assert slow.status_code == 200
    assert slow.json()["status"] == "unknown" and slow.json()["exhausted"] is False
    after = client.post("/api/check", json={"puzzle": tarek_iss()})
    assert after.json()["status"] == "unique"


def test_count_streams_progress_then_the_answer(client: TestClient) -> None:
    with client.stream("POST", "/api/count", json={"puzzle": EMPTY, "timeout": 0.6, "stream": True}) as reply:
        lines = [json.loads(line) for line in reply.iter_lines() if line.strip()]
    assert lines[0]["progress"]["solutions"] >= 0
    last = lines[-1]
    assert last["exhausted"] is False and last["count"] >= 2 and "seconds" in last


def test_candidates_with_counts_match_the_count(client: TestClient) -> None:
    text = (INSTANCES / "classic-4x4-seed-a.toml").read_text(encoding="utf-8")
    obj = client.post("/api/candidates", json={"puzzle": text, "counts": True}).json()
    total = client.post("/api/count", json={"puzzle": text}).json()["count"]
    assert obj["counted"] == total
    for row, cands in zip(obj["counts"], obj["candidates"]):
        for tally, digits in zip(row, cands):
            assert sum(tally) == total
            assert [d for d, k in zip(obj["digits"], tally) if k] == digits


def test_encode_answers_the_program(client: TestClient) -> None:
    obj = client.post("/api/encode", json={"puzzle": tarek_iss()}).json()
    assert "killerCage(" in obj["program"] and "#show numberAt/3." in obj["program"]


def test_picture_draws_a_solution_and_refuses_a_bad_one(client: TestClient) -> None:
    obj = client.post("/api/check", json={"puzzle": tarek_iss()}).json()
    svg = client.post("/api/picture", json={"puzzle": tarek_iss(), "solution": obj["solutions"][0], "highlight": ["r1c1"]})
    assert svg.status_code == 200 and svg.json()["svg"].startswith("<svg") and 'class="marked"' in svg.json()["svg"]
    bad = client.post("/api/picture", json={"puzzle": tarek_iss(), "solution": [[1, 2]]})
    assert bad.status_code == 400 and "9 rows of 9 cells" in bad.json()["error"]


def test_an_oversized_request_is_refused_with_413(client: TestClient) -> None:
    reply = client.post("/api/check", content=b'{"puzzle": "' + b"." * MAX_BODY + b'"}', headers=JSON)
    assert reply.status_code == 413
    assert "larger than the limit" in reply.json()["error"]


@pytest.mark.parametrize(
    ("body", "words"),
    [
        pytest.param({"puzzle": "12"}, "not square", id="bad-grid"),
        pytest.param({"puzzle": EMPTY, "timeout": 500}, "at most 120", id="timeout-cap"),
        pytest.param({"puzzle": EMPTY, "limit": 0}, "whole number from 1", id="bad-limit"),
        pytest.param({"puzzle": EMPTY, "colour": "red"}, "unknown option 'colour'", id="unknown-option"),
        pytest.param({}, "names no puzzle", id="no-puzzle"),
        pytest.param({"puzzle": "size = 9\ngivens = 3\n"}, "puzzle:2", id="bad-toml"),
    ],
)
def test_bad_input_is_a_400_with_the_one_line_message(client: TestClient, body: dict[str, object], words: str) -> None:
    reply = client.post("/api/count", json=body)
    assert reply.status_code == 400
    error = reply.json()["error"]
    assert words in error and "\n" not in error


def test_the_message_is_the_command_lines(client: TestClient, capsys: pytest.CaptureFixture[str], tmp_path: object) -> None:
    text = "size = 9\nrules = [\"antiknight\", \"no-such-rule\"]\n"
    error = client.post("/api/check", json={"puzzle": text}).json()["error"]
    assert main(["check", text]) == 2
    line = capsys.readouterr().err.strip()
    assert line.endswith(error.split(": ", 1)[1])


@pytest.mark.parametrize("key", ["rules-file", '"rules-file"'])
def test_a_toml_naming_a_file_on_the_server_is_refused(client: TestClient, key: str, tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    # the file exists in the server's folder: it must still not be read
    monkeypatch.chdir(INSTANCES)
    text = f'title = "x"\nsize = 9\n{key} = "no-adjacent-1-2.lp"\n'
    reply = client.post("/api/check", json={"puzzle": text})
    assert reply.status_code == 400
    assert reply.json()["error"].startswith("puzzle:3: rules-file names a file")


def test_a_request_that_is_not_json_is_a_400(client: TestClient) -> None:
    reply = client.post("/api/check", content=b"not json", headers=JSON)
    assert reply.status_code == 400 and "JSON object" in reply.json()["error"]


def test_a_request_not_sent_as_json_is_a_415(client: TestClient) -> None:
    # a form post is what another site's page may send without asking the browser first
    reply = client.post("/api/check", content=b'{"puzzle": "' + EMPTY.encode() + b'"}',
                        headers={"Content-Type": "text/plain"})
    assert reply.status_code == 415 and "Content-Type: application/json" in reply.json()["error"]


def test_a_server_for_this_machine_answers_only_to_its_names() -> None:
    app = create_app(["127.0.0.1", "localhost"])
    assert TestClient(app, base_url="http://127.0.0.1:8000").get("/").status_code == 200
    assert TestClient(app, base_url="http://attacker.example").get("/").status_code == 400


def test_an_unknown_endpoint_is_a_404(client: TestClient) -> None:
    reply = client.post("/api/minimise", json={"puzzle": EMPTY})
    assert reply.status_code == 404 and "/api/check" in reply.json()["error"]


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [("get", "/api/check", 405), ("post", "/api/", 404), ("post", "/api/check/x", 404), ("get", "/nothing", 404)],
)
def test_every_refusal_is_a_json_error(method: str, path: str, status: int) -> None:
    reply = getattr(TestClient(create_app()), method)(path)
    assert reply.status_code == status and set(reply.json()) == {"error"}


@pytest.mark.parametrize(
    ("highlight", "status"),
    [(["r" + "9" * 5000 + "c1"], 400), (["r100c100"], 400), (["r0c5", "r1c1"], 200), (["x"], 400)],
)
def test_a_highlight_out_of_bounds_is_a_bad_request_not_a_crash(highlight: list[str], status: int) -> None:
    # a 5000-digit row was a 500 (int() refuses such strings)
    text = (INSTANCES / "classic-inkala.toml").read_text(encoding="utf-8")
    reply = TestClient(create_app()).post("/api/picture", json={"puzzle": text, "highlight": highlight})
    assert reply.status_code == status, reply.text


def test_a_request_that_names_a_key_twice_is_refused() -> None:
    # '{"puzzle": A, "puzzle": B}' was read as B, unsaid
    body = '{"puzzle": "size = 4\\n", "puzzle": "size = 9\\n"}'
    reply = TestClient(create_app()).post("/api/check", content=body, headers={"Content-Type": "application/json"})
    assert reply.status_code == 400 and "names 'puzzle' twice" in reply.json()["error"]


@pytest.mark.parametrize("other", ["time-limit", "time_limit", "--time-limit"])
def test_one_option_under_two_spellings_is_refused(other: str) -> None:
    # {"time-limit": 0.3, "timeout": 1} was accepted, the last one winning (a QA pass)
    reply = TestClient(create_app()).post("/api/check", json={"puzzle": "size = 4\n", other: 0.3, "timeout": 1})
    assert reply.status_code == 400 and f"names 'timeout' twice (as '{other}' and as 'timeout')" in reply.json()["error"]
    # either order: the message named "timeout" as the other spelling of itself (a QA pass)
    reply = TestClient(create_app()).post("/api/check", json={"puzzle": "size = 4\n", "timeout": 1, other: 0.3})
    assert f"(as 'timeout' and as '{other}')" in reply.json()["error"]


def test_a_post_to_the_page_is_told_where_the_api_is() -> None:
    # it was told "the API takes POST with a JSON body", which it had sent (a QA pass)
    reply = TestClient(create_app()).post("/", json={"puzzle": "x"})
    assert reply.status_code == 405 and "the API POST to /api/<command>" in reply.json()["error"]
    reply = TestClient(create_app()).get("/api/check")
    assert reply.status_code == 405 and "the API takes POST with a JSON body" in reply.json()["error"]


@pytest.mark.parametrize(("n", "status", "count"), [(None, "multiple", 2), (1, "satisfiable", 1), (3, "multiple", 3)])
def test_solve_with_n_answers_as_the_command_line_does(n: int | None, status: str, count: int, capsys: pytest.CaptureFixture[str]) -> None:
    """{"n": 1} answered "multiple" with a count of 2 where `solve -n 1 --json` says
    "satisfiable", 1 (the API looked for at least two; a QA pass)."""
    from asp_sudoku.cli import main

    body: dict[str, object] = {"puzzle": "." * 16}
    if n is not None:
        body["n"] = n
    reply = TestClient(create_app()).post("/api/solve", json=body).json()
    assert main(["solve", "--json", *(["-n", str(n)] if n else []), "." * 16]) == 0
    cli = json.loads(capsys.readouterr().out)
    assert (reply["status"], reply["count"]) == (cli["status"], cli["count"]) == (status, count)
    assert reply["solutions"] == cli["solutions"]


def test_reading_a_request_holds_no_other_request(monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by a QA pass: a request's puzzle was read in the server's event loop, so a slow read
    (nested ISS Replicates, since bounded) held every other request, the page too, for 12.8 s.
    A read now runs in a thread: the page comes while a slow read goes on."""
    import threading
    import time

    from asp_sudoku.web import app as web_app

    real = web_app.read_ask

    def slow(command: str, body: bytes):  # type: ignore[no-untyped-def]
        time.sleep(1.5)  # a read that takes a while, holding whatever thread runs it
        return real(command, body)

    monkeypatch.setattr(web_app, "read_ask", slow)
    with TestClient(create_app()) as client:  # one event loop serves both requests
        done: dict[str, float] = {}
        start = time.perf_counter()

        def check() -> None:
            assert client.post("/api/check", json={"puzzle": ".Shape~4x4.~R1C1_1"}).status_code == 200
            done["check"] = time.perf_counter() - start

        worker = threading.Thread(target=check)
        worker.start()
        time.sleep(0.3)  # the check's read is under way
        assert client.get("/").status_code == 200
        done["page"] = time.perf_counter() - start
        worker.join()
    assert done["page"] < 1.2 < done["check"], done


def test_an_answer_comes_when_it_is_ready_not_at_the_next_look(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by a QA pass: the request's coroutine slept a whole look (POLL, 50 ms) before its
    first look at the job, so a 13 ms check took 55 ms.  With the look made 30 s apart, a quick
    answer still comes at once (before: after 30 s)."""
    import time

    import asp_sudoku.web.app as app

    monkeypatch.setattr(app, "POLL", 30.0)
    start = time.perf_counter()
    answer = client.post("/api/check", json={"puzzle": (INSTANCES / "classic-inkala.toml").read_text(encoding="utf-8")})
    assert answer.status_code == 200 and answer.json()["status"] == "unique"
    assert time.perf_counter() - start < 10.0
