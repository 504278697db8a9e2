"""The server's slots: at most `MAX_RUNS` searches at once (one more is told the server is busy),
and a picture, which searches nothing, needs none of them: it has slots of its own
(`MAX_DRAWINGS`), for which it waits its turn a while (`DRAW_WAIT`)."""

from __future__ import annotations

import http.client
import json
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient  # noqa: E402

from asp_sudoku.web import app as web_app  # noqa: E402

SMALL = "." * 16


def _connection(server: str) -> http.client.HTTPConnection:
    host, port = server.split("//")[1].strip("/").split(":")
    return http.client.HTTPConnection(host, int(port), timeout=30)


def _post(server: str, command: str, body: dict[str, object]) -> tuple[int, dict[str, object]]:
    conn = _connection(server)
    try:
        conn.request("POST", f"/api/{command}", json.dumps(body), {"Content-Type": "application/json"})
        reply = conn.getresponse()
        return reply.status, json.loads(reply.read())
    finally:
        conn.close()


def _counting(server: str, stack: ExitStack) -> None:
    """A streamed count of the empty 9x9 (billions of solutions) that runs until its connection
    closes (when `stack` does); returns once it has said it runs (its first progress line)."""
    conn = _connection(server)
    stack.callback(conn.close)
    body = json.dumps({"puzzle": "." * 81, "timeout": 60, "stream": True})
    conn.request("POST", "/api/count", body, {"Content-Type": "application/json"})
    reply = conn.getresponse()
    assert reply.status == 200 and "progress" in json.loads(reply.readline())


def _workers() -> list[str]:
    return [t.name for t in threading.enumerate() if t.name.startswith("asp-sudoku-web-")]


@pytest.fixture
def searching(server: str) -> Iterator[str]:
    """The server with every search slot taken by a running count; they stop after the test."""
    with ExitStack() as stack:
        for _ in range(web_app.MAX_RUNS):
            _counting(server, stack)
        yield server
    for _ in range(200):  # the searches end once the server has seen their clients go
        if not _workers():
            break
        time.sleep(0.05)


def test_a_picture_is_drawn_while_every_search_slot_is_taken(searching: str) -> None:
    """Found by a QA pass: a picture took a search slot, so while 4 searches ran the page's step
    pictures (and the puzzle's own) were refused as "busy"."""
    status, answer = _post(searching, "check", {"puzzle": SMALL})
    assert status == 503 and f"{web_app.MAX_RUNS} searches are running" in str(answer["error"])
    for body in ({"puzzle": SMALL}, {"puzzle": SMALL, "candidates": [[[1, 2, 3, 4]] * 4] * 4, "removed": [[1, 1, 2]]}):
        status, answer = _post(searching, "picture", body)
        assert status == 200, answer
        assert str(answer["svg"]).startswith("<svg")


def test_pictures_have_slots_of_their_own_and_wait_for_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """At most MAX_DRAWINGS pictures are drawn at once; one more waits its turn, and is told the
    server is busy after DRAW_WAIT seconds.  Searches go on meanwhile."""
    real = web_app.answer

    def slow(ask, watch):  # type: ignore[no-untyped-def]
        if ask.command == "picture":
            time.sleep(1.5)  # a picture that takes a while, holding its slot
        return real(ask, watch)

    monkeypatch.setattr(web_app, "answer", slow)
    monkeypatch.setattr(web_app, "MAX_DRAWINGS", 1)
    monkeypatch.setattr(web_app, "DRAW_WAIT", 0.3)
    with TestClient(web_app.create_app()) as client:  # one event loop serves every request
        replies: dict[str, int] = {}

        def draw(name: str) -> None:
            replies[name] = client.post("/api/picture", json={"puzzle": SMALL}).status_code

        first = threading.Thread(target=draw, args=("first",))
        first.start()
        time.sleep(0.3)  # the first picture is being drawn
        busy = client.post("/api/picture", json={"puzzle": SMALL})
        assert busy.status_code == 503
        assert busy.json()["error"] == ("the server is busy drawing pictures (1 at a time) and this one waited "
                                        "0.3 s for its turn; try again soon")
        assert client.post("/api/check", json={"puzzle": SMALL}).status_code == 200  # a search slot is free
        first.join()
        assert replies == {"first": 200}
        monkeypatch.setattr(web_app, "DRAW_WAIT", 5.0)
        later = threading.Thread(target=draw, args=("later",))
        later.start()
        time.sleep(0.3)
        assert client.post("/api/picture", json={"puzzle": SMALL}).status_code == 200  # it waited its turn
        later.join()
    assert replies == {"first": 200, "later": 200}
