"""The web tests' fixture: the app served by uvicorn on a free port of 127.0.0.1 (as
`asp-sudoku serve` runs it), in a thread of the test process, one server a test module."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import pytest


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """The app served by uvicorn on a free port; yields its address."""
    uvicorn = pytest.importorskip("uvicorn")
    from asp_sudoku.web.app import create_app

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(create_app(), log_level="warning"))
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.05)
    assert srv.started, "the server did not start"
    yield f"http://127.0.0.1:{port}/"
    srv.should_exit = True
    thread.join(10)
    sock.close()
